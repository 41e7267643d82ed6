// What every kind of run derives from its config the same way, in one process or on each MPI
// rank: the node's network factory, the initial global parameters (every rank computes the
// same ones from the seed, so none is sent) and the parameter server's config.
#pragma once

#include <vector>

#include "checkpoint/checkpoint.h"
#include "config/train_config.h"
#include "env/observation_spec.h"
#include "node/parameter_snapshots.h"
#include "ps/parameter_server.h"
#include "run/checkpointing.h"

namespace ga3c::run {

struct RunSetup {
  env::ObservationSpec spec;
  int num_actions = 0;
  node::ParameterSnapshots::NetFactory make_net;
  // The flat parameters of the network initialised as config.init says after seeding with
  // config.seed.
  std::vector<float> initial;
  ps::ParameterServerConfig server;
  checkpoint::ModelSignature signature;  // of make_net()'s network
};

// Throws what the environment registry and the network factory throw.
RunSetup make_run_setup(const config::TrainConfig& config);

// What the checkpoints of this run say of it; num_ps_ranks: the ranks that write files
// (1 in one process, --num-ps under MPI).
RunIdentity run_identity(const RunSetup& setup, const config::TrainConfig& config,
                         const std::string& config_toml, int num_ps_ranks);

}  // namespace ga3c::run
