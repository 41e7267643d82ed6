#include "comm/racy_appliers.h"

namespace ga3c::comm {

RacyAppliers::RacyAppliers(ps::Shard& shard, int threads) : shard_(shard) {
  for (int t = 0; t < threads; ++t) threads_.emplace_back([this] { run(); });
}

RacyAppliers::~RacyAppliers() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void RacyAppliers::submit(int worker, const float* update, float lr) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back({worker, update, lr});
  }
  wake_.notify_one();
}

std::vector<std::pair<int, int64_t>> RacyAppliers::take_finished() {
  std::lock_guard lock(mutex_);
  if (error_) std::rethrow_exception(error_);
  return std::exchange(finished_, {});
}

void RacyAppliers::run() {
  while (true) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return closed_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // closed, nothing left
      job = jobs_.front();
      jobs_.pop_front();
    }
    try {
      const int64_t version = shard_.apply(job.update, shard_.size(), job.lr);
      std::lock_guard lock(mutex_);
      finished_.emplace_back(job.worker, version);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
  }
}

}  // namespace ga3c::comm
