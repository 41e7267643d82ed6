// Creating a run directory without ever overwriting an earlier run, and holding it for the
// run (run_directory_lock.h).
#pragma once

#include <stdexcept>
#include <string>

#include "metrics/run_directory_lock.h"

namespace ga3c::metrics {

// Raised when a run directory cannot be used; what() names it and the fix.
class RunDirectoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "runs/<env id with / replaced by _>-<YYYYmmdd-HHMMSS>" in local time.
std::string default_run_dir(const std::string& env_id);

// Creates and returns default_run_dir(env_id), or that name with "-2", "-3", ... appended
// when another run took it (runs started in the same second, e.g. a Slurm job array): the
// directory itself is created exclusively, so no two callers get one name. Throws
// RunDirectoryError when runs/ cannot be written.
std::string claim_default_run_dir(const std::string& env_id);

// Whether dir holds a run: its episodes.csv or config.toml (a run writes both before it trains).
bool holds_run(const std::string& dir);

// Creates dir (and its parents), locks it for this process (RunDirectoryLock, held as long
// as the returned object lives) and checks that a file can be written in it. Throws
// RunDirectoryError when it cannot be created or written, already holds a run (episodes.csv
// or config.toml; checked before and again under the lock, so that of two runs started on
// one directory at once exactly one goes on) or another process holds it.
[[nodiscard]] RunDirectoryLock prepare_run_dir(const std::string& dir);

// Throws RunDirectoryError "cannot write in '<dir>'; <fix>" unless a file can be created in
// dir (and removed again).
void check_writable(const std::string& dir, const std::string& fix);

// Writes `toml` as dir/config.toml: into a temporary beside it, then renamed over it in one
// step, so a resumed run (which goes on with new settings; the earlier ones stay in its
// checkpoints) never leaves a partial file. Throws RunDirectoryError naming the file.
void write_run_config(const std::string& dir, const std::string& toml);

}  // namespace ga3c::metrics
