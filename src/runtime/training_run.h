// A whole training run in one process: the parameter server, `workers` GA3C nodes talking to
// it through memory, the status line and system.csv, and the stop on max_frames, on the
// target return or on request.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "checkpoint/checkpoint.h"
#include "metrics/run_recorder.h"
#include "runtime/train_config.h"

namespace ga3c::runtime {

struct TrainingSummary {
  int64_t frames = 0;    // environment frames, all workers
  int64_t episodes = 0;
  int64_t updates = 0;   // syncs applied by the parameter server
  double wall_s = 0;
  double mean_return_100 = 0;       // at the end
  double best_mean_return_100 = 0;  // best over 100 consecutive episodes (-inf: fewer ran)
  bool interrupted = false;         // stopped by *interrupt
  // Stopped by --stop-on-dead-network: a node's health check found a layer with no live unit.
  bool dead_network = false;
  // --ps-apply racy: applies that began while another to the same shard ran, in this process
  // (a resumed run counts from 0 again); -1 under --ps-apply locked.
  int64_t overlapping_applies = -1;
  // Busy seconds by kind of work, summed over every thread of every node.
  double env_s = 0, predict_s = 0, train_s = 0, sync_s = 0;
};

// How a run begins: afresh, or from a checkpoint that check_resumable accepted.
struct RunStart {
  std::string config_toml;  // the resolved config, saved in every checkpoint
  std::optional<checkpoint::Checkpoint> resume;
  std::string resume_path;  // one of its files, for messages
};

// Runs until the server's stop decision, the target return, or *interrupt turns true (a
// signal handler may set it). The recorder writes into the run directory config.run_dir,
// which the caller prepared; checkpoints go to its checkpoints/ every
// config.checkpoint_every_s seconds and once more at the end, also after *interrupt, but not
// after an error: the last checkpoint then is the last good one. A config.deterministic run
// stops at exactly max_frames frames and saves its worker's state too, periodic saves
// between two agent steps. Throws std::invalid_argument
// for a config that cannot run (message names the setting), CheckpointError when a save
// fails, and rethrows the first error of any node thread.
TrainingSummary run_training(const TrainConfig& config, metrics::RunRecorder& recorder,
                             const RunStart& start, const std::atomic<bool>* interrupt = nullptr);

}  // namespace ga3c::runtime
