// The invariants of a checkpoint, checked both before writing and after reading, so that a
// file that passes the reader can be restored without further checks.
#pragma once

#include <string>

#include "checkpoint/checkpoint.h"

namespace ga3c::checkpoint {

// The first broken invariant as a phrase ("shard 2 overlaps shard 1"), or "" when none:
// a complete signature and environment id; 0 <= ps_rank < num_ps_ranks <= num_shards <=
// num_params; at least one shard; shard indices ascending below num_shards; shards non-empty,
// non-overlapping and inside the flat vector; each optimizer slot empty or one float per
// parameter, as the optimizer kind keeps them; counters, versions and steps not negative;
// times finite, elapsed_s not negative; worker states (rank 0 only, ascending) of num_params
// parameters with slots as the optimizer keeps them, an accumulator or pulled copy of
// num_params floats, unreported counts within the totals, and agents whose observation,
// rollout, actions, random-generator text and environment replay fit the signature and agree
// with each other.
std::string find_problem(const Checkpoint& checkpoint);

}  // namespace ga3c::checkpoint
