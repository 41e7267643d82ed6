// --ps-apply racy really races: applies to one shard overlap, while locked ones never do.
// Built without ThreadSanitizer only (src/ps/CMakeLists.txt): the race is the point.
#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "ps/shard.h"

namespace ga3c::ps {
namespace {

algo::OptimizerConfig sgd() {
  algo::OptimizerConfig c;
  c.kind = algo::OptimizerKind::kSgd;
  return c;
}

constexpr int kThreads = 4;
constexpr int kAppliesPerThread = 20;
constexpr std::size_t kSize = 1'000'000;  // about a millisecond an apply: long enough to meet

// kThreads threads released at once, each applying kAppliesPerThread gradients of ones.
void apply_concurrently(Shard& shard) {
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      const std::vector<float> g(kSize, 1.0f);
      ++ready;
      while (ready.load() < kThreads) std::this_thread::yield();
      for (int i = 0; i < kAppliesPerThread; ++i) shard.apply(g.data(), kSize, 0.5f);
    });
  }
  for (auto& t : threads) t.join();
}

TEST(RacyShard, ConcurrentAppliesOverlapAndEveryOneIsCounted) {
  // An overlap needs two of the threads on the cores at once. On 2 cores shared with other
  // tests and a training a round ran them one after another (2026-12-01), so up to 50
  // rounds run, each on a new shard, until one overlaps.
  int64_t overlaps = 0;
  for (int round = 0; round < 50 && overlaps == 0; ++round) {
    Shard shard(std::vector<float>(kSize, 0.0f), sgd(), OptimizerStateMode::kShared,
                ApplyMode::kRacy);
    apply_concurrently(shard);
    overlaps = shard.overlapping_applies();
    EXPECT_LE(overlaps, kThreads * kAppliesPerThread - 1);
    EXPECT_EQ(shard.version(), kThreads * kAppliesPerThread);
    // The optimizer's step count (Adam's bias correction) can miss an apply only when two ran
    // at once.
    EXPECT_GE(shard.lost_optimizer_steps(), 0);
    EXPECT_LE(shard.lost_optimizer_steps(), overlaps);
    // Lost updates are possible but not certain, so an element holds at most all of them.
    std::vector<float> w(kSize);
    shard.read(w.data(), kSize);
    EXPECT_GE(w[kSize / 2], -0.5f * kThreads * kAppliesPerThread);
    EXPECT_LT(w[kSize / 2], 0.0f);
  }
  EXPECT_GT(overlaps, 0);
}

TEST(RacyShard, LockedAppliesUnderTheSameLoadNeverOverlap) {
  Shard shard(std::vector<float>(kSize, 0.0f), sgd(), OptimizerStateMode::kShared,
              ApplyMode::kLocked);
  apply_concurrently(shard);
  EXPECT_EQ(shard.overlapping_applies(), 0);
  EXPECT_EQ(shard.version(), kThreads * kAppliesPerThread);
  EXPECT_EQ(shard.lost_optimizer_steps(), 0);
  EXPECT_EQ(shard.optimizer_slots().steps, kThreads * kAppliesPerThread);
  std::vector<float> w(kSize);
  shard.read(w.data(), kSize);
  EXPECT_EQ(w[0], -0.5f * kThreads * kAppliesPerThread);
  EXPECT_EQ(w[kSize - 1], -0.5f * kThreads * kAppliesPerThread);
}

TEST(RacyShard, SnapshotOfARacyShardIsOneVersion) {
  // Checkpoints hold the lock exclusively even when applies do not. One pusher, so that no
  // update is lost and a whole snapshot is -0.5 per applied version in every element; with
  // several, lost updates would make elements differ without any snapshot being torn.
  Shard shard(std::vector<float>(kSize, 0.0f), sgd(), OptimizerStateMode::kShared,
              ApplyMode::kRacy);
  std::thread pusher([&] {
    const std::vector<float> g(kSize, 1.0f);
    for (int i = 0; i < kAppliesPerThread; ++i) shard.apply(g.data(), kSize, 0.5f);
  });
  std::vector<ShardState> snapshots;
  for (int i = 0; i < 20; ++i) snapshots.push_back(shard.snapshot());
  pusher.join();
  for (const ShardState& s : snapshots) {
    const float expected = -0.5f * static_cast<float>(s.version);
    EXPECT_EQ(s.params[0], expected) << "version " << s.version;
    EXPECT_EQ(s.params[kSize / 2], expected) << "version " << s.version;
    EXPECT_EQ(s.params[kSize - 1], expected) << "version " << s.version;
  }
}

TEST(ApplyMode, ParsesItsNames) {
  EXPECT_EQ(parse_apply_mode("locked"), ApplyMode::kLocked);
  EXPECT_EQ(parse_apply_mode("racy"), ApplyMode::kRacy);
  EXPECT_EQ(to_string(ApplyMode::kRacy), "racy");
  EXPECT_THROW(parse_apply_mode("Racy"), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::ps
