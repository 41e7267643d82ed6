#include "ps/shard_layout.h"

#include <gtest/gtest.h>

namespace ga3c::ps {
namespace {

TEST(ShardLayout, SplitsContiguouslyAndNearlyEvenly) {
  auto r = shard_layout(10, 3);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].offset, 0u);
  EXPECT_EQ(r[0].size, 4u);
  EXPECT_EQ(r[1].offset, 4u);
  EXPECT_EQ(r[1].size, 3u);
  EXPECT_EQ(r[2].offset, 7u);
  EXPECT_EQ(r[2].size, 3u);
}

TEST(ShardLayout, RejectsImpossibleCounts) {
  EXPECT_THROW(shard_layout(10, 0), std::invalid_argument);
  EXPECT_THROW(shard_layout(2, 3), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::ps
