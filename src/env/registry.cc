#include "env/registry.h"

#include <algorithm>
#include <functional>
#include <map>

#include "env/ale/atari_registry.h"
#include "env/cartpole.h"
#include "env/minatar/asterix.h"
#include "env/minatar/breakout.h"
#include "env/minatar/freeway.h"
#include "env/minatar/minatar_env.h"
#include "env/minatar/seaquest.h"
#include "env/minatar/space_invaders.h"
#include "env/time_limit.h"

namespace ga3c::env {
namespace {

using Factory = std::function<EnvPtr(const EnvOptions&)>;

// Registers MinAtar/<Game>-v0 (all six actions) and -v1 (the game's minimal action set).
template <class Game>
void add_minatar(std::map<std::string, Factory>& table) {
  const std::string id = std::string("MinAtar/") + Game::kName;
  for (const auto& [suffix, set] : {std::pair{"-v0", minatar::ActionSet::kFull},
                                    std::pair{"-v1", minatar::ActionSet::kMinimal}}) {
    table[id + suffix] = [set = set](const EnvOptions& o) -> EnvPtr {
      return std::make_unique<minatar::MinAtarEnv<Game>>(o.sticky_action_prob,
                                                         o.difficulty_ramping, set);
    };
  }
}

const std::map<std::string, Factory>& registry() {
  static const std::map<std::string, Factory> table = [] {
    std::map<std::string, Factory> t = {
        {"CartPole-v1",
         [](const EnvOptions&) {
           return std::make_unique<TimeLimit>(std::make_unique<CartPole>(),
                                              CartPole::kMaxEpisodeSteps);
         }},
    };
    add_minatar<minatar::Asterix>(t);
    add_minatar<minatar::Breakout>(t);
    add_minatar<minatar::Freeway>(t);
    add_minatar<minatar::Seaquest>(t);
    add_minatar<minatar::SpaceInvaders>(t);
    return t;
  }();
  return table;
}

std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string s;
  for (const auto& item : items) s += (s.empty() ? "" : separator) + item;
  return s;
}

// The sorted ids, shortened where a namespace offers every version for every name:
// "MinAtar/{Asterix,Breakout}-{v0,v1}" instead of four ids.
std::string known_ids_summary() {
  std::vector<std::string> parts;
  std::map<std::string, std::map<std::string, std::vector<std::string>>> by_namespace;
  for (const auto& id : registered_env_ids()) {
    if (ale::is_atari_id(id)) continue;
    const auto slash = id.find('/');
    const auto dash = id.rfind("-v");
    if (slash == std::string::npos || dash == std::string::npos || dash < slash) {
      parts.push_back(id);
    } else {
      by_namespace[id.substr(0, slash)][id.substr(slash + 1, dash - slash - 1)].push_back(
          id.substr(dash + 1));
    }
  }
  auto braced = [](const std::vector<std::string>& items) {
    return items.size() == 1 ? items[0] : "{" + join(items, ",") + "}";
  };
  for (const auto& [ns, versions_by_name] : by_namespace) {
    std::vector<std::string> names;
    bool same_versions = true;
    for (const auto& [name, versions] : versions_by_name) {
      names.push_back(name);
      same_versions = same_versions && versions == versions_by_name.begin()->second;
    }
    if (same_versions) {
      parts.push_back(ns + "/" + braced(names) + "-" + braced(versions_by_name.begin()->second));
    } else {
      for (const auto& [name, versions] : versions_by_name) {
        for (const auto& v : versions) parts.push_back(ns + "/" + name + "-" + v);
      }
    }
  }
  parts.push_back(ale::ale_available()
                      ? "ALE/<Game>-v5 (104 Atari games, as Gymnasium names them)"
                      : "ALE/<Game>-v5 (Atari; needs a build with ALE: scripts/install-ale.sh)");
  return join(parts, ", ");
}

}  // namespace

EnvPtr make_env(const std::string& id, const EnvOptions& options) {
  if (ale::is_atari_id(id)) return ale::make_atari_env(id, options.atari);
  const auto& table = registry();
  auto it = table.find(id);
  if (it == table.end()) {
    throw UnknownEnvError("unknown environment '" + id +
                          "'; known environments: " + known_ids_summary());
  }
  return it->second(options);
}

std::vector<std::string> registered_env_ids() {
  std::vector<std::string> ids;
  for (const auto& [id, factory] : registry()) ids.push_back(id);
  if (ale::ale_available()) {
    for (const auto& id : ale::atari_env_ids()) ids.push_back(id);
    std::sort(ids.begin(), ids.end());
  }
  return ids;
}

}  // namespace ga3c::env
