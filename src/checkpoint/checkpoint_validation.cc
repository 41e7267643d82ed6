#include "checkpoint/checkpoint_validation.h"

#include <cmath>

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

std::string slots_problem(const ShardState& shard, algo::OptimizerKind kind) {
  const std::size_t n = shard.params.size();
  const auto& slots = shard.slots;
  const std::string where = "shard " + std::to_string(shard.index);
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
  if (shard.version < 0) return where + " has version " + str(shard.version);
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
    if (std::string p = slots_problem(shard, c.optimizer); !p.empty()) return p;
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
  return shards_problem(c);
}

}  // namespace ga3c::checkpoint
