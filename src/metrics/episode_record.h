// One finished episode, the same record from the agent that played it to episodes.csv: the
// node stamps it, an MPI worker sends it to server rank 0 (comm/worker_status.h), and the run's
// recorder writes it (run_recorder.h).
#pragma once

#include <cstdint>

namespace ga3c::metrics {

struct EpisodeRecord {
  int agent = 0;
  double episode_return = 0.0;  // raw, before any reward clipping
  int64_t length = 0;           // agent steps
  // The job's environment frames when it ended, as the node knew them (node/job_frames.h).
  int64_t frames = 0;
  bool truncated = false;  // ended by the episode limit (Gymnasium's truncated), not terminated
};

}  // namespace ga3c::metrics
