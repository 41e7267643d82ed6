// A bounded multi-producer multi-consumer queue that can be closed, with the two batching pops
// GA3C needs: predictors take whatever is queued up to a maximum (never waiting for more than
// one item), trainers take items until their summed weight (samples) reaches a minimum.
// After the style of TorchBeast's BatchingQueue.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

namespace ga3c::node {

// Thrown by a push or pop on a closed queue, and by one blocked when close() is called.
// Worker threads treat it as their normal exit.
class QueueClosed : public std::runtime_error {
 public:
  QueueClosed() : std::runtime_error("queue closed") {}
};

// Any thread may call any method.
template <typename T>
class BlockingQueue {
 public:
  using WeightFn = std::function<std::size_t(const T&)>;

  // capacity: items held before push() blocks (>= 1).
  // weight: an item's weight for pop_batch (default 1 per item).
  explicit BlockingQueue(
      std::size_t capacity, WeightFn weight = [](const T&) { return 1; })
      : capacity_(capacity), weight_fn_(std::move(weight)) {
    if (capacity == 0) throw std::invalid_argument("queue capacity must be >= 1");
  }
  BlockingQueue(const BlockingQueue&) = delete;
  BlockingQueue& operator=(const BlockingQueue&) = delete;

  // Blocks while full. Throws QueueClosed.
  void push(T item) {
    std::unique_lock lock(mutex_);
    enqueue(lock, item);
    wake_consumers();
  }

  // Moves every item of items (cleared after) in, in order, under one lock, waking one
  // consumer once instead of once an item: a batch of requests becomes one prediction batch.
  // Blocks while full. Throws QueueClosed; the items pushed before it stay queued.
  void push_all(std::vector<T>& items) {
    std::unique_lock lock(mutex_);
    for (T& item : items) enqueue(lock, item);
    wake_consumers();
    items.clear();
  }

  // Blocks until an item is there. Throws QueueClosed.
  T pop() {
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return closed_ || !items_.empty(); });
    if (closed_) throw QueueClosed();
    return take_front();
  }

  // Blocks until at least one item is there, then moves up to max_items into out (cleared
  // first) without waiting for more. Throws QueueClosed.
  void pop_up_to(std::size_t max_items, std::vector<T>& out) {
    out.clear();
    std::unique_lock lock(mutex_);
    not_empty_.wait(lock, [&] { return closed_ || !items_.empty(); });
    if (closed_) throw QueueClosed();
    while (!items_.empty() && out.size() < max_items) out.push_back(take_front());
  }

  // Blocks until the queued weight reaches min_weight, then moves items into out (cleared
  // first) until their weight reaches min_weight. The whole batch is taken under one lock, so
  // two consumers never split one batch between them. Throws QueueClosed.
  // min_weight must be reachable: at most capacity * (smallest item weight).
  void pop_batch(std::size_t min_weight, std::vector<T>& out) {
    out.clear();
    std::unique_lock lock(mutex_);
    if (!closed_ && weight_ < min_weight) {
      ++batch_waiters_;
      wanted_weight_ = std::min(wanted_weight_, min_weight);
      enough_weight_.wait(lock, [&] { return closed_ || weight_ >= min_weight; });
      // The smallest minimum among those still waiting is not known; the smallest ever asked
      // for since the last time none waited is a safe bound (at worst a waiter wakes early).
      if (--batch_waiters_ == 0) wanted_weight_ = kNoneWanted;
    }
    if (closed_) throw QueueClosed();
    std::size_t taken = 0;
    while (taken < min_weight) {
      taken += weight_fn_(items_.front());
      out.push_back(take_front());
    }
  }

  // Wakes every waiter with QueueClosed; later calls throw too. Idempotent.
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    not_empty_.notify_all();
    not_full_.notify_all();
    enough_weight_.notify_all();
  }

  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return items_.size();
  }
  std::size_t capacity() const { return capacity_; }
  bool closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
  }

 private:
  // Caller holds lock (on mutex_). Blocks while full, after waking the consumers that make room
  // (push_all wakes them only at its end). Throws QueueClosed.
  void enqueue(std::unique_lock<std::mutex>& lock, T& item) {
    if (items_.size() >= capacity_) wake_consumers();
    not_full_.wait(lock, [&] { return closed_ || items_.size() < capacity_; });
    if (closed_) throw QueueClosed();
    weight_ += weight_fn_(item);
    items_.push_back(std::move(item));
  }

  // Caller holds mutex_.
  void wake_consumers() {
    not_empty_.notify_one();
    // Waking batch waiters before their minimum is there only sends them back to sleep: with
    // t_max 5 and min_batch 40 it was 7 futile wake-ups of each trainer per batch.
    if (weight_ >= wanted_weight_) enough_weight_.notify_all();
  }

  // Caller holds mutex_ and has checked that items_ is not empty.
  T take_front() {
    T item = std::move(items_.front());
    items_.pop_front();
    weight_ -= weight_fn_(item);
    not_full_.notify_one();
    return item;
  }

  const std::size_t capacity_;
  const WeightFn weight_fn_;
  mutable std::mutex mutex_;
  std::condition_variable not_empty_;
  std::condition_variable not_full_;
  std::condition_variable enough_weight_;
  std::deque<T> items_;     // guarded by mutex_
  std::size_t weight_ = 0;  // guarded by mutex_: summed weight of items_
  bool closed_ = false;     // guarded by mutex_
  static constexpr std::size_t kNoneWanted = std::numeric_limits<std::size_t>::max();
  // guarded by mutex_: pop_batch callers waiting, and the smallest min_weight among them
  int batch_waiters_ = 0;
  std::size_t wanted_weight_ = kNoneWanted;
};

}  // namespace ga3c::node
