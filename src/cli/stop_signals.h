// SIGINT and SIGTERM (what Slurm sends before it kills a job): the first asks the command to
// stop cleanly, a second SIGINT exits at once with status 130. Further SIGTERMs are ignored:
// under Slurm one stop can arrive twice, and a scheduler follows with SIGKILL anyway.
#pragma once

#include <atomic>

namespace ga3c::cli {

// Installs the handlers; returns the flag the first signal sets. The first signal also writes
// "\nstopping: <doing>\n" to stderr, doing saying what the command does before it ends (a
// string that outlives the process's handlers; the last call's wins).
const std::atomic<bool>& install_stop_signals(
    const char* doing = "finishing the current steps (Ctrl-C again to exit now)");

}  // namespace ga3c::cli
