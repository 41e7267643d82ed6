#include "node/sync_thread.h"

#include <stdexcept>
#include <utility>

#include "node/thread_name.h"

namespace ga3c::node {

SyncThread::SyncThread()
    : thread_([this] {
        name_this_thread("sync");
        run();
      }) {}

SyncThread::~SyncThread() {
  // Stop flag, wake the thread, join: a job already submitted runs to its end first.
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void SyncThread::submit(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (in_flight_) throw std::logic_error("SyncThread::submit with a job in flight");
    job_ = std::move(job);
    in_flight_ = true;
    finished_ = false;
  }
  cv_.notify_all();
}

bool SyncThread::in_flight() const {
  std::lock_guard lock(mutex_);
  return in_flight_;
}

bool SyncThread::done() const {
  std::lock_guard lock(mutex_);
  return in_flight_ && finished_;
}

void SyncThread::wait() {
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [this] { return !in_flight_ || finished_; });
  in_flight_ = false;
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void SyncThread::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    cv_.wait(lock, [this] { return stopping_ || job_; });
    if (!job_) return;  // stopping with nothing left to run
    auto job = std::move(job_);
    job_ = nullptr;
    lock.unlock();
    std::exception_ptr error;
    try {
      job();
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    error_ = error;
    finished_ = true;
    cv_.notify_all();
  }
}

}  // namespace ga3c::node
