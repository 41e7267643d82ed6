#include "checksum/crc32c.h"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace ga3c::checksum {
namespace {

// RFC 3720 (iSCSI), appendix B.4.
TEST(Crc32c, MatchesKnownVectors) {
  EXPECT_EQ(crc32c("123456789"), 0xE3069283u);
  EXPECT_EQ(crc32c(std::string(32, '\0')), 0x8A9136AAu);
  EXPECT_EQ(crc32c(std::string(32, '\xFF')), 0x62A8AB43u);
  std::string ascending;
  for (int i = 0; i < 32; ++i) ascending.push_back(static_cast<char>(i));
  EXPECT_EQ(crc32c(ascending), 0x46DD794Eu);
  EXPECT_EQ(crc32c(""), 0u);
}

// Expected values from TensorBoard's Python implementation (tensorboard 2.21.0).
TEST(Crc32c, MatchesReferenceOnLongUnalignedData) {
  // Crosses crcutil's word and block boundaries, where a table-driven CRC could go wrong, and
  // starts one byte into the buffer, off the word alignment.
  std::string pattern;
  for (int i = 0; i < 70000; ++i) pattern.push_back(static_cast<char>((i * 31 + 7) & 0xFF));
  EXPECT_EQ(crc32c(std::string_view(pattern).substr(1)), 0x37100632u);
  EXPECT_EQ(crc32c(std::string(70000, 'x')), 0x54A42B3Au);
}

}  // namespace
}  // namespace ga3c::checksum
