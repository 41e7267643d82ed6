// A whole training run in one process: the parameter server, `workers` GA3C nodes talking to
// it through memory, the status line and system.csv, and the stop on max_frames, on the
// target return or on request.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "checkpoint/checkpoint.h"
#include "config/train_config.h"
#include "metrics/run_recorder.h"

namespace ga3c::run {

struct TrainingSummary {
  int64_t frames = 0;  // environment frames, all workers
  int64_t episodes = 0;
  int64_t updates = 0;  // syncs applied by the parameter server
  double wall_s = 0;
  double mean_return_100 = 0;       // at the end
  double best_mean_return_100 = 0;  // best over 100 consecutive episodes (-inf: fewer ran)
  bool interrupted = false;         // stopped by *interrupt
  // Stopped by --stop-on-dead-network: a node's health check found a layer with no live unit.
  bool dead_network = false;
  // --ps-apply racy: applies that began while another to the same shard ran, in this process
  // (a resumed run counts from 0 again); -1 under --ps-apply locked.
  int64_t overlapping_applies = -1;
  // --ps-apply racy with shared optimizer state: ps::Shard::lost_optimizer_steps summed (over
  // the whole run, a resume included; under MPI shard 0's); -1 otherwise.
  int64_t lost_optimizer_steps = -1;
  // Busy seconds by kind of work, summed over every thread of every node.
  double env_s = 0, predict_s = 0, train_s = 0, sync_s = 0;
};

struct RunSetup;  // run_setup.h

// How a run begins: afresh, or from a checkpoint that check_resumable accepted for its config
// (cli's resolve_run checks it before the run directory is touched; the run loops trust it).
struct RunStart {
  std::string config_toml;  // the resolved config, saved in every checkpoint
  std::optional<checkpoint::Checkpoint> resume;
  std::string resume_path;  // one of its files, for messages
  // What that check built from the same config, so that the network is not built again; null:
  // the run makes its own (make_run_setup).
  std::shared_ptr<const RunSetup> setup;
};

// Runs until the server's stop decision, the target return, or *interrupt turns true (a
// signal handler may set it). The recorder writes into the run directory config.run_dir,
// which the caller prepared; checkpoints go to its checkpoints/ every
// config.checkpoint_every_s seconds and once more at the end, also after *interrupt, but not
// after an error: the last checkpoint then is the last good one. A config.deterministic run
// stops at exactly max_frames frames and saves its worker's state too, periodic saves
// between two agent steps. config must have passed config::validate (TrainOptions::resolve
// runs it). Throws CheckpointError when a save fails, and rethrows the first error of any node
// thread.
TrainingSummary run_training(const config::TrainConfig& config, metrics::RunRecorder& recorder,
                             const RunStart& start, const std::atomic<bool>* interrupt = nullptr);

}  // namespace ga3c::run
