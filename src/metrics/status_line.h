// The console status line, at most 100 columns:
//   1m23s frames 1.23M fps 12.3k ep 1234 R100 123.4 pps 456 tps 78 sync 0.12ms lag 1.20 eta 4m56s
// R100 is the mean raw return of the last 100 episodes.
// PPS and TPS count prediction and training batches per second, as GA3C reports them.
// Under --ps-apply racy the line ends with " ovl N", the applies that overlapped so far.
// While a layer of the network has no live unit the line ends with the alarm, " DEAD conv2"
// (past 100 columns if need be: it must not be missed).
#pragma once

#include <cstdint>
#include <string>

namespace ga3c::metrics {

struct Status {
  double wall_s = 0;
  int64_t frames = 0;
  int64_t max_frames = 0;  // 0: no ETA
  double fps = 0, pps = 0, tps = 0;
  int64_t episodes = 0;
  double mean_return = 0;            // last 100 episodes
  double sync_ms = 0;                // mean push + pull of the last interval
  double lag = 0;                    // mean policy lag of the last interval
  int64_t overlapping_applies = -1;  // --ps-apply racy, so far; -1: not shown (locked)
  std::string network;               // the health alarm, "DEAD conv2"; empty: not shown
};

std::string format_status(const Status& s);

// 1234 -> "1234", 12345 -> "12.3k", 123456 -> "123k", 1234567 -> "1.23M".
std::string short_count(double v);
// 83 -> "1m23s", 3725 -> "1h02m".
std::string short_duration(double seconds);

}  // namespace ga3c::metrics
