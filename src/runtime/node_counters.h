// A node's running counters: written by its threads, read by the status loop.
#pragma once

#include <atomic>
#include <cstdint>

namespace ga3c::runtime {

struct NodeCounters {
  std::atomic<int64_t> frames{0};              // environment frames stepped by this node
  std::atomic<int64_t> episodes{0};            // episodes finished
  std::atomic<int64_t> prediction_batches{0};  // PPS counts these, as GA3C does
  std::atomic<int64_t> predictions{0};         // observations predicted
  std::atomic<int64_t> training_batches{0};    // TPS counts these
  std::atomic<int64_t> trained_samples{0};
  std::atomic<int64_t> syncs{0};
  std::atomic<int64_t> sync_us{0};             // push + pull time summed, microseconds
  std::atomic<int64_t> lag_milli{0};           // policy lag summed per sync, thousandths
};

}  // namespace ga3c::runtime
