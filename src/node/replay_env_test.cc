#include "node/replay_env.h"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "env/registry.h"

namespace ga3c::node {
namespace {

struct Trace {
  std::vector<float> observations;  // every observation, concatenated
  std::vector<float> rewards;
  int episodes = 0;
};

// Steps `env` (already reset; its observation in obs) with `actions`, resetting after each
// episode's end.
Trace play(ReplayEnv& env, const std::vector<int>& actions, std::vector<float>& obs) {
  Trace t;
  for (int a : actions) {
    const env::StepResult r = env.step(a, obs.data());
    t.observations.insert(t.observations.end(), obs.begin(), obs.end());
    t.rewards.push_back(r.reward);
    if (r.terminated || r.truncated) {
      env.reset(obs.data());
      ++t.episodes;
    }
  }
  return t;
}

std::vector<int> random_actions(int n, int num_actions, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<int> actions;
  for (int i = 0; i < n; ++i) actions.push_back(static_cast<int>(rng() % num_actions));
  return actions;
}

class ReplayEnvTest : public ::testing::TestWithParam<const char*> {};

// Half-way through a long play, the state is saved and a new environment restored from it;
// both then get the same actions and must see the same observations and rewards, including
// MinAtar's sticky actions, which draw from the environment's own generator.
TEST_P(ReplayEnvTest, RestoredEnvironmentContinuesIdentically) {
  ReplayEnv env(env::make_env(GetParam()));
  env.seed(12345);
  std::vector<float> obs(env.observation_spec().size());
  env.reset(obs.data());
  const std::vector<int> before = random_actions(1500, env.num_actions(), 1);
  const Trace first = play(env, before, obs);
  ASSERT_GE(first.episodes, 2) << "the play must cross episodes";
  const checkpoint::EnvReplayState saved = env.state();
  EXPECT_EQ(saved.seed, 12345u);
  EXPECT_EQ(saved.resets, first.episodes + 1);

  ReplayEnv restored(env::make_env(GetParam()));
  std::vector<float> restored_obs(obs.size(), -1.0f);
  restored.restore(saved, restored_obs.data());
  EXPECT_EQ(restored_obs, obs);
  const std::vector<int> after = random_actions(1500, env.num_actions(), 2);
  const Trace a = play(env, after, obs);
  const Trace b = play(restored, after, restored_obs);
  EXPECT_GE(a.episodes, 2);
  EXPECT_EQ(a.observations, b.observations);
  EXPECT_EQ(a.rewards, b.rewards);
  EXPECT_EQ(env.state().resets, restored.state().resets);
  EXPECT_EQ(env.state().actions, restored.state().actions);
}

// Each episode starts from its own seed, so two resets differ and the same seed repeats them.
TEST_P(ReplayEnvTest, EveryEpisodeHasItsOwnSeed) {
  ReplayEnv a(env::make_env(GetParam()));
  ReplayEnv b(env::make_env(GetParam()));
  a.seed(7);
  b.seed(7);
  std::vector<float> obs_a(a.observation_spec().size()), obs_b(obs_a.size());
  const std::vector<int> actions = random_actions(300, a.num_actions(), 3);
  a.reset(obs_a.data());
  b.reset(obs_b.data());
  EXPECT_EQ(play(a, actions, obs_a).observations, play(b, actions, obs_b).observations);
  b.seed(8);
  b.reset(obs_b.data());
  a.seed(7);
  a.reset(obs_a.data());
  EXPECT_NE(play(a, actions, obs_a).observations, play(b, actions, obs_b).observations);
}

INSTANTIATE_TEST_SUITE_P(Envs, ReplayEnvTest,
                         ::testing::Values("CartPole-v1", "MinAtar/Breakout-v1"));

}  // namespace
}  // namespace ga3c::node
