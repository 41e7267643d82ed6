// The serve loop of a parameter-server rank: rank s holds shard s (a ps::Shard) and applies
// the workers' pushes to it and answers their pulls; rank 0 also holds the job's
// ps::GlobalCounters, answers reports with the totals and the stop decision, and receives
// the workers' status. One thread serves every worker, so the shard sees one push at a time.
//
// Fatal, for the whole job (MPI_Abort with a message naming the rank): a malformed or
// unexpected message, a message after a worker's goodbye, a worker silent for longer than the
// peer timeout (it died or hangs), a reply not taken within it.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "comm/mpi_message.h"
#include "comm/mpi_roles.h"
#include "comm/worker_status.h"
#include "ps/global_counters.h"
#include "ps/parameter_server.h"
#include "ps/shard.h"

namespace ga3c::comm {

class MpiChannel;

class MpiServer {
 public:
  struct Hooks {
    // Called between messages about every 10 ms, on the serving thread: server 0's status
    // line and stop decision. May be empty.
    std::function<void()> tick;
    // Server 0: a worker's status (worker index, status). May be empty.
    std::function<void(int worker, const WorkerStatus&)> on_status;
  };

  // roles: a server rank. shard: this rank's shard of ps::shard_layout(num_params, num_ps).
  // counters: rank 0's (null on the other ranks). config: the global optimizer's learning
  // rate, schedule and worker scaling (learning_rate()); the schedule follows the job's frames
  // as rank 0 counts them, and on other ranks as the pushing workers last heard them.
  // Every reference must outlive the server. Needs a live MpiWorld.
  MpiServer(const MpiRoles& roles, ps::Shard& shard, ps::GlobalCounters* counters,
            const ps::ParameterServerConfig& config, double peer_timeout_s);
  ~MpiServer();
  MpiServer(const MpiServer&) = delete;
  MpiServer& operator=(const MpiServer&) = delete;

  // Serves until every worker said goodbye and every reply was taken.
  void serve(const Hooks& hooks);

 private:
  struct Worker;
  void handle(int source, const MessageHeader& h, const Hooks& hooks);
  void check_silence() const;

  const MpiRoles roles_;
  ps::Shard& shard_;
  ps::GlobalCounters* const counters_;
  const ps::ParameterServerConfig config_;
  const double peer_timeout_s_;
  std::unique_ptr<MpiChannel> channel_;
  std::vector<Worker> workers_;
  std::vector<float> scratch_;  // the push being applied
  int64_t frames_heard_ = 0;    // largest job frame count a push carried
  int goodbyes_ = 0;
};

}  // namespace ga3c::comm
