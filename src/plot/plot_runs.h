// `ga3c plot`: the pictures of a set of runs (README "Plots").
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace ga3c::plot {

struct PlotRequest {
  std::vector<std::string> run_dirs;  // one line (or one per worker) per run, in this order
  std::string out_dir = "plots";
  bool per_worker = false;  // a line per worker instead of one per run with a band
  // Return pictures: one line per set of runs whose settings differ only in the seed (and the
  // output settings), with a band across them (series.h seed_returns). Not with per_worker.
  bool group_seeds = false;
};

struct PlotOutcome {
  std::vector<std::string> pngs;  // the PNG paths drawn, in the order of the figures
  std::size_t figures = 0;        // the pictures the request asked for
  bool interrupted = false;       // stop_requested() ended the plot before pngs.size() == figures
};

// Draws return_vs_frames, return_vs_time, sync_vs_frames (each with a _per_worker suffix when
// request.per_worker; the first two with _seeds when request.group_seeds) and fps_vs_time into
// out_dir, which is created when missing: for each,
// NAME.png, NAME.csv (the points of its lines, figure.h) and NAME.gp (the gnuplot script that
// draws the PNG from the CSV). Files of an earlier plot there are replaced, each figure's three
// at once: they are drawn in out_dir/.ga3c-plot-<pid> and moved into place when gnuplot is done,
// so a figure is there whole or as it was before. stop_requested (checked between figures and
// every 50 ms while gnuplot draws) ends the plot early with the figures finished so far.
// Throws PlotInputError, before writing anything, when a run directory is missing or malformed
// (or lacks config.toml under group_seeds), both per_worker and group_seeds are set, gnuplot is
// not installed or out_dir cannot be written; std::runtime_error when gnuplot fails.
PlotOutcome plot_runs(const PlotRequest& request, const std::function<bool()>& stop_requested = {});

}  // namespace ga3c::plot
