// Waiting on MPI requests without ever blocking past a deadline. Internal to comm/ (includes
// mpi.h): every wait for a peer in ga3c goes through here, so a dead or hung rank turns into
// an abort with a message instead of a hang.
#pragma once

#include <chrono>
#include <string>

#include <mpi.h>

namespace ga3c::comm {

using Clock = std::chrono::steady_clock;

inline Clock::time_point deadline_after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// The pause between two tests of a request: yields for the first ~50 us, then sleeps from
// 20 us, doubling up to max_sleep_us. Ranks are often more than cores (mpirun
// --oversubscribe), so a waiting rank must leave the core to the ranks doing the work;
// MPI's own blocking calls spin instead.
class Backoff {
 public:
  explicit Backoff(int max_sleep_us = 200) : max_sleep_us_(max_sleep_us) {}
  void pause();
  void reset() {
    spins_ = 0;
    sleep_us_ = 20;
  }

 private:
  const int max_sleep_us_;
  int spins_ = 0;
  int sleep_us_ = 20;
};

// Waits until every one of the n requests completes (statuses may be MPI_STATUSES_IGNORE).
// Past the deadline: mpi_abort with "<what> (no progress within <timeout_s> s, --peer-timeout)".
void wait_all(int n, MPI_Request* requests, MPI_Status* statuses, Clock::time_point deadline,
              double timeout_s, const std::string& what);

// MPI_Test on one request; true when complete.
bool test(MPI_Request& request, MPI_Status* status = MPI_STATUS_IGNORE);

}  // namespace ga3c::comm
