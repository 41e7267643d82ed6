// The load worker nodes put on a parameter server, without the nodes: for measuring the
// server alone (its memory over many updates, tests and benchmarks).
#pragma once

#include <cstdint>
#include <vector>

#include "ps/parameter_server.h"

namespace ga3c::ps {

// `threads` simulated nodes. Their update and pull buffers are allocated once, here, as a
// node holds its own, so run() allocates nothing of its own and the process's memory growth
// during run() is the server's (and the threads' stacks, which the C library reuses).
class SyncLoad {
 public:
  SyncLoad(ParameterServer& server, int threads);

  // Each thread syncs `syncs_per_thread` times as a node does: a push of a gradient (shared
  // optimizer state) or delta (local) into every shard, a pull of every shard, then a report
  // of 100 frames. The update values are small, fixed and different per thread, so the
  // parameters stay finite. Rethrows the first error of a thread after joining them all.
  void run(int syncs_per_thread);

 private:
  ParameterServer& server_;
  std::vector<std::vector<float>> updates_, pulled_;  // one of each per thread
};

// This process's resident set size in KiB (VmRSS in /proc/self/status); -1 where unreadable.
int64_t resident_kib();

}  // namespace ga3c::ps
