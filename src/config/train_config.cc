#include "config/train_config.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "env/registry.h"
#include "model/device_name.h"
#include "model/init_scheme.h"
#include "model/network_kind.h"

namespace ga3c::config {
namespace {

[[noreturn]] void bad(const char* flag, const std::string& message) {
  throw SettingError(flag, message);
}

void require_positive(const char* flag, double value) {
  if (!(value > 0)) bad(flag, fmt::format("{} must be > 0, got {}", flag, value));
}

void require_finite(const char* flag, double value) {
  if (!std::isfinite(value)) {
    bad(flag, fmt::format("{} must be a finite number, got {}", flag, value));
  }
}

void require_at_most(const char* flag, double value, double most, const char* fix) {
  if (value > most) bad(flag, fmt::format("{} {} exceeds {}; {}", flag, value, most, fix));
}

// A clipping bound: 0 turns the clipping off.
void require_clip(const char* flag, double value) {
  if (!(value >= 0)) bad(flag, fmt::format("{} must be >= 0 (0: off), got {}", flag, value));
}

void require_fraction(const char* flag, double value) {
  if (!(value >= 0 && value <= 1)) {
    bad(flag, fmt::format("{} must be in [0, 1], got {}", flag, value));
  }
}

// Adam divides by 1 - beta^t, and momentum 1 never lets a step fade.
void require_below_one(const char* flag, double value) {
  if (!(value >= 0 && value < 1)) {
    bad(flag, fmt::format("{} must be in [0, 1), got {}", flag, value));
  }
}

// Runs parse (which throws std::invalid_argument) and names the flag of what it refused.
template <class Parse>
void require_known(const char* flag, Parse parse) {
  try {
    parse();
  } catch (const std::invalid_argument& e) {
    bad(flag, e.what());
  }
}

}  // namespace

env::EnvOptions env_options(const TrainConfig& config) {
  env::EnvOptions options;
  options.sticky_action_prob = config.sticky_action_prob;
  options.atari.sticky_action_prob = config.sticky_action_prob;
  options.atari.frame_skip = config.frame_skip;
  options.atari.noop_max = config.noop_max;
  options.atari.full_action_space = config.full_action_space;
  options.atari.rom_dir = config.rom_dir;
  options.max_episode_frames = config.max_episode_frames;
  return options;
}

model::NetworkLayout network_layout(const TrainConfig& config) {
  return {model::parse_network_kind(config.network),
          config.recurrent == "lstm" ? config.lstm_size : 0};
}

void validate(const TrainConfig& c) {
  require_finite("--target-return", c.target_return);
  require_finite("--lr", c.lr);
  require_finite("--entropy-beta", c.entropy_beta);
  require_finite("--entropy-beta-final", c.entropy_beta_final);
  require_finite("--value-loss-weight", c.value_weight);
  require_finite("--vtrace-rho-bar", c.vtrace_rho_bar);
  require_finite("--vtrace-c-bar", c.vtrace_c_bar);
  require_finite("--reward-clip", c.reward_clip);
  require_finite("--grad-clip", c.grad_clip);
  require_finite("--status-interval", c.status_interval_s);
  require_finite("--peer-timeout", c.peer_timeout_s);
  require_positive("--max-frames", static_cast<double>(c.max_frames));
  require_positive("--workers", c.workers);
  require_positive("--num-ps", c.num_ps);
  require_positive("--agents", c.agents);
  require_positive("--predictors", c.predictors);
  require_positive("--trainers", c.trainers);
  require_positive("--env-threads", c.env_threads);
  require_positive("--t-max", c.t_max);
  require_positive("--lr", c.lr);
  require_positive("--min-batch", c.min_batch);
  require_positive("--prediction-batch", c.prediction_batch);
  require_positive("--max-queue", c.max_queue);
  require_positive("--sync-freq", c.sync_freq);
  require_positive("--vtrace-rho-bar", c.vtrace_rho_bar);
  require_positive("--vtrace-c-bar", c.vtrace_c_bar);
  require_positive("--status-interval", c.status_interval_s);
  require_positive("--peer-timeout", c.peer_timeout_s);
  require_at_most("--workers", c.workers, kMaxWorkers, "use fewer workers");
  require_at_most("--num-ps", c.num_ps, kMaxShards, "use fewer shards");
  require_at_most("--agents", c.agents, kMaxAgents, "spread the agents over more --workers");
  require_at_most("--predictors", c.predictors, kMaxThreads, "use fewer threads");
  require_at_most("--trainers", c.trainers, kMaxThreads, "use fewer threads");
  require_at_most("--env-threads", c.env_threads, kMaxThreads, "use fewer threads");
  require_at_most("--status-interval", c.status_interval_s, kMaxPeriodSeconds,
                  "use at most a day (86400 s)");
  require_at_most("--peer-timeout", c.peer_timeout_s, kMaxPeriodSeconds,
                  "use at most a day (86400 s)");
  if (c.peer_timeout_s < kMinPeerTimeoutSeconds) {
    bad("--peer-timeout",
        fmt::format("--peer-timeout {} s is shorter than a live rank may stay silent (a worker "
                    "is heard from every second at most); use at least {} s",
                    c.peer_timeout_s, kMinPeerTimeoutSeconds));
  }
  require_finite("--checkpoint-every", c.checkpoint_every_s);
  if (c.checkpoint_every_s < 0) {
    bad("--checkpoint-every",
        fmt::format("--checkpoint-every must be >= 0 seconds (0: only the final checkpoint), "
                    "got {}",
                    c.checkpoint_every_s));
  }
  require_positive("--keep-checkpoints", c.keep_checkpoints);
  if (c.deterministic && (c.workers != 1 || c.agents != 1)) {
    bad("--deterministic",
        fmt::format("--deterministic runs one worker with one agent, not --workers {} --agents "
                    "{}; pass --workers 1 --agents 1",
                    c.workers, c.agents));
  }
  require_known("--device", [&] { model::parse_device_name(c.device); });
  if (c.deterministic && model::parse_device_name(c.device).cuda) {
    bad("--deterministic",
        "--deterministic runs on the CPU (a GPU's kernels do not promise the same sums on every "
        "run); drop --deterministic or use --device cpu");
  }
  if (c.deterministic && c.sync_overlap) {
    bad("--deterministic", "--deterministic syncs on the worker's one thread; drop --sync-overlap");
  }
  require_fraction("--gamma", c.gamma);
  if (!(c.entropy_beta >= 0)) {
    bad("--entropy-beta", fmt::format("--entropy-beta must be >= 0, got {}", c.entropy_beta));
  }
  if (!(c.entropy_beta_final >= 0)) {
    bad("--entropy-beta-final",
        fmt::format("--entropy-beta-final must be >= 0, got {}", c.entropy_beta_final));
  }
  if (!(c.value_weight >= 0)) {
    bad("--value-loss-weight",
        fmt::format("--value-loss-weight must be >= 0, got {}", c.value_weight));
  }
  require_clip("--reward-clip", c.reward_clip);
  require_clip("--grad-clip", c.grad_clip);
  if (c.min_batch > c.max_queue) {
    bad("--min-batch", fmt::format("--min-batch {} can never be met by --max-queue {} rollouts; "
                                   "raise --max-queue",
                                   c.min_batch, c.max_queue));
  }
  if (c.env_threads > c.agents) {
    bad("--env-threads", fmt::format("--env-threads {} exceeds --agents {}; use at most one env "
                                     "thread per agent",
                                     c.env_threads, c.agents));
  }
  require_fraction("--sticky-actions", c.sticky_action_prob);
  const algo::OptimizerConfig& o = c.optimizer;
  require_fraction("--rmsprop-decay", o.rmsprop_decay);
  require_below_one("--rmsprop-momentum", o.rmsprop_momentum);
  require_below_one("--adam-beta1", o.adam_beta1);
  require_below_one("--adam-beta2", o.adam_beta2);
  require_finite("--rmsprop-eps", o.rmsprop_eps);
  require_finite("--adam-eps", o.adam_eps);
  require_positive("--rmsprop-eps", o.rmsprop_eps);
  require_positive("--adam-eps", o.adam_eps);
  require_known("--network", [&] { model::parse_network_kind(c.network); });
  require_known("--init", [&] { model::parse_init_scheme(c.init); });
  if (c.recurrent != "none" && c.recurrent != "lstm") {
    bad("--recurrent", "unknown --recurrent '" + c.recurrent + "'; use none or lstm");
  }
  if (c.lstm_size < 1 || c.lstm_size > kMaxLstmSize) {
    bad("--lstm-size",
        fmt::format("--lstm-size must be from 1 to {} units, got {}", kMaxLstmSize, c.lstm_size));
  }
  if (c.frame_skip < 1 || c.frame_skip > kMaxFrameSkip) {
    bad("--frame-skip", fmt::format("--frame-skip must be from 1 to {} emulator frames per step, "
                                    "got {}",
                                    kMaxFrameSkip, c.frame_skip));
  }
  if (c.noop_max < 0 || c.noop_max > kMaxNoopMax) {
    bad("--noop-max", fmt::format("--noop-max must be from 0 (no no-op starts) to {} frames, got "
                                  "{}",
                                  kMaxNoopMax, c.noop_max));
  }
  if (c.max_episode_frames && *c.max_episode_frames < 0) {
    bad("--max-episode-frames",
        fmt::format("--max-episode-frames must be >= 0 environment frames (0: no limit), got {}",
                    *c.max_episode_frames));
  }
  if (c.health_every < 0) {
    bad("--health-every",
        fmt::format("--health-every must be >= 0 training batches (0: no health checks), got {}",
                    c.health_every));
  }
  if (c.stop_on_dead_network && c.health_every == 0) {
    bad("--stop-on-dead-network",
        "--stop-on-dead-network needs the health checks that --health-every 0 turns off; give "
        "--health-every N (e.g. 200) or drop --stop-on-dead-network");
  }
  require_known("--env", [&] { env::make_env(c.env_id, env_options(c)); });
}

}  // namespace ga3c::config
