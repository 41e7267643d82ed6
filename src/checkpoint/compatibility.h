// Whether a checkpoint fits the run about to load it: the same environment and a network of the
// same signature. Parameters of another shape must never be copied into a network, and
// parameters of the same shape learned on another game would be silently wrong.
#pragma once

#include <string>

#include "checkpoint/checkpoint.h"

namespace ga3c::checkpoint {

// "mlp, observation [10, 10, 4], 6 actions, 12345 parameters" (field values quoted when they
// come from a file).
std::string describe(const ModelSignature& signature);

// Throws CheckpointError naming `path` when found.env_id differs from env_id (checked first:
// another environment explains another shape) or found.signature from `expected`; the message
// gives both sides and the fix.
void check_matches(const std::string& path, const Checkpoint& found, const std::string& env_id,
                   const ModelSignature& expected);

}  // namespace ga3c::checkpoint
