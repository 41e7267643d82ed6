#include "checkpoint/crc32c.h"

#include <gtest/gtest.h>

#include <string>

namespace ga3c::checkpoint {
namespace {

// RFC 3720 (iSCSI), appendix B.4.
TEST(CheckpointCrc32c, MatchesKnownVectors) {
  EXPECT_EQ(crc32c("123456789"), 0xE3069283u);
  EXPECT_EQ(crc32c(std::string(32, '\0')), 0x8A9136AAu);
  EXPECT_EQ(crc32c(std::string(32, '\xFF')), 0x62A8AB43u);
  std::string ascending;
  for (int i = 0; i < 32; ++i) ascending.push_back(static_cast<char>(i));
  EXPECT_EQ(crc32c(ascending), 0x46DD794Eu);
  EXPECT_EQ(crc32c(""), 0u);
}

}  // namespace
}  // namespace ga3c::checkpoint
