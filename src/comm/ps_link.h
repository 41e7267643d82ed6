// A worker node's link to the parameter server: the one interface behind which the
// in-process and MPI transports live. Nothing outside comm/ includes mpi.h.
#pragma once

#include <algorithm>
#include <chrono>
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

  struct Exchange {
    int64_t pushed_version = 0;   // smallest shard version right after the pushes
    int64_t version = 0;          // smallest shard version pulled
    double push_ms = 0;           // from the start until every shard acknowledged the push
    ps::GlobalProgress progress;  // the report's answer
  };
  // One sync: push_all(update), pull_all(out), then report(frames, episodes, synced = true).
  // A transport may send every request at once (MPI does: one round trip in all instead of
  // three); each shard still applies the push before it answers the pull.
  virtual Exchange sync(const float* update, float* out, int64_t frames, int64_t episodes) {
    const auto start = std::chrono::steady_clock::now();
    Exchange e;
    e.pushed_version = push_all(update);
    e.push_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    e.version = pull_all(out);
    e.progress = report(frames, episodes, true);
    return e;
  }

  // Adds this worker's frame and episode increments to the global counters (one update
  // counted when `synced`); returns the totals and whether to stop.
  virtual ps::GlobalProgress report(int64_t frames, int64_t episodes, bool synced) = 0;
};

}  // namespace ga3c::comm
