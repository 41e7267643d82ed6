// The applier pool of an MPI server rank under --ps-apply racy: pushes of different workers
// are applied by several threads at the same time, as TensorFlow's parameter server ran its
// unlocked applies on its inter-op threads (ps::ApplyMode::kRacy says what that risks). The
// serving thread alone talks MPI: it submits a received push and later collects the version
// to reply with. No MPI here, so the pool needs no more than MPI_THREAD_FUNNELED.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "ps/shard.h"

namespace ga3c::comm {

// submit() and take_finished() from one thread (the serving thread); the destructor closes
// the queue, lets the applies in flight finish and joins every thread.
class RacyAppliers {
 public:
  // threads >= 1 appliers on `shard`, which must outlive the pool.
  RacyAppliers(ps::Shard& shard, int threads);
  ~RacyAppliers();
  RacyAppliers(const RacyAppliers&) = delete;
  RacyAppliers& operator=(const RacyAppliers&) = delete;

  // Queues shard.apply(update, shard.size(), lr) for worker `worker`; update must stay
  // unchanged until take_finished() returned that worker.
  void submit(int worker, const float* update, float lr);

  // The (worker, version after its apply) of every apply finished since the last call.
  // Rethrows an applier's error.
  std::vector<std::pair<int, int64_t>> take_finished();

 private:
  struct Job {
    int worker;
    const float* update;
    float lr;
  };
  void run();

  ps::Shard& shard_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;                           // guarded by mutex_
  std::vector<std::pair<int, int64_t>> finished_;  // guarded by mutex_
  std::exception_ptr error_;                       // guarded by mutex_
  bool closed_ = false;                            // guarded by mutex_
  std::vector<std::thread> threads_;
};

}  // namespace ga3c::comm
