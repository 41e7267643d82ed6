// What a worker rank tells parameter-server rank 0 between syncs, for the job's one status
// line, its system.csv and episodes.csv, and the target-return stop: the node's running
// counters and the episodes finished since its previous status. Travels as doubles (counts
// below 2^53 stay exact).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ga3c::comm {

struct FinishedEpisode {
  int agent = 0;
  double episode_return = 0.0;  // raw
  int64_t length = 0;           // agent steps
  int64_t frames = 0;           // the job's frames when it ended, as the worker knew them
  bool truncated = false;       // ended by the episode limit, not terminated
};

// Frames and episodes are not in it: server 0 counts those exactly from the workers' reports.
struct WorkerStatus {
  // Running totals of the node since it started.
  int64_t prediction_batches = 0, training_batches = 0, syncs = 0, sync_us = 0, lag_milli = 0;
  // Now.
  int64_t prediction_queue = 0, training_queue = 0;
  bool interrupted = false;  // the worker's process got SIGINT or SIGTERM
  // The worker's view of the job's frames as it took episodes_since_last: every episode it
  // sends later is stamped at least this (server 0 writes episodes.csv in stamp order).
  int64_t frames = 0;
  std::vector<FinishedEpisode> episodes_since_last;
};

std::vector<double> encode(const WorkerStatus& status);
// Throws std::invalid_argument when the doubles are not an encoded WorkerStatus.
WorkerStatus decode_worker_status(const double* data, std::size_t n);

}  // namespace ga3c::comm
