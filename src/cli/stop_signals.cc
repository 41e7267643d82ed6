#include "cli/stop_signals.h"

#include <csignal>
#include <cstring>

#include <unistd.h>

namespace ga3c::cli {
namespace {

std::atomic<bool> stop_requested{false};
std::atomic<const char*> stop_doing{""};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
static_assert(std::atomic<const char*>::is_always_lock_free, "read from a signal handler");

void write_all(const char* text) { (void)!write(STDERR_FILENO, text, std::strlen(text)); }

extern "C" void on_stop_signal(int signal) {
  if (stop_requested.exchange(true)) {
    // A scheduler may deliver SIGTERM more than once (Slurm signals both srun, which passes it
    // on, and the tasks) and kills after its grace period anyway: only a person's second
    // Ctrl-C means "now".
    if (signal == SIGINT) _exit(130);
    return;
  }
  write_all("\nstopping: ");
  write_all(stop_doing.load());
  write_all("\n");
}

}  // namespace

const std::atomic<bool>& install_stop_signals(const char* doing) {
  stop_doing.store(doing);
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  return stop_requested;
}

}  // namespace ga3c::cli
