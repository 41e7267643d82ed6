#include "ps/shard.h"

#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::ps {
namespace {

algo::OptimizerConfig sgd() {
  algo::OptimizerConfig c;
  c.kind = algo::OptimizerKind::kSgd;
  return c;
}

TEST(Shard, EightThreadsPushingOnesLoseNoUpdate) {
  Shard shard({0.0f}, sgd(), OptimizerStateMode::kShared);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      const float g = 1.0f;
      for (int i = 0; i < 100; ++i) shard.apply(&g, 1, 0.5f);
    });
  }
  for (auto& t : threads) t.join();
  float w = 0.0f;
  EXPECT_EQ(shard.read(&w, 1), 800);
  EXPECT_EQ(w, -400.0f);
}

TEST(Shard, PullsNeverMixTwoVersions) {
  // Every push moves every element by exactly -0.5, so a consistent copy has all elements
  // equal to -0.5 * version.
  const std::size_t n = 1'000'000;
  Shard shard(std::vector<float>(n, 0.0f), sgd(), OptimizerStateMode::kShared);
  std::atomic<bool> done{false};
  std::vector<std::thread> pushers;
  for (int t = 0; t < 2; ++t) {
    pushers.emplace_back([&] {
      const std::vector<float> g(n, 1.0f);
      for (int i = 0; i < 50; ++i) shard.apply(g.data(), n, 0.5f);
    });
  }
  std::thread puller([&] {
    std::vector<float> copy(n);
    int pulls = 0;
    while (!done.load() || pulls < 5) {
      const int64_t version = shard.read(copy.data(), n);
      const float expected = -0.5f * static_cast<float>(version);
      for (std::size_t i = 0; i < n; i += 997) {
        ASSERT_EQ(copy[i], expected) << "element " << i << " of version " << version;
      }
      ASSERT_EQ(copy[n - 1], expected);
      ++pulls;
    }
  });
  for (auto& t : pushers) t.join();
  done = true;
  puller.join();
  EXPECT_EQ(shard.version(), 100);
}

TEST(Shard, LocalModeAddsDeltas) {
  Shard shard({1.0f, 2.0f}, algo::OptimizerConfig{}, OptimizerStateMode::kLocal);
  const float delta[2] = {0.25f, -1.0f};
  EXPECT_EQ(shard.apply(delta, 2, 123.0f), 1);
  float w[2];
  shard.read(w, 2);
  EXPECT_FLOAT_EQ(w[0], 1.25f);
  EXPECT_FLOAT_EQ(w[1], 1.0f);
  EXPECT_TRUE(shard.optimizer_slots().first.empty());
  EXPECT_EQ(shard.lost_optimizer_steps(), -1);  // the workers hold the step count
}

TEST(Shard, RejectsWrongSizes) {
  Shard shard({0.0f, 0.0f}, sgd(), OptimizerStateMode::kShared);
  float g[3] = {};
  EXPECT_THROW(shard.apply(g, 3, 0.1f), std::invalid_argument);
  EXPECT_THROW(shard.read(g, 1), std::invalid_argument);
}

TEST(Shard, RestoredShardContinuesBitForBitAsTheOriginal) {
  // Adam's step count and both moments must come back, or the bias correction of the next
  // step differs.
  algo::OptimizerConfig adam;
  adam.kind = algo::OptimizerKind::kAdam;
  const std::vector<float> g1 = {0.3f, -1.25f, 4.0f}, g2 = {-0.7f, 0.01f, 2.5f};
  Shard original({1.0f, 2.0f, 3.0f}, adam, OptimizerStateMode::kShared);
  original.apply(g1.data(), 3, 0.01f);
  original.apply(g2.data(), 3, 0.01f);
  const ShardState saved = original.snapshot();
  EXPECT_EQ(saved.version, 2);
  EXPECT_EQ(saved.slots.steps, 2);
  ASSERT_EQ(saved.slots.first.size(), 3u);

  Shard resumed({0.0f, 0.0f, 0.0f}, adam, OptimizerStateMode::kShared);
  resumed.restore(saved);
  EXPECT_EQ(original.apply(g1.data(), 3, 0.005f), 3);
  EXPECT_EQ(resumed.apply(g1.data(), 3, 0.005f), 3);
  const ShardState a = original.snapshot(), b = resumed.snapshot();
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.slots.first, b.slots.first);
  EXPECT_EQ(a.slots.second, b.slots.second);
  EXPECT_EQ(b.slots.steps, 3);
}

TEST(Shard, RestoreRejectsAStateThatDoesNotFit) {
  algo::OptimizerConfig rmsprop;
  Shard shared({1.0f, 2.0f}, rmsprop, OptimizerStateMode::kShared);
  ShardState three;
  three.params = {1.0f, 2.0f, 3.0f};
  EXPECT_THROW(shared.restore(three), std::invalid_argument);
  ShardState no_slots;
  no_slots.params = {1.0f, 2.0f};
  EXPECT_THROW(shared.restore(no_slots), std::invalid_argument);  // RMSProp needs ms

  Shard local({1.0f, 2.0f}, rmsprop, OptimizerStateMode::kLocal);
  ShardState with_slots = shared.snapshot();
  EXPECT_THROW(local.restore(with_slots), std::invalid_argument);
  with_slots.slots = {};
  with_slots.version = 9;
  local.restore(with_slots);
  EXPECT_EQ(local.version(), 9);
}

}  // namespace
}  // namespace ga3c::ps
