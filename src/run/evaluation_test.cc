#include "run/evaluation.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_set.h"
#include "env/registry.h"
#include "model/actor_critic.h"
#include "node/action_sampling.h"
#include "node/seeds.h"
#include "run/evaluation_summary.h"
#include "run/untrained_checkpoint.h"

namespace ga3c::run {

// Where argument-dependent lookup finds them for std::vector's == and gtest's messages.
bool operator==(const EpisodeResult& a, const EpisodeResult& b) {
  return a.episode_return == b.episode_return && a.length == b.length && a.truncated == b.truncated;
}
void PrintTo(const EpisodeResult& e, std::ostream* out) {
  *out << "{return " << e.episode_return << ", length " << e.length
       << (e.truncated ? ", truncated" : "") << "}";
}

namespace {

using checkpoint::Checkpoint;

const char* kPath = "runs/x/checkpoints/ckpt-000000004000-ps0.ga3c";

Checkpoint cartpole(uint64_t seed = 3) {
  return testing::make_untrained_checkpoint("CartPole-v1", "mlp", seed).front();
}

std::string error_of(const Checkpoint& c, const std::string& env_id) {
  try {
    Evaluator evaluator(c, kPath, env_id, {});
  } catch (const checkpoint::CheckpointError& e) {
    return e.what();
  }
  return "no error";
}

// The documented contract written out by hand: the same network, the environment seeded with
// the seed's low 32 bits, draws from mt19937_64(splitmix64(seed)).
std::vector<EpisodeResult> play_by_hand(uint64_t net_seed, int episodes, bool greedy,
                                        uint64_t seed) {
  torch::manual_seed(net_seed);
  const env::EnvPtr env = env::make_env("CartPole-v1");
  const auto net = model::make_actor_critic(model::NetworkKind::kMlp, env->observation_spec(), 2);
  torch::NoGradGuard no_grad;
  env->seed(seed & 0xffffffffULL);
  std::mt19937_64 rng(node::splitmix64(seed));
  torch::Tensor obs = torch::empty({1, 4});
  std::vector<EpisodeResult> results;
  for (int e = 0; e < episodes; ++e) {
    EpisodeResult r;
    env->reset(obs.data_ptr<float>());
    for (bool done = false; !done; ++r.length) {
      const torch::Tensor logits = net->forward(obs).logits[0];
      const torch::Tensor pi = torch::softmax(logits, 0).contiguous();
      const int action =
          greedy ? static_cast<int>(logits.argmax().item<int64_t>())
                 : node::sample_from_policy(pi.data_ptr<float>(), 2, node::policy_draw(rng));
      const env::StepResult step = env->step(action, obs.data_ptr<float>());
      r.episode_return += step.reward;
      done = step.terminated || step.truncated;
    }
    results.push_back(r);
  }
  return results;
}

TEST(Evaluator, PlaysTheCheckpointsOwnEnvironmentAsDocumented) {
  Evaluator evaluator(cartpole(3), kPath, "", {});
  EXPECT_EQ(evaluator.env_id(), "CartPole-v1");
  EXPECT_EQ(evaluator.observation_spec().shape, (std::vector<int64_t>{4}));
  EXPECT_EQ(evaluator.run(6, false, 7), play_by_hand(3, 6, false, 7));
  EXPECT_EQ(evaluator.run(6, true, 7), play_by_hand(3, 6, true, 7));
}

TEST(Evaluator, TheSameSeedGivesTheSameEpisodes) {
  Evaluator evaluator(cartpole(), kPath, "", {});
  const auto first = evaluator.run(8, false, 11);
  ASSERT_EQ(first.size(), 8u);
  for (const auto& e : first) {
    EXPECT_EQ(e.episode_return, static_cast<double>(e.length));  // CartPole: +1 a step
    EXPECT_GE(e.length, 1);
    EXPECT_LE(e.length, 500);  // the time limit
  }
  EXPECT_EQ(evaluator.run(8, false, 11), first);
  EXPECT_EQ(Evaluator(cartpole(), kPath, "", {}).run(8, false, 11), first);
  EXPECT_NE(evaluator.run(8, false, 12), first);
  EXPECT_NE(evaluator.run(8, true, 11), first);
}

TEST(Evaluator, AShardedCheckpointPlaysLikeAnUnshardedOne) {
  const Checkpoint merged = checkpoint::merge_ranks(
      testing::make_untrained_checkpoint("CartPole-v1", "mlp", 3, 3), "ckpt-*.ga3c");
  EXPECT_EQ(Evaluator(merged, kPath, "", {}).run(4, false, 5),
            Evaluator(cartpole(3), kPath, "", {}).run(4, false, 5));
}

TEST(Evaluator, ShowsEveryFrameOfTheFirstEpisodeOnly) {
  Evaluator evaluator(cartpole(), kPath, "", {});
  std::vector<std::vector<float>> frames;
  const auto episodes =
      evaluator.run(3, true, 9, [&](const float* obs) { frames.emplace_back(obs, obs + 4); });
  ASSERT_EQ(frames.size(), static_cast<std::size_t>(episodes[0].length + 1));
  const env::EnvPtr env = env::make_env("CartPole-v1");
  env->seed(9);
  std::vector<float> reset(4);
  env->reset(reset.data());
  EXPECT_EQ(frames.front(), reset);
  EXPECT_NE(frames.back(), reset);
}

TEST(Evaluator, PlaysAnotherEnvironmentOfTheSameObservationAndActions) {
  const Checkpoint breakout =
      testing::make_untrained_checkpoint("MinAtar/Breakout-v0", "minatar-cnn", 1).front();
  Evaluator evaluator(breakout, kPath, "MinAtar/Asterix-v0", {});  // [10, 10, 4], 6 actions
  EXPECT_EQ(evaluator.env_id(), "MinAtar/Asterix-v0");
  const auto episodes = evaluator.run(1, false, 1);
  ASSERT_EQ(episodes.size(), 1u);
  EXPECT_GE(episodes[0].length, 1);
}

TEST(Evaluator, RefusesAnEnvironmentOfAnotherShapeOrActionCount) {
  const Checkpoint breakout =
      testing::make_untrained_checkpoint("MinAtar/Breakout-v0", "minatar-cnn", 1).front();
  EXPECT_EQ(error_of(breakout, "MinAtar/Breakout-v1"),
            std::string(kPath) +
                ": trained on MinAtar/Breakout-v0 (observation [10, 10, 4], 6 actions); "
                "MinAtar/Breakout-v1 has observation [10, 10, 4], 3 actions; leave out --env to "
                "play MinAtar/Breakout-v0, or choose an environment with the same observation "
                "and actions");
  EXPECT_EQ(error_of(cartpole(), "MinAtar/Breakout-v0"),
            std::string(kPath) +
                ": trained on CartPole-v1 (observation [4], 2 actions); MinAtar/Breakout-v0 has "
                "observation [10, 10, 4], 6 actions; leave out --env to play CartPole-v1, or "
                "choose an environment with the same observation and actions");
  EXPECT_THROW(Evaluator(cartpole(), kPath, "CartPole-v9", {}), env::UnknownEnvError);
}

TEST(Evaluator, RefusesACheckpointItCannotPlay) {
  Checkpoint c = cartpole();
  c.env_id = "Retro/Pong-v0";
  EXPECT_EQ(error_of(c, ""), std::string(kPath) +
                                 ": trained on 'Retro/Pong-v0', which this build does not have; "
                                 "play an environment of the same observation shape and "
                                 "actions with --env");
  c = cartpole();
  c.signature.network = "auto";
  EXPECT_EQ(error_of(c, ""), std::string(kPath) +
                                 ": has an unknown network 'auto'; use the ga3c version "
                                 "that wrote it");
  c = cartpole();
  c.signature.network = "minatar-cnn";
  EXPECT_EQ(error_of(c, ""), std::string(kPath) +
                                 ": network minatar-cnn does not fit observations [4] float32; "
                                 "use the ga3c version that wrote it");
  c = cartpole();
  c.signature.observation_shape = {5};
  EXPECT_EQ(error_of(c, ""), std::string(kPath) +
                                 ": its network is for observation [5], 2 actions, but "
                                 "CartPole-v1 has observation [4], 2 actions; use the ga3c "
                                 "version that wrote it");
  c = cartpole();
  c.signature.num_params += 1;
  EXPECT_EQ(error_of(c, ""), std::string(kPath) + ": holds " +
                                 std::to_string(c.signature.num_params) +
                                 " parameters, but the mlp network for observation [4], 2 "
                                 "actions has " +
                                 std::to_string(c.signature.num_params - 1) +
                                 "; use the ga3c version that wrote it");
  c = cartpole();
  c.shards[0].params[5] = std::nanf("");
  c.shards[0].params[9] = INFINITY;
  EXPECT_EQ(error_of(c, ""), std::string(kPath) + ": 2 of its " +
                                 std::to_string(c.signature.num_params) +
                                 " parameters are NaN or infinite (training diverged); use an "
                                 "earlier checkpoint");
}

// EnvOptions with sticky actions p and, when given, an episode limit.
env::EnvOptions limited(double p, std::optional<int64_t> max_episode_frames = {}) {
  env::EnvOptions o;
  o.sticky_action_prob = p;
  o.max_episode_frames = max_episode_frames;
  return o;
}

// Issue 14's case, by construction: an untrained Seaquest network played greedily takes one
// action throughout; with a limit it returns, each episode cut at exactly the limit unless the
// game ended first, and says which were cut.
TEST(Evaluator, EndsEachEpisodeAtTheLimit) {
  const Checkpoint seaquest =
      testing::make_untrained_checkpoint("MinAtar/Seaquest-v0", "minatar-cnn", 1).front();
  Evaluator evaluator(seaquest, kPath, "", limited(0.0, 300));
  EXPECT_EQ(evaluator.max_episode_frames(), 300);
  for (const EpisodeResult& e : evaluator.run(3, true, 1)) {
    EXPECT_LE(e.length, 300);
    EXPECT_EQ(e.truncated, e.length == 300);
  }
  EXPECT_EQ(Evaluator(seaquest, kPath, "", limited(0.0)).max_episode_frames(), 27000);
  EXPECT_EQ(Evaluator(cartpole(), kPath, "", limited(0.1)).max_episode_frames(), 500);
  EXPECT_EQ(Evaluator(cartpole(), kPath, "", limited(0.1, 0)).max_episode_frames(), 0);
  EXPECT_THROW(Evaluator(cartpole(), kPath, "", limited(0.1, -1)), std::invalid_argument);
}

// A pole cannot fall within 5 steps of a reset (|theta| < 0.05 rad, 0.1 s to reach 0.21 rad),
// so a 5-frame limit cuts every CartPole episode at exactly 5 steps.
TEST(Evaluator, ReportsTruncationAtAShortLimit) {
  Evaluator evaluator(cartpole(), kPath, "", limited(0.1, 5));
  const auto episodes = evaluator.run(4, false, 2);
  for (const EpisodeResult& e : episodes) {
    EXPECT_EQ(e.length, 5);  // a pole never falls within 5 steps of a reset
    EXPECT_TRUE(e.truncated);
  }
}

TEST(Evaluator, RunsAtLeastOneEpisode) {
  Evaluator evaluator(cartpole(), kPath, "", {});
  EXPECT_THROW(evaluator.run(0, false, 1), std::invalid_argument);
}

TEST(EvaluationSummary, GivesMeanPopulationStdExtremesAndMeanLength) {
  const EvaluationSummary s = summarize(
      {{2.0, 10}, {4.0, 20}, {4.0, 30}, {4.0, 40}, {5.0, 50}, {5.0, 60}, {7.0, 70}, {9.0, 80}});
  EXPECT_EQ(s.episodes, 8);
  EXPECT_DOUBLE_EQ(s.mean_return, 5.0);
  EXPECT_DOUBLE_EQ(s.std_return, 2.0);
  EXPECT_EQ(s.min_return, 2.0);
  EXPECT_EQ(s.max_return, 9.0);
  EXPECT_DOUBLE_EQ(s.mean_length, 45.0);
  EXPECT_EQ(s.truncated, 0);
  EXPECT_EQ(format_summary(s, 500),
            "return mean 5.00 std 2.00 min 2 max 9 over 8 episodes, length mean 45.0, "
            "0 truncated at 500 frames");
  EXPECT_EQ(format_summary(summarize({{-0.5, 3}}), 0),
            "return mean -0.50 std 0.00 min -0.5 max -0.5 over 1 episode, length mean 3.0, "
            "no episode limit");
  const EvaluationSummary cut =
      summarize({{1.0, 27000, true}, {3.0, 10, false}, {0.0, 27000, true}});
  EXPECT_EQ(cut.truncated, 2);
  EXPECT_EQ(format_summary(cut, 27000),
            "return mean 1.33 std 1.25 min 0 max 3 over 3 episodes, length mean 18003.3, "
            "2 truncated at 27000 frames");
  EXPECT_THROW(summarize({}), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::run
