#include "metrics/tensorboard_record.h"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace ga3c::metrics {
namespace {

// Expected values come from TensorBoard's own Python
// implementation (tensorboard.compat.tensorflow_stub.pywrap_tensorflow.masked_crc32c and
// tensorboard.summary.writer.record_writer.RecordWriter, tensorboard 2.21.0).

TEST(MaskedCrc32c, MatchesTensorBoard) {
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
