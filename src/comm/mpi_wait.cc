#include "comm/mpi_wait.h"

#include <thread>

#include <fmt/format.h>
#include <sched.h>

#include "comm/mpi_world.h"

namespace ga3c::comm {

void Backoff::pause() {
  if (spins_ < 50) {
    ++spins_;
    sched_yield();
    return;
  }
  std::this_thread::sleep_for(std::chrono::microseconds(sleep_us_));
  sleep_us_ = std::min(2 * sleep_us_, max_sleep_us_);
}

bool test(MPI_Request& request, MPI_Status* status) {
  int done = 0;
  MPI_Test(&request, &done, status);
  return done != 0;
}

void wait_all(int n, MPI_Request* requests, MPI_Status* statuses, Clock::time_point deadline,
              double timeout_s, const std::string& what) {
  Backoff backoff;
  for (;;) {
    int done = 0;
    MPI_Testall(n, requests, &done, statuses);
    if (done) return;
    if (Clock::now() > deadline) {
      mpi_abort(
          fmt::format("{} (no progress within {} s, --peer-timeout); the rank may have "
                      "died or hung",
                      what, timeout_s));
    }
    backoff.pause();
  }
}

}  // namespace ga3c::comm
