#include "cli/train_options.h"

#include <sstream>
#include <stdexcept>

#include "cli/presets.h"
#include "ps/shard.h"

namespace ga3c::cli {
namespace {

ps::OptimizerStateMode parse_optimizer_state(const std::string& name) {
  if (name == "shared") return ps::OptimizerStateMode::kShared;
  if (name == "local") return ps::OptimizerStateMode::kLocal;
  throw std::invalid_argument("unknown --optimizer-state '" + name + "'; use shared or local");
}

bool is_number(const std::string& s) {
  std::istringstream in(s);
  double v;
  return (in >> v) && in.eof();
}

}  // namespace

TrainOptions::TrainOptions(CLI::App& train) : app_(train) {
  auto& c = config_;
  auto add = [&](const std::string& name, auto& variable, const std::string& help) {
    app_.add_option(name, variable, help)->capture_default_str();
  };
  const std::string what = "What and how long";
  add("--env", c.env_id, "Environment id (an unknown id lists the known ones)");
  add("--seed", c.seed, "Base seed; each worker's agents derive their own from it");
  add("--max-frames", c.max_frames, "Stop after this many environment frames, all workers");
  add("--target-return", c.target_return,
      "Stop once the mean raw return of the last 100 episodes reaches this (0: off)");
  add("--run-dir", c.run_dir, "Run directory (default runs/<env>-<date>-<time>); never overwritten");
  add("--network", c.network, "auto | mlp | minatar-cnn | a3c-cnn (auto: by observation shape)");
  add("--sticky-actions", c.sticky_action_prob, "MinAtar: probability of repeating the last action");
  for (auto* o : app_.get_options()) o->group(what);

  auto group = [&](const std::string& name, auto body) {
    const auto before = app_.get_options().size();
    body();
    auto options = app_.get_options();
    for (auto i = before; i < options.size(); ++i) options[i]->group(name);
  };
  group("Layout", [&] {
    add("--workers,--num-workers", c.workers,
        "GA3C worker nodes (in this process, or MPI worker ranks: mpirun -n num-ps+workers)");
    add("--num-ps", c.num_ps, "Parameter-server shards (under MPI: server ranks 0..num-ps-1)");
    add("--agents", c.agents, "Agents (environments) per worker");
    add("--predictors", c.predictors, "Predictor threads per worker");
    add("--trainers", c.trainers, "Trainer threads per worker");
    add("--env-threads", c.env_threads, "Threads stepping the agents, per worker");
    add("--peer-timeout", c.peer_timeout_s,
        "MPI: seconds a rank may stay silent before the job ends naming it (died or hung)");
    app_.add_flag("--sync-overlap", c.sync_overlap,
                  "Sync with the parameter server on a thread per worker while training goes on");
    app_.add_flag("--deterministic", c.deterministic,
                  "One thread, one rollout per batch, exactly --max-frames frames: a run is a "
                  "function of its seed and settings and resumes bit for bit (in one process; "
                  "needs --workers 1 --agents 1)");
  });
  group("Algorithm", [&] {
    add("--t-max", c.t_max, "Steps per rollout (n of the n-step return)");
    add("--gamma", c.gamma, "Discount per step");
    add("--lr", c.lr, "Learning rate of the local and global optimizers");
    add("--lr-schedule", lr_schedule_, "constant | linear (to 0 at --max-frames)");
    add("--entropy-beta", c.entropy_beta, "Entropy bonus weight");
    add("--reward-clip", c.reward_clip, "Clip training rewards to [-x, x] (0: off; logged returns stay raw)");
    add("--min-batch", c.min_batch, "Samples per training batch, at least");
    add("--prediction-batch", c.prediction_batch, "Observations per prediction batch, at most");
    add("--max-queue", c.max_queue, "Rollouts queued for training before agents wait");
    add("--sync-freq", c.sync_freq, "Local training steps between syncs with the parameter server");
  });
  group("Optimizer", [&] {
    add("--optimizer", optimizer_, "rmsprop | adam | sgd");
    add("--rmsprop-style", rmsprop_style_, "tf (eps inside sqrt, ms from 1) | torch (eps outside, ms from 0)");
    add("--rmsprop-decay", c.optimizer.rmsprop_decay, "RMSProp decay of the squared-gradient average");
    add("--rmsprop-eps", c.optimizer.rmsprop_eps, "RMSProp epsilon");
    add("--rmsprop-momentum", c.optimizer.rmsprop_momentum, "RMSProp momentum");
    add("--adam-beta1", c.optimizer.adam_beta1, "Adam beta1");
    add("--adam-beta2", c.optimizer.adam_beta2, "Adam beta2");
    add("--adam-eps", c.optimizer.adam_eps, "Adam epsilon");
    add("--optimizer-state", optimizer_state_,
        "shared (one global optimizer on the parameter server) | local (per worker; pushes deltas)");
    add("--lr-worker-scaling", lr_worker_scaling_,
        "none | inverse | inverse-sqrt: the parameter server's lr is lr, lr / workers or "
        "lr / sqrt(workers) (shared optimizer state; many workers step one optimizer)");
  });
  group("Checkpoints", [&] {
    add("--checkpoint-every", c.checkpoint_every_s,
        "Seconds between checkpoints in <run-dir>/checkpoints (0: only the final one at the end)");
    add("--keep-checkpoints", c.keep_checkpoints, "Newest checkpoints kept (per server rank)");
    add("--resume", c.resume_dir,
        "Go on from the latest complete checkpoint of this run directory, with its settings "
        "(flags given here override them, e.g. a larger --max-frames)");
  });
  group("Output", [&] {
    add("--status-interval", c.status_interval_s, "Seconds between status lines and system.csv rows");
    add("--log-level", log_level_, "trace | debug | info | warn | error | off");
    app_.add_flag("--quiet", c.quiet, "No status line");
  });
  app_.footer(presets_help());
}

void TrainOptions::apply_saved_config(const std::string& toml) {
  std::istringstream in(toml);
  for (const CLI::ConfigItem& item : CLI::ConfigTOML().from_config(in)) {
    // CLI11 marks where a section opens and closes with items named "++" and "--".
    if (item.parents != std::vector<std::string>{"train"} || item.name == "++" ||
        item.name == "--") {
      continue;
    }
    if (item.name == "run-dir" || item.name == "resume") continue;
    CLI::Option* opt = app_.get_option_no_throw("--" + item.name);
    if (opt == nullptr) {
      throw std::invalid_argument("the saved config has an unknown setting '" + item.name +
                                  "' (written by another ga3c version?)");
    }
    if (opt->count() > 0) continue;
    opt->add_result(item.inputs);
    opt->run_callback();
  }
}

void TrainOptions::resolve() {
  if (const Preset* preset = find_preset(config_.env_id)) {
    for (const auto& [flag, value] : preset->settings) {
      CLI::Option* opt = app_.get_option("--" + flag);
      if (opt->count() == 0) {
        opt->add_result(value);
        opt->run_callback();
      }
    }
  }
  config_.optimizer.kind = algo::parse_optimizer_kind(optimizer_);
  config_.optimizer.rmsprop_style = algo::parse_rmsprop_style(rmsprop_style_);
  config_.optimizer_state = parse_optimizer_state(optimizer_state_);
  config_.lr_schedule = algo::parse_lr_schedule(lr_schedule_);
  config_.lr_worker_scaling = ps::parse_lr_worker_scaling(lr_worker_scaling_);
}

std::string TrainOptions::to_toml() const {
  std::string toml = "# ga3c train: the resolved configuration; rerun with `ga3c train --config FILE`.\n[train]\n";
  for (CLI::Option* opt : app_.get_options()) {
    if (opt->get_lnames().empty()) continue;
    const std::string name = opt->get_lnames().front();
    if (name == "help" || name == "config" || name == "resume") continue;
    opt->capture_default_str();
    std::string value = opt->count() > 0 ? opt->results().back() : opt->get_default_str();
    if (opt->get_expected_min() == 0) {  // a flag
      value = value == "true" || value == "1" ? "true" : "false";
    } else if (!is_number(value)) {
      value = "\"" + value + "\"";
    }
    toml += name + " = " + value + "\n";
  }
  return toml;
}

}  // namespace ga3c::cli
