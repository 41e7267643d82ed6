#include "runtime/run_setup.h"

#include <torch/torch.h>

#include "env/registry.h"
#include "model/actor_critic.h"
#include "model/flat_parameters.h"

namespace ga3c::runtime {

RunSetup make_run_setup(const TrainConfig& config) {
  RunSetup s;
  env::EnvOptions env_options;
  env_options.sticky_action_prob = config.sticky_action_prob;
  const auto probe = env::make_env(config.env_id, env_options);
  s.spec = probe->observation_spec();
  s.num_actions = probe->num_actions();
  const model::NetworkKind kind = model::parse_network_kind(config.network);
  s.make_net = [kind, spec = s.spec, n = s.num_actions] {
    return model::make_actor_critic(kind, spec, n);
  };

  torch::manual_seed(config.seed);
  auto initial_net = s.make_net();
  model::FlatParameters initial_flat(*initial_net);
  s.initial.assign(initial_flat.data(), initial_flat.data() + initial_flat.size());

  s.server.num_shards = config.num_ps;
  s.server.optimizer_state = config.optimizer_state;
  s.server.optimizer = config.optimizer;
  s.server.lr = config.lr;
  s.server.lr_schedule = config.lr_schedule;
  s.server.max_frames = config.max_frames;
  s.server.workers = config.workers;
  s.server.lr_worker_scaling = config.lr_worker_scaling;
  return s;
}

}  // namespace ga3c::runtime
