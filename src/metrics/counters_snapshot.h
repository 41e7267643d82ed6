// A node's running counters at one moment, as a status line and a system.csv row need them:
// read from the node's atomics in one process, carried in a worker's status under MPI
// (comm/worker_status.h), and summed over the job's nodes.
#pragma once

#include <cstdint>

namespace ga3c::metrics {

struct CountersSnapshot {
  // Totals since the node started.
  int64_t prediction_batches = 0, training_batches = 0, syncs = 0;
  int64_t sync_us = 0;    // push + pull time, microseconds
  int64_t lag_milli = 0;  // policy lag summed per sync, thousandths of a version
  // Now: rollouts and observations waiting.
  int64_t prediction_queue = 0, training_queue = 0;

  CountersSnapshot& operator+=(const CountersSnapshot& o) {
    prediction_batches += o.prediction_batches;
    training_batches += o.training_batches;
    syncs += o.syncs;
    sync_us += o.sync_us;
    lag_milli += o.lag_milli;
    prediction_queue += o.prediction_queue;
    training_queue += o.training_queue;
    return *this;
  }
};

}  // namespace ga3c::metrics
