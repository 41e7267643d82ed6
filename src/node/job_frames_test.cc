#include "node/job_frames.h"

#include <gtest/gtest.h>

namespace ga3c::node {
namespace {

TEST(JobFrames, InOneProcessEveryNodeCountsIntoTheSharedTotal) {
  std::atomic<int64_t> shared{1000};  // a resumed job's frames
  std::atomic<int64_t> frames_a{0}, frames_b{0};
  JobFrames a(frames_a, &shared), b(frames_b, &shared);
  a.add(3);
  b.add(2);
  EXPECT_EQ(a.now(), 1005);
  EXPECT_EQ(b.now(), 1005);
  EXPECT_EQ(frames_a.load(), 3);
  EXPECT_EQ(frames_b.load(), 2);
  a.answered(3, 1003);  // the server's count is behind the shared one: nothing changes
  EXPECT_EQ(a.now(), 1005);
}

TEST(JobFrames, UnderMpiASyncInFlightNeverTakesTheCountBack) {
  std::atomic<int64_t> node{0};
  JobFrames job(node, nullptr);
  job.answered(0, 100000);  // the start's report
  job.add(440);
  EXPECT_EQ(job.now(), 100440);
  // A sync's report counts the node's 440 frames; 4 more are stepped before its answer, which
  // counts 600 frames of other workers too.
  job.add(4);
  EXPECT_EQ(job.now(), 100444);
  job.answered(440, 101040);
  EXPECT_EQ(job.now(), 101044);
  job.answered(0, 100000);  // an older answer cannot move it back
  EXPECT_EQ(job.now(), 101044);
}

}  // namespace
}  // namespace ga3c::node
