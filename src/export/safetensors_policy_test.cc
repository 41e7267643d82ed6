#include "export/safetensors_policy.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace ga3c::exporting {
namespace {

// The bytes the reference writer (safetensors 0.8.0's safetensors.numpy.save) gives for the
// same tensors and metadata: a 152-byte header (150 of JSON, 2 spaces to a multiple of 8),
// then 1.0f, 2.0f and -0.5f little-endian.
TEST(Safetensors, BytesAreTheReferenceWritersForTwoTensors) {
  const std::string bytes = safetensors_bytes({{"a", {2}, {1.0f, 2.0f}}, {"b", {1, 1}, {-0.5f}}},
                                              {{"env_id", "CartPole-v1"}});
  const std::string header =
      R"({"__metadata__":{"env_id":"CartPole-v1"},"a":{"dtype":"F32","shape":[2],)"
      R"("data_offsets":[0,8]},"b":{"dtype":"F32","shape":[1,1],"data_offsets":[8,12]}}  )";
  ASSERT_EQ(header.size(), 152u);
  const std::string expected = std::string("\x98\0\0\0\0\0\0\0", 8) + header +
                               std::string("\0\0\x80\x3f\0\0\0\x40\0\0\0\xbf", 12);
  EXPECT_EQ(bytes, expected);
}

TEST(Safetensors, RefusesAShapeOfAnotherSizeAndRepeatedNames) {
  EXPECT_THROW(safetensors_bytes({{"a", {2, 2}, {1.0f}}}, {}), std::invalid_argument);
  EXPECT_THROW(safetensors_bytes({{"a", {1}, {1.0f}}, {"a", {1}, {2.0f}}}, {}),
               std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::exporting
