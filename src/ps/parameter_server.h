// The parameter server: the global network as P shards, the global optimizer, the global
// counters and the stop decision. In one process it is shared by every worker node through
// comm::InProcessLink; under MPI each server rank holds one Shard (made by make_shard) behind
// comm::MpiServer, and rank 0 the GlobalCounters.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algo/flat_optimizer.h"
#include "algo/schedule.h"
#include "ps/global_counters.h"
#include "ps/lr_worker_scaling.h"
#include "ps/shard.h"
#include "ps/shard_layout.h"

namespace ga3c::ps {

struct ParameterServerConfig {
  int num_shards = 1;
  OptimizerStateMode optimizer_state = OptimizerStateMode::kShared;
  ApplyMode apply = ApplyMode::kLocked;  // racy: unsafe, for study only (see ApplyMode)
  algo::OptimizerConfig optimizer;
  float lr = 3e-4f;
  algo::Schedule lr_schedule = algo::Schedule::kConstant;
  int64_t max_frames = 0;  // environment frames; stop once reached (0: never)
  int workers = 1;         // worker nodes pushing to the server (for lr_worker_scaling)
  LrWorkerScaling lr_worker_scaling = LrWorkerScaling::kNone;
};

// Throws std::invalid_argument naming a bad shard count, learning rate or worker count.
void check(const ParameterServerConfig& config, std::size_t num_params);

// The global optimizer's learning rate once the job has run `global_frames` frames: the
// schedule, then the worker scaling.
float learning_rate(const ParameterServerConfig& config, int64_t global_frames);

// Shard `shard` of the flat vector `initial` as layout(initial.size(), config.num_shards) cuts
// it, with the global optimizer's slots of config.
std::unique_ptr<Shard> make_shard(const std::vector<float>& initial,
                                  const ParameterServerConfig& config, int shard);

// Thread-safe: any number of worker threads may push, pull and report at once.
class ParameterServer {
 public:
  // initial: the flat parameter vector (split into config.num_shards shards).
  // Throws what check() throws.
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
  GlobalProgress report(int64_t frames, int64_t episodes, bool synced) {
    return counters_.report(frames, episodes, synced);
  }

  // Asks every worker to stop at its next report (signal, target reached, fatal error).
  void request_stop() { counters_.request_stop(); }
  GlobalProgress progress() const { return counters_.progress(); }
  // Shard::overlapping_applies summed over the shards.
  int64_t overlapping_applies() const;
  // Shard::lost_optimizer_steps summed over the shards (-1 in local mode).
  int64_t lost_optimizer_steps() const;
  // The learning rate the next push would use.
  float current_lr() const;
  const Shard& shard(int s) const { return *shards_.at(s); }
  // For a resume (Shard::restore, GlobalCounters::restore) before any worker starts.
  Shard& shard(int s) { return *shards_.at(s); }
  GlobalCounters& counters() { return counters_; }

 private:
  const ParameterServerConfig config_;
  std::size_t num_params_;
  std::vector<ShardRange> layout_;
  std::vector<std::unique_ptr<Shard>> shards_;
  GlobalCounters counters_;
};

}  // namespace ga3c::ps
