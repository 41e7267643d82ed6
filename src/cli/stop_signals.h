// SIGINT and SIGTERM (what Slurm sends before it kills a job): the first asks the run to stop
// cleanly, a second one exits at once with status 130.
#pragma once

#include <atomic>

namespace ga3c::cli {

// Installs the handlers; returns the flag the first signal sets.
const std::atomic<bool>& install_stop_signals();

}  // namespace ga3c::cli
