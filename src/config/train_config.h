// Everything a training run is configured by; the CLI fills it from flags and a config file
// and writes it back as the run directory's config.toml.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "algo/flat_optimizer.h"
#include "algo/schedule.h"
#include "algo/vtrace.h"
#include "env/registry.h"
#include "model/network_kind.h"
#include "ps/lr_worker_scaling.h"
#include "ps/shard.h"

namespace ga3c::config {

struct TrainConfig {
  // What and how long.
  std::string env_id = "MinAtar/Breakout-v0";
  uint64_t seed = 1;
  int64_t max_frames = 10'000'000;  // environment frames, all workers together
  double target_return = 0.0;      // stop once the mean of the last 100 returns reaches it (0: off)
  std::string run_dir;             // empty: runs/<env>-<date>-<time>
  std::string network = "auto";    // auto | mlp | minatar-cnn | a3c-cnn
  std::string init = "torch";      // torch | orthogonal (model/init_scheme.h)
  std::string recurrent = "none";  // none | lstm: an LSTM between trunk and heads
  int64_t lstm_size = 256;         // LSTM units with recurrent = "lstm" (A3C-LSTM's 256)
  double sticky_action_prob = 0.1;  // MinAtar and Atari (the ALE/ preset sets v5's 0.25)
  // Atari (ALE/<Game>-v5; env/ale/atari_options.h), the A3C papers' preprocessing.
  int frame_skip = 4;                 // emulator frames per agent step
  int noop_max = 30;                  // no-op frames at reset: 1..noop_max; 0: none
  bool full_action_space = false;     // ALE's 18 actions instead of the game's minimal set
  bool terminal_on_life_loss = true;  // a lost life ends the learner's n-step return there
  std::string rom_dir;                // empty: $ALE_ROMS_DIR, else the built-in ROM folder
  // Environment frames after which an episode is truncated (env/registry.h): empty for the
  // environment's default, 0 for no limit. `ga3c train` always writes the number it used.
  std::optional<int64_t> max_episode_frames;

  // Layout (DESIGN.md defaults; 2 trainers and 2 predictors fit a 2-core machine).
  int workers = 1;               // GA3C nodes (in one process here, or MPI worker ranks)
  int num_ps = 1;                // parameter-server shards (in-process) or ranks (MPI)
  double peer_timeout_s = 60.0;  // MPI: a rank silent this long ends the job (died or hung)
  bool sync_overlap = false;     // each node syncs on a thread of its own while training
  int agents = 64;               // per node
  int predictors = 2;            // per node
  int trainers = 2;              // per node
  int env_threads = 1;           // per node: threads stepping the agents
  // Where predictors and trainers run the network: cpu, cuda (under MPI the node-local rank
  // mod the GPU count; in one process worker w takes w mod the count) or cuda:N.
  std::string device = "cpu";
  // On a GPU, whether cuDNN convolutions and cuBLAS products may round their float32 inputs to
  // TF32 (faster on Ampere and later; off: results within float32 rounding of the CPU's). The
  // same setting in training and in `ga3c eval` of the run. No effect on the CPU.
  bool tf32 = false;
  // One worker, one agent, stepped serially on one thread (one rollout per training batch):
  // a run is a function of its seed and settings, and its checkpoints hold the worker's state
  // too, so a resumed run goes on exactly as if it had not stopped (docs/checkpoints.md).
  bool deterministic = false;

  // Algorithm.
  int t_max = 5;
  float gamma = 0.99f;
  float lr = 3e-4f;
  algo::Schedule lr_schedule = algo::Schedule::kConstant;
  float entropy_beta = 0.01f;
  // kLinear: the entropy weight moves from entropy_beta at frame 0 to entropy_beta_final at
  // max_frames (explore early, exploit late).
  algo::Schedule entropy_schedule = algo::Schedule::kConstant;
  float entropy_beta_final = 0.0f;
  float value_weight = 1.0f;  // of the value loss sum 0.5 * (R - V)^2 (GA3C: 1)
  float reward_clip = 1.0f;   // training rewards clipped to [-clip, clip]; 0: off
  float grad_clip = 0.0f;     // each batch's gradient clipped to this global L2 norm; 0: off
  int min_batch = 40;         // samples per training batch, at least
  int prediction_batch = 128;
  int max_queue = 100;  // rollouts queued for training before agents wait
  int sync_freq = 10;   // local training steps between syncs with the parameter server
  // Policy-lag correction: none (n-step returns) or vtrace (Espeholt et al. 2018) with its
  // truncation levels of the importance weights (rho-bar) and the traces (c-bar).
  algo::Correction correction = algo::Correction::kNone;
  float vtrace_rho_bar = 1.0f;
  float vtrace_c_bar = 1.0f;
  algo::OptimizerConfig optimizer;
  ps::OptimizerStateMode optimizer_state = ps::OptimizerStateMode::kShared;
  // The parameter server's learning rate over the worker count (shared optimizer state).
  ps::LrWorkerScaling lr_worker_scaling = ps::LrWorkerScaling::kNone;
  // How the parameter server applies concurrent pushes to a shard; racy is unsafe, for study.
  ps::ApplyMode ps_apply = ps::ApplyMode::kLocked;

  // Checkpoints (docs/checkpoints.md), in <run_dir>/checkpoints/.
  double checkpoint_every_s = 600.0;  // seconds between saves; 0: only the final save
  int keep_checkpoints = 3;           // newest saves kept per parameter-server rank
  std::string resume_dir;             // go on from this run's latest complete checkpoint
  // Not a setting (never in config.toml): the frames of the checkpoint a resumed run goes on
  // from, 0 at a run's start. The agents of a resumed run draw seeds derived from it
  // (stretch_seed, node/seeds.h) rather than replaying the draws of the run's start.
  int64_t resumed_at_frames = 0;

  // Health (node/network_health.h): every health_every training batches of a node, the live
  // units of each ReLU layer on a fixed batch of real observations (0: no checks).
  int health_every = 200;
  bool stop_on_dead_network = false;  // a layer with no live unit ends the run (exit code 3)

  // Output.
  double status_interval_s = 5.0;  // console status line and system.csv row period
  bool quiet = false;              // no status line
};

// A setting validate() refuses: what() names the problem and the fix, setting() the flag.
class SettingError : public std::invalid_argument {
 public:
  SettingError(std::string flag, const std::string& message)
      : std::invalid_argument(message), flag_(std::move(flag)) {}
  const std::string& setting() const { return flag_; }  // "--lr"

 private:
  std::string flag_;
};

// Checks every setting: counts, rates and epsilons > 0; gamma, RMSProp decay and sticky
// actions in [0, 1], momentum and Adam's betas in [0, 1); every number finite; counts that
// start threads or environments, frame skip and no-op starts within the bounds of kMax*; the
// network name and the environment id. Throws SettingError for the first bad setting, naming
// it by its flag.
void validate(const TrainConfig& config);

// The network the run trains: its kind (auto until resolved for the observations) and LSTM
// size (0 unless recurrent is "lstm").
model::NetworkLayout network_layout(const TrainConfig& config);

// The options every environment of the run is made with (sticky actions, Atari's settings,
// the episode limit).
env::EnvOptions env_options(const TrainConfig& config);

// Bounds on the settings that start threads or environments when the run starts: beyond
// them a typing slip would exhaust memory or threads instead of failing with a message.
inline constexpr int kMaxWorkers = 1024;        // nodes in one process, or MPI worker ranks
inline constexpr int kMaxShards = 1024;         // --num-ps
inline constexpr int kMaxAgents = 65536;        // per worker
inline constexpr int64_t kMaxLstmSize = 16384;  // LSTM units
inline constexpr int kMaxThreads = 256;         // each of --predictors, --trainers, --env-threads
// Emulator frames in one agent step, and no-op frames before an episode's first step: ALE
// emulates some 10^4 frames a second, so these keep a step and a reset to a fraction of a second
// and a second (an environment thread finishes its step before it sees a stop).
inline constexpr int kMaxFrameSkip = 1000;
inline constexpr int kMaxNoopMax = 10000;
// Seconds: a day. Longer periods overflow the clocks' nanosecond counts (2^63 ns is 292 years,
// but 1e300 s is a valid double) and are no use for a status line or a failure detector.
inline constexpr double kMaxPeriodSeconds = 86400.0;
// --peer-timeout's floor: a worker is heard from every min(1 s, timeout / 4), and a rank
// oversubscribed on a busy node can miss a beat by a good fraction of a second.
inline constexpr double kMinPeerTimeoutSeconds = 1.0;

}  // namespace ga3c::config
