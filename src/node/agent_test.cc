#include "node/agent.h"

#include <gtest/gtest.h>

#include "env/registry.h"
#include "env/scripted_env.h"
#include "env/time_limit.h"
#include "node/action_sampling.h"
#include "node/replay_env.h"
#include "node/seeds.h"

namespace ga3c::node {
namespace {

// Plays one prediction: value for the current observation, a deterministic policy (action 1).
AgentStep predict(Agent& agent, float value) {
  agent.policy_slot()[0] = 0.0f;
  agent.policy_slot()[1] = 1.0f;
  agent.set_prediction(value, 7);
  return agent.on_prediction();
}

std::vector<Rollout> play(Agent& agent, const std::vector<float>& values,
                          std::vector<metrics::EpisodeRecord>* episodes = nullptr) {
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
  EXPECT_EQ(rollouts[0].acted_versions, (std::vector<int64_t>{7, 7, 7}));
}

// Atari: a lost life cuts the n-step return without bootstrap, the episode goes on.
TEST(Agent, LifeLossEndsTheReturnButNotTheEpisode) {
  for (const bool terminal_on_life_loss : {true, false}) {
    auto env = std::make_unique<env::ScriptedEnv>(std::vector<float>{1, 1, 1, 1}, false);
    env->life_lost_steps = {2};
    env->frames = 4;
    AgentConfig config;
    config.terminal_on_life_loss = terminal_on_life_loss;
    Agent agent(0, std::move(env), 1, config);
    agent.start();
    std::vector<metrics::EpisodeRecord> episodes;
    EXPECT_EQ(predict(agent, 5).frames, 4);
    auto rollouts = play(agent, {5, 5, 5}, &episodes);
    ASSERT_EQ(episodes.size(), 1u);
    EXPECT_EQ(episodes[0].episode_return, 4.0);
    EXPECT_EQ(episodes[0].length, 4);
    if (terminal_on_life_loss) {
      ASSERT_EQ(rollouts.size(), 2u);
      EXPECT_NEAR(rollouts[0].returns[0], 1.99f, 1e-6);  // 1 + 0.99 * 1, no V after the loss
      EXPECT_NEAR(rollouts[0].returns[1], 1.0f, 1e-6);
      EXPECT_NEAR(rollouts[1].returns[0], 1.99f, 1e-6);
      EXPECT_EQ(rollouts[1].observations[1], 2.0f);  // the same episode goes on
    } else {
      ASSERT_EQ(rollouts.size(), 1u);
      EXPECT_NEAR(rollouts[0].returns[0], 3.940399f, 1e-6);
    }
  }
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

// The episode limit's truncation, through the TimeLimit wrapper: a 7-step limit on an episode
// that would go on, t_max 5. The first rollout closes at t_max with V of the 6th observation
// (4); the second holds steps 6 and 7 and closes with V of the final observation (10), not
// of the reset one (-3). The episode is recorded whole, as truncated.
TEST(Agent, EpisodeLimitTruncatesBootstrapsAndRecords) {
  AgentConfig config;
  config.t_max = 5;
  Agent agent(0,
              std::make_unique<env::TimeLimit>(
                  std::make_unique<env::ScriptedEnv>(std::vector<float>(100, 1.0f), false), 7),
              1, config);
  agent.start();
  std::vector<metrics::EpisodeRecord> episodes;
  auto rollouts = play(agent, {0, 0, 0, 0, 0, 4, 0, 10}, &episodes);
  ASSERT_EQ(rollouts.size(), 2u);
  EXPECT_NEAR(rollouts[0].returns[4], 1 + 0.99f * 4, 1e-5);
  ASSERT_EQ(rollouts[1].size(), 2u);
  EXPECT_NEAR(rollouts[1].returns[0], 11.791f, 1e-5);
  EXPECT_NEAR(rollouts[1].returns[1], 10.9f, 1e-5);
  EXPECT_EQ(rollouts[1].observations, (std::vector<float>{0, 5, 0, 6}));
  ASSERT_EQ(episodes.size(), 1u);
  EXPECT_EQ(episodes[0].length, 7);
  EXPECT_DOUBLE_EQ(episodes[0].episode_return, 7.0);
  EXPECT_TRUE(episodes[0].truncated);
  EXPECT_EQ(agent.observation()[0], 1.0f);  // the next episode's reset observation
  EXPECT_EQ(agent.observation()[1], 0.0f);
  EXPECT_TRUE(predict(agent, -3).rollouts.empty());
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
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{1, 1, 1}, false), 1, config);
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
  std::vector<metrics::EpisodeRecord> episodes;
  auto rollouts = play(agent, {0, 0}, &episodes);
  ASSERT_EQ(episodes.size(), 1u);
  EXPECT_DOUBLE_EQ(episodes[0].episode_return, 2.0);
  EXPECT_EQ(episodes[0].length, 2);
  EXPECT_FALSE(episodes[0].truncated);
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

TEST(Agent, DrawsActionsFromAStreamOfItsOwnNotTheEnvironments) {
  // CartPole seeds its mt19937_64 with the low 32 bits of the seed, which for seed 5 is the
  // seed itself: the agent must draw from mt19937_64(splitmix64(5)) instead, as eval does.
  constexpr uint64_t kSeed = 5;
  auto env = std::make_unique<env::ScriptedEnv>(std::vector<float>(64, 0.0f), false);
  auto* scripted = env.get();
  Agent agent(0, std::move(env), kSeed, {});
  agent.start();
  const float uniform[2] = {0.5f, 0.5f};
  std::mt19937_64 own(splitmix64(kSeed)), environments(kSeed);
  std::vector<int> expected, shared;
  for (int i = 0; i < 64; ++i) {
    agent.policy_slot()[0] = uniform[0];
    agent.policy_slot()[1] = uniform[1];
    agent.set_prediction(0.0f, 0);
    agent.on_prediction();
    expected.push_back(sample_from_policy(uniform, 2, policy_draw(own)));
    shared.push_back(sample_from_policy(uniform, 2, policy_draw(environments)));
  }
  EXPECT_EQ(scripted->actions_taken, expected);
  EXPECT_NE(scripted->actions_taken, shared);
}

// Steps with a uniform policy, so that actions come from the agent's generator.
std::vector<Rollout> play_uniform(Agent& agent, int steps,
                                  std::vector<metrics::EpisodeRecord>& episodes) {
  std::vector<Rollout> rollouts;
  for (int i = 0; i < steps; ++i) {
    agent.policy_slot()[0] = 0.5f;
    agent.policy_slot()[1] = 0.5f;
    agent.set_prediction(0.25f * static_cast<float>(i % 4), i);
    AgentStep step = agent.on_prediction();
    for (auto& r : step.rollouts) rollouts.push_back(std::move(r));
    if (step.episode) episodes.push_back(*step.episode);
  }
  return rollouts;
}

// max_episode_frames: CartPole's episode limit; a short one makes the limit's truncations
// (and the bootstrap prediction they wait for) part of what a restore must continue.
void check_restored_state_continues(std::optional<int64_t> max_episode_frames) {
  env::EnvOptions options;
  options.max_episode_frames = max_episode_frames;
  auto make = [&options](ReplayEnv** replay, uint64_t seed) {
    auto env = std::make_unique<ReplayEnv>(env::make_env("CartPole-v1", options));
    *replay = env.get();
    return std::make_unique<Agent>(0, std::move(env), seed, AgentConfig{});
  };
  ReplayEnv* replay_a = nullptr;
  ReplayEnv* replay_b = nullptr;
  auto a = make(&replay_a, 5);
  auto b = make(&replay_b, 99);
  a->start();
  std::vector<metrics::EpisodeRecord> episodes_a, episodes_b;
  play_uniform(*a, 63, episodes_a);
  checkpoint::AgentState saved = a->state();
  saved.env = replay_a->state();
  ASSERT_FALSE(saved.rollout_actions.empty());
  ASSERT_FALSE(saved.env.actions.empty());

  std::vector<float> obs(a->observation_size());
  replay_b->restore(saved.env, obs.data());
  b->restore(saved);
  EXPECT_EQ(std::vector<float>(b->observation(), b->observation() + b->observation_size()), obs);
  EXPECT_EQ(b->state().rng, saved.rng);

  const auto rollouts_a = play_uniform(*a, 400, episodes_a);
  const auto rollouts_b = play_uniform(*b, 400, episodes_b);
  ASSERT_EQ(rollouts_a.size(), rollouts_b.size());
  ASSERT_GT(rollouts_a.size(), 50u);
  for (std::size_t i = 0; i < rollouts_a.size(); ++i) {
    EXPECT_EQ(rollouts_a[i].actions, rollouts_b[i].actions) << i;
    EXPECT_EQ(rollouts_a[i].observations, rollouts_b[i].observations) << i;
    EXPECT_EQ(rollouts_a[i].returns, rollouts_b[i].returns) << i;
    EXPECT_EQ(rollouts_a[i].acted_versions, rollouts_b[i].acted_versions) << i;
  }
  // The episode under way at the save ends with its whole return and length on both.
  ASSERT_GE(episodes_b.size(), 2u);
  const metrics::EpisodeRecord& cut = episodes_a[episodes_a.size() - episodes_b.size()];
  EXPECT_EQ(cut.length, episodes_b.front().length);
  EXPECT_EQ(cut.episode_return, episodes_b.front().episode_return);
  int truncated = 0;
  for (std::size_t i = 0; i < episodes_b.size(); ++i) {
    const metrics::EpisodeRecord& e = episodes_a[episodes_a.size() - episodes_b.size() + i];
    EXPECT_EQ(e.truncated, episodes_b[i].truncated) << i;
    if (e.truncated) {
      EXPECT_EQ(e.length, max_episode_frames.value_or(-1)) << i;
    }
    truncated += e.truncated;
  }
  if (max_episode_frames) {
    EXPECT_GT(truncated, 0);
  }
}

TEST(Agent, RestoredStateContinuesIdentically) { check_restored_state_continues({}); }

// The save falls inside an episode the limit cuts: the replayed environment counts the frames
// of the episode under way, so both end it on the same step.
TEST(Agent, RestoredStateContinuesIdenticallyAcrossTheEpisodeLimit) {
  check_restored_state_continues(9);
}

TEST(Agent, RestoreRejectsAStateThatDoesNotFit) {
  Agent agent(3, env::make_env("CartPole-v1"), 1, AgentConfig{});
  agent.start();
  checkpoint::AgentState s = agent.state();
  s.rollout_actions.assign(6, 0);
  s.rollout_rewards.assign(6, 0.0f);
  s.rollout_observations.assign(6 * 4, 0.0f);
  s.rollout_acted_versions.assign(6, 0);
  try {
    agent.restore(s);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "agent 3: the saved rollout of 6 steps is longer than --t-max 5");
  }
  s = agent.state();
  s.rollout_actions.assign(2, 0);
  s.rollout_rewards.assign(2, 0.0f);
  s.rollout_observations.assign(2 * 4, 0.0f);
  s.rollout_acted_versions.assign(1, 0);
  try {
    agent.restore(s);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "agent 3: the saved rollout has 2 actions, 2 rewards, 1 acting versions and 0 "
                 "behaviour log-probabilities");
  }
  s = agent.state();
  s.rng = "three";
  EXPECT_THROW(agent.restore(s), std::invalid_argument);
  s = agent.state();
  s.observation.pop_back();
  EXPECT_THROW(agent.restore(s), std::invalid_argument);
}

// A recurrent network's stand-in: the state after an observation is the state before it plus
// (1, 10), so a state tells how many steps of its episode it has seen.
AgentStep predict_recurrent(Agent& agent, float value) {
  agent.next_state_slot()[0] = agent.recurrent_state()[0] + 1.0f;
  agent.next_state_slot()[1] = agent.recurrent_state()[1] + 10.0f;
  return predict(agent, value);
}

AgentConfig recurrent_config(int t_max) {
  AgentConfig config;
  config.t_max = t_max;
  config.state_size = 2;
  return config;
}

TEST(Agent, RolloutsCarryTheStateTheyBeganWithAndEpisodesStartFromZero) {
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{0, 0, 0, 0, 1}, false), 1,
              recurrent_config(2));
  agent.start();
  EXPECT_EQ(agent.recurrent_state()[0], 0.0f);
  std::vector<Rollout> rollouts;
  for (int i = 0; i < 7; ++i) {  // one episode of 5 steps, then 2 steps of the next
    for (auto& r : predict_recurrent(agent, 0.5f).rollouts) rollouts.push_back(std::move(r));
  }
  ASSERT_EQ(rollouts.size(), 3u);
  EXPECT_EQ(rollouts[0].initial_state, (std::vector<float>{0, 0}));
  EXPECT_EQ(rollouts[1].initial_state, (std::vector<float>{2, 20}));
  EXPECT_EQ(rollouts[2].initial_state, (std::vector<float>{4, 40}));
  EXPECT_TRUE(rollouts[2].bootstrap_observation.empty());
  // The new episode's two steps began from zero, not from the old episode's 5 steps.
  EXPECT_EQ(agent.recurrent_state()[0], 2.0f);
  EXPECT_EQ(agent.recurrent_state()[1], 20.0f);
  EXPECT_EQ(agent.state().rollout_initial_state, (std::vector<float>{0, 0}));
}

TEST(Agent, ATruncationBootstrapsWithTheStateThatSawTheFinalObservation) {
  Agent agent(0, std::make_unique<env::ScriptedEnv>(std::vector<float>{1, 1, 1}, true), 1,
              recurrent_config(5));
  agent.start();
  for (int i = 0; i < 3; ++i) predict_recurrent(agent, 0.0f);
  // The bootstrap prediction is of the final observation, from the state after its 3 steps.
  EXPECT_EQ(agent.observation()[1], 3.0f);  // the final observation, not the reset one
  EXPECT_EQ(agent.recurrent_state()[0], 3.0f);
  const AgentStep bootstrap = predict_recurrent(agent, 10.0f);
  ASSERT_EQ(bootstrap.rollouts.size(), 1u);
  EXPECT_NEAR(bootstrap.rollouts[0].returns[2], 1.0f + 0.99f * 10.0f, 1e-5);
  // After the truncation the next episode starts from zero.
  EXPECT_EQ(agent.recurrent_state()[0], 0.0f);
  EXPECT_EQ(agent.recurrent_state()[1], 0.0f);
}

TEST(Agent, ALostLifeKeepsTheState) {
  auto env = std::make_unique<env::ScriptedEnv>(std::vector<float>{1, 1, 1, 1}, false);
  env->life_lost_steps = {2};
  Agent agent(0, std::move(env), 1, recurrent_config(5));
  agent.start();
  std::vector<Rollout> rollouts;
  for (int i = 0; i < 4; ++i) {
    for (auto& r : predict_recurrent(agent, 0.0f).rollouts) rollouts.push_back(std::move(r));
  }
  ASSERT_EQ(rollouts.size(), 2u);
  EXPECT_EQ(rollouts[1].initial_state, (std::vector<float>{2, 20}));  // the episode goes on
}

TEST(Agent, RecurrentStateSurvivesStateAndRestore) {
  auto make = [] {
    return std::make_unique<Agent>(
        0, std::make_unique<env::ScriptedEnv>(std::vector<float>{0, 0, 0, 0, 1}, false), 1,
        recurrent_config(5));
  };
  auto agent = make();
  agent->start();
  predict_recurrent(*agent, 0.0f);
  predict_recurrent(*agent, 0.0f);
  const checkpoint::AgentState saved = agent->state();
  EXPECT_EQ(saved.recurrent_state, (std::vector<float>{2, 20}));
  EXPECT_EQ(saved.rollout_initial_state, (std::vector<float>{0, 0}));
  auto restored = make();
  restored->restore(saved);
  EXPECT_EQ(restored->recurrent_state()[1], 20.0f);
  checkpoint::AgentState wrong = saved;
  wrong.recurrent_state = {1, 2, 3, 4};  // a network of another LSTM size
  EXPECT_THROW(make()->restore(wrong), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::node
