// One parameter-server shard: a contiguous slice of the global parameters, the global
// optimizer's slots for that slice, and the number of updates applied to it (its version).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "algo/flat_optimizer.h"

namespace ga3c::ps {

// shared: one global optimizer per shard, fed by every worker's gradients.
// local: each worker runs its own optimizer and pushes parameter deltas, which are added.
enum class OptimizerStateMode { kShared, kLocal };

// locked: an apply holds the shard exclusively (the parameter-server contract of DESIGN.md).
// racy: UNSAFE, for study only. Reproduces the original distributed GA3C's unlocked
// TensorFlow apply (use_locking=False, Hogwild-style; Recht et al. 2011): applies to one shard
// run at the same time, element by element, so concurrent read-modify-writes of a parameter
// or an optimizer slot can lose one of the updates, and a pull may copy a mix of versions.
// It is a data race by design (undefined behaviour in C++; ThreadSanitizer reports it).
enum class ApplyMode { kLocked, kRacy };

// "locked", "racy"; throws std::invalid_argument naming the choices.
ApplyMode parse_apply_mode(const std::string& name);
std::string to_string(ApplyMode mode);

// A shard's whole state at one version: what a checkpoint saves and restores.
struct ShardState {
  std::vector<float> params;
  algo::OptimizerSlots slots;  // empty in local mode
  int64_t version = 0;
};

// Any thread may call any method. ApplyMode::kLocked: an apply and its optimizer-slot update
// happen under one exclusive lock, so no two updates interleave, none is lost and none is
// applied twice; read() holds a shared lock, so a copy never mixes two versions.
// ApplyMode::kRacy: apply() and read() hold the lock shared, so they run at the same time as
// each other (see ApplyMode); snapshot(), optimizer_slots() and restore() hold it exclusively,
// so a checkpoint still captures one consistent state. The version counts every apply in both.
class Shard {
 public:
  Shard(std::vector<float> initial, const algo::OptimizerConfig& optimizer, OptimizerStateMode mode,
        ApplyMode apply_mode = ApplyMode::kLocked);
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
  ApplyMode apply_mode() const { return apply_mode_; }
  // Applies that began while another apply to this shard was still running, since this
  // object was made (not checkpointed). Always 0 under ApplyMode::kLocked.
  int64_t overlapping_applies() const { return overlaps_.load(); }
  // Applies the shared optimizer's step count (Adam's bias correction) missed: the version
  // less that count, both kept by checkpoints. Racy applies that step at the same time can
  // lose an increment, so it is at most overlapping_applies() since the run began; 0 under
  // ApplyMode::kLocked; -1 in local mode, where the optimizer and its step count live on the
  // workers and the shard has none to lose.
  int64_t lost_optimizer_steps() const;
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
  const ApplyMode apply_mode_;
  mutable std::shared_mutex mutex_;
  // Guarded by mutex_, written under its shared side too when racy (that race is the mode).
  std::vector<float> params_;
  std::optional<algo::FlatOptimizer> optimizer_;  // shared optimizer state only
  std::atomic<int64_t> version_{0};               // atomic so that racy applies lose no count
  std::atomic<int> applying_{0};                  // applies running now
  std::atomic<int64_t> overlaps_{0};
};

}  // namespace ga3c::ps
