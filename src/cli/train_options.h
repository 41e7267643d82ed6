// The `ga3c train` command line and config file: every TrainConfig field as a flag with its
// default and unit, per-environment presets, and the resolved config written as TOML.
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "runtime/train_config.h"

namespace ga3c::cli {

// Binds the train subcommand's flags; values land in config() after app.parse().
class TrainOptions {
 public:
  explicit TrainOptions(CLI::App& train);

  // After parsing, for --resume: gives every setting that neither a flag nor --config set the
  // value of the saved config `toml` (a run's config.toml), but for run-dir and resume.
  // Throws std::invalid_argument naming a setting it does not know.
  void apply_saved_config(const std::string& toml);

  // After parsing: applies the environment's preset to every setting that neither a flag nor
  // the config file set, and converts the names (optimizer, schedule, ...) to their enums.
  // Throws std::invalid_argument naming a bad value.
  void resolve();

  const runtime::TrainConfig& config() const { return config_; }
  const std::string& log_level() const { return log_level_; }

  // The resolved settings as a TOML config file that `ga3c train --config` reads back.
  std::string to_toml() const;

 private:
  CLI::App& app_;
  runtime::TrainConfig config_;
  std::string optimizer_ = "rmsprop";
  std::string rmsprop_style_ = "tf";
  std::string optimizer_state_ = "shared";
  std::string lr_schedule_ = "constant";
  std::string lr_worker_scaling_ = "none";
  std::string log_level_ = "info";
};

}  // namespace ga3c::cli
