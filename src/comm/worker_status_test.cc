#include "comm/worker_status.h"

#include <cmath>

#include <gtest/gtest.h>

namespace ga3c::comm {
namespace {

TEST(WorkerStatus, RoundTripsThroughDoubles) {
  WorkerStatus s;
  s.counters.prediction_batches = 123456789012;
  s.counters.training_batches = 8;
  s.counters.syncs = 9;
  s.counters.sync_us = 10;
  s.counters.lag_milli = -3;
  s.counters.prediction_queue = 5;
  s.counters.training_queue = 6;
  s.interrupted = true;
  s.frames = 70000;
  s.episodes_since_last = {{3, 21.5, 22, 69500, false}, {63, -1.0, 500, 69990, true}};
  const auto data = encode(s);
  ASSERT_EQ(data.size(), 19u);
  const WorkerStatus d = decode_worker_status(data.data(), data.size());
  EXPECT_EQ(d.counters.prediction_batches, s.counters.prediction_batches);
  EXPECT_EQ(d.counters.lag_milli, -3);
  EXPECT_EQ(d.counters.training_queue, 6);
  EXPECT_TRUE(d.interrupted);
  EXPECT_EQ(d.frames, 70000);
  ASSERT_EQ(d.episodes_since_last.size(), 2u);
  EXPECT_EQ(d.episodes_since_last[1].agent, 63);
  EXPECT_EQ(d.episodes_since_last[1].episode_return, -1.0);
  EXPECT_EQ(d.episodes_since_last[1].length, 500);
  EXPECT_EQ(d.episodes_since_last[1].frames, 69990);
  EXPECT_TRUE(d.episodes_since_last[1].truncated);
  EXPECT_FALSE(d.episodes_since_last[0].truncated);
}

TEST(WorkerStatus, RejectsWhatIsNotAStatus) {
  std::vector<double> data = encode(WorkerStatus{});
  EXPECT_THROW(decode_worker_status(data.data(), 8), std::invalid_argument);
  data.push_back(1.0);  // a quarter of an episode
  EXPECT_THROW(decode_worker_status(data.data(), data.size()), std::invalid_argument);
  data = encode(WorkerStatus{});
  data[0] = 1.5;  // prediction batches
  EXPECT_THROW(decode_worker_status(data.data(), data.size()), std::invalid_argument);
  data[0] = -1;
  EXPECT_THROW(decode_worker_status(data.data(), data.size()), std::invalid_argument);
  data = encode(WorkerStatus{});
  data.insert(data.end(), {0.0, std::nan(""), 1.0, 5.0, 0.0});
  EXPECT_THROW(decode_worker_status(data.data(), data.size()), std::invalid_argument);
  data = encode(WorkerStatus{});
  data.insert(data.end(), {0.0, 1.0, 1.0, 5.0, 0.5});  // a truncated flag that is no flag
  EXPECT_THROW(decode_worker_status(data.data(), data.size()), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::comm
