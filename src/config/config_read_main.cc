// config_read FILE...: each config file read as `ga3c train --config FILE` reads it, before the
// presets and config::validate(). Prints, per file, "== FILE" and then either "error: " with
// the reader's one-line message or the settings as `ga3c train` writes them to config.toml.
// tests/cli/check_config_tomllib.py compares this with Python's tomllib.
#include <iostream>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "config/config_file.h"
#include "config/train_options.h"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    CLI::App app;
    ga3c::config::TrainOptions options(*app.add_subcommand("train"));
    app.parse(std::vector<std::string>{"train"});
    std::cout << "== " << argv[i] << "\n";
    try {
      options.apply_config(ga3c::config::read_config_file(argv[i]), argv[i]);
      std::cout << options.to_toml();
    } catch (const std::invalid_argument& e) {
      std::cout << "error: " << e.what() << "\n";
    }
  }
  return 0;
}
