// What agents hand to trainers (the episodes they finish: metrics/episode_record.h).
#pragma once

#include <cstdint>
#include <vector>

namespace ga3c::node {

// Up to t_max consecutive transitions of one agent, with their n-step returns.
struct Rollout {
  int agent = 0;
  std::vector<float> observations;  // [n, obs_size] float32, row-major
  // [state_size] float32: a recurrent network's state before observations[0] (h then c), from
  // which trainers unroll the n steps; empty for a feed-forward network.
  std::vector<float> initial_state;
  std::vector<int64_t> actions;  // [n]
  // [n] global parameter version of the prediction that chose each action: a rollout that
  // spans a pull was acted partly by the newer version.
  std::vector<int64_t> acted_versions;
  std::vector<float> returns;  // [n] n-step returns of clipped rewards
  // For V-trace (algo/vtrace.h), which recomputes the rest with the trained parameters:
  std::vector<float> behaviour_log_probs;    // [n] log mu(a_t | x_t) of the acting prediction
  std::vector<float> rewards;                // [n] clipped rewards
  std::vector<float> bootstrap_observation;  // [obs_size] x_n; empty after a terminal state
  std::size_t size() const { return actions.size(); }
};

}  // namespace ga3c::node
