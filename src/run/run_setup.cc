#include "run/run_setup.h"

#include <torch/torch.h>

#include "env/registry.h"
#include "model/actor_critic.h"
#include "model/flat_parameters.h"

namespace ga3c::run {

RunSetup make_run_setup(const config::TrainConfig& config) {
  RunSetup s;
  const auto probe = env::make_env(config.env_id, config::env_options(config));
  s.spec = probe->observation_spec();
  s.num_actions = probe->num_actions();
  const model::NetworkLayout layout = config::network_layout(config);
  s.make_net = [layout, spec = s.spec, n = s.num_actions] {
    return model::make_actor_critic(layout, spec, n);
  };

  // Only the initial parameters need the chosen init: make_net's networks are overwritten.
  torch::manual_seed(config.seed);
  auto initial_net = model::make_actor_critic(layout, s.spec, s.num_actions,
                                              model::parse_init_scheme(config.init));
  model::FlatParameters initial_flat(*initial_net);
  s.initial.assign(initial_flat.data(), initial_flat.data() + initial_flat.size());

  s.server.num_shards = config.num_ps;
  s.server.optimizer_state = config.optimizer_state;
  s.server.apply = config.ps_apply;
  s.server.optimizer = config.optimizer;
  s.server.lr = config.lr;
  s.server.lr_schedule = config.lr_schedule;
  s.server.max_frames = config.max_frames;
  s.server.workers = config.workers;
  s.server.lr_worker_scaling = config.lr_worker_scaling;

  s.signature.network = model::to_string(
      model::NetworkLayout{model::resolve_network_kind(layout.kind, s.spec), layout.lstm_size});
  s.signature.observation_shape = s.spec.shape;
  s.signature.num_actions = s.num_actions;
  s.signature.num_params = s.initial.size();
  return s;
}

RunIdentity run_identity(const RunSetup& setup, const config::TrainConfig& config,
                         const std::string& config_toml, int num_ps_ranks) {
  RunIdentity id;
  id.signature = setup.signature;
  id.env_id = config.env_id;
  id.config_toml = config_toml;
  id.num_ps_ranks = num_ps_ranks;
  id.num_shards = setup.server.num_shards;
  id.optimizer = config.optimizer.kind;
  return id;
}

}  // namespace ga3c::run
