#include "node/policy_lag.h"

#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "env/scripted_env.h"
#include "node/agent.h"

namespace ga3c::node {
namespace {

TEST(PolicyLag, ChargesEachSampleWithTheVersionThatChoseItsAction) {
  // Five steps of one rollout, the node pulling version 4 after the second: versions 3, 3, 4,
  // 4, 4 act. The push goes to version 5, so the samples lag 2, 2, 1, 1, 1: mean 7 / 5.
  AgentConfig config;
  config.t_max = 5;
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>(10, 0.0f), false), 1,
              config);
  agent.start();
  std::vector<Rollout> rollouts;
  for (int64_t version : {3, 3, 4, 4, 4, 4}) {
    agent.policy_slot()[0] = 1.0f;
    agent.policy_slot()[1] = 0.0f;
    agent.set_prediction(0.0f, version);
    for (Rollout& r : agent.on_prediction().rollouts) rollouts.push_back(std::move(r));
  }
  ASSERT_EQ(rollouts.size(), 1u);
  EXPECT_EQ(rollouts[0].acted_versions, (std::vector<int64_t>{3, 3, 4, 4, 4}));
  double sum = 0;
  for (int64_t v : rollouts[0].acted_versions) sum += static_cast<double>(v);
  EXPECT_DOUBLE_EQ(policy_lag(5, sum, 5), 1.4);
}

TEST(PolicyLag, OwnPushDoesNotCount) {
  // One worker acting at version 7 and pushing to version 7: lag 0.
  EXPECT_DOUBLE_EQ(policy_lag(7, 7.0 * 20, 20), 0.0);
  EXPECT_DOUBLE_EQ(policy_lag(7, 0.0, 0), 0.0);
}

}  // namespace
}  // namespace ga3c::node
