// The mean return of the last N episodes (N = 100: CartPole's "solved" criterion and the
// figure every A3C paper reports), and the best such mean seen.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <mutex>

namespace ga3c::metrics {

class EpisodeWindow {
 public:
  explicit EpisodeWindow(std::size_t size = 100) : size_(size) {}

  void add(double episode_return) {
    std::lock_guard lock(mutex_);
    returns_.push_back(episode_return);
    sum_ += episode_return;
    if (returns_.size() > size_) {
      sum_ -= returns_.front();
      returns_.pop_front();
    }
    ++count_;
    if (returns_.size() == size_) best_full_mean_ = std::max(best_full_mean_, sum_ / size_);
  }

  // Mean over the episodes in the window (fewer than N early on); 0 before the first.
  double mean() const {
    std::lock_guard lock(mutex_);
    return returns_.empty() ? 0.0 : sum_ / static_cast<double>(returns_.size());
  }
  // Best mean over N consecutive episodes so far; -infinity until N episodes finished.
  double best_full_mean() const {
    std::lock_guard lock(mutex_);
    return best_full_mean_;
  }
  int64_t count() const {
    std::lock_guard lock(mutex_);
    return count_;
  }
  bool full() const {
    std::lock_guard lock(mutex_);
    return returns_.size() == size_;
  }

 private:
  const std::size_t size_;
  mutable std::mutex mutex_;
  std::deque<double> returns_;                                        // guarded by mutex_
  double sum_ = 0.0;                                                  // guarded by mutex_
  double best_full_mean_ = -std::numeric_limits<double>::infinity();  // guarded by mutex_
  int64_t count_ = 0;                                                 // guarded by mutex_
};

}  // namespace ga3c::metrics
