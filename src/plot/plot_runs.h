// `ga3c plot`: the pictures of a set of runs (README "Plots").
#pragma once

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

// Draws return_vs_frames, return_vs_time, sync_vs_frames (each with a _per_worker suffix when
// request.per_worker; the first two with _seeds when request.group_seeds) and fps_vs_time into
// out_dir, which is created when missing: for each,
// NAME.png, NAME.csv (the points of its lines, figure.h) and NAME.gp (the gnuplot script that
// draws the PNG from the CSV). Files of an earlier plot there are replaced. Returns the PNG
// paths. Throws PlotInputError, before writing anything, when a run directory is missing or
// malformed (or lacks config.toml under group_seeds), both per_worker and group_seeds are set,
// gnuplot is not installed or out_dir cannot be written; std::runtime_error when gnuplot fails.
std::vector<std::string> plot_runs(const PlotRequest& request);

}  // namespace ga3c::plot
