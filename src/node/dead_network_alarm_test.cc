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

TEST(DeadNetworkAlarm, SaysOnceWhenThePolicyStopsSeeingItsInputAndOnceWhenItSeesAgain) {
  DeadNetworkAlarm alarm;
  metrics::HealthRecord c = check(16, 32, 100);
  c.policy_spread = 2.6e-8;
  EXPECT_EQ(alarm.update(c, 65'000),
            std::vector<std::string>{
                "policy: the same for every observation since 0.07M frames (spread 2.6e-08 over "
                "the health batch): the network no longer sees its input and plays the same "
                "whatever happens; with --recurrent lstm on Atari an A3C-LSTM at t_max 5, which "
                "needs --t-max 20, see docs/results/"
                "recurrent.md#atari-with-t_max-20-the-a3c-lstm-learns-2026-12-08"});
  EXPECT_FALSE(alarm.dead()) << "its layers live: --stop-on-dead-network lets it run";
  EXPECT_EQ(alarm.status(), "");
  c.policy_spread = 9.9e-7;
  EXPECT_TRUE(alarm.update(c, 130'000).empty()) << "said once";
  c.policy_spread = 9.9e-6;
  EXPECT_TRUE(alarm.update(c, 160'000).empty()) << "a spread that wanders about 1e-6 is not news";
  c.policy_spread = 1e-5;
  EXPECT_EQ(alarm.update(c, 200'000),
            std::vector<std::string>{"policy: depends on the observation again at 0.20M frames "
                                     "(spread 1e-05; the same for every observation since "
                                     "0.07M)"});
  EXPECT_TRUE(alarm.update(c, 260'000).empty());
}

}  // namespace
}  // namespace ga3c::node
