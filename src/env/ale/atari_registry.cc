#include "env/ale/atari_registry.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "env/ale/rom_table.h"
#include "env/registry.h"

namespace ga3c::env::ale {

namespace {

constexpr char kPrefix[] = "ALE/";
constexpr char kSuffix[] = "-v5";

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Levenshtein distance, case-insensitive: close names for a misspelt game.
std::size_t distance(const std::string& a, const std::string& b) {
  const std::string x = lower(a), y = lower(b);
  std::vector<std::size_t> row(y.size() + 1);
  for (std::size_t j = 0; j <= y.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= x.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= y.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (x[i - 1] != y[j - 1])});
      diagonal = up;
    }
  }
  return row[y.size()];
}

std::string close_ids(const std::string& game) {
  std::vector<std::pair<std::size_t, std::string>> ranked;
  for (const RomInfo& rom : rom_table()) {
    if (!rom.multiplayer_only) ranked.emplace_back(distance(game, rom.name), rom.name);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string s;
  for (std::size_t i = 0; i < 3 && i < ranked.size(); ++i) {
    s += (i ? ", " : "") + std::string(kPrefix) + ranked[i].second + kSuffix;
  }
  return s;
}

}  // namespace

bool is_atari_id(const std::string& id) { return id.rfind(kPrefix, 0) == 0; }

EnvPtr make_atari_env(const std::string& id, const AtariOptions& options) {
  const std::string rest = id.substr(sizeof(kPrefix) - 1);
  const std::size_t dash = rest.rfind("-v");
  const std::string game = rest.substr(0, dash);
  const RomInfo* rom = find_rom_by_name(game);
  if (dash == std::string::npos || rest.substr(dash) != kSuffix) {
    throw UnknownEnvError(
        "unknown environment '" + id + "': Atari games are ALE/<Game>-v5" +
        (rom ? "; use ALE/" + game + kSuffix : std::string("; close names: ") + close_ids(game)));
  }
  if (rom == nullptr) {
    throw UnknownEnvError("unknown Atari game '" + game + "' in " + id + "; close names: " +
                          close_ids(game) + " (104 games: ALE/<Game>-v5 as Gymnasium names them)");
  }
  return make_atari(*rom, options);
}

std::vector<std::string> atari_env_ids() {
  std::vector<std::string> ids;
  for (const RomInfo& rom : rom_table()) {
    if (!rom.multiplayer_only) ids.push_back(std::string(kPrefix) + rom.name + kSuffix);
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace ga3c::env::ale
