// The state a parameter-server rank saves so that a run can go on exactly where it stopped:
// its shards (parameters, optimizer slots, versions), the global counters, the learning-rate
// schedule position and the resolved config. checkpoint_file.h turns it into bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "algo/flat_optimizer.h"

namespace ga3c::checkpoint {

// What the parameters mean. A checkpoint only fits a network with an equal signature
// (compatibility.h checks it).
struct ModelSignature {
  std::string network;                     // resolved kind: "mlp", "minatar-cnn", "a3c-cnn"
  std::vector<int64_t> observation_shape;  // e.g. {4}, or {10, 10, C} (H, W, C)
  int64_t num_actions = 0;
  std::size_t num_params = 0;  // floats in the whole flat parameter vector

  bool operator==(const ModelSignature& o) const {
    return network == o.network && observation_shape == o.observation_shape &&
           num_actions == o.num_actions && num_params == o.num_params;
  }
  bool operator!=(const ModelSignature& o) const { return !(*this == o); }
};

// One shard: params.size() parameters starting at `offset` in the flat vector.
struct ShardState {
  int index = 0;
  std::size_t offset = 0;
  std::vector<float> params;
  // The global optimizer's slots for this slice (ps::Shard::optimizer_slots()): each of
  // first and second holds params.size() floats or none; all empty in local optimizer mode.
  algo::OptimizerSlots slots;
  int64_t version = 0;  // updates applied to the shard
};

// One rank's file. A complete checkpoint is the files of ranks 0 .. num_ps_ranks - 1 written
// at the same frame count (checkpoint_directory.h merges them).
struct Checkpoint {
  ModelSignature signature;
  std::string env_id;  // e.g. "MinAtar/Breakout-v1"
  int ps_rank = 0;
  int num_ps_ranks = 1;
  int num_shards = 1;  // shards of the whole run, over all ranks
  algo::OptimizerKind optimizer = algo::OptimizerKind::kRmsProp;
  std::vector<ShardState> shards;  // this rank's shards, ascending index
  int64_t frames = 0;              // environment frames, all workers
  int64_t episodes = 0;            // finished episodes, all workers
  int64_t updates = 0;             // pushes applied (one per worker sync)
  int64_t lr_schedule_frames = 0;  // frames the learning-rate schedule has reached
  std::string config_toml;         // the run's resolved config.toml
  double wall_time_unix_s = 0.0;   // when it was written, seconds since the Unix epoch
  double elapsed_s = 0.0;          // seconds the run has trained, over all its resumes
};

}  // namespace ga3c::checkpoint
