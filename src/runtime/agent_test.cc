#include "runtime/agent.h"

#include <gtest/gtest.h>

#include "env/scripted_env.h"

namespace ga3c::runtime {
namespace {

// Plays one prediction: value for the current observation, a deterministic policy (action 1).
AgentStep predict(Agent& agent, float value) {
  agent.policy_slot()[0] = 0.0f;
  agent.policy_slot()[1] = 1.0f;
  agent.set_prediction(value, 7);
  return agent.on_prediction();
}

std::vector<Rollout> play(Agent& agent, const std::vector<float>& values,
                          std::vector<EpisodeRecord>* episodes = nullptr) {
  std::vector<Rollout> rollouts;
  for (float v : values) {
    auto step = predict(agent, v);
    for (auto& r : step.rollouts) rollouts.push_back(std::move(r));
    if (episodes && step.episode) episodes->push_back(*step.episode);
  }
  return rollouts;
}

TEST(Agent, TerminalRolloutDoesNotBootstrap) {
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{0, 0, 1}, false), 1, {});
  agent.start();
  auto rollouts = play(agent, {5, 5, 5});
  ASSERT_EQ(rollouts.size(), 1u);
  EXPECT_EQ(rollouts[0].size(), 3u);
  EXPECT_NEAR(rollouts[0].returns[0], 0.9801f, 1e-6);
  EXPECT_NEAR(rollouts[0].returns[1], 0.99f, 1e-6);
  EXPECT_NEAR(rollouts[0].returns[2], 1.0f, 1e-6);
  EXPECT_EQ(rollouts[0].actions, (std::vector<int64_t>{1, 1, 1}));
  EXPECT_EQ(rollouts[0].acted_version, 7);
}

TEST(Agent, TruncatedRolloutBootstrapsFromTheFinalObservationNotTheResetOne) {
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{1, 1, 1}, true), 1, {});
  agent.start();
  // Three steps, then V(final observation) = 10; the reset observation's V = -3 must be unused.
  auto rollouts = play(agent, {0, 0, 0, 10});
  ASSERT_EQ(rollouts.size(), 1u);
  EXPECT_EQ(agent.observation()[1], 0.0f);  // reset after the bootstrap prediction
  EXPECT_NEAR(rollouts[0].returns[0], 12.67309f, 1e-5);
  EXPECT_NEAR(rollouts[0].returns[1], 11.791f, 1e-5);
  EXPECT_NEAR(rollouts[0].returns[2], 10.9f, 1e-5);
  auto next = predict(agent, -3);
  EXPECT_TRUE(next.rollouts.empty());
}

TEST(Agent, SameRewardsTerminated) {
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{1, 1, 1}, false), 1, {});
  agent.start();
  auto rollouts = play(agent, {0, 0, 0});
  ASSERT_EQ(rollouts.size(), 1u);
  EXPECT_NEAR(rollouts[0].returns[0], 2.9701f, 1e-6);
  EXPECT_NEAR(rollouts[0].returns[1], 1.99f, 1e-6);
  EXPECT_NEAR(rollouts[0].returns[2], 1.0f, 1e-6);
}

TEST(Agent, CutsAtTMaxAndBootstrapsFromTheNextValue) {
  AgentConfig config;
  config.t_max = 2;
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{1, 1, 1}, false), 1,
              config);
  agent.start();
  // Steps 1 and 2, then the prediction for the third observation closes the first rollout with
  // its value (4) and takes step 3, which terminates and closes the second.
  auto rollouts = play(agent, {0, 0, 4});
  ASSERT_EQ(rollouts.size(), 2u);
  EXPECT_NEAR(rollouts[0].returns[0], 1 + 0.99f * (1 + 0.99f * 4), 1e-5);
  EXPECT_NEAR(rollouts[0].returns[1], 1 + 0.99f * 4, 1e-5);
  ASSERT_EQ(rollouts[1].size(), 1u);
  EXPECT_NEAR(rollouts[1].returns[0], 1.0f, 1e-6);
  // Observations are recorded before each step: {episode, step}.
  EXPECT_EQ(rollouts[1].observations, (std::vector<float>{0, 2}));
}

TEST(Agent, LogsRawReturnsAndTrainsOnClippedRewards) {
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{5, -3}, false), 1, {});
  agent.start();
  std::vector<EpisodeRecord> episodes;
  auto rollouts = play(agent, {0, 0}, &episodes);
  ASSERT_EQ(episodes.size(), 1u);
  EXPECT_DOUBLE_EQ(episodes[0].episode_return, 2.0);
  EXPECT_EQ(episodes[0].length, 2);
  ASSERT_EQ(rollouts.size(), 1u);
  EXPECT_NEAR(rollouts[0].returns[0], 1.0f - 0.99f, 1e-6);
  EXPECT_NEAR(rollouts[0].returns[1], -1.0f, 1e-6);
}

TEST(Agent, SamplesActionsInProportionToThePolicy) {
  auto env = std::make_unique<env::ScriptedEnv>(std::vector<float>(10000, 0.0f), false);
  auto* scripted = env.get();
  Agent agent(0, std::move(env), 3, {});
  agent.start();
  for (int i = 0; i < 10000; ++i) {
    agent.policy_slot()[0] = 0.25f;
    agent.policy_slot()[1] = 0.75f;
    agent.set_prediction(0.0f, 0);
    agent.on_prediction();
  }
  int ones = 0;
  for (int a : scripted->actions_taken) ones += a;
  EXPECT_NEAR(ones / 10000.0, 0.75, 0.02);
}

}  // namespace
}  // namespace ga3c::runtime
