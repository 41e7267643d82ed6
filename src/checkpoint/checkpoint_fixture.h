// Small checkpoints with every field set, for the tests and the fuzzer's seed corpus.
#pragma once

#include <cstring>
#include <limits>
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

inline bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

inline bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every field equal, floats and doubles bit for bit (so NaN equals the same NaN).
inline bool identical(const Checkpoint& a, const Checkpoint& b) {
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
