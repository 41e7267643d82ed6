#include "run/interval_report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "metrics/status_line.h"

namespace ga3c::run {

void report_interval(metrics::RunRecorder& recorder, const config::TrainConfig& config,
                     const JobTotals& now, const JobTotals& last, double dt_s) {
  metrics::SystemRecord sys;
  sys.frames = now.frames;
  sys.fps = (now.frames - last.frames) / dt_s;
  const metrics::CountersSnapshot& c = now.counters;
  const metrics::CountersSnapshot& before = last.counters;
  sys.pps = (c.prediction_batches - before.prediction_batches) / dt_s;
  sys.tps = (c.training_batches - before.training_batches) / dt_s;
  sys.prediction_queue = c.prediction_queue;
  sys.training_queue = c.training_queue;
  sys.episodes = now.episodes;
  sys.mean_return = recorder.window().mean();
  recorder.system(sys);
  recorder.flush();
  if (config.quiet) return;
  const int64_t syncs = c.syncs - before.syncs;
  metrics::Status status;
  status.wall_s = recorder.wall_seconds();
  status.frames = now.frames;
  status.max_frames = config.max_frames;
  status.fps = sys.fps;
  status.pps = sys.pps;
  status.tps = sys.tps;
  status.episodes = now.episodes;
  status.mean_return = sys.mean_return;
  status.sync_ms = syncs > 0 ? (c.sync_us - before.sync_us) / 1000.0 / syncs : 0.0;
  status.lag = syncs > 0 ? (c.lag_milli - before.lag_milli) / 1000.0 / syncs : 0.0;
  status.overlapping_applies = now.overlapping_applies;
  status.network = now.network;
  spdlog::info("{}", metrics::format_status(status));
}

std::string format_summary(const TrainingSummary& s) {
  // Fewer than 100 episodes in this process have no best window of 100.
  const std::string best = std::isfinite(s.best_mean_return_100)
                               ? fmt::format("best {:.2f}", s.best_mean_return_100)
                               : "no best yet (fewer than 100 episodes)";
  const std::string overlaps =
      s.overlapping_applies >= 0
          ? fmt::format("; {} (--ps-apply racy)",
                        format_overlaps(s.overlapping_applies, s.lost_optimizer_steps))
          : "";
  return fmt::format(
      "done{}: {} frames, {} episodes, {} updates in {:.1f} s ({:.0f} frames/s); mean return of "
      "the last 100 episodes {:.2f}, {}{}",
      s.dead_network  ? " (stopped: the network died, --stop-on-dead-network)"
      : s.interrupted ? " (stopped by signal)"
                      : "",
      s.frames, s.episodes, s.updates, s.wall_s, s.frames / std::max(s.wall_s, 1e-9),
      s.mean_return_100, best, overlaps);
}

std::string format_overlaps(int64_t overlapping_applies, int64_t lost_optimizer_steps) {
  return lost_optimizer_steps >= 0 ? fmt::format("{} overlapping applies, {} optimizer steps lost",
                                                 overlapping_applies, lost_optimizer_steps)
                                   : fmt::format("{} overlapping applies", overlapping_applies);
}

}  // namespace ga3c::run
