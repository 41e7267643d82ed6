// The parameter server's memory stays flat: after 1,000 warm-up updates, 20,000 more grow the
// process's resident memory by less than 1 MB. No sanitizer build runs it: ASan's quarantine
// and TSan's shadow memory grow with every allocation and access, whoever makes them.
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "ps/sync_load.h"

namespace ga3c::ps {
namespace {

// The default network's size: the MinAtar CNN on Breakout-v0's [10, 10, 4] observations with
// 6 actions (conv 592 + fc 131,200 + policy 774 + value 129), as `ga3c train` logs it.
constexpr std::size_t kParams = 132'695;

TEST(ParameterServerMemory, TwentyThousandUpdatesGrowResidentMemoryByLessThanOneMegabyte) {
  ParameterServerConfig config;  // TF-style RMSProp, its slots shared on the server
  config.num_shards = 4;
  config.lr = 0.01f;
  config.workers = 2;
  ParameterServer server(std::vector<float>(kParams, 0.01f), config);
  SyncLoad load(server, 2);
  load.run(500);  // 1,000 warm-up updates
  const int64_t before_kib = resident_kib();
  load.run(10'000);
  const int64_t after_kib = resident_kib();
  ASSERT_GT(before_kib, 0);
  EXPECT_EQ(server.progress().updates, 21'000);
  EXPECT_EQ(server.shard(3).version(), 21'000);
  RecordProperty("rss_before_kib", static_cast<int>(before_kib));
  RecordProperty("rss_growth_kib", static_cast<int>(after_kib - before_kib));
  EXPECT_LT((after_kib - before_kib) * 1024, 1'000'000)
      << "resident memory grew from " << before_kib << " KiB to " << after_kib << " KiB";
}

}  // namespace
}  // namespace ga3c::ps
