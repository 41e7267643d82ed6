// What agents hand to trainers and to the episode log.
#pragma once

#include <cstdint>
#include <vector>

namespace ga3c::runtime {

// Up to t_max consecutive transitions of one agent, with their n-step returns.
struct Rollout {
  int agent = 0;
  int64_t acted_version = 0;        // local model version that chose the first action
  std::vector<float> observations;  // [n, obs_size] float32, row-major
  std::vector<int64_t> actions;     // [n]
  std::vector<float> returns;       // [n] n-step returns of clipped rewards
  std::size_t size() const { return actions.size(); }
};

// One finished episode, with its raw (unclipped) return.
struct EpisodeRecord {
  int agent = 0;
  double episode_return = 0.0;
  int64_t length = 0;  // agent steps (= environment frames; built-in envs skip no frames)
  bool truncated = false;  // ended by the episode limit (Gymnasium's truncated) and not terminated
};

}  // namespace ga3c::runtime
