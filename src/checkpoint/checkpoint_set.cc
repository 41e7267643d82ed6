#include "checkpoint/checkpoint_set.h"

#include <algorithm>

#include "checkpoint/checkpoint_error.h"

namespace ga3c::checkpoint {
namespace {

const char kUseEarlier[] = "use an earlier checkpoint";

// Everything but the shards, the writing rank and the times: one checkpoint's ranks must agree.
bool same_run_state(const Checkpoint& a, const Checkpoint& b) {
  return a.signature == b.signature && a.env_id == b.env_id && a.num_ps_ranks == b.num_ps_ranks &&
         a.num_shards == b.num_shards && a.optimizer == b.optimizer && a.frames == b.frames &&
         a.episodes == b.episodes && a.updates == b.updates &&
         a.lr_schedule_frames == b.lr_schedule_frames && a.config_toml == b.config_toml;
}

}  // namespace

Checkpoint merge_ranks(std::vector<Checkpoint> parts, const std::string& name) {
  if (parts.empty()) throw CheckpointError(name, "no files", kUseEarlier);
  std::sort(parts.begin(), parts.end(),
            [](const Checkpoint& a, const Checkpoint& b) { return a.ps_rank < b.ps_rank; });
  const int num_ranks = parts.front().num_ps_ranks;
  std::string missing;  // ranks without a file, "0, 3"
  std::size_t next = 0;
  for (int rank = 0; rank < num_ranks; ++rank) {
    if (next < parts.size() && parts[next].ps_rank == rank) {
      if (!same_run_state(parts[next], parts.front())) {
        throw CheckpointError(name,
                              "the files of ranks " + std::to_string(parts.front().ps_rank) +
                                  " and " + std::to_string(rank) + " disagree on the run's state",
                              kUseEarlier);
      }
      if (++next < parts.size() && parts[next].ps_rank == rank) {
        throw CheckpointError(name, "two files of rank " + std::to_string(rank), kUseEarlier);
      }
    } else {
      missing += (missing.empty() ? "" : ", ") + std::to_string(rank);
    }
  }
  if (next != parts.size()) {  // a rank beyond num_ranks: the files disagree on the count
    throw CheckpointError(name,
                          "the files of ranks " + std::to_string(parts.front().ps_rank) + " and " +
                              std::to_string(parts[next].ps_rank) + " disagree on the run's state",
                          kUseEarlier);
  }
  if (!missing.empty()) {
    throw CheckpointError(name,
                          "incomplete: " + std::to_string(parts.size()) + " of " +
                              std::to_string(num_ranks) +
                              " parameter-server rank files (missing rank " + missing + ")",
                          kUseEarlier);
  }
  Checkpoint merged = std::move(parts.front());
  for (std::size_t r = 1; r < parts.size(); ++r) {
    for (ShardState& shard : parts[r].shards) merged.shards.push_back(std::move(shard));
  }
  std::sort(merged.shards.begin(), merged.shards.end(),
            [](const ShardState& a, const ShardState& b) { return a.index < b.index; });
  std::size_t end = 0;
  for (std::size_t i = 0; i < merged.shards.size(); ++i) {
    const ShardState& shard = merged.shards[i];
    if (shard.index != static_cast<int>(i) || shard.offset != end) {
      throw CheckpointError(name,
                            "shards do not tile the parameters (shard " +
                                std::to_string(shard.index) + " at position " + std::to_string(i) +
                                ", offset " + std::to_string(shard.offset) + ")",
                            kUseEarlier);
    }
    end += shard.params.size();
  }
  if (static_cast<int>(merged.shards.size()) != merged.num_shards ||
      end != merged.signature.num_params) {
    throw CheckpointError(name,
                          "incomplete: " + std::to_string(merged.shards.size()) + " of " +
                              std::to_string(merged.num_shards) + " shards, " +
                              std::to_string(end) + " of " +
                              std::to_string(merged.signature.num_params) + " parameters",
                          kUseEarlier);
  }
  return merged;
}

}  // namespace ga3c::checkpoint
