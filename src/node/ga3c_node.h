// One GA3C node (a worker): agents stepped by env threads, predictor threads batching their
// observations through the node's network, trainer threads computing gradients, and the
// update path that steps the local optimizer and syncs with the parameter server every
// sync_freq local steps (Babaeizadeh et al. 2017, with the distributed sync of the original
// TensorFlow GA3C).
//
// Threads: start() spawns env_threads + predictors + trainers threads, and with
// config.sync_overlap a sync thread that runs each sync's exchange with the parameter server
// while the trainers go on (sync_thread.h); stop() may be called from any thread (and is, by
// an env thread once the job's frames reach max_frames, by a trainer when the server says
// stop, or when a thread fails); join() from the owner only. The
// first exception of any thread is kept and rethrown by join().
//
// config.device: the device predictors and trainers run the network on ("cpu" or a resolved
// "cuda:N", model/device.h); env threads stay on the CPU. On a GPU the node's master
// parameters, local optimizer and accumulator live there too (DeviceModel), so that
// parameters and gradients cross the bus once per sync; params_ is their host copy, exact
// from a sync's start to its end and after join().
//
// config.health_every > 0: the node keeps the last observation of each rollout of its first
// training batches until it has 64 (network_health.h), and after every health_every-th local
// training step the thread that took it measures the current snapshot on them, outside the
// update lock; the result goes on that step's train.csv row, and a layer found with no live
// unit is logged once (DeadNetworkAlarm) and shown by network_status() while it lasts.
//
// config.deterministic (one agent): start() spawns a single thread that predicts (a batch of
// one, current parameters), steps the agent, trains on each rollout as soon as it closes (one
// rollout per batch, whatever min_batch says), takes the local step and syncs every sync_freq
// steps, until the job has exactly max_frames frames or stop() is called; a step it began is
// always finished. The agent's environment is a ReplayEnv, so worker_state() can hold all of
// it.
#pragma once

#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "comm/ps_link.h"
#include "config/train_config.h"
#include "metrics/counters_snapshot.h"
#include "metrics/run_recorder.h"
#include "model/actor_critic.h"
#include "node/agent.h"
#include "node/blocking_queue.h"
#include "node/dead_network_alarm.h"
#include "node/device_model.h"
#include "node/env_runner.h"
#include "node/job_frames.h"
#include "node/network_health.h"
#include "node/node_counters.h"
#include "node/node_sync.h"
#include "node/parameter_snapshots.h"
#include "node/replay_env.h"
#include "node/sync_thread.h"
#include "node/trainer.h"

namespace ga3c::node {

class Ga3cNode {
 public:
  // link and recorder must outlive the node. make_net builds the node's architecture.
  // episode_listener, when given, is also told of every finished episode, on an env thread
  // (an MPI worker forwards them to server rank 0). job_frames: in one process, the counter
  // of the job's frames that every node shares (JobFrames), holding the job's frames before
  // this process; null under MPI. Agents are seeded agent_seed(stretch_seed(config.seed,
  // config.resumed_at_frames), worker, agent); a deterministic run's with config.seed.
  // Throws what environment creation throws (UnknownEnvError).
  Ga3cNode(int worker, const config::TrainConfig& config, comm::PsLink& link,
           metrics::RunRecorder& recorder, ParameterSnapshots::NetFactory make_net,
           EnvRunner::EpisodeSink episode_listener = {},
           std::atomic<int64_t>* job_frames = nullptr);
  ~Ga3cNode();
  Ga3cNode(const Ga3cNode&) = delete;
  Ga3cNode& operator=(const Ga3cNode&) = delete;

  // Deterministic nodes, before start(): go on from `state` (a checkpoint's worker) instead of
  // the pulled parameters and a fresh agent; start() throws std::invalid_argument when it does
  // not fit, std::runtime_error when replaying the environment misses the saved observation.
  void resume_from(checkpoint::WorkerState state);
  // Deterministic nodes, before start(): `hook` runs on the node's thread before every agent
  // step, where worker_state() is exact (a run saves its periodic checkpoints there).
  void set_save_point(std::function<void()> hook);
  // Deterministic nodes, from the save-point hook or after join(): the node's state.
  checkpoint::WorkerState worker_state();

  // Pulls the global parameters and starts every thread.
  void start();
  // Closes every queue so each thread leaves its loop. Idempotent, any thread.
  void stop();
  // Joins every thread; then, unless the node is deterministic or failed, pushes what its
  // local steps since the last sync added (so that the parameter server holds every local
  // step) with one last sync; then reports the frames and episodes not yet reported.
  // Rethrows the first error a thread raised.
  void join();

  bool stopping() const { return stopping_.load(); }
  // Whether a thread failed (join() will rethrow its error).
  bool failed();
  const NodeCounters& counters() const { return counters_; }
  // The counters and queue sizes now, for the job's status line (any thread).
  metrics::CountersSnapshot snapshot() const;
  // The job's frames as this node knows them (job_frames.h).
  int64_t job_frames() const { return job_frames_.now(); }
  // After join(): the node's parameters (num_params floats).
  std::vector<float> parameters();
  int worker() const { return worker_; }
  // Whether the last health check found a layer with no live unit (any thread).
  bool network_dead() const { return network_dead_.load(); }
  // "DEAD conv2" while network_dead(), else empty (any thread).
  std::string network_status();

  // Observations kept for the health checks (config.health_every > 0).
  static constexpr int64_t kHealthBatch = 64;

 private:
  // A training batch's whole step: apply_gradient, the health check when due, its train.csv row.
  void train_step(const torch::Tensor& grad, const BatchResult& batch);
  // The update path: the local step and the sync when due; returns the step's train.csv row,
  // nullopt when pushes have stopped and the step was dropped.
  std::optional<metrics::TrainRecord> apply_gradient(const torch::Tensor& grad,
                                                     const BatchResult& batch);
  void check_health(metrics::TrainRecord& row);
  void publish();
  // After the stop decision nothing more is pushed; but a deterministic node finishes the
  // agent step it is in, so that it stops where its worker state is complete.
  bool pushes_stopped() const { return stopping_.load() && !config_.deterministic; }
  // config.deterministic: the node's one thread.
  void run_serial();
  void apply_worker_state(const checkpoint::WorkerState& state);
  // e with the local step and frame it happened at.
  NonFiniteError located(const NonFiniteError& e);
  void report(bool synced);
  // A sync in three steps (node_sync.h), all with update_mutex_ held but run_exchange(),
  // which the sync thread runs under overlap.
  void start_sync();
  void run_exchange();
  void complete_sync();
  void on_episode(const metrics::EpisodeRecord& episode);
  // Starts a node thread named thread_name (thread_name.h) that runs body under guard().
  void spawn(std::string thread_name, std::function<void()> body);
  // Runs body; its exception, the first of any thread's, is kept for join() and stops the node.
  void guard(const std::function<void()>& body);

  const int worker_;
  const config::TrainConfig config_;
  const float local_lr_factor_;
  comm::PsLink& link_;
  metrics::RunRecorder& recorder_;
  EnvRunner::EpisodeSink episode_listener_;
  std::vector<int64_t> obs_shape_;

  NodeCounters counters_;
  JobFrames job_frames_;
  const torch::Device device_;
  ParameterSnapshots snapshots_;
  BlockingQueue<PredictionRequest> predictions_;
  BlockingQueue<Rollout> training_;
  std::vector<std::unique_ptr<Agent>> agents_;
  std::vector<std::unique_ptr<EnvRunner>> runners_;
  std::vector<ReplayEnv*> replay_envs_;            // config.deterministic: agents_[i]'s environment
  std::optional<checkpoint::WorkerState> resume_;  // set before start() only
  std::function<void()> save_point_;               // set before start() only
  std::vector<std::thread> threads_;

  // The update path, serialised by update_mutex_: one local step or sync at a time.
  std::mutex update_mutex_;
  NodeSync sync_;              // guarded by update_mutex_
  std::vector<float> params_;  // guarded by update_mutex_: the node's master parameters
  // GPU only, guarded by update_mutex_: the master parameters there (params_ is their copy).
  std::unique_ptr<DeviceModel> device_model_;
  std::vector<float> device_accumulated_;  // guarded by update_mutex_: its accumulator's copy
  int64_t version_ = 0;                    // guarded by update_mutex_
  int64_t step_ = 0;                       // guarded by update_mutex_: local training steps
  double lag_versions_ = 0;                // guarded by update_mutex_: acted-version sum since sync
  int64_t lag_samples_ = 0;                // guarded by update_mutex_
  int64_t reported_frames_ = 0;            // guarded by update_mutex_
  int64_t reported_episodes_ = 0;          // guarded by update_mutex_

  // The sync in flight, from start_sync() to complete_sync(); guarded by update_mutex_ except
  // exchange_result_, which run_exchange() writes before the sync thread's wait() returns (or
  // on the update path itself, without overlap).
  double pending_lag_versions_ = 0;
  int64_t pending_lag_samples_ = 0;
  int64_t pending_step_ = 0;    // the local step it was started at
  int64_t pending_frames_ = 0;  // the node's frame count its report counts up to
  SyncResult exchange_result_;
  // config.sync_overlap only. Declared after what its jobs touch, so it is destroyed (and
  // its last job finished) before them.
  std::unique_ptr<SyncThread> sync_thread_;

  std::unique_ptr<HealthProbe> health_probe_;  // null with health_every 0
  std::mutex health_mutex_;
  DeadNetworkAlarm alarm_;  // guarded by health_mutex_
  std::atomic<bool> network_dead_{false};

  std::atomic<bool> stopping_{false};
  std::mutex error_mutex_;
  std::exception_ptr error_;  // guarded by error_mutex_
};

}  // namespace ga3c::node
