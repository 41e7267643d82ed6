// Turns a node's health checks (node/network_health.h) into what a user must be told: a
// layer with no live unit left means the network has died (it stays at whatever it plays now,
// usually random play, for the rest of the run), and that is said once, when first seen, and
// again once if units come back. No LibTorch. Not thread-safe: the node guards it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "metrics/health_record.h"

namespace ga3c::node {

// Where the log's alarm sends the reader.
inline constexpr const char* kDeadNetworkDoc =
    "docs/results/atari.md#the-network-dies-3-of-8-solo-runs-2026-12-02";

class DeadNetworkAlarm {
 public:
  // Takes the check made at `frames` (the job's frames); returns the lines to log, one per
  // layer that died or came back since the previous check:
  //   "conv2: 0 of 32 units live since 0.41M frames: the network has died; see docs/..."
  //   "conv2: 3 of 32 units live again at 0.52M frames (none since 0.41M)"
  std::vector<std::string> update(const metrics::HealthRecord& check, int64_t frames);

  // Whether the last check found a layer with no live unit.
  bool dead() const { return !dead_since_.empty(); }
  // The dead layers of the last check for the status line, "DEAD conv2" ("DEAD conv1,conv2");
  // empty while every layer has a live unit.
  std::string status() const;

 private:
  struct DeadLayer {
    std::string name;
    int64_t since = 0;  // frames of the first check that found it dead
  };
  std::vector<DeadLayer> dead_since_;
};

// 410'000 -> "0.41M".
std::string millions(int64_t frames);

}  // namespace ga3c::node
