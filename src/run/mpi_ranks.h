// One rank's part of a training job under MPI (roles in comm/mpi_roles.h).
//   Server rank s: serves shard s of the global parameters (comm/mpi_server.h) until every
//     worker said goodbye. Rank 0 also owns the job's counters and the stop decision
//     (max_frames, target_return over the job's last 100 episodes, SIGINT/SIGTERM on any
//     rank), and prints the job's one status line and writes its system.csv and episodes.csv.
//   Worker rank P+k: runs GA3C node k over an MpiLink, with agent seeds agent_seed(seed, k,
//     agent) as in-process worker k has (logged at start), and sends its status (counters and
//     finished episodes) to server 0 every min(1 s, peer_timeout / 4), which doubles as its
//     heartbeat to every server.
// A fatal error on any rank ends every rank (MPI_Abort); the callers turn exceptions into that.
#pragma once

#include <atomic>

#include "comm/mpi_roles.h"
#include "config/train_config.h"
#include "metrics/run_recorder.h"
#include "run/training_run.h"

namespace ga3c::run {

// recorder: server rank 0's (episodes.csv and system.csv); null on the other servers.
// start: as run_training's; every server restores its shard from start.resume, rank 0 the
// counters. Checkpoints: rank 0 decides when (config.checkpoint_every_s, and once more after
// the workers left) and orders the others (comm::MpiServer), so each writes its shard's file
// with the same counts into config.run_dir/checkpoints. Returns the job's totals on rank 0
// (frames, episodes, updates, returns), zeros elsewhere. Throws CheckpointError when a
// checkpoint cannot be restored or saved.
TrainingSummary run_mpi_server(const config::TrainConfig& config, const comm::MpiRoles& roles,
                               metrics::RunRecorder* recorder, const RunStart& start,
                               const std::atomic<bool>* interrupt);

// recorder: this worker's (episodes-w<k>.csv, train-w<k>.csv, sync-w<k>.csv). Returns this
// node's figures. Rethrows the first error of any node thread.
TrainingSummary run_mpi_worker(const config::TrainConfig& config, const comm::MpiRoles& roles,
                               metrics::RunRecorder& recorder, const std::atomic<bool>* interrupt);

}  // namespace ga3c::run
