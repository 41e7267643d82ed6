// `ga3c train` on one rank of an MPI job (see run/mpi_ranks.h for the roles).
#pragma once

#include "comm/mpi_world.h"
#include "config/train_options.h"

namespace ga3c::cli {

// Every rank parses the same flags and checks them against the world size; only rank 0
// says what is wrong (one line) and every rank returns 2. Rank 0 makes the run directory
// and its config.toml and tells the other ranks its name. Returns 0 on every rank after a
// normal end (max frames, target, signal); a failure on any rank ends the whole job through
// MPI_Abort instead of returning.
int run_mpi_train_command(config::TrainOptions& options, comm::MpiWorld& world);

}  // namespace ga3c::cli
