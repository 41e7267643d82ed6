// Per-environment settings that differ from DESIGN.md's defaults, applied to whatever the
// user did not set. The table is printed in `ga3c train --help`.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ga3c::cli {

struct Preset {
  std::string env_prefix;  // applies to ids starting with this ("MinAtar/" covers all games)
  std::vector<std::pair<std::string, std::string>> settings;  // long flag name -> value
  std::string why;
};

const std::vector<Preset>& presets();

// The preset that applies to env_id, or nullptr.
const Preset* find_preset(const std::string& env_id);

// "Presets: CartPole-v1: --lr 0.001 ... (why)" lines for --help.
std::string presets_help();

}  // namespace ga3c::cli
