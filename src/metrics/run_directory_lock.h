// One job per run directory: the process that trains into a run directory (or resumes it)
// holds an advisory lock on <dir>/.ga3c.lock for the whole run. The kernel releases it when
// the process ends, however it ends, so a crashed run never blocks the next one. flock(2),
// which Linux also takes across hosts on NFS; under MPI only rank 0, which writes the job's
// files, takes it.
#pragma once

#include <string>

namespace ga3c::metrics {

class RunDirectoryLock {
 public:
  RunDirectoryLock() = default;  // holds nothing
  // Locks dir (which must exist) and writes the holder's host, pid and start time into the
  // lock file for whoever finds it taken. Throws RunDirectoryError (run_directory.h) naming
  // the directory, the holder and the fix when another process holds it, or naming the file
  // when it cannot be created.
  explicit RunDirectoryLock(const std::string& dir);
  ~RunDirectoryLock();
  RunDirectoryLock(RunDirectoryLock&& other) noexcept;
  RunDirectoryLock& operator=(RunDirectoryLock&& other) noexcept;
  RunDirectoryLock(const RunDirectoryLock&) = delete;
  RunDirectoryLock& operator=(const RunDirectoryLock&) = delete;

  bool held() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
};

}  // namespace ga3c::metrics
