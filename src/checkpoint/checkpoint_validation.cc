#include "checkpoint/checkpoint_validation.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

namespace ga3c::checkpoint {
namespace {

std::string str(int64_t v) { return std::to_string(v); }
std::string str(std::size_t v) { return std::to_string(v); }

std::string signature_problem(const ModelSignature& s) {
  if (s.network.empty()) return "no network kind";
  if (s.observation_shape.empty()) return "no observation shape";
  for (int64_t d : s.observation_shape) {
    if (d < 1) return "observation dimension " + str(d) + " is below 1";
  }
  if (s.num_actions < 1) return str(s.num_actions) + " actions";
  if (s.num_params < 1) return "no parameters";
  return "";
}

// Optimizer slots for n parameters as an optimizer of `kind` keeps them.
std::string slots_problem(const algo::OptimizerSlots& slots, std::size_t n,
                          algo::OptimizerKind kind, const std::string& where) {
  for (const auto* slot : {&slots.first, &slots.second}) {
    if (!slot->empty() && slot->size() != n) {
      return where + " has an optimizer slot of " + str(slot->size()) + " floats for " + str(n) +
             " parameters";
    }
  }
  const bool first = !slots.first.empty();
  const bool second = !slots.second.empty();
  if (kind == algo::OptimizerKind::kSgd && (first || second)) {
    return where + " has optimizer slots, which sgd does not keep";
  }
  if (second && !first) return where + " has a second optimizer slot without a first";
  if (kind == algo::OptimizerKind::kAdam && first != second) {
    return where + " has one of Adam's two slots";
  }
  if (slots.steps < 0) return where + " has " + str(slots.steps) + " optimizer steps";
  return "";
}

bool all_below(const std::vector<int64_t>& values, int64_t limit) {
  for (int64_t v : values) {
    if (v < 0 || v >= limit) return false;
  }
  return true;
}

std::string agent_problem(const AgentState& a, std::size_t obs_size, int64_t num_actions,
                          const std::string& where) {
  std::mt19937_64 rng;
  std::istringstream rng_text(a.rng);
  if (!(rng_text >> rng)) return where + " has an unreadable random generator state";
  if (a.observation.size() != obs_size) {
    return where + " has an observation of " + str(a.observation.size()) + " floats, not " +
           str(obs_size);
  }
  const std::size_t n = a.rollout_actions.size();
  const std::size_t log_probs = a.rollout_behaviour_log_probs.size();
  if (a.rollout_observations.size() != n * obs_size || a.rollout_rewards.size() != n ||
      a.rollout_acted_versions.size() != n || (log_probs != n && log_probs != 0)) {
    return where + "'s rollout of " + str(n) + " actions has " +
           str(a.rollout_observations.size()) + " observation floats, " +
           str(a.rollout_rewards.size()) + " rewards, " + str(a.rollout_acted_versions.size()) +
           " acting versions and " + str(log_probs) + " behaviour log-probabilities";
  }
  for (float lp : a.rollout_behaviour_log_probs) {
    if (!(lp <= 0)) return where + " has a behaviour log-probability that is not <= 0";
  }
  const std::size_t initial = a.rollout_initial_state.size();
  if (initial != 0 && (n == 0 || initial != a.recurrent_state.size())) {
    return where + "'s rollout begins from a recurrent state of " + str(initial) +
           " floats, its agent holds one of " + str(a.recurrent_state.size());
  }
  for (const auto* state : {&a.recurrent_state, &a.rollout_initial_state}) {
    for (float x : *state) {
      if (!std::isfinite(x)) return where + " has a non-finite recurrent state";
    }
  }
  const std::vector<int64_t> env_actions(a.env.actions.begin(), a.env.actions.end());
  if (!all_below(a.rollout_actions, num_actions) || !all_below(env_actions, num_actions)) {
    return where + " has an action outside [0, " + str(num_actions) + ")";
  }
  // The environment replays the current episode, which the rollout ends.
  if (a.env.resets < 1 || a.episode_length != static_cast<int64_t>(env_actions.size()) ||
      n > env_actions.size() ||
      !std::equal(a.rollout_actions.begin(), a.rollout_actions.end(), env_actions.end() - n)) {
    return where + "'s rollout, episode and environment replay disagree";
  }
  if (a.awaiting_bootstrap && n == 0) return where + " awaits a bootstrap without a rollout";
  if (!std::isfinite(a.episode_return)) return where + " has a non-finite episode return";
  return "";
}

std::string worker_problem(const WorkerState& w, const Checkpoint& c) {
  const std::string where = "worker " + std::to_string(w.worker);
  const std::size_t n = c.signature.num_params;
  if (w.params.size() != n) {
    return where + " has " + str(w.params.size()) + " parameters, not " + str(n);
  }
  if (w.version < 0 || w.local_steps < 0) return where + " has a negative version or step count";
  if (std::string p = slots_problem(w.local_optimizer, n, c.optimizer, where); !p.empty()) {
    return p;
  }
  const bool shared = w.accumulated.size() == n && w.at_pull.empty();
  const bool local = w.at_pull.size() == n && w.accumulated.empty();
  if (!shared && !local) {
    return where + " holds " + str(w.accumulated.size()) + " accumulated gradients and " +
           str(w.at_pull.size()) + " pulled parameters for " + str(n) + " parameters";
  }
  if (w.unreported_frames < 0 || w.unreported_frames > c.frames || w.unreported_episodes < 0 ||
      w.unreported_episodes > c.episodes) {
    return where + "'s unreported frames or episodes exceed the totals";
  }
  if (w.agents.empty()) return where + " has no agents";
  std::size_t obs_size = 1;
  for (int64_t d : c.signature.observation_shape) obs_size *= static_cast<std::size_t>(d);
  for (std::size_t i = 0; i < w.agents.size(); ++i) {
    const std::string agent = where + " agent " + std::to_string(i);
    if (std::string p = agent_problem(w.agents[i], obs_size, c.signature.num_actions, agent);
        !p.empty()) {
      return p;
    }
  }
  return "";
}

std::string workers_problem(const Checkpoint& c) {
  if (!c.workers.empty() && c.ps_rank != 0) return "worker state outside rank 0's file";
  int previous = -1;
  for (const WorkerState& w : c.workers) {
    if (w.worker <= previous) return "workers out of order";
    if (std::string p = worker_problem(w, c); !p.empty()) return p;
    previous = w.worker;
  }
  return "";
}

std::string shards_problem(const Checkpoint& c) {
  if (c.shards.empty()) return "no shards";
  const std::size_t num_params = c.signature.num_params;
  int previous_index = -1;
  std::size_t previous_end = 0;
  for (const ShardState& shard : c.shards) {
    const std::string where = "shard " + std::to_string(shard.index);
    if (shard.index <= previous_index || shard.index >= c.num_shards) {
      return where + " out of order or not below " + std::to_string(c.num_shards) + " shards";
    }
    const std::size_t size = shard.params.size();
    if (size == 0) return where + " is empty";
    if (shard.offset < previous_end) return where + " overlaps the shard before it";
    if (shard.offset > num_params || size > num_params - shard.offset) {
      return where + " [" + str(shard.offset) + ", " + str(shard.offset + size) + ") exceeds the " +
             str(num_params) + " parameters";
    }
    if (std::string p = slots_problem(shard.slots, size, c.optimizer, where); !p.empty()) {
      return p;
    }
    if (shard.version < 0) return where + " has version " + str(shard.version);
    previous_index = shard.index;
    previous_end = shard.offset + size;
  }
  return "";
}

}  // namespace

std::string find_problem(const Checkpoint& c) {
  if (std::string p = signature_problem(c.signature); !p.empty()) return p;
  if (c.env_id.empty()) return "no environment id";
  if (c.num_ps_ranks < 1 || c.ps_rank < 0 || c.ps_rank >= c.num_ps_ranks) {
    return "rank " + std::to_string(c.ps_rank) + " of " + std::to_string(c.num_ps_ranks);
  }
  if (c.num_shards < c.num_ps_ranks ||
      static_cast<std::size_t>(c.num_shards) > c.signature.num_params) {
    return std::to_string(c.num_shards) + " shards for " + std::to_string(c.num_ps_ranks) +
           " ranks and " + str(c.signature.num_params) + " parameters";
  }
  if (c.frames < 0 || c.episodes < 0 || c.updates < 0 || c.lr_schedule_frames < 0) {
    return "a negative counter";
  }
  if (!std::isfinite(c.wall_time_unix_s) || !std::isfinite(c.elapsed_s) || c.elapsed_s < 0) {
    return "an invalid wall time";
  }
  if (std::string p = shards_problem(c); !p.empty()) return p;
  return workers_problem(c);
}

}  // namespace ga3c::checkpoint
