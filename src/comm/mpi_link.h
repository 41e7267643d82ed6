// PsLink for a worker rank: pushes and pulls each shard to and from the server rank holding
// it, and reports to server rank 0, over MPI (mpi_channel.h). Every reply is awaited with a
// deadline of the peer timeout; a server that does not answer in time, or answers with a
// malformed message, ends the job (MPI_Abort) with a message naming it.
//
// Threads: any thread may call any method; a mutex serialises them (the node's update path
// or its sync thread push, pull and report; its main thread sends status and goodbye).
#pragma once

#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "comm/mpi_message.h"
#include "comm/mpi_roles.h"
#include "comm/ps_link.h"
#include "comm/worker_status.h"

namespace ga3c::comm {

class MpiChannel;

class MpiLink final : public PsLink {
 public:
  // roles: this rank must be a worker. layout: the shards as the servers cut the flat vector
  // (ps::shard_layout(num_params, roles.num_ps)); a server that disagrees fails the first
  // exchange. Needs a live MpiWorld.
  MpiLink(const MpiRoles& roles, std::vector<ps::ShardRange> layout, double peer_timeout_s);
  ~MpiLink() override;
  MpiLink(const MpiLink&) = delete;
  MpiLink& operator=(const MpiLink&) = delete;

  const std::vector<ps::ShardRange>& layout() const override { return layout_; }
  int64_t push(int shard, const float* data) override;
  int64_t pull(int shard, float* out) override;
  // Every shard at once: the P pushes (pulls) are in flight together.
  int64_t push_all(const float* update) override;
  int64_t pull_all(float* out) override;
  // The pulls and the report go out right behind the pushes: one round trip in all.
  Exchange sync(const float* update, float* out, int64_t frames, int64_t episodes) override;
  ps::GlobalProgress report(int64_t frames, int64_t episodes, bool synced) override;

  // One way: status to server 0 and a heartbeat to every other server, so that each server
  // knows this worker is alive between syncs. Call at least every peer_timeout / 4.
  void send_status(const WorkerStatus& status);
  // One way, to every server: this worker is done. Nothing may be sent after it.
  void goodbye();

 private:
  void check_shard(int shard) const;  // throws std::out_of_range
  // Pushes (pulls) each (shard, slice of layout_[shard].size floats) listed.
  int64_t push_shards(const std::vector<std::pair<int, const float*>>& shards);
  int64_t pull_shards(const std::vector<std::pair<int, float*>>& shards);
  void send_report(int64_t frames, int64_t episodes, bool synced);
  // Reads server 0's answer and remembers the job's frames.
  ps::GlobalProgress read_report_reply(const MessageHeader& reply);

  const MpiRoles roles_;
  const std::vector<ps::ShardRange> layout_;
  std::mutex mutex_;
  std::unique_ptr<MpiChannel> channel_;  // guarded by mutex_
  int64_t known_frames_ = 0;  // guarded by mutex_: job frames at the last report, sent with
                              // each push for the server's learning-rate schedule
  bool interrupted_ = false;  // guarded by mutex_: sent with every report
  std::vector<double> status_buffer_;  // guarded by mutex_: the status being sent
  bool said_goodbye_ = false;          // guarded by mutex_
};

}  // namespace ga3c::comm
