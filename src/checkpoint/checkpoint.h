// The state a parameter-server rank saves so that a run can go on exactly where it stopped:
// its shards (parameters, optimizer slots, versions), the global counters, the learning-rate
// schedule position and the resolved config; a deterministic run's files also hold its
// worker's state (WorkerState). checkpoint_file.h turns it into bytes.
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

// A deterministic run's environment (node/replay_env.h): reseeded at every reset from
// (seed, reset index), so it is rebuilt by one reseed and the actions since the last reset.
struct EnvReplayState {
  uint64_t seed = 0;             // the seed the agent gave the environment
  int64_t resets = 0;            // resets since that seed; the current episode is number resets - 1
  std::vector<int32_t> actions;  // actions stepped since the last reset, in order
};

// One agent between two steps: after on_prediction(), with observation awaiting a prediction.
struct AgentState {
  std::string rng;                 // the action sampler (std::mt19937_64) as operator<< writes it
  std::vector<float> observation;  // [obs_size] float32: the observation awaiting a prediction
  // [state_size] float32: a recurrent network's state before that observation (h then c);
  // empty for a feed-forward network and in files written before recurrent networks.
  std::vector<float> recurrent_state;
  // [state_size] float32: the state before the unfinished rollout's first observation; empty
  // when the network is feed-forward or the rollout has no step yet.
  std::vector<float> rollout_initial_state;
  std::vector<int64_t> rollout_acted_versions;  // [n] parameter version that chose each action
  std::vector<float> rollout_observations;      // [n, obs_size] float32 of the unfinished rollout
  std::vector<int64_t> rollout_actions;         // [n]
  std::vector<float> rollout_rewards;           // [n] training rewards (clipped as configured)
  // [n] log mu(a|x) of each action (V-trace's behaviour policy); empty from files written
  // before it was kept.
  std::vector<float> rollout_behaviour_log_probs;
  bool awaiting_bootstrap = false;  // truncated: the next prediction only bootstraps the rollout
  double episode_return = 0.0;      // raw return of the episode so far
  int64_t episode_length = 0;       // its steps so far
  EnvReplayState env;
};

// A deterministic run's worker node between two agent steps, so that a resumed run continues
// as if it had never stopped (docs/checkpoints.md).
struct WorkerState {
  int worker = 0;
  std::vector<float> params;  // [num_params] the node's parameters (pulled plus local steps)
  int64_t version = 0;        // global version of the last pull
  int64_t local_steps = 0;    // local training steps so far (a sync every sync_freq)
  algo::OptimizerSlots local_optimizer;  // the node's optimizer slots and step count
  // What the next sync pushes from: with shared optimizer state the gradients accumulated
  // since the last sync (num_params floats, at_pull empty); with local state the parameters
  // as last pulled (num_params floats, accumulated empty).
  std::vector<float> accumulated;
  std::vector<float> at_pull;
  // Frames and episodes of the checkpoint's totals that the node has not yet reported to the
  // parameter server: its next sync reports them.
  int64_t unreported_frames = 0;
  int64_t unreported_episodes = 0;
  std::vector<AgentState> agents;  // by agent id
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
  // Rank 0's file of a deterministic run: its one worker; empty otherwise.
  std::vector<WorkerState> workers;
};

}  // namespace ga3c::checkpoint
