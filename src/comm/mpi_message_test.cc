#include "comm/mpi_message.h"

#include <gtest/gtest.h>

namespace ga3c::comm {
namespace {

MessageHeader push_header() {
  MessageHeader h;
  h.type = static_cast<uint32_t>(MessageType::kPush);
  h.sender = 3;
  h.shard = 1;
  h.sequence = 7;
  h.payload_bytes = 400;
  return h;
}

HeaderExpectation push_expectation() {
  HeaderExpectation e;
  e.source = 3;
  e.sequence = 7;
  e.types = type_bit(MessageType::kPush) | type_bit(MessageType::kPull);
  e.shard = 1;
  e.payload_bytes = 400;
  return e;
}

TEST(MessageHeader, AcceptsWhatIsExpected) {
  EXPECT_EQ(check_header(push_header(), push_expectation()), "");
}

TEST(MessageHeader, RejectsAWrongTypeNamingBoth) {
  MessageHeader h = push_header();
  h.type = static_cast<uint32_t>(MessageType::kStatus);
  const std::string error = check_header(h, push_expectation());
  EXPECT_NE(error.find("unexpected status"), std::string::npos) << error;
  EXPECT_NE(error.find("expected push or pull"), std::string::npos) << error;
  h.type = 0;
  EXPECT_NE(check_header(h, push_expectation()).find("unexpected type 0"), std::string::npos);
  h.type = 1000;
  EXPECT_NE(check_header(h, push_expectation()).find("unexpected type 1000"), std::string::npos);
}

TEST(MessageHeader, RejectsAWrongSequence) {
  MessageHeader h = push_header();
  h.sequence = 8;
  const std::string error = check_header(h, push_expectation());
  EXPECT_NE(error.find("sequence 8, expected 7"), std::string::npos) << error;
}

TEST(MessageHeader, RejectsAWrongPayloadSize) {
  MessageHeader h = push_header();
  h.payload_bytes = 404;
  EXPECT_NE(check_header(h, push_expectation()).find("carries 404 payload bytes, expected 400"),
            std::string::npos);
  // Bounded sizes: a whole number of doubles, up to a maximum.
  HeaderExpectation e = push_expectation();
  e.payload_bytes = -1;
  e.max_payload_bytes = 800;
  e.payload_multiple = 8;
  EXPECT_NE(check_header(h, e), "");
  h.payload_bytes = 808;
  EXPECT_NE(check_header(h, e), "");
  h.payload_bytes = 800;
  EXPECT_EQ(check_header(h, e), "");
}

TEST(MessageHeader, RejectsAWrongShardSenderOrMagic) {
  MessageHeader h = push_header();
  h.shard = 0;
  EXPECT_NE(check_header(h, push_expectation()).find("names shard 0, expected shard 1"),
            std::string::npos);
  h = push_header();
  h.sender = 2;
  EXPECT_NE(check_header(h, push_expectation()).find("header names sender 2"), std::string::npos);
  h = push_header();
  h.magic = 0xdeadbeef;
  EXPECT_NE(check_header(h, push_expectation()).find("bad magic 0xdeadbeef"), std::string::npos);
}

TEST(MessageHeader, DescribesAMessage) {
  EXPECT_EQ(describe(push_header()), "push of shard 1 from rank 3 (sequence 7, 400 bytes)");
}

}  // namespace
}  // namespace ga3c::comm
