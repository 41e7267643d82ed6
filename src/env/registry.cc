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

// Ids that share an episode-limit default (registry.h says why each).
struct Family {
  const char* name;  // as episode_limit_defaults() lists it
  int64_t default_max_episode_frames;
};

constexpr Family kCartPoleFamily{"CartPole*", kCartPoleMaxEpisodeFrames};
constexpr Family kMinAtarFamily{"MinAtar/*", kMinAtarMaxEpisodeFrames};

// The bare environment (make_env adds the time limit) and its family.
struct Registration {
  std::function<EnvPtr(const EnvOptions&)> make;
  const Family* family;
};

// Registers MinAtar/<Game>-v0 (all six actions) and -v1 (the game's minimal action set).
template <class Game>
void add_minatar(std::map<std::string, Registration>& table) {
  const std::string id = std::string("MinAtar/") + Game::kName;
  for (const auto& [suffix, set] : {std::pair{"-v0", minatar::ActionSet::kFull},
                                    std::pair{"-v1", minatar::ActionSet::kMinimal}}) {
    table[id + suffix] = {[set = set](const EnvOptions& o) -> EnvPtr {
                            return std::make_unique<minatar::MinAtarEnv<Game>>(
                                o.sticky_action_prob, o.difficulty_ramping, set);
                          },
                          &kMinAtarFamily};
  }
}

const std::map<std::string, Registration>& registry() {
  static const std::map<std::string, Registration> table = [] {
    std::map<std::string, Registration> t = {
        {"CartPole-v1",
         {[](const EnvOptions&) -> EnvPtr { return std::make_unique<CartPole>(); },
          &kCartPoleFamily}},
        {"CartPoleNoVel-v1",
         {[](const EnvOptions&) -> EnvPtr {
            return std::make_unique<CartPole>(/*mask_velocity=*/true);
          },
          &kCartPoleFamily}},
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

const Registration& registration(const std::string& id) {
  const auto& table = registry();
  auto it = table.find(id);
  if (it == table.end()) {
    throw UnknownEnvError("unknown environment '" + id +
                          "'; known environments: " + known_ids_summary());
  }
  return it->second;
}

}  // namespace

EnvPtr make_env(const std::string& id, const EnvOptions& options) {
  const int64_t limit = options.max_episode_frames.value_or(default_max_episode_frames(id));
  if (limit < 0) {
    throw std::invalid_argument("episode limit of " + std::to_string(limit) + " frames for " + id +
                                "; use 0 (no limit) or more");
  }
  if (ale::is_atari_id(id)) {
    // ALE counts the limit itself, in emulator frames (no-op starts included), as v5 does.
    ale::AtariOptions atari = options.atari;
    atari.max_episode_frames = limit;
    return ale::make_atari_env(id, atari);
  }
  const Registration& r = registration(id);
  EnvPtr env = r.make(options);
  if (limit == 0) return env;
  return std::make_unique<TimeLimit>(std::move(env), limit);
}

int64_t default_max_episode_frames(const std::string& id) {
  if (ale::is_atari_id(id)) return kAtariMaxEpisodeFrames;
  return registration(id).family->default_max_episode_frames;
}

std::string episode_limit_defaults() {
  std::vector<std::string> parts;
  std::vector<const Family*> seen;
  for (const auto& [id, r] : registry()) {
    if (std::find(seen.begin(), seen.end(), r.family) != seen.end()) continue;
    seen.push_back(r.family);
    parts.push_back(std::string(r.family->name) + " " +
                    std::to_string(r.family->default_max_episode_frames));
  }
  parts.push_back("ALE/* " + std::to_string(kAtariMaxEpisodeFrames));
  return join(parts, ", ");
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
