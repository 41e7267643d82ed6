#include "config/train_options.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "config/config_file.h"
#include "config/number_options.h"
#include "config/presets.h"
#include "config/printable.h"
#include "env/registry.h"
#include "ps/shard.h"

namespace ga3c::config {
namespace {

ps::OptimizerStateMode parse_optimizer_state(const std::string& name) {
  if (name == "shared") return ps::OptimizerStateMode::kShared;
  if (name == "local") return ps::OptimizerStateMode::kLocal;
  throw std::invalid_argument("unknown --optimizer-state '" + name + "'; use shared or local");
}

// spdlog's from_str turns an unknown name into "off", which would silence a run.
void check_log_level(const std::string& name) {
  static const char* const kLevels[] = {"trace", "debug",    "info", "warn",
                                        "error", "critical", "off"};
  if (std::find(std::begin(kLevels), std::end(kLevels), name) == std::end(kLevels)) {
    throw std::invalid_argument("unknown --log-level '" + name +
                                "'; use trace, debug, info, warn, error, critical or off");
  }
}

bool is_switch(const CLI::Option& opt) { return opt.get_expected_min() == 0; }

// What a value of the option must be, for messages; empty for names and paths.
std::string number_kind(const CLI::Option& opt) {
  const std::optional<NumberKind> kind = number_kind_of(opt);
  if (!kind) return "";
  switch (*kind) {
    case NumberKind::kInteger:
      return "an integer";
    case NumberKind::kUnsigned:
      return "a whole number >= 0";
    case NumberKind::kFloat:
      return "a number";
  }
  return "";
}

std::string kind_name(ConfigEntry::Kind kind) {
  switch (kind) {
    case ConfigEntry::Kind::kString:
      return "a string";
    case ConfigEntry::Kind::kNumber:
      return "a number";
    case ConfigEntry::Kind::kBoolean:
      return "a boolean";
  }
  return "?";
}

// Throws unless the entry's TOML type fits the option; `where` starts the message.
void check_type(const CLI::Option& opt, const ConfigEntry& e, const std::string& where) {
  using Kind = ConfigEntry::Kind;
  const auto wrong = [&](const std::string& fix) {
    throw std::invalid_argument(where + e.key + " = " + printable(e.value) + " is " +
                                kind_name(e.kind) + "; " + fix);
  };
  if (is_switch(opt)) {
    if (e.kind != Kind::kBoolean) wrong("write " + e.key + " = true or " + e.key + " = false");
    return;
  }
  const std::string number = number_kind(opt);
  if (number.empty()) {
    if (e.kind != Kind::kString) wrong(e.key + " takes a string: " + e.key + " = \"...\"");
  } else if (e.kind != Kind::kNumber) {
    wrong(e.key + " takes " + number + ", written without quotes");
  }
}

}  // namespace

TrainOptions::TrainOptions(CLI::App& train) : app_(train) {
  auto& c = config_;
  config_option_ = app_.add_option(
      "--config", config_file_,
      "TOML file of settings in a [train] section (a run's config.toml); flags override it");
  auto add = [&](const std::string& name, auto& variable, const std::string& help) {
    app_.add_option(name, variable, help)->capture_default_str();
  };
  const std::string what = "What and how long";
  add("--env", c.env_id, "Environment id (an unknown id lists the known ones)");
  add("--seed", c.seed, "Base seed; each worker's agents derive their own from it");
  add("--max-frames", c.max_frames, "Stop after this many environment frames, all workers");
  add("--target-return", c.target_return,
      "Stop once the mean raw return of the last 100 episodes reaches this (0: off)");
  add("--run-dir", c.run_dir,
      "Run directory (default runs/<env>-<date>-<time>); never overwritten");
  add("--network", c.network, "auto | mlp | minatar-cnn | a3c-cnn (auto: by observation shape)");
  add("--init", c.init,
      "torch | orthogonal: the network's initial weights, LibTorch's defaults or orthogonal "
      "ones (gain sqrt(2) on the ReLU layers, 0.01 on the policy head, 1 on the value head, "
      "biases 0, as baselines, SB3 and CleanRL start their Atari networks)");
  add("--recurrent", c.recurrent,
      "none | lstm: an LSTM cell between the network's trunk and its heads (A3C-LSTM of Mnih et "
      "al. 2016), each agent's state carried across steps and reset at every episode start");
  add("--lstm-size", c.lstm_size, "LSTM units with --recurrent lstm (h and c each this wide)");
  add("--sticky-actions", c.sticky_action_prob,
      "MinAtar and Atari: probability of repeating the last action (Atari: per emulator frame; "
      "the ALE/ preset sets v5's 0.25)");
  app_.add_option("--max-episode-frames", max_episode_frames_,
                  "Truncate an episode after this many environment frames (agent steps x frame "
                  "skip), bootstrapping from its last observation; 0: no limit. Default: the "
                  "environment's (" +
                      env::episode_limit_defaults() + ")");
  for (auto* o : app_.get_options()) o->group(what);

  auto group = [&](const std::string& name, auto body) {
    const auto before = app_.get_options().size();
    body();
    auto options = app_.get_options();
    for (auto i = before; i < options.size(); ++i) options[i]->group(name);
  };
  group("Atari (ALE/<Game>-v5)", [&] {
    add("--frame-skip", c.frame_skip,
        "Emulator frames per agent step, the observation the max of the last two");
    add("--noop-max", c.noop_max, "Each episode starts with 1..N no-op frames (0: none)");
    app_.add_flag("--full-action-space", c.full_action_space,
                  "All 18 joystick actions instead of the game's minimal set");
    app_.add_flag(
            "--terminal-on-life-loss", c.terminal_on_life_loss,
            "A lost life ends the learner's n-step return (no bootstrap) while the game "
            "and its logged return go on (default on; --terminal-on-life-loss=false turns it off)")
        ->default_str("true");  // a flag has no default of its own for config.toml
    add("--rom-dir", c.rom_dir,
        "Folder of ale-py 0.12.1's ROMs (default: $ALE_ROMS_DIR, else the folder "
        "scripts/install-ale.sh filled)");
  });
  group("Layout", [&] {
    add("--workers,--num-workers", c.workers,
        "GA3C worker nodes (in this process, or MPI worker ranks: mpirun -n num-ps+workers)");
    add("--num-ps", c.num_ps, "Parameter-server shards (under MPI: server ranks 0..num-ps-1)");
    add("--agents", c.agents, "Agents (environments) per worker");
    add("--predictors", c.predictors, "Predictor threads per worker");
    add("--trainers", c.trainers, "Trainer threads per worker");
    add("--env-threads", c.env_threads, "Threads stepping the agents, per worker");
    add("--device", c.device,
        "cpu | cuda | cuda:N: where predictors and trainers run the network (cuda: under MPI "
        "the node-local rank mod the GPU count); env threads stay on the CPU");
    app_.add_flag("--tf32", c.tf32,
                  "On a GPU, let convolutions and matrix products round float32 inputs to TF32 "
                  "(faster; off by default so a GPU matches the CPU to float32 rounding; eval "
                  "uses the run's)");
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
    add("--entropy-beta", c.entropy_beta, "Entropy bonus weight (at frame 0 under a schedule)");
    add("--entropy-schedule", entropy_schedule_,
        "constant | linear (from --entropy-beta at frame 0 to --entropy-beta-final at "
        "--max-frames)");
    add("--entropy-beta-final", c.entropy_beta_final,
        "Entropy bonus weight at --max-frames under --entropy-schedule linear");
    add("--value-loss-weight", c.value_weight,
        "Weight of the value loss, sum 0.5 * (R - V)^2 (GA3C's 1; universe-starter-agent and "
        "SB3's Atari settings weigh it 0.5)");
    add("--reward-clip", c.reward_clip,
        "Clip training rewards to [-x, x] (0: off; logged returns stay raw)");
    add("--grad-clip", c.grad_clip,
        "Scale each batch's gradient down to this global L2 norm (0: off; train.csv's grad_norm is "
        "before clipping)");
    add("--min-batch", c.min_batch, "Samples per training batch, at least");
    add("--prediction-batch", c.prediction_batch, "Observations per prediction batch, at most");
    add("--max-queue", c.max_queue, "Rollouts queued for training before agents wait");
    add("--sync-freq", c.sync_freq, "Local training steps between syncs with the parameter server");
    add("--correction", correction_,
        "none | vtrace: policy-lag correction of the targets and advantages (V-trace, "
        "Espeholt et al. 2018)");
    add("--vtrace-rho-bar", c.vtrace_rho_bar, "V-trace: truncation of the importance weights");
    add("--vtrace-c-bar", c.vtrace_c_bar, "V-trace: truncation of the traces");
  });
  group("Optimizer", [&] {
    add("--optimizer", optimizer_, "rmsprop | adam | sgd");
    add("--rmsprop-style", rmsprop_style_,
        "tf (eps inside sqrt, ms from 1) | torch (eps outside, ms from 0)");
    add("--rmsprop-decay", c.optimizer.rmsprop_decay,
        "RMSProp decay of the squared-gradient average");
    add("--rmsprop-eps", c.optimizer.rmsprop_eps, "RMSProp epsilon");
    add("--rmsprop-momentum", c.optimizer.rmsprop_momentum, "RMSProp momentum");
    add("--adam-beta1", c.optimizer.adam_beta1, "Adam beta1");
    add("--adam-beta2", c.optimizer.adam_beta2, "Adam beta2");
    add("--adam-eps", c.optimizer.adam_eps, "Adam epsilon");
    add("--optimizer-state", optimizer_state_,
        "shared (one global optimizer on the parameter server) | local (per worker; pushes "
        "deltas)");
    add("--lr-worker-scaling", lr_worker_scaling_,
        "none | inverse | inverse-sqrt: the lr is lr, lr / workers or lr / sqrt(workers): the "
        "parameter server's with shared optimizer state (many workers step one optimizer), "
        "each worker's own with local state (their deltas add up on the server)");
    add("--ps-apply", ps_apply_,
        "locked | racy: racy lets concurrent pushes to a shard interleave element by element, "
        "unlocked, as the original's TensorFlow apply did (UNSAFE: loses updates; for study)");
  });
  group("Checkpoints", [&] {
    add("--checkpoint-every", c.checkpoint_every_s,
        "Seconds between checkpoints in <run-dir>/checkpoints (0: only the final one at the end)");
    add("--keep-checkpoints", c.keep_checkpoints, "Newest checkpoints kept (per server rank)");
    add("--resume", c.resume_dir,
        "Go on from the latest complete checkpoint of this run directory, with its settings "
        "(flags given here override them, e.g. a larger --max-frames). auto: go on in "
        "--run-dir if it holds a run, else start it there (for jobs a scheduler requeues)");
  });
  group("Health", [&] {
    add("--health-every", c.health_every,
        "Every N training batches of a worker, count the live units of each ReLU layer (positive "
        "for some observation) on a fixed batch of 64 real observations, into train.csv and "
        "TensorBoard; a layer with none left (a dead network, which then plays the same policy "
        "for every frame for good) is logged and shown on the status line. 0: off");
    app_.add_flag("--stop-on-dead-network", c.stop_on_dead_network,
                  "End the run when a layer has no live unit left, with a final checkpoint and "
                  "exit code 3, instead of training a network that can no longer learn (needs "
                  "--health-every > 0)");
  });
  group("Output", [&] {
    add("--status-interval", c.status_interval_s,
        "Seconds between status lines and system.csv rows");
    add("--log-level", log_level_, "trace | debug | info | warn | error | off");
    app_.add_flag("--quiet", c.quiet, "No status line");
  });
  app_.footer(presets_help() + "\n" + kNumbersHelp);
  read_numbers_as_toml(app_);
}

CLI::Option* TrainOptions::setting(const std::string& key) const {
  CLI::Option* opt = app_.get_option_no_throw("--" + key);
  // --resume says where a run comes from, not how it runs: a config file does not hold it.
  if (opt == nullptr || opt == config_option_ || opt == app_.get_help_ptr() ||
      opt == app_.get_option_no_throw("--resume")) {
    return nullptr;
  }
  return opt;
}

void TrainOptions::set_saved_config(std::string toml, std::string file) {
  saved_config_ = std::move(toml);
  saved_config_file_ = std::move(file);
}

void TrainOptions::apply_config(std::string_view text, const std::string& file) {
  // The line and key each setting was first given with, to name both when it comes again.
  std::map<const CLI::Option*, std::pair<int, std::string>> first;
  for (const ConfigEntry& e : parse_config(text, file)) {
    const std::string where =
        "config file " + one_line(file) + ", line " + std::to_string(e.line) + ": ";
    CLI::Option* opt = setting(e.key);
    if (opt == nullptr) {
      throw std::invalid_argument(where + "unknown key '" + e.key +
                                  "'; the keys are the flags of "
                                  "`ga3c train --help` without dashes, such as lr or max-frames");
    }
    const auto [it, fresh] = first.emplace(opt, std::make_pair(e.line, e.key));
    if (!fresh) {
      throw std::invalid_argument(where + e.key + " is set again (line " +
                                  std::to_string(it->second.first) + " sets " + it->second.second +
                                  "); keep one");
    }
    check_type(*opt, e, where);
    std::string value = e.value;
    if (const std::optional<NumberKind> kind = number_kind_of(*opt)) {
      try {
        value = read_number(e.value, *kind);
      } catch (const std::invalid_argument& problem) {
        throw std::invalid_argument(where + e.key + " = " + problem.what());
      }
    }
    if (opt->count() > 0) continue;  // a flag on the command line wins over the file
    config_lines_[opt] = {file, e.line};
    opt->add_result(value);
    try {
      opt->run_callback();
    } catch (const CLI::ParseError&) {
      throw std::invalid_argument(where + e.key + " = " + printable(e.value) + " is not " +
                                  number_kind(*opt) + " in range; see `ga3c train --help`");
    }
  }
}

std::string TrainOptions::origin(const std::string& flag) const {
  const auto it = config_lines_.find(app_.get_option_no_throw(flag));
  if (it == config_lines_.end()) return "";
  return "config file " + one_line(it->second.first) + ", line " +
         std::to_string(it->second.second) + ": ";
}

template <class Check>
void TrainOptions::checked(const std::string& flag, Check check) const {
  try {
    check();
  } catch (const config::SettingError& e) {
    throw std::invalid_argument(origin(e.setting()) + e.what());
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(origin(flag) + e.what());
  }
}

void TrainOptions::resolve() {
  if (config_option_->count() > 0) apply_config(read_config_file(config_file_), config_file_);
  if (!saved_config_file_.empty()) apply_config(saved_config_, saved_config_file_);
  for (const Preset* preset : find_presets(config_.env_id)) {
    for (const auto& [flag, value] : preset->settings) {
      CLI::Option* opt = app_.get_option("--" + flag);
      if (opt->count() == 0) {
        opt->add_result(value);
        opt->run_callback();
      }
    }
  }
  auto& c = config_;
  CLI::Option* limit = app_.get_option("--max-episode-frames");
  if (limit->count() == 0) {
    try {
      limit->add_result(std::to_string(env::default_max_episode_frames(c.env_id)));
      limit->run_callback();
    } catch (const env::UnknownEnvError&) {
      // validate() names the environment.
    }
  }
  if (limit->count() > 0) c.max_episode_frames = max_episode_frames_;
  checked("--optimizer", [&] { c.optimizer.kind = algo::parse_optimizer_kind(optimizer_); });
  checked("--rmsprop-style",
          [&] { c.optimizer.rmsprop_style = algo::parse_rmsprop_style(rmsprop_style_); });
  checked("--optimizer-state",
          [&] { c.optimizer_state = parse_optimizer_state(optimizer_state_); });
  checked("--lr-schedule",
          [&] { c.lr_schedule = algo::parse_schedule(lr_schedule_, "--lr-schedule"); });
  checked("--entropy-schedule", [&] {
    c.entropy_schedule = algo::parse_schedule(entropy_schedule_, "--entropy-schedule");
  });
  checked("--lr-worker-scaling",
          [&] { c.lr_worker_scaling = ps::parse_lr_worker_scaling(lr_worker_scaling_); });
  checked("--correction", [&] { c.correction = algo::parse_correction(correction_); });
  checked("--ps-apply", [&] { c.ps_apply = ps::parse_apply_mode(ps_apply_); });
  checked("--log-level", [&] { check_log_level(log_level_); });
  checked("--env", [&] { config::validate(c); });
}

std::string TrainOptions::to_toml() const {
  std::string toml =
      "# ga3c train: the resolved configuration; rerun with `ga3c train --config FILE`.\n[train]\n";
  for (CLI::Option* opt : app_.get_options()) {
    if (opt->get_lnames().empty()) continue;
    const std::string name = opt->get_lnames().front();
    if (setting(name) != opt) continue;
    opt->capture_default_str();
    std::string value = opt->count() > 0 ? opt->results().back() : opt->get_default_str();
    if (is_switch(*opt)) {
      value = value == "true" || value == "1" ? "true" : "false";
    } else if (const std::optional<NumberKind> kind = number_kind_of(*opt)) {
      value = read_number(value, *kind);  // a default as CLI11 printed it, in canonical form
    } else {
      value = toml_string(value);
    }
    toml += name + " = " + value + "\n";
  }
  return toml;
}

TrainConfig read_run_config(std::string_view toml, const std::string& file,
                            const std::vector<std::string>& flags) {
  CLI::App app;
  TrainOptions options(*app.add_subcommand("train"));
  std::vector<std::string> args(flags.rbegin(), flags.rend());  // CLI11 pops the back
  args.push_back("train");
  app.parse(args);
  options.set_saved_config(std::string(toml), file);
  options.resolve();
  return options.config();
}

}  // namespace ga3c::config
