#include "node/dead_network_alarm.h"

#include <algorithm>

#include <fmt/format.h>

namespace ga3c::node {

std::string millions(int64_t frames) { return fmt::format("{:.2f}M", frames / 1e6); }

std::vector<std::string> DeadNetworkAlarm::update(const metrics::HealthRecord& check,
                                                  int64_t frames) {
  std::vector<std::string> lines;
  std::vector<DeadLayer> now;
  for (const metrics::LayerHealth& l : check.layers) {
    const auto was = std::find_if(dead_since_.begin(), dead_since_.end(),
                                  [&](const DeadLayer& d) { return d.name == l.name; });
    if (l.live == 0) {
      if (was != dead_since_.end()) {
        now.push_back(*was);
        continue;
      }
      now.push_back({l.name, frames});
      lines.push_back(fmt::format(
          "{}: 0 of {} units live since {} frames: the network has died (every unit of the "
          "layer is off for every observation, so none of them can learn again); see {}",
          l.name, l.units, millions(frames), kDeadNetworkDoc));
    } else if (was != dead_since_.end()) {
      lines.push_back(fmt::format("{}: {} of {} units live again at {} frames (none since {})",
                                  l.name, l.live, l.units, millions(frames), millions(was->since)));
    }
  }
  dead_since_ = std::move(now);
  if (blind_since_ < 0 && check.policy_spread < kBlindPolicySpread) {
    blind_since_ = frames;
    lines.push_back(fmt::format(
        "policy: the same for every observation since {} frames (spread {:.2g} over the health "
        "batch): the network no longer sees its input and plays the same whatever happens; with "
        "--recurrent lstm on Atari an A3C-LSTM at t_max 5, which needs --t-max 20, see {}",
        millions(frames), check.policy_spread, kBlindPolicyDoc));
  } else if (blind_since_ >= 0 && check.policy_spread >= kSeeingPolicySpread) {
    lines.push_back(
        fmt::format("policy: depends on the observation again at {} frames (spread {:.2g}; the "
                    "same for every observation since {})",
                    millions(frames), check.policy_spread, millions(blind_since_)));
    blind_since_ = -1;
  }
  return lines;
}

std::string DeadNetworkAlarm::status() const {
  std::string s;
  for (const DeadLayer& d : dead_since_) s += (s.empty() ? "DEAD " : ",") + d.name;
  return s;
}

}  // namespace ga3c::node
