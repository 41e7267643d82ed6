// A complete checkpoint: the files that parameter-server ranks 0 .. num_ps_ranks - 1 wrote at
// one frame count, merged into one Checkpoint that holds every shard.
#pragma once

#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"

namespace ga3c::checkpoint {

// Merges one decoded file per rank. The result has every shard in index order, ps_rank 0 and
// the times of rank 0's file. `name` (e.g. "checkpoints/ckpt-000000004000-ps*.ga3c") goes into
// errors. Throws CheckpointError when a rank is missing or repeated, when the files disagree on
// anything but their shards and times, or when the shards do not cover the flat parameter
// vector exactly once in index order.
Checkpoint merge_ranks(std::vector<Checkpoint> parts, const std::string& name);

}  // namespace ga3c::checkpoint
