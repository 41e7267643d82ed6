// The job's global counters (frames, episodes, updates) and the stop decision. In one process
// they live in the ParameterServer; under MPI on parameter-server rank 0 only, which answers
// every worker's report with the totals and the decision.
#pragma once

#include <atomic>
#include <cstdint>

namespace ga3c::ps {

// Totals after a report, and whether every worker must stop.
struct GlobalProgress {
  int64_t frames = 0;    // environment frames, all workers
  int64_t episodes = 0;  // finished episodes, all workers
  int64_t updates = 0;   // pushes applied (one per worker sync, all shards counted once)
  bool stop = false;
};

// Thread-safe: any thread may report, read or request a stop.
class GlobalCounters {
 public:
  // max_frames: stop once the frame total reaches it (0: never).
  explicit GlobalCounters(int64_t max_frames) : max_frames_(max_frames) {}
  GlobalCounters(const GlobalCounters&) = delete;
  GlobalCounters& operator=(const GlobalCounters&) = delete;

  // Adds a worker's frame and episode increments; counts one update when `synced` (once per
  // worker sync, whatever the shard count). Returns the totals and the stop decision.
  GlobalProgress report(int64_t frames, int64_t episodes, bool synced) {
    frames_ += frames;
    episodes_ += episodes;
    if (synced) ++updates_;
    return progress();
  }

  // Sets the totals a resumed job starts from; call before any report.
  void restore(int64_t frames, int64_t episodes, int64_t updates) {
    frames_ = frames;
    episodes_ = episodes;
    updates_ = updates;
  }

  // Asks every worker to stop at its next report (signal, target reached, fatal error).
  void request_stop() { stop_requested_.store(true); }

  GlobalProgress progress() const {
    GlobalProgress p;
    p.frames = frames_.load();
    p.episodes = episodes_.load();
    p.updates = updates_.load();
    p.stop = stop_requested_.load() || (max_frames_ > 0 && p.frames >= max_frames_);
    return p;
  }

  int64_t frames() const { return frames_.load(); }

 private:
  const int64_t max_frames_;
  std::atomic<int64_t> frames_{0};
  std::atomic<int64_t> episodes_{0};
  std::atomic<int64_t> updates_{0};
  std::atomic<bool> stop_requested_{false};
};

}  // namespace ga3c::ps
