#include "checkpoint/checkpoint_set.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_fixture.h"

namespace ga3c::checkpoint {
namespace {

using testing::make_checkpoint;

const std::string kName = "checkpoints/ckpt-000000004000-ps*.ga3c";

std::string merge_error(std::vector<Checkpoint> parts) {
  try {
    merge_ranks(std::move(parts), kName);
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return "";
}

TEST(MergeRanks, JoinsEveryShardInIndexOrder) {
  const Checkpoint merged = merge_ranks(
      {make_checkpoint(4000, 2, 3), make_checkpoint(4000, 0, 3), make_checkpoint(4000, 1, 3)},
      kName);
  ASSERT_EQ(merged.shards.size(), 6u);
  for (int s = 0; s < 6; ++s) {
    EXPECT_EQ(merged.shards[s].index, s);
    EXPECT_EQ(merged.shards[s].offset, 6u * s);
    EXPECT_TRUE(testing::same_bits(merged.shards[s].params,
                                   make_checkpoint(4000, s / 2, 3).shards[s % 2].params));
  }
  EXPECT_EQ(merged.ps_rank, 0);
  EXPECT_EQ(merged.frames, 4000);
}

TEST(MergeRanks, OneRankIsItsOwnSet) {
  const Checkpoint c = make_checkpoint(4000);
  EXPECT_TRUE(testing::identical(merge_ranks({c}, kName), c));
}

TEST(MergeRanks, RejectsMissingRepeatedOrDisagreeingRanks) {
  EXPECT_EQ(merge_error({make_checkpoint(4000, 0, 2)}),
            kName +
                ": incomplete: 1 of 2 parameter-server rank files (missing rank 1); use an "
                "earlier checkpoint");
  EXPECT_EQ(merge_error({make_checkpoint(4000, 0, 2), make_checkpoint(4000, 0, 2)}),
            kName + ": two files of rank 0; use an earlier checkpoint");
  EXPECT_EQ(merge_error({make_checkpoint(4000, 0, 1), make_checkpoint(4000, 1, 2)}),
            kName +
                ": the files of ranks 0 and 1 disagree on the run's state; use an earlier "
                "checkpoint");
  Checkpoint other = make_checkpoint(4000, 1, 2);
  other.episodes += 1;
  EXPECT_EQ(merge_error({make_checkpoint(4000, 0, 2), other}),
            kName +
                ": the files of ranks 0 and 1 disagree on the run's state; use an earlier "
                "checkpoint");
}

TEST(MergeRanks, RejectsShardsThatDoNotTileTheParameters) {
  Checkpoint gap = make_checkpoint(4000);
  gap.shards[1].offset += 1;
  gap.signature.num_params += 1;
  EXPECT_NE(merge_error({gap}).find("shards do not tile the parameters"), std::string::npos);
  Checkpoint short_vector = make_checkpoint(4000);
  short_vector.signature.num_params += 1;
  EXPECT_EQ(merge_error({short_vector}),
            kName + ": incomplete: 2 of 2 shards, 12 of 13 parameters; use an earlier checkpoint");
}

}  // namespace
}  // namespace ga3c::checkpoint
