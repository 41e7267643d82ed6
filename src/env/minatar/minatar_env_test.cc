#include "env/minatar/minatar_env.h"

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "env/minatar/asterix.h"
#include "env/minatar/breakout.h"
#include "env/minatar/freeway.h"
#include "env/minatar/seaquest.h"
#include "env/minatar/space_invaders.h"
#include "env/registry.h"

namespace ga3c::env::minatar {
namespace {

TEST(MinAtarEnv, EveryIdHasTheGamesSpecAndActionCount) {
  struct Expected {
    const char* game;
    int64_t channels;
    int minimal_actions;
  };
  for (const Expected& e :
       {Expected{"Breakout", 4, 3}, Expected{"SpaceInvaders", 6, 4}, Expected{"Freeway", 7, 3},
        Expected{"Asterix", 4, 5}, Expected{"Seaquest", 10, 6}}) {
    for (const char* version : {"-v0", "-v1"}) {
      const std::string id = std::string("MinAtar/") + e.game + version;
      auto env = make_env(id);
      EXPECT_EQ(env->observation_spec().shape, (std::vector<int64_t>{10, 10, e.channels})) << id;
      EXPECT_EQ(env->observation_spec().dtype, DType::kBool) << id;
      EXPECT_EQ(env->num_actions(), std::string(version) == "-v0" ? 6 : e.minimal_actions) << id;
    }
  }
}

// The names of minatar 1.0.15's minimal_action_set() through its action letters n l u r d f.
TEST(MinAtarEnv, ActionMeaningsAreTheReferenceActionSets) {
  using Names = std::vector<std::string>;
  EXPECT_EQ(make_env("MinAtar/Breakout-v1")->action_meanings(), (Names{"NOOP", "LEFT", "RIGHT"}));
  EXPECT_EQ(make_env("MinAtar/SpaceInvaders-v1")->action_meanings(),
            (Names{"NOOP", "LEFT", "RIGHT", "FIRE"}));
  EXPECT_EQ(make_env("MinAtar/Freeway-v1")->action_meanings(), (Names{"NOOP", "UP", "DOWN"}));
  EXPECT_EQ(make_env("MinAtar/Asterix-v1")->action_meanings(),
            (Names{"NOOP", "LEFT", "UP", "RIGHT", "DOWN"}));
  EXPECT_EQ(make_env("MinAtar/Seaquest-v0")->action_meanings(),
            (Names{"NOOP", "LEFT", "UP", "RIGHT", "DOWN", "FIRE"}));
}

TEST(MinAtarEnv, ObservationsAreZerosAndOnes) {
  auto env = make_env("MinAtar/Seaquest-v0");
  std::vector<float> obs(env->observation_spec().size(), 0.5f);
  env->seed(1);
  env->reset(obs.data());
  for (int t = 0; t < 50; ++t) env->step(t % 6, obs.data());
  for (float v : obs) EXPECT_TRUE(v == 0.0f || v == 1.0f) << v;
}

TEST(MinAtarEnv, UnknownGameListsTheFiveGames) {
  try {
    make_env("MinAtar/Pong-v0");
    FAIL() << "expected UnknownEnvError";
  } catch (const UnknownEnvError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'MinAtar/Pong-v0'"), std::string::npos) << what;
    EXPECT_NE(what.find("MinAtar/{Asterix,Breakout,Freeway,Seaquest,SpaceInvaders}-{v0,v1}"),
              std::string::npos)
        << what;
  }
}

TEST(MinAtarEnv, MinimalActionsMapToTheSixActionIndex) {
  MinAtarEnv<Breakout> breakout(0.0, true, ActionSet::kMinimal);
  std::vector<float> obs(10 * 10 * Seaquest::kChannels);  // room for every game
  breakout.reset(obs.data());
  const Action breakout_set[] = {Action::kNoop, Action::kLeft, Action::kRight};
  for (int a : {2, 0, 1, 2}) {
    breakout.step(a, obs.data());
    EXPECT_EQ(breakout.last_action(), breakout_set[a]);
  }
  EXPECT_THROW(breakout.step(3, obs.data()), std::out_of_range);
  EXPECT_THROW(breakout.step(-1, obs.data()), std::out_of_range);

  MinAtarEnv<Freeway> freeway(0.0, true, ActionSet::kMinimal);
  freeway.step(1, obs.data());
  EXPECT_EQ(freeway.last_action(), Action::kUp);
  freeway.step(2, obs.data());
  EXPECT_EQ(freeway.last_action(), Action::kDown);

  MinAtarEnv<SpaceInvaders> invaders(0.0, true, ActionSet::kMinimal);
  invaders.step(3, obs.data());
  EXPECT_EQ(invaders.last_action(), Action::kFire);

  MinAtarEnv<Asterix> asterix(0.0, true, ActionSet::kMinimal);
  asterix.step(4, obs.data());
  EXPECT_EQ(asterix.last_action(), Action::kDown);

  MinAtarEnv<Seaquest> full(0.0, true, ActionSet::kFull);
  full.step(5, obs.data());
  EXPECT_EQ(full.last_action(), Action::kFire);
}

// Plays uniform random actions and returns the fraction of steps whose applied action was the
// previous one although another was asked for.
double repeated_fraction(double sticky_action_prob, int steps) {
  MinAtarEnv<Asterix> env(sticky_action_prob, true, ActionSet::kFull);
  env.seed(3);
  std::vector<float> obs(10 * 10 * Asterix::kChannels);
  env.reset(obs.data());
  std::mt19937 actions(9);
  int asked_other = 0, repeated = 0;
  for (int t = 0; t < steps; ++t) {
    const Action previous = env.last_action();
    const int a = static_cast<int>(actions() % kNumActions);
    if (env.step(a, obs.data()).terminated) env.reset(obs.data());
    if (static_cast<Action>(a) != previous) {
      ++asked_other;
      if (env.last_action() == previous)
        ++repeated;
      else
        EXPECT_EQ(env.last_action(), static_cast<Action>(a));
    }
  }
  return static_cast<double>(repeated) / asked_other;
}

TEST(MinAtarEnv, StickyActionsRepeatWithTheirProbability) {
  EXPECT_EQ(repeated_fraction(0.0, 10000), 0.0);
  EXPECT_EQ(repeated_fraction(1.0, 10000), 1.0);  // always the initial no-op
  EXPECT_NEAR(repeated_fraction(0.1, 100000), 0.1, 0.005);
  EXPECT_NEAR(repeated_fraction(0.5, 100000), 0.5, 0.01);
}

TEST(MinAtarEnv, RememberedActionSurvivesResetButNotSeed) {
  MinAtarEnv<Breakout> env(0.0, true, ActionSet::kFull);
  std::vector<float> obs(10 * 10 * Breakout::kChannels);
  env.reset(obs.data());
  env.step(3, obs.data());
  env.reset(obs.data());
  EXPECT_EQ(env.last_action(), Action::kRight);
  env.seed(4);
  EXPECT_EQ(env.last_action(), Action::kNoop);
}

// A trace of observations and rewards over steps of a fixed action sequence.
std::vector<float> trace(Env& env, int steps) {
  const size_t n = static_cast<size_t>(env.observation_spec().size());
  std::vector<float> out(n);
  env.reset(out.data());
  std::vector<float> obs(n);
  for (int t = 0; t < steps; ++t) {
    const StepResult r = env.step((t * 7 + t / 3) % env.num_actions(), obs.data());
    out.insert(out.end(), obs.begin(), obs.end());
    out.push_back(r.reward);
    if (r.terminated) {
      env.reset(obs.data());
      out.insert(out.end(), obs.begin(), obs.end());
    }
  }
  return out;
}

TEST(MinAtarEnv, SeedFixesTheTrajectory) {
  for (const char* id : {"MinAtar/Breakout-v0", "MinAtar/SpaceInvaders-v1", "MinAtar/Freeway-v0",
                         "MinAtar/Asterix-v1", "MinAtar/Seaquest-v0"}) {
    auto a = make_env(id), b = make_env(id);
    a->seed(21);
    trace(*a, 300);
    a->seed(21);  // seeding again starts over, whatever was played before
    b->seed(21);
    EXPECT_EQ(trace(*a, 1000), trace(*b, 1000)) << id;
    auto unseeded = make_env(id), seeded = make_env(id);
    seeded->seed(MinAtarEnv<Breakout>::kDefaultSeed);
    EXPECT_EQ(trace(*unseeded, 1000), trace(*seeded, 1000)) << id;
    seeded->seed(22);
    EXPECT_NE(trace(*seeded, 1000), trace(*b, 1000)) << id;
  }
}

TEST(MinAtarEnv, RegistryPassesTheOptions) {
  EXPECT_THROW(make_env("MinAtar/Breakout-v0", {1.5, true, {}}), std::invalid_argument);
  EXPECT_THROW(make_env("MinAtar/Breakout-v0", {-0.1, true, {}}), std::invalid_argument);
  std::vector<float> obs(10 * 10 * Asterix::kChannels);
  for (bool ramping : {true, false}) {
    auto env = make_env("MinAtar/Asterix-v0", {1.0, ramping, 0});  // 0: no TimeLimit around it
    auto* asterix = dynamic_cast<MinAtarEnv<Asterix>*>(env.get());
    ASSERT_NE(asterix, nullptr);
    env->reset(obs.data());
    asterix->game().state().ramp_timer = -1;  // the ramp is due on this step
    env->step(3, obs.data());
    EXPECT_EQ(asterix->last_action(), Action::kNoop);  // sticky 1.0 kept the initial no-op
    EXPECT_EQ(asterix->game().state().spawn_speed, ramping ? 9 : 10);
  }
}

}  // namespace
}  // namespace ga3c::env::minatar
