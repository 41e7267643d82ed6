// libFuzzer target of the config reader (cmake -DGA3C_FUZZ=ON, clang): the input is the text
// of a `ga3c train --config` file. It goes through the reader, the presets, the name-to-enum
// conversions and config::validate() as `ga3c train` takes it; whatever is accepted must be
// written back as TOML that reads back to the same TOML. A crash, a sanitizer report, a leak, a
// hang or any exception but std::invalid_argument is a finding.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "config/train_options.h"

namespace {

// TrainOptions bound to a fresh `train` subcommand parsed without flags, as `ga3c train` is.
struct Command {
  CLI::App app;
  CLI::App* train = app.add_subcommand("train");
  ga3c::config::TrainOptions options{*train};

  Command() { app.parse(std::vector<std::string>{"train"}); }
};

// The resolved settings as TOML; throws what the reader or resolve() throws.
std::string resolve(std::string_view text) {
  Command command;
  command.options.apply_config(text, "fuzz.toml");
  command.options.resolve();
  return command.options.to_toml();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string toml;
  try {
    toml = resolve(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const std::invalid_argument&) {
    return 0;
  }
  if (resolve(toml) != toml) __builtin_trap();
  return 0;
}
