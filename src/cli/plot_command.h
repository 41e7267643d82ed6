// `ga3c plot RUN_DIR... [--out DIR] [--per-worker | --group-seeds]`: PNG pictures of runs
// (plot/plot_runs.h).
#pragma once

#include <CLI/CLI.hpp>

#include "plot/plot_runs.h"

namespace ga3c::cli {

// Binds the plot subcommand's arguments; values land in request after app.parse().
void bind_plot_options(CLI::App& plot, plot::PlotRequest& request);

// Returns the process exit code: 0 drawn (one line on stdout names the files), 2 bad input
// (one line on stderr, nothing written), 1 gnuplot failed, 130 stopped by SIGINT or SIGTERM
// (one line on stderr names the pictures kept; figures not finished are left as they were).
int run_plot_command(const plot::PlotRequest& request);

}  // namespace ga3c::cli
