// The job's environment-frame count as one node knows it: the position of the learning-rate
// schedule and the `frames` stamp of every record the node writes (episodes, local steps,
// syncs).
//   In one process every node adds each frame it steps to one counter shared by all nodes
//   (`shared_total`), so the count is the job's, exactly, at every instant.
//   Under MPI (no shared counter) it is the total that the parameter server last answered to
//   this node, plus the node's frames since the report that answer counted: the frames other
//   workers stepped since their own last report are missing, so it is behind the job by less
//   than one sync interval's frames.
// It never decreases, also while a sync is in flight (the answer is taken only when it
// arrives, together with the node frames its report counted).
#pragma once

#include <atomic>
#include <cstdint>

namespace ga3c::node {

class JobFrames {
 public:
  // node_frames: the node's own frame counter (NodeCounters::frames), which add() grows.
  // shared_total: the process's counter of the job's frames, already holding the frames of
  // the job before this process (a resumed job's); null under MPI. Both must outlive this.
  JobFrames(std::atomic<int64_t>& node_frames, std::atomic<int64_t>* shared_total)
      : node_(node_frames), shared_(shared_total) {}
  JobFrames(const JobFrames&) = delete;
  JobFrames& operator=(const JobFrames&) = delete;

  // The node stepped `frames` more. Any thread.
  void add(int64_t frames) {
    node_.fetch_add(frames);
    if (shared_ != nullptr) shared_->fetch_add(frames);
  }

  // The job's frames now, as this node knows them; never less than an earlier call's value
  // (on any thread whose call happens after it). Any thread.
  int64_t now() const {
    if (shared_ != nullptr) return shared_->load();
    return offset_.load() + node_.load();
  }

  // The parameter server answered `job_frames` to a report that counted the node's frames up
  // to `node_frames` (its frame counter at the report). Under MPI this moves the count
  // forward (never back: a later answer counts at least the node's own frames since the
  // earlier one); in one process the shared counter already holds every frame.
  void answered(int64_t node_frames, int64_t job_frames) {
    if (shared_ != nullptr) return;
    const int64_t offset = job_frames - node_frames;
    int64_t seen = offset_.load();
    while (offset > seen && !offset_.compare_exchange_weak(seen, offset)) {
    }
  }

 private:
  std::atomic<int64_t>& node_;
  std::atomic<int64_t>* shared_;
  // The latest answer minus the node frames it counted; until the first answer, lowest.
  std::atomic<int64_t> offset_{0};
};

}  // namespace ga3c::node
