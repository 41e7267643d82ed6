// Checkpoints of a freshly initialised network, as a run would save them before its first
// update: for the evaluation tests and the ga3c_make_test_checkpoint tool, while `ga3c train`
// writes none of its own.
#pragma once

#include <string>
#include <vector>

#include <torch/torch.h>

#include "checkpoint/checkpoint.h"
#include "env/registry.h"
#include "model/actor_critic.h"
#include "model/flat_parameters.h"
#include "ps/shard_layout.h"

namespace ga3c::run::testing {

// One Checkpoint per parameter-server rank (rank r holds shard r of num_ps_ranks), for the
// `network` ("mlp", "minatar-cnn") of env_id initialised after torch::manual_seed(seed),
// saved at `frames`; config_toml says env_id and sticky_action_prob as a run's config.toml
// does. Throws what make_env, make_actor_critic and shard_layout throw.
inline std::vector<checkpoint::Checkpoint> make_untrained_checkpoint(
    const std::string& env_id, const std::string& network, uint64_t seed, int num_ps_ranks = 1,
    double sticky_action_prob = 0.1, int64_t frames = 4000) {
  const env::EnvPtr env = env::make_env(env_id);
  const env::ObservationSpec& spec = env->observation_spec();
  torch::manual_seed(seed);
  const auto net =
      model::make_actor_critic(model::parse_network_kind(network), spec, env->num_actions());
  const model::FlatParameters flat(*net);
  const auto ranges = ps::shard_layout(flat.size(), num_ps_ranks);
  std::vector<checkpoint::Checkpoint> ranks(num_ps_ranks);
  for (int r = 0; r < num_ps_ranks; ++r) {
    checkpoint::Checkpoint& c = ranks[r];
    c.signature = {network, spec.shape, env->num_actions(), flat.size()};
    c.env_id = env_id;
    c.ps_rank = r;
    c.num_ps_ranks = num_ps_ranks;
    c.num_shards = num_ps_ranks;
    c.optimizer = algo::OptimizerKind::kSgd;  // keeps no slots
    checkpoint::ShardState shard;
    shard.index = r;
    shard.offset = ranges[r].offset;
    shard.params.assign(flat.data() + ranges[r].offset,
                        flat.data() + ranges[r].offset + ranges[r].size);
    c.shards.push_back(std::move(shard));
    c.frames = frames;
    c.config_toml = "[train]\nenv = \"" + env_id +
                    "\"\nsticky-actions = " + std::to_string(sticky_action_prob) + "\n";
  }
  return ranks;
}

}  // namespace ga3c::run::testing
