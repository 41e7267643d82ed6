#include "run/checkpoint_network.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "checkpoint/checkpoint_error.h"
#include "model/flat_parameters.h"
#include "model/network_kind.h"

namespace ga3c::run {

using checkpoint::CheckpointError;
using checkpoint::quoted;

std::string observation_and_actions(const std::vector<int64_t>& shape, int64_t actions) {
  std::string s = "observation [";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "], " + std::to_string(actions) + " actions";
}

std::shared_ptr<model::ActorCritic> load_network(const checkpoint::Checkpoint& c,
                                                 const std::string& path,
                                                 const env::ObservationSpec& spec,
                                                 int num_actions) {
  const checkpoint::ModelSignature& signature = c.signature;
  const std::string trained =
      observation_and_actions(signature.observation_shape, signature.num_actions);
  const std::string here = observation_and_actions(spec.shape, num_actions);
  if (trained != here) {
    throw CheckpointError(path,
                          "its network is for " + trained + ", but " + c.env_id + " has " + here,
                          "use the ga3c version that wrote it");
  }
  model::NetworkLayout layout;
  try {
    layout = model::parse_network_layout(signature.network);
  } catch (const std::invalid_argument&) {
  }
  if (layout.kind == model::NetworkKind::kAuto) {  // a checkpoint names the network it resolved
    throw CheckpointError(path, "has an unknown network " + quoted(signature.network),
                          "use the ga3c version that wrote it");
  }
  std::shared_ptr<model::ActorCritic> net;
  try {
    net = model::make_actor_critic(layout, spec, num_actions);
  } catch (const std::invalid_argument& e) {
    throw CheckpointError(path, e.what(), "use the ga3c version that wrote it");
  }
  // The parameters become views of flat's buffer, which they keep alive after it goes.
  model::FlatParameters flat(*net);
  if (signature.num_params != flat.size()) {
    throw CheckpointError(path,
                          "holds " + std::to_string(signature.num_params) +
                              " parameters, but the " + signature.network + " network for " +
                              observation_and_actions(spec.shape, num_actions) + " has " +
                              std::to_string(flat.size()),
                          "use the ga3c version that wrote it");
  }
  // merge_ranks has checked that the shards tile [0, num_params) in order.
  std::size_t non_finite = 0;
  for (const auto& shard : c.shards) {
    if (shard.offset + shard.params.size() > flat.size()) {
      throw std::invalid_argument("checkpoint shard " + std::to_string(shard.index) +
                                  " lies outside the flat parameter vector");
    }
    std::copy(shard.params.begin(), shard.params.end(), flat.data() + shard.offset);
    for (float p : shard.params) non_finite += !std::isfinite(p);
  }
  if (non_finite > 0) {
    throw CheckpointError(path,
                          std::to_string(non_finite) + " of its " + std::to_string(flat.size()) +
                              " parameters are NaN or infinite (training diverged)",
                          "use an earlier checkpoint");
  }
  return net;
}

}  // namespace ga3c::run
