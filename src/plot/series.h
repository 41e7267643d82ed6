// The lines of `ga3c plot`'s pictures, computed from a run's records (run_data.h).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "plot/run_data.h"

namespace ga3c::plot {

// Episodes in a return mean: CartPole's "solved" window and the figure A3C papers report, as
// the status line's R100 (metrics/episode_window.h).
inline constexpr std::size_t kReturnWindow = 100;
// Syncs in a sync-time mean: single syncs vary with the scheduler far more than with training.
inline constexpr std::size_t kSyncWindow = 100;
inline constexpr int kAllWorkers = -1;

// One line of a picture: its points (x[i], y[i]) and, where it has a band, the band's edges
// low[i] <= high[i] at the same x.
struct Series {
  std::string run;           // the run's legend name
  int worker = kAllWorkers;  // the worker it shows, or kAllWorkers for the whole job
  std::vector<double> x, y;
  std::vector<double> low, high;  // empty when the line has no band
};

enum class Axis { frames, wall_s };

// The job's mean return over its last kReturnWindow episodes: one point per episode from the
// kReturnWindow-th on, at that episode's frames or wall_s. The band spans the lowest and highest
// mean of one worker's episodes among those same episodes, so the line (their weighted mean)
// always lies inside it; with one worker the band is the line.
Series job_returns(const RunData& run, Axis x);

// Runs that repeat one experiment with other seeds (run_groups.h) as one line: at every x
// where one of their job_returns lines has a point, from the x where the last of them starts to
// the x where the first of them ends, the mean of the runs' lines, each taken at its latest
// point at or before x. The band spans the lowest and highest run. label: the legend name.
Series seed_returns(const std::vector<const RunData*>& runs, const std::string& label, Axis x);

// One line per worker (in id order, workers with episodes only): the mean return of that
// worker's own last kReturnWindow episodes, from its kReturnWindow-th episode on, at the job's
// frames or wall_s. No band.
std::vector<Series> worker_returns(const RunData& run, Axis x);

// Mean push + pull time of the job's last kSyncWindow syncs (of all syncs so far before the
// kSyncWindow-th), one point per sync, against the job's frames. No band.
Series job_sync(const RunData& run);

// The same for each worker's own syncs, one line per worker in id order.
std::vector<Series> worker_sync(const RunData& run);

// Frames per second of the whole job against wall time, one point per system.csv row.
Series job_fps(const RunData& run);

}  // namespace ga3c::plot
