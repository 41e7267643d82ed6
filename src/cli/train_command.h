// `ga3c train`: prepares the run directory, writes config.toml and runs the training.
#pragma once

#include "config/train_options.h"

namespace ga3c::cli {

// Returns the process exit code: 0 done (or stopped by a signal), 2 bad input (one line on
// stderr, nothing written), 1 a failure during training. Under an MPI launcher with more
// than one rank, runs this rank's part of the job (mpi_train_command.h).
int run_train_command(config::TrainOptions& options);

}  // namespace ga3c::cli
