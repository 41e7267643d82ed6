// The serve loop of a parameter-server rank: rank s holds shard s (a ps::Shard) and applies
// the workers' pushes to it and answers their pulls; rank 0 also holds the job's
// ps::GlobalCounters, answers reports with the totals and the stop decision, and receives
// the workers' status. One thread serves every worker, so a locked shard sees one push at a
// time; a racy shard (ps::ApplyMode::kRacy) has its pushes applied by a pool of threads, one
// per worker (at most 16), at the same time (RacyAppliers). Either way a worker's pull is
// answered after its own push was applied, and its push reply goes out before its pull reply.
//
// Checkpoints: server 0 orders every server to save at the same counts (order_checkpoint),
// so that the ranks' files make one checkpoint; its last order comes after its serve loop,
// and the other servers serve until they have it.
//
// Fatal, for the whole job (MPI_Abort with a message naming the rank): a malformed or
// unexpected message, a message after a worker's goodbye, a worker silent for longer than the
// peer timeout (it died or hangs), a reply not taken within it.
#pragma once

#include <chrono>
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
class RacyAppliers;

// What server 0 tells the other servers to save their shard with.
struct CheckpointOrder {
  ps::GlobalProgress progress;  // the job's counters (stop unused)
  double elapsed_s = 0.0;       // seconds the job has trained, over all its resumes
};

class MpiServer {
 public:
  struct Hooks {
    // Called between messages about every 10 ms, on the serving thread: server 0's status
    // line and stop decision. May be empty.
    std::function<void()> tick;
    // Server 0: a worker's status (worker index, status). May be empty.
    std::function<void(int worker, const WorkerStatus&)> on_status;
    // Servers but 0: server 0 ordered a checkpoint (its last one when `last`). When set, the
    // server serves until the last order came, and server 0 must send one
    // (order_checkpoint); when empty, checkpoint orders are unexpected.
    std::function<void(const CheckpointOrder&, bool last)> on_checkpoint;
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

  // A worker's first message may take this long past the peer timeout: before its heartbeat
  // starts it reads the checkpoint and builds its network (README "Training under MPI").
  static constexpr double kStartupAllowanceS = 60.0;

  // Serves until every worker said goodbye and every reply was taken, and, with
  // Hooks::on_checkpoint, until server 0's last checkpoint order came (within the peer
  // timeout of the last goodbye).
  void serve(const Hooks& hooks);

  // Server 0: sends `order` to every other server; with `last` (after serve() returned) it is
  // the last message they get from it, and this waits until each took it.
  void order_checkpoint(const CheckpointOrder& order, bool last);

 private:
  struct Worker;
  void handle(int source, const MessageHeader& h, const Hooks& hooks);
  void handle_order(const MessageHeader& h, const Hooks& hooks);
  void check_silence() const;
  // Racy: sends the push replies of the applies that finished.
  void reply_applied();
  // Racy: waits until worker k's push in flight (if any) is applied and replied to.
  void wait_applied(int k);

  const MpiRoles roles_;
  ps::Shard& shard_;
  ps::GlobalCounters* const counters_;
  const ps::ParameterServerConfig config_;
  const double peer_timeout_s_;
  std::unique_ptr<MpiChannel> channel_;
  std::vector<Worker> workers_;
  std::vector<float> scratch_;              // the push being applied (locked)
  std::unique_ptr<RacyAppliers> appliers_;  // racy only
  int64_t frames_heard_ = 0;                // largest job frame count a push carried
  int goodbyes_ = 0;
  bool awaits_orders_ = false;                          // servers but 0 with Hooks::on_checkpoint
  bool last_order_ = false;                             // server 0's last checkpoint order came
  std::chrono::steady_clock::time_point all_goodbyes_;  // when the last worker said goodbye
};

}  // namespace ga3c::comm
