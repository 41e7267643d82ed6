#include "ps/parameter_server.h"

#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::ps {
namespace {

TEST(ParameterServer, SharedAdamSeesBothWorkersInOneStepCount) {
  ParameterServerConfig c;
  c.optimizer.kind = algo::OptimizerKind::kAdam;
  c.lr = 1e-3f;
  ParameterServer ps({0.0f}, c);
  const float g = 1.0f;
  std::thread a([&] { ps.push(0, &g, 1); });
  a.join();
  float after_first = 0.0f;
  ps.pull(0, &after_first, 1);
  std::thread b([&] { ps.push(0, &g, 1); });
  b.join();
  float after_second = 0.0f;
  EXPECT_EQ(ps.pull(0, &after_second, 1), 2);
  const auto slots = ps.shard(0).optimizer_slots();
  EXPECT_NEAR(slots.first[0], 0.19f, 1e-7);
  EXPECT_NEAR(slots.second[0], 0.001999f, 1e-9);
  EXPECT_EQ(slots.steps, 2);
  EXPECT_NEAR(after_first - after_second, 1.000e-3f, 1e-8);
}

TEST(ParameterServer, ShardsCoverTheVectorAndPullBackWhatWasGiven) {
  std::vector<float> init(10);
  for (int i = 0; i < 10; ++i) init[i] = static_cast<float>(i);
  ParameterServerConfig c;
  c.num_shards = 3;
  ParameterServer ps(init, c);
  std::vector<float> out(10);
  for (int s = 0; s < ps.num_shards(); ++s) {
    const auto& r = ps.layout()[s];
    EXPECT_EQ(ps.pull(s, out.data() + r.offset, r.size), 0);
  }
  EXPECT_EQ(out, init);
  EXPECT_THROW(ps.push(3, out.data(), 1), std::out_of_range);
}

TEST(ParameterServer, StopsAtMaxFramesAndOnRequest) {
  ParameterServerConfig c;
  c.max_frames = 100;
  ParameterServer ps({0.0f}, c);
  auto p = ps.report(60, 1, true);
  EXPECT_FALSE(p.stop);
  p = ps.report(40, 2, false);
  EXPECT_TRUE(p.stop);
  EXPECT_EQ(p.frames, 100);
  EXPECT_EQ(p.episodes, 3);
  EXPECT_EQ(p.updates, 1);

  ParameterServer other({0.0f}, ParameterServerConfig{});
  EXPECT_FALSE(other.report(1000000, 0, false).stop);
  other.request_stop();
  EXPECT_TRUE(other.report(0, 0, false).stop);
}

TEST(ParameterServer, LinearScheduleAnnealsWithGlobalFrames) {
  ParameterServerConfig c;
  c.lr = 1e-3f;
  c.lr_schedule = algo::Schedule::kLinear;
  c.max_frames = 1000;
  ParameterServer ps({0.0f}, c);
  ps.report(250, 0, false);
  EXPECT_FLOAT_EQ(ps.current_lr(), 7.5e-4f);
}

TEST(ParameterServer, ScalesTheLearningRateWithTheWorkerCount) {
  ParameterServerConfig c;
  c.lr = 1e-3f;
  c.workers = 16;
  EXPECT_FLOAT_EQ(ParameterServer({0.0f}, c).current_lr(), 1e-3f);
  c.lr_worker_scaling = LrWorkerScaling::kInverse;
  EXPECT_FLOAT_EQ(ParameterServer({0.0f}, c).current_lr(), 1e-3f / 16);
  c.lr_worker_scaling = LrWorkerScaling::kInverseSqrt;
  EXPECT_FLOAT_EQ(ParameterServer({0.0f}, c).current_lr(), 1e-3f / 4);
  // The schedule applies first: half-way through a linear schedule, then / sqrt(16).
  c.lr_schedule = algo::Schedule::kLinear;
  c.max_frames = 1000;
  EXPECT_FLOAT_EQ(learning_rate(c, 500), 0.5e-3f / 4);
  EXPECT_EQ(parse_lr_worker_scaling("inverse-sqrt"), LrWorkerScaling::kInverseSqrt);
  EXPECT_THROW(parse_lr_worker_scaling("sqrt"), std::invalid_argument);
}

TEST(ParameterServer, MakeShardCutsTheSameSliceAsTheServer) {
  std::vector<float> init(10);
  for (int i = 0; i < 10; ++i) init[i] = static_cast<float>(i);
  ParameterServerConfig c;
  c.num_shards = 3;
  const auto shard = make_shard(init, c, 1);
  std::vector<float> out(shard->size());
  shard->read(out.data(), out.size());
  EXPECT_EQ(out, (std::vector<float>{4, 5, 6}));
  EXPECT_THROW(make_shard(init, c, 3), std::out_of_range);
}

TEST(ParameterServer, RejectsNonPositiveLearningRate) {
  ParameterServerConfig c;
  c.lr = 0.0f;
  EXPECT_THROW(ParameterServer({0.0f}, c), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::ps
