// The closing line's ending under --ps-apply racy: what scripts/study.py reads.
#include "run/interval_report.h"

#include <gtest/gtest.h>

#include "run/training_run.h"

namespace ga3c::run {
namespace {

TrainingSummary summary() {
  TrainingSummary s;
  s.frames = 2000;
  s.episodes = 10;
  s.updates = 50;
  s.wall_s = 2.0;
  s.mean_return_100 = 1.5;
  s.best_mean_return_100 = 2.25;
  return s;
}

TEST(FormatSummary, LockedSaysNothingOfApplies) {
  EXPECT_EQ(format_summary(summary()),
            "done: 2000 frames, 10 episodes, 50 updates in 2.0 s (1000 frames/s); mean return "
            "of the last 100 episodes 1.50, best 2.25");
}

TEST(FormatSummary, RacyWithSharedStateCountsOverlapsAndLostOptimizerSteps) {
  TrainingSummary s = summary();
  s.overlapping_applies = 12;
  s.lost_optimizer_steps = 3;
  EXPECT_EQ(format_summary(s),
            "done: 2000 frames, 10 episodes, 50 updates in 2.0 s (1000 frames/s); mean return "
            "of the last 100 episodes 1.50, best 2.25; 12 overlapping applies, 3 optimizer "
            "steps lost (--ps-apply racy)");
}

TEST(FormatSummary, RacyWithLocalStateHasNoSharedOptimizerToLoseSteps) {
  TrainingSummary s = summary();
  s.overlapping_applies = 12;
  EXPECT_EQ(format_summary(s),
            "done: 2000 frames, 10 episodes, 50 updates in 2.0 s (1000 frames/s); mean return "
            "of the last 100 episodes 1.50, best 2.25; 12 overlapping applies (--ps-apply racy)");
}

TEST(FormatOverlaps, ServerRanksLogTheSamePhraseAsTheDoneLine) {
  EXPECT_EQ(format_overlaps(12, 3), "12 overlapping applies, 3 optimizer steps lost");
  EXPECT_EQ(format_overlaps(12, 0), "12 overlapping applies, 0 optimizer steps lost");
  EXPECT_EQ(format_overlaps(12, -1), "12 overlapping applies");
}

}  // namespace
}  // namespace ga3c::run
