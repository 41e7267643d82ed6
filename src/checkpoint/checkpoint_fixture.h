// Small checkpoints with every field set, for the tests and the fuzzer's seed corpus.
#pragma once

#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"

namespace ga3c::checkpoint::testing {

// Rank `ps_rank`'s file of a run with `num_ps_ranks` ranks holding two shards each of
// `shard_size` parameters (shard s on rank s / 2), with slots as `optimizer` keeps them.
// The first parameters are the floats a careless format would not keep bit for bit: -0,
// the smallest denormal, infinity and a NaN with a payload.
inline Checkpoint make_checkpoint(int64_t frames, int ps_rank = 0, int num_ps_ranks = 1,
                                  algo::OptimizerKind optimizer = algo::OptimizerKind::kAdam,
                                  std::size_t shard_size = 6) {
  Checkpoint c;
  c.num_ps_ranks = num_ps_ranks;
  c.ps_rank = ps_rank;
  c.num_shards = 2 * num_ps_ranks;
  c.signature = {"minatar-cnn", {10, 10, 4}, 6, shard_size * c.num_shards};
  c.env_id = "MinAtar/Breakout-v1";
  c.optimizer = optimizer;
  for (int j = 0; j < 2; ++j) {
    ShardState s;
    s.index = 2 * ps_rank + j;
    s.offset = shard_size * s.index;
    for (std::size_t i = 0; i < shard_size; ++i) {
      s.params.push_back(0.001f * static_cast<float>(s.offset + i) - 0.5f);
    }
    const uint32_t nan_bits = 0x7FC01234u;
    float nan;
    std::memcpy(&nan, &nan_bits, sizeof nan);
    const float special[] = {-0.0f, std::numeric_limits<float>::denorm_min(),
                             std::numeric_limits<float>::infinity(), nan};
    for (std::size_t i = 0; i < shard_size && i < 4; ++i) s.params[i] = special[i];
    if (optimizer != algo::OptimizerKind::kSgd) {
      s.slots.first.assign(shard_size, 1.0f + 1e-7f * static_cast<float>(s.index));
    }
    if (optimizer == algo::OptimizerKind::kAdam) s.slots.second.assign(shard_size, 3e-9f);
    s.slots.steps = frames / 50 + s.index;
    s.version = frames / 50 + 7 * s.index;
    c.shards.push_back(s);
  }
  c.frames = frames;
  c.episodes = frames / 100;
  c.updates = frames / 50;
  c.lr_schedule_frames = frames;
  c.config_toml = "[train]\nenv = \"MinAtar/Breakout-v1\"\nlr = 0.0003\n";
  c.wall_time_unix_s = 1.7e9 + 0.123456789;
  c.elapsed_s = static_cast<double>(frames) / 1000.0;
  return c;
}

// `c` with the worker state of a deterministic run (observations of c's signature, a rollout
// of two steps, local optimizer slots as c.optimizer keeps them), in rank 0's file.
inline Checkpoint with_worker(Checkpoint c) {
  WorkerState w;
  const std::size_t n = c.signature.num_params;
  for (std::size_t i = 0; i < n; ++i) w.params.push_back(0.25f - 0.002f * static_cast<float>(i));
  w.version = c.updates;
  w.local_steps = 3 * c.updates + 4;
  if (c.optimizer != algo::OptimizerKind::kSgd) w.local_optimizer.first.assign(n, 0.75f);
  if (c.optimizer == algo::OptimizerKind::kAdam) w.local_optimizer.second.assign(n, 1e-6f);
  w.local_optimizer.steps = w.local_steps;
  w.accumulated.assign(n, -1.5e-3f);
  w.unreported_frames = 7;
  w.unreported_episodes = 1;
  AgentState a;
  std::mt19937_64 rng(42);
  rng.discard(3);
  std::ostringstream text;
  text << rng;
  a.rng = text.str();
  std::size_t obs_size = 1;
  for (int64_t d : c.signature.observation_shape) obs_size *= static_cast<std::size_t>(d);
  a.observation.assign(obs_size, 0.0f);
  a.observation.back() = 1.0f;
  a.rollout_acted_versions = {w.version - 1, w.version};
  a.rollout_observations.assign(2 * obs_size, 1.0f);
  a.rollout_actions = {5, 0};
  a.rollout_rewards = {1.0f, -0.0f};
  a.rollout_behaviour_log_probs = {-1.5f, -0.25f};
  a.awaiting_bootstrap = true;
  a.episode_return = 12.5;
  a.episode_length = 3;
  a.env = {0xFFFFFFFFULL, 9, {2, 5, 0}};
  w.agents.push_back(a);
  c.workers.push_back(w);
  return c;
}

inline bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Bit for bit (NaN equals the same NaN, -0 differs from 0), hence memcmp.
inline bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;  // NOLINT(bugprone-suspicious-memory-comparison)
}

inline bool identical(const AgentState& a, const AgentState& b) {
  return a.rng == b.rng && same_bits(a.observation, b.observation) &&
         a.rollout_acted_versions == b.rollout_acted_versions &&
         same_bits(a.rollout_observations, b.rollout_observations) &&
         a.rollout_actions == b.rollout_actions &&
         same_bits(a.rollout_rewards, b.rollout_rewards) &&
         same_bits(a.rollout_behaviour_log_probs, b.rollout_behaviour_log_probs) &&
         a.awaiting_bootstrap == b.awaiting_bootstrap &&
         same_bits(a.episode_return, b.episode_return) && a.episode_length == b.episode_length &&
         a.env.seed == b.env.seed && a.env.resets == b.env.resets && a.env.actions == b.env.actions;
}

// Every field equal, floats bit for bit.
inline bool identical(const WorkerState& a, const WorkerState& b) {
  if (a.agents.size() != b.agents.size()) return false;
  for (std::size_t i = 0; i < a.agents.size(); ++i) {
    if (!identical(a.agents[i], b.agents[i])) return false;
  }
  return a.worker == b.worker && same_bits(a.params, b.params) && a.version == b.version &&
         a.local_steps == b.local_steps &&
         same_bits(a.local_optimizer.first, b.local_optimizer.first) &&
         same_bits(a.local_optimizer.second, b.local_optimizer.second) &&
         a.local_optimizer.steps == b.local_optimizer.steps &&
         same_bits(a.accumulated, b.accumulated) && same_bits(a.at_pull, b.at_pull) &&
         a.unreported_frames == b.unreported_frames &&
         a.unreported_episodes == b.unreported_episodes;
}

// Every field equal, floats and doubles bit for bit (so NaN equals the same NaN).
inline bool identical(const Checkpoint& a, const Checkpoint& b) {
  if (a.workers.size() != b.workers.size()) return false;
  for (std::size_t i = 0; i < a.workers.size(); ++i) {
    if (!identical(a.workers[i], b.workers[i])) return false;
  }
  if (a.shards.size() != b.shards.size()) return false;
  for (std::size_t i = 0; i < a.shards.size(); ++i) {
    const ShardState& x = a.shards[i];
    const ShardState& y = b.shards[i];
    if (x.index != y.index || x.offset != y.offset || !same_bits(x.params, y.params) ||
        !same_bits(x.slots.first, y.slots.first) || !same_bits(x.slots.second, y.slots.second) ||
        x.slots.steps != y.slots.steps || x.version != y.version) {
      return false;
    }
  }
  return a.signature == b.signature && a.env_id == b.env_id && a.ps_rank == b.ps_rank &&
         a.num_ps_ranks == b.num_ps_ranks && a.num_shards == b.num_shards &&
         a.optimizer == b.optimizer && a.frames == b.frames && a.episodes == b.episodes &&
         a.updates == b.updates && a.lr_schedule_frames == b.lr_schedule_frames &&
         a.config_toml == b.config_toml && same_bits(a.wall_time_unix_s, b.wall_time_unix_s) &&
         same_bits(a.elapsed_s, b.elapsed_s);
}

}  // namespace ga3c::checkpoint::testing
