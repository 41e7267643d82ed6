// Runs code in a child process that cannot write more than a given number of bytes to any
// file (RLIMIT_FSIZE): the way tests make a checkpoint writer fail, or die, in the middle of
// a file without a hook in the writer.
#pragma once

#include <functional>

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ga3c::checkpoint::testing {

enum class OnLimit {
  kFail,  // the write that crosses the limit fails with EFBIG (SIGXFSZ ignored)
  kDie,   // SIGXFSZ kills the child there, as a kill -9 or a crash would
};

// Forks; the child sets the limit, runs body and exits with its return value (0..255).
// Returns waitpid's status of the child, or -1 when fork fails.
inline int run_with_file_size_limit(rlim_t max_bytes, OnLimit on_limit,
                                    const std::function<int()>& body) {
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    const rlimit no_core{0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
    ::signal(SIGXFSZ, on_limit == OnLimit::kFail ? SIG_IGN : SIG_DFL);
    const rlimit limit{max_bytes, max_bytes};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    ::_exit(body());  // no atexit handlers, no gtest report from the child
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

}  // namespace ga3c::checkpoint::testing
