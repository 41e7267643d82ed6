// A checkpoint's network rebuilt and loaded (`ga3c eval`, `ga3c export`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "env/observation_spec.h"
#include "model/actor_critic.h"

namespace ga3c::run {

// "observation [10, 10, 4], 3 actions", as errors name what a network is for.
std::string observation_and_actions(const std::vector<int64_t>& shape, int64_t actions);

// Builds the network the checkpoint's signature names (model/network_kind.h: kind and LSTM)
// for observations of `spec` and `num_actions` actions, on the CPU, and loads the checkpoint's
// parameters into it. checkpoint: complete (checkpoint_directory.h merges the ranks); path
// names it in errors. Throws checkpoint::CheckpointError naming `path` when the signature's
// observation shape or action count differ from spec's and num_actions, it names an unknown
// network, the network does not fit spec, its parameter count differs from
// the signature's, or a parameter is NaN or infinite; std::invalid_argument for a shard
// outside the flat parameter vector.
std::shared_ptr<model::ActorCritic> load_network(const checkpoint::Checkpoint& checkpoint,
                                                 const std::string& path,
                                                 const env::ObservationSpec& spec, int num_actions);

}  // namespace ga3c::run
