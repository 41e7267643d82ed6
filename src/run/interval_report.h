// One status interval's report, the same in one process and on MPI rank 0: a system.csv row
// (and its TensorBoard scalars) and, unless quiet, the console status line.
#pragma once

#include <cstdint>
#include <string>

#include "config/train_config.h"
#include "metrics/counters_snapshot.h"
#include "metrics/run_recorder.h"
#include "run/training_run.h"

namespace ga3c::run {

// Running totals of the whole job at one moment: its frames and episodes, and its nodes'
// counters summed (from the nodes in one process, from their latest statuses on MPI rank 0).
struct JobTotals {
  int64_t frames = 0, episodes = 0;
  metrics::CountersSnapshot counters;
  int64_t overlapping_applies = -1;  // --ps-apply racy (TrainingSummary); -1: locked
  std::string network;  // the health alarm of the first node that has one ("DEAD conv2")
};

// Reports the interval from `last` to `now`, dt_s seconds long (> 0).
void report_interval(metrics::RunRecorder& recorder, const config::TrainConfig& config,
                     const JobTotals& now, const JobTotals& last, double dt_s);

// The closing line: "done: N frames, ... mean return of the last 100 episodes X, best Y".
std::string format_summary(const TrainingSummary& summary);

// What --ps-apply racy did: "12 overlapping applies, 3 optimizer steps lost"; lost < 0 (local
// optimizer state, which has no shared step count) leaves the second part out.
std::string format_overlaps(int64_t overlapping_applies, int64_t lost_optimizer_steps);

}  // namespace ga3c::run
