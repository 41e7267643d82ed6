#include "cli/stop_signals.h"

#include <csignal>
#include <unistd.h>

namespace ga3c::cli {
namespace {

std::atomic<bool> stop_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");

extern "C" void on_stop_signal(int) {
  if (stop_requested.exchange(true)) _exit(130);
  constexpr char message[] = "\nstopping: finishing the current steps (signal again to exit now)\n";
  (void)!write(STDERR_FILENO, message, sizeof message - 1);
}

}  // namespace

const std::atomic<bool>& install_stop_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  return stop_requested;
}

}  // namespace ga3c::cli
