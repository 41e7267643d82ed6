// What every kind of run derives from its config the same way, in one process or on each MPI
// rank: the node's network factory, the initial global parameters (every rank computes the
// same ones from the seed, so none is sent) and the parameter server's config.
#pragma once

#include <vector>

#include "env/observation_spec.h"
#include "ps/parameter_server.h"
#include "runtime/parameter_snapshots.h"
#include "runtime/train_config.h"

namespace ga3c::runtime {

struct RunSetup {
  env::ObservationSpec spec;
  int num_actions = 0;
  ParameterSnapshots::NetFactory make_net;
  std::vector<float> initial;  // the flat parameters of make_net() after seeding with config.seed
  ps::ParameterServerConfig server;
};

// Throws what the environment registry and the network factory throw.
RunSetup make_run_setup(const TrainConfig& config);

}  // namespace ga3c::runtime
