// One parameter-server shard: a contiguous slice of the global parameters, the global
// optimizer's slots for that slice, and the number of updates applied to it (its version).
#pragma once

#include <cstdint>
#include <optional>
#include <shared_mutex>
#include <vector>

#include "algo/flat_optimizer.h"

namespace ga3c::ps {

// shared: one global optimizer per shard, fed by every worker's gradients.
// local: each worker runs its own optimizer and pushes parameter deltas, which are added.
enum class OptimizerStateMode { kShared, kLocal };

// A shard's whole state at one version: what a checkpoint saves and restores.
struct ShardState {
  std::vector<float> params;
  algo::OptimizerSlots slots;  // empty in local mode
  int64_t version = 0;
};

// Any thread may call any method. An apply and its optimizer-slot update happen under one
// exclusive lock, so no two updates interleave, none is lost and none is applied twice;
// read() holds a shared lock, so a copy never mixes two versions.
class Shard {
 public:
  Shard(std::vector<float> initial, const algo::OptimizerConfig& optimizer,
        OptimizerStateMode mode);
  Shard(const Shard&) = delete;
  Shard& operator=(const Shard&) = delete;

  // Applies one update of size() floats: a gradient stepped by the global optimizer with
  // learning rate lr (shared mode), or a delta added as it is (local mode; lr unused).
  // Returns the version after the update. Throws std::invalid_argument on a size mismatch.
  int64_t apply(const float* update, std::size_t n, float lr);

  // Copies the parameters into out (size() floats) and returns their version.
  // Throws std::invalid_argument on a size mismatch.
  int64_t read(float* out, std::size_t n) const;

  std::size_t size() const { return size_; }
  int64_t version() const;
  OptimizerStateMode mode() const { return mode_; }
  // The optimizer's slots (shared mode), copied under the lock; empty in local mode.
  algo::OptimizerSlots optimizer_slots() const;

  // Parameters, slots and version copied under one lock, so they belong to one version.
  ShardState snapshot() const;
  // Replaces the whole state (a resume, before anyone pushes). Throws std::invalid_argument
  // naming the mismatch when the parameter count differs, or the slots do not fit this
  // shard's optimizer (slots from another optimizer, or from local mode into shared).
  void restore(const ShardState& state);

 private:
  void check_size(std::size_t n) const;

  const std::size_t size_;
  const OptimizerStateMode mode_;
  mutable std::shared_mutex mutex_;
  std::vector<float> params_;                     // guarded by mutex_
  std::optional<algo::FlatOptimizer> optimizer_;  // guarded by mutex_; shared mode only
  int64_t version_ = 0;                           // guarded by mutex_
};

}  // namespace ga3c::ps
