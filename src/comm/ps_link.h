// A worker node's link to the parameter server: the one interface behind which the
// in-process and MPI transports live. Nothing outside comm/ includes mpi.h.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "ps/parameter_server.h"
#include "ps/shard_layout.h"

namespace ga3c::comm {

// Called by one thread of a node at a time (its sync); implementations need not be re-entrant.
class PsLink {
 public:
  virtual ~PsLink() = default;

  // How the flat parameter vector is sharded on the servers.
  virtual const std::vector<ps::ShardRange>& layout() const = 0;

  // Sends a gradient (shared optimizer state) or delta (local state) for one shard; returns
  // the shard's version after the server applied it. data: layout()[shard].size floats.
  virtual int64_t push(int shard, const float* data) = 0;

  // Copies one shard's current parameters into out (layout()[shard].size floats); returns
  // their version.
  virtual int64_t pull(int shard, float* out) = 0;

  // push() for every shard: update is the whole flat vector. Returns the smallest shard
  // version after the pushes. A transport may overlap the shards (MPI does).
  virtual int64_t push_all(const float* update) {
    int64_t version = std::numeric_limits<int64_t>::max();
    for (std::size_t s = 0; s < layout().size(); ++s) {
      version = std::min(version, push(static_cast<int>(s), update + layout()[s].offset));
    }
    return version;
  }

  // pull() for every shard into out (the whole flat vector). Returns the smallest version.
  virtual int64_t pull_all(float* out) {
    int64_t version = std::numeric_limits<int64_t>::max();
    for (std::size_t s = 0; s < layout().size(); ++s) {
      version = std::min(version, pull(static_cast<int>(s), out + layout()[s].offset));
    }
    return version;
  }

  // Adds this worker's frame and episode increments to the global counters (one update
  // counted when `synced`); returns the totals and whether to stop.
  virtual ps::GlobalProgress report(int64_t frames, int64_t episodes, bool synced) = 0;
};

}  // namespace ga3c::comm
