// The `ga3c train` command line and config file: every TrainConfig field as a flag with its
// default and unit, per-environment presets, and the resolved config written as TOML.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "config/train_config.h"

namespace ga3c::config {

// Binds the train subcommand's flags; values land in config() after app.parse().
class TrainOptions {
 public:
  explicit TrainOptions(CLI::App& train);

  // After parsing: reads the --config file (apply_config), applies the environment's preset
  // to every setting that neither a flag nor the file set (and the environment's episode limit,
  // env::default_max_episode_frames, to --max-episode-frames), converts the names (optimizer,
  // schedule, ...) to their enums and checks the result (config::validate). Throws
  // std::invalid_argument naming a bad value or file; a bad value the file set is named with
  // the file and its line.
  void resolve();

  // Sets each setting of the config text (config/config_file.h) that no flag set; `file` names
  // it in messages. Throws std::invalid_argument "config file FILE, line N: ..." for a key
  // that is not a setting, one set twice (under either of its names), or a value that is not
  // of the setting's TOML type (true/false for switches, a string for names and paths, for
  // numbers an integer or float as read_number of config/toml_number.h reads it for the setting's
  // kind: a float is not an integer, a negative number not a seed).
  void apply_config(std::string_view text, const std::string& file);

  // For --resume, before resolve(): the saved config of the checkpoint at `file` (a run's
  // config.toml), applied by resolve() after the --config file, to what neither set, but for
  // run-dir (a resumed run stays in its directory).
  void set_saved_config(std::string toml, std::string file);

  // --resume auto, decided (run/resume.h): the run directory to go on from, or "" to start.
  void set_resume_dir(std::string dir) { config_.resume_dir = std::move(dir); }

  const config::TrainConfig& config() const { return config_; }
  const std::string& log_level() const { return log_level_; }

  // The resolved settings as a TOML config file that `ga3c train --config` reads back.
  std::string to_toml() const;

 private:
  CLI::App& app_;
  // The options that are settings: every long option but --help and --config.
  CLI::Option* setting(const std::string& key) const;
  // "config file FILE, line N: " where the file set `flag` ("--lr"), else "".
  std::string origin(const std::string& flag) const;
  // Runs check, naming the origin of `flag` in what it throws.
  template <class Check>
  void checked(const std::string& flag, Check check) const;

  config::TrainConfig config_;
  CLI::Option* config_option_ = nullptr;
  std::string config_file_;  // --config
  // The file and line of each setting a config file set.
  std::map<const CLI::Option*, std::pair<std::string, int>> config_lines_;
  std::string saved_config_, saved_config_file_;  // set_saved_config
  std::string optimizer_ = "rmsprop";
  std::string rmsprop_style_ = "tf";
  std::string optimizer_state_ = "shared";
  std::string lr_schedule_ = "constant";
  std::string entropy_schedule_ = "constant";
  std::string lr_worker_scaling_ = "none";
  std::string ps_apply_ = "locked";
  std::string correction_ = "none";
  std::string log_level_ = "info";
  // --max-episode-frames as given; without it resolve() takes the environment's default.
  int64_t max_episode_frames_ = 0;
};

// A run's saved settings (its config.toml: a checkpoint's copy or the file in its run
// directory) read as `ga3c train FLAGS --resume` reads them: `flags` ({"--rom-dir", "/roms"})
// win over the file, the presets of its environment fill what the file lacks, with the same
// conversions and checks (resolve()). `file` names it in messages. Throws
// std::invalid_argument "config file FILE, line N: ..." or validate()'s message.
TrainConfig read_run_config(std::string_view toml, const std::string& file,
                            const std::vector<std::string>& flags = {});

}  // namespace ga3c::config
