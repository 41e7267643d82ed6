// A node's running counters: written by its threads, read by the status loop.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace ga3c::node {

struct NodeCounters {
  std::atomic<int64_t> frames{0};              // environment frames stepped by this node
  std::atomic<int64_t> episodes{0};            // episodes finished
  std::atomic<int64_t> prediction_batches{0};  // PPS counts these, as GA3C does
  std::atomic<int64_t> predictions{0};         // observations predicted
  std::atomic<int64_t> training_batches{0};    // TPS counts these
  std::atomic<int64_t> trained_samples{0};
  std::atomic<int64_t> syncs{0};
  std::atomic<int64_t> sync_us{0};    // push + pull time summed, microseconds
  std::atomic<int64_t> lag_milli{0};  // policy lag summed per sync, thousandths
  // Busy time by kind of work, summed over threads, nanoseconds (the benchmark's shares).
  std::atomic<int64_t> env_ns{0};      // agents stepping environments and closing rollouts
  std::atomic<int64_t> predict_ns{0};  // batching and forward passes
  std::atomic<int64_t> train_ns{0};    // loss, backward and local optimizer steps
  // The update path waiting on syncs: the whole exchange without --sync-overlap; with it,
  // only the waits for an exchange still in flight at the next sync.
  std::atomic<int64_t> sync_blocked_ns{0};
};

// Adds the time from construction to destruction to a counter.
class BusyTimer {
 public:
  explicit BusyTimer(std::atomic<int64_t>& counter)
      : counter_(counter), start_(std::chrono::steady_clock::now()) {}
  ~BusyTimer() {
    counter_.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now() - start_)
                           .count(),
                       std::memory_order_relaxed);
  }
  BusyTimer(const BusyTimer&) = delete;
  BusyTimer& operator=(const BusyTimer&) = delete;

 private:
  std::atomic<int64_t>& counter_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace ga3c::node
