// What a worker rank tells parameter-server rank 0 between syncs, for the job's one status
// line, its system.csv and episodes.csv, and the target-return stop: the node's running
// counters and the episodes finished since its previous status. Travels as doubles (counts
// below 2^53 stay exact).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "metrics/counters_snapshot.h"
#include "metrics/episode_record.h"

namespace ga3c::comm {

// Frames and episodes are not in it: server 0 counts those exactly from the workers' reports.
struct WorkerStatus {
  metrics::CountersSnapshot counters;
  bool interrupted = false;  // the worker's process got SIGINT or SIGTERM
  // The worker's view of the job's frames as it took episodes_since_last: every episode it
  // sends later is stamped at least this (server 0 writes episodes.csv in stamp order).
  int64_t frames = 0;
  std::vector<metrics::EpisodeRecord> episodes_since_last;
};

std::vector<double> encode(const WorkerStatus& status);
// Throws std::invalid_argument when the doubles are not an encoded WorkerStatus.
WorkerStatus decode_worker_status(const double* data, std::size_t n);

}  // namespace ga3c::comm
