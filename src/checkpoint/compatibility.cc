#include "checkpoint/compatibility.h"

#include "checkpoint/checkpoint_error.h"

namespace ga3c::checkpoint {

std::string describe(const ModelSignature& s) {
  std::string shape = "[";
  for (std::size_t i = 0; i < s.observation_shape.size(); ++i) {
    shape += (i ? ", " : "") + std::to_string(s.observation_shape[i]);
  }
  return quoted(s.network) + ", observation " + shape + "], " + std::to_string(s.num_actions) +
         " actions, " + std::to_string(s.num_params) + " parameters";
}

void check_matches(const std::string& path, const Checkpoint& found, const std::string& env_id,
                   const ModelSignature& expected) {
  if (found.env_id != env_id) {
    throw CheckpointError(path, "trained on " + quoted(found.env_id) + ", not on " + quoted(env_id),
                          "use --env " + found.env_id + " or a checkpoint trained on " + env_id);
  }
  if (found.signature != expected) {
    throw CheckpointError(path,
                          "network does not match: the checkpoint has " +
                              describe(found.signature) + ", this run has " + describe(expected),
                          "run with the settings in the checkpoint's config.toml, or start a "
                          "new run");
  }
}

}  // namespace ga3c::checkpoint
