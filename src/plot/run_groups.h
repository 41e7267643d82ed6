// Runs that repeat one experiment with other seeds, found from their config.toml (cli/
// train_options.h writes it), so that `ga3c plot --group-seeds` draws them as one line.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ga3c::plot {

// The settings of a config.toml that decide what is trained: every `key = value` line but
// seed, run-dir and the output settings (status-interval, log-level, quiet), with comments and
// blank lines left out.
std::string training_settings(const std::string& config_toml);

// dirs' indices grouped by equal training settings, groups in order of their first run, runs in
// the order given. Throws PlotInputError naming a run without config.toml.
std::vector<std::vector<std::size_t>> group_by_settings(const std::vector<std::string>& dirs);

}  // namespace ga3c::plot
