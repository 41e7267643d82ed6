#include "env/registry.h"

#include <algorithm>
#include <functional>
#include <map>

#include "env/cartpole.h"
#include "env/time_limit.h"

namespace ga3c::env {
namespace {

using Factory = std::function<EnvPtr(const EnvOptions&)>;

const std::map<std::string, Factory>& registry() {
  static const std::map<std::string, Factory> table = {
      {"CartPole-v1",
       [](const EnvOptions&) {
         return std::make_unique<TimeLimit>(std::make_unique<CartPole>(), CartPole::kMaxEpisodeSteps);
       }},
  };
  return table;
}

}  // namespace

EnvPtr make_env(const std::string& id, const EnvOptions& options) {
  const auto& table = registry();
  auto it = table.find(id);
  if (it == table.end()) {
    std::string known;
    for (const auto& name : registered_env_ids()) known += (known.empty() ? "" : ", ") + name;
    throw UnknownEnvError("unknown environment '" + id + "'; known environments: " + known);
  }
  return it->second(options);
}

std::vector<std::string> registered_env_ids() {
  std::vector<std::string> ids;
  for (const auto& [id, factory] : registry()) ids.push_back(id);
  return ids;
}

}  // namespace ga3c::env
