// The parameter server: the global network as P shards, the global optimizer, the global
// counters and the stop decision. In one process it is shared by every worker node through
// comm::InProcessLink; under MPI each server rank holds its shards behind comm's serve loop.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "algo/flat_optimizer.h"
#include "algo/lr_schedule.h"
#include "ps/shard.h"
#include "ps/shard_layout.h"

namespace ga3c::ps {

struct ParameterServerConfig {
  int num_shards = 1;
  OptimizerStateMode optimizer_state = OptimizerStateMode::kShared;
  algo::OptimizerConfig optimizer;
  float lr = 3e-4f;
  algo::LrSchedule lr_schedule = algo::LrSchedule::kConstant;
  int64_t max_frames = 0;  // environment frames; stop once reached (0: never)
};

// Totals after a report, and whether every worker must stop.
struct GlobalProgress {
  int64_t frames = 0;    // environment frames, all workers
  int64_t episodes = 0;  // finished episodes, all workers
  int64_t updates = 0;   // pushes applied (one per worker sync, all shards counted once)
  bool stop = false;
};

// Thread-safe: any number of worker threads may push, pull and report at once.
class ParameterServer {
 public:
  // initial: the flat parameter vector (split into config.num_shards shards).
  // Throws std::invalid_argument for a bad shard count or learning rate.
  ParameterServer(const std::vector<float>& initial, const ParameterServerConfig& config);
  ParameterServer(const ParameterServer&) = delete;
  ParameterServer& operator=(const ParameterServer&) = delete;

  int num_shards() const { return static_cast<int>(shards_.size()); }
  const std::vector<ShardRange>& layout() const { return layout_; }
  std::size_t num_params() const { return num_params_; }

  // Applies a gradient (shared state) or delta (local state) of layout()[shard].size floats,
  // atomically; the learning rate follows the schedule at the current global frame count.
  // Returns the shard's version after it. Throws std::out_of_range for a bad shard index.
  int64_t push(int shard, const float* update, std::size_t n);

  // Copies shard `shard` into out and returns its version.
  int64_t pull(int shard, float* out, std::size_t n) const;

  // Adds a worker's frame and episode increments; counts one update when `synced` (once per
  // worker sync, whatever the shard count). Returns the totals and the stop decision.
  GlobalProgress report(int64_t frames, int64_t episodes, bool synced);

  // Asks every worker to stop at its next report (signal, target reached, fatal error).
  void request_stop() { stop_requested_.store(true); }
  GlobalProgress progress() const;
  // The learning rate the next push would use.
  float current_lr() const;
  const Shard& shard(int s) const { return *shards_.at(s); }

 private:
  const ParameterServerConfig config_;
  std::size_t num_params_;
  std::vector<ShardRange> layout_;
  std::vector<std::unique_ptr<Shard>> shards_;
  std::atomic<int64_t> frames_{0};
  std::atomic<int64_t> episodes_{0};
  std::atomic<int64_t> updates_{0};
  std::atomic<bool> stop_requested_{false};
};

}  // namespace ga3c::ps
