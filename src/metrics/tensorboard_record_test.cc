#include "metrics/tensorboard_record.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace ga3c::metrics {
namespace {

// Expected values come from RFC 3720 (iSCSI), appendix B.4, and from TensorBoard's own Python
// implementation (tensorboard.compat.tensorflow_stub.pywrap_tensorflow.masked_crc32c and
// tensorboard.summary.writer.record_writer.RecordWriter, tensorboard 2.21.0).

TEST(Crc32c, MatchesKnownVectors) {
  EXPECT_EQ(crc32c("123456789"), 0xE3069283u);
  EXPECT_EQ(crc32c(std::string(32, '\0')), 0x8A9136AAu);
  EXPECT_EQ(crc32c(std::string(32, '\xFF')), 0x62A8AB43u);
  std::string ascending;
  for (int i = 0; i < 32; ++i) ascending.push_back(static_cast<char>(i));
  EXPECT_EQ(crc32c(ascending), 0x46DD794Eu);
  EXPECT_EQ(crc32c(""), 0u);
}

TEST(Crc32c, MatchesReferenceOnLongUnalignedData) {
  // Crosses crcutil's word and block boundaries, where a table-driven CRC could go wrong, and
  // starts one byte into the buffer, off the word alignment.
  std::string pattern;
  for (int i = 0; i < 70000; ++i) pattern.push_back(static_cast<char>((i * 31 + 7) & 0xFF));
  EXPECT_EQ(crc32c(std::string_view(pattern).substr(1)), 0x37100632u);
  EXPECT_EQ(crc32c(std::string(70000, 'x')), 0x54A42B3Au);
}

TEST(Crc32c, MaskedMatchesTensorBoard) {
  EXPECT_EQ(masked_crc32c("123456789"), 0xC78AB0E5u);
  EXPECT_EQ(masked_crc32c(std::string(32, '\0')), 0x0FD7FFFAu);
  EXPECT_EQ(masked_crc32c(""), 0xA282EAD8u);
}

TEST(EncodeRecord, MatchesTensorBoardRecordWriter) {
  const std::string expected(
      "\x03\x00\x00\x00\x00\x00\x00\x00"  // length 3
      "\xb0\x99\x49\x0e"                  // masked CRC of the length
      "abc"
      "\x6e\x57\xf1\x21",  // masked CRC of "abc"
      19);
  EXPECT_EQ(encode_record("abc"), expected);
}

TEST(EncodeRecord, FramesEmptyAndLargeData) {
  EXPECT_EQ(encode_record("").size(), 16u);
  const std::string data(70000, 'x');
  const std::string record = encode_record(data);
  ASSERT_EQ(record.size(), data.size() + 16);
  EXPECT_EQ(record.substr(0, 8), std::string("\x70\x11\x01\x00\x00\x00\x00\x00", 8));
  EXPECT_EQ(record.substr(12, data.size()), data);
}

}  // namespace
}  // namespace ga3c::metrics
