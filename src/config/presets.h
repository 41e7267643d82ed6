// Per-environment settings that differ from DESIGN.md's defaults, applied to whatever the
// user did not set. The table is printed in `ga3c train --help`.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ga3c::config {

struct Preset {
  // Applies to ids starting with this: "MinAtar/" covers all games, "MinAtar/Freeway-" one.
  std::string env_prefix;
  std::vector<std::pair<std::string, std::string>> settings;  // long flag name -> value
  std::string why;
};

const std::vector<Preset>& presets();

// Every preset that applies to env_id, the most specific (longest prefix) first: a game's own
// preset wins over its family's where both set a flag.
std::vector<const Preset*> find_presets(const std::string& env_id);

// "Presets: CartPole-v1: --lr 0.001 ... (why)" lines for --help.
std::string presets_help();

}  // namespace ga3c::config
