// Turns a node's health checks (node/network_health.h) into what a user must be told: a
// layer with no live unit left means the network has died (it stays at whatever it plays now,
// usually random play, for the rest of the run); a policy that is the same for every
// observation means the network no longer sees its input although its ReLU layers live (a
// saturated LSTM, docs/results/recurrent.md). Each is said once, when first seen, and again
// once if it ends. No LibTorch. Not thread-safe: the node guards it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "metrics/health_record.h"

namespace ga3c::node {

// Where the log's alarm sends the reader.
inline constexpr const char* kDeadNetworkDoc =
    "docs/results/atari.md#the-network-dies-3-of-8-solo-runs-2026-12-02";
inline constexpr const char* kBlindPolicyDoc =
    "docs/results/recurrent.md#atari-with-t_max-20-the-a3c-lstm-learns-2026-12-08";

// Below this policy spread (metrics::HealthRecord) the policy is taken to be the same for
// every observation. float32 probabilities resolve about 3e-8 near 1/|A|. On Atari Breakout
// (docs/experiments/atari-lstm-screen/) the saturated LSTMs measured 1e-8 to 3e-8 (eps 1e-2:
// 1e-7 to 2e-7 at 300k frames); the feed-forward preset 4e-4 at its first check; LSTMs that
// stayed unsaturated but at random play 4e-6 to 4e-5.
inline constexpr double kBlindPolicySpread = 1e-6;
// A blind policy is said to see again only above this: a saturating LSTM's spread wanders
// about 1e-6 (1.0e-6 between 8e-8 and 3e-7 in one run), and each crossing would be logged.
inline constexpr double kSeeingPolicySpread = 1e-5;

class DeadNetworkAlarm {
 public:
  // Takes the check made at `frames` (the job's frames); returns the lines to log, one per
  // layer that died or came back since the previous check, then one if the policy stopped or
  // started again depending on the observation:
  //   "conv2: 0 of 32 units live since 0.41M frames: the network has died; see docs/..."
  //   "conv2: 3 of 32 units live again at 0.52M frames (none since 0.41M)"
  //   "policy: the same for every observation since 0.07M frames (spread 2.6e-08 ...); see ..."
  //   "policy: depends on the observation again at 0.20M frames (spread 3.1e-05; ...)"
  std::vector<std::string> update(const metrics::HealthRecord& check, int64_t frames);

  // Whether the last check found a layer with no live unit. A blind policy alone does not
  // count: --stop-on-dead-network stops only a network that cannot learn again.
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
  int64_t blind_since_ = -1;  // frames of the first check of a blind stretch; -1: not blind
};

// 410'000 -> "0.41M".
std::string millions(int64_t frames);

}  // namespace ga3c::node
