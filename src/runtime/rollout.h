// What agents hand to trainers and to the episode log.
#pragma once

#include <cstdint>
#include <vector>

namespace ga3c::runtime {

// Up to t_max consecutive transitions of one agent, with their n-step returns.
struct Rollout {
  int agent = 0;
  std::vector<float> observations;  // [n, obs_size] float32, row-major
  std::vector<int64_t> actions;     // [n]
  // [n] global parameter version of the prediction that chose each action: a rollout that
  // spans a pull was acted partly by the newer version.
  std::vector<int64_t> acted_versions;
  std::vector<float> returns;       // [n] n-step returns of clipped rewards
  // For V-trace (algo/vtrace.h), which recomputes the rest with the trained parameters:
  std::vector<float> behaviour_log_probs;    // [n] log mu(a_t | x_t) of the acting prediction
  std::vector<float> rewards;                // [n] clipped rewards
  std::vector<float> bootstrap_observation;  // [obs_size] x_n; empty after a terminal state
  std::size_t size() const { return actions.size(); }
};

// One finished episode, with its raw (unclipped) return.
struct EpisodeRecord {
  int agent = 0;
  double episode_return = 0.0;
  int64_t length = 0;  // agent steps (= environment frames; built-in envs skip no frames)
  // The job's frames when it ended, as the node knew them (JobFrames); the node sets it.
  int64_t frames = 0;
  bool truncated = false;  // ended by the episode limit (Gymnasium's truncated) and not terminated
};

}  // namespace ga3c::runtime
