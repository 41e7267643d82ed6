// A node's communication thread (--sync-overlap): runs one sync exchange at a time (push,
// pull, report) while the node's trainers go on training. The update path hands a job over
// with submit() and collects it with done()/wait() before the next one, so at most one
// exchange is in flight.
//
// Threads: submit(), done() and wait() from the node's update path (one thread at a time);
// the destructor from the owner. The job's exception is kept and rethrown by wait().
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace ga3c::node {

class SyncThread {
 public:
  SyncThread();
  // Finishes the job in flight, then stops and joins the thread.
  ~SyncThread();
  SyncThread(const SyncThread&) = delete;
  SyncThread& operator=(const SyncThread&) = delete;

  // Precondition: no job in flight (in_flight() is false). Returns at once.
  void submit(std::function<void()> job);
  // A job was submitted and not yet collected by wait().
  bool in_flight() const;
  // The job in flight has finished (wait() will not block).
  bool done() const;
  // Waits for the job in flight, collects it and rethrows its exception, if any.
  void wait();

 private:
  void run();

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::function<void()> job_;  // guarded by mutex_: submitted, not yet started
  bool in_flight_ = false;     // guarded by mutex_
  bool finished_ = false;      // guarded by mutex_: the job in flight has returned
  bool stopping_ = false;      // guarded by mutex_
  std::exception_ptr error_;   // guarded by mutex_
  std::thread thread_;         // last: started once the members above exist
};

}  // namespace ga3c::node
