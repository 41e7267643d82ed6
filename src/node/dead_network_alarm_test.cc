#include "node/dead_network_alarm.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::node {
namespace {

metrics::HealthRecord check(int64_t conv1, int64_t conv2, int64_t fc) {
  return {{{"conv1", conv1, 16}, {"conv2", conv2, 32}, {"fc", fc, 256}}, 0.01};
}

TEST(DeadNetworkAlarm, AHealthyNetworkSaysNothing) {
  DeadNetworkAlarm alarm;
  EXPECT_TRUE(alarm.update(check(16, 1, 3), 1000).empty());
  EXPECT_FALSE(alarm.dead());
  EXPECT_EQ(alarm.status(), "");
}

TEST(DeadNetworkAlarm, SaysOnceWhenALayerDiesAndOnceWhenItComesBack) {
  DeadNetworkAlarm alarm;
  alarm.update(check(16, 30, 200), 100'000);
  EXPECT_EQ(alarm.update(check(16, 0, 0), 410'000),
            (std::vector<std::string>{
                "conv2: 0 of 32 units live since 0.41M frames: the network has died (every unit "
                "of the layer is off for every observation, so none of them can learn again); "
                "see docs/results/atari.md#the-network-dies-3-of-8-solo-runs-2026-12-02",
                "fc: 0 of 256 units live since 0.41M frames: the network has died (every unit "
                "of the layer is off for every observation, so none of them can learn again); "
                "see docs/results/atari.md#the-network-dies-3-of-8-solo-runs-2026-12-02"}));
  EXPECT_TRUE(alarm.dead());
  EXPECT_EQ(alarm.status(), "DEAD conv2,fc");
  EXPECT_TRUE(alarm.update(check(16, 0, 0), 500'000).empty()) << "said once";
  EXPECT_EQ(alarm.update(check(16, 0, 4), 520'000),
            std::vector<std::string>{"fc: 4 of 256 units live again at 0.52M frames (none "
                                     "since 0.41M)"});
  EXPECT_EQ(alarm.status(), "DEAD conv2");
  EXPECT_EQ(alarm.update(check(16, 3, 4), 600'000),
            std::vector<std::string>{"conv2: 3 of 32 units live again at 0.60M frames (none "
                                     "since 0.41M)"});
  EXPECT_FALSE(alarm.dead());
  EXPECT_EQ(alarm.status(), "");
}

}  // namespace
}  // namespace ga3c::node
