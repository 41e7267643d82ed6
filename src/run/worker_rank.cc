// Worker ranks of an MPI training job (mpi_ranks.h).
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>
#include <unistd.h>

#include "comm/mpi_link.h"
#include "node/ga3c_node.h"
#include "node/math_threads.h"
#include "node/seeds.h"
#include "run/mpi_ranks.h"
#include "run/run_setup.h"

namespace ga3c::run {
namespace {

// Episodes finished on the env threads, waiting for the next status.
class EpisodeOutbox {
 public:
  // An episode stamped in the instant before the last take() but added after it goes out
  // with that take's frames, so that no episode a status sends is stamped below the frames
  // an earlier status promised.
  void add(const metrics::EpisodeRecord& e) {
    std::lock_guard lock(mutex_);
    metrics::EpisodeRecord stamped = e;
    stamped.frames = std::max(e.frames, taken_);
    episodes_.push_back(stamped);
  }
  // The episodes so far, and the node's job frames now (WorkerStatus::frames).
  std::vector<metrics::EpisodeRecord> take(const node::Ga3cNode& node, int64_t& frames) {
    std::lock_guard lock(mutex_);
    frames = taken_ = node.job_frames();
    return std::exchange(episodes_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<metrics::EpisodeRecord> episodes_;  // guarded by mutex_
  int64_t taken_ = 0;                             // guarded by mutex_: frames of the last take
};

// While it lives, a thread of its own sends an empty status (a heartbeat) every `period`, so
// that the servers do not take a worker that is building its agents (seconds for 64 Atari
// games, growing with --agents) for a dead one. MPI_THREAD_SERIALIZED: its owner makes no MPI
// call meanwhile.
class StartupHeartbeat {
 public:
  StartupHeartbeat(comm::MpiLink& link, std::chrono::duration<double> period)
      : link_(link), period_(period), thread_([this] { beat(); }) {}
  ~StartupHeartbeat() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  StartupHeartbeat(const StartupHeartbeat&) = delete;
  StartupHeartbeat& operator=(const StartupHeartbeat&) = delete;

 private:
  void beat() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, period_, [this] { return done_; })) {
      link_.send_status(comm::WorkerStatus{});
    }
  }

  comm::MpiLink& link_;
  const std::chrono::duration<double> period_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;   // guarded by mutex_
  std::thread thread_;  // last: starts once the members above exist
};

comm::WorkerStatus status_of(const node::Ga3cNode& node, EpisodeOutbox& outbox, bool interrupted) {
  comm::WorkerStatus s;
  s.episodes_since_last = outbox.take(node, s.frames);
  s.counters = node.snapshot();
  s.interrupted = interrupted;
  return s;
}

}  // namespace

TrainingSummary run_mpi_worker(const config::TrainConfig& config, const comm::MpiRoles& roles,
                               metrics::RunRecorder& recorder, const std::atomic<bool>* interrupt) {
  node::limit_math_threads();
  const RunSetup setup = make_run_setup(config);
  comm::MpiLink link(roles, ps::shard_layout(setup.initial.size(), roles.num_ps),
                     config.peer_timeout_s);
  const auto interrupted = [interrupt] { return interrupt != nullptr && interrupt->load(); };
  link.send_status(comm::WorkerStatus{});  // alive, before the slower set-up below

  const int k = roles.worker_index();
  const uint64_t seed = node::stretch_seed(config.seed, config.resumed_at_frames);
  spdlog::info(
      "{}, pid {}: seed {}, agent a seeded agent_seed({}, {}, a) (agent 0: "
      "{:#018x}), {} agents",
      roles.name(), getpid(), config.seed, seed, k, node::agent_seed(seed, k, 0), config.agents);
  // The status doubles as the heartbeat: servers end the job when a worker is silent for
  // the peer timeout.
  const auto period = std::chrono::duration<double>(std::min(1.0, config.peer_timeout_s / 4));
  EpisodeOutbox outbox;
  std::unique_ptr<node::Ga3cNode> built;
  {
    const StartupHeartbeat heartbeat(link, period);
    built = std::make_unique<node::Ga3cNode>(
        k, config, link, recorder, setup.make_net,
        [&outbox](const metrics::EpisodeRecord& e) { outbox.add(e); });
  }
  node::Ga3cNode& node = *built;
  node.start();

  auto next = std::chrono::steady_clock::now() + period;
  bool summary_dead = false;
  while (!node.stopping()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (std::chrono::steady_clock::now() >= next) {
      // The job stops on a dead network as on a signal: with a final checkpoint.
      const bool dead = config.stop_on_dead_network && node.network_dead();
      summary_dead = summary_dead || dead;
      link.send_status(status_of(node, outbox, interrupted() || dead));
      next += period;
    }
  }
  node.join();
  link.send_status(status_of(node, outbox, interrupted()));
  link.goodbye();
  recorder.flush();

  const node::NodeCounters& c = node.counters();
  TrainingSummary summary;
  summary.dead_network = summary_dead;
  summary.frames = c.frames.load();
  summary.episodes = c.episodes.load();
  summary.updates = c.syncs.load();
  summary.wall_s = recorder.wall_seconds();
  summary.mean_return_100 = recorder.window().mean();
  summary.best_mean_return_100 = recorder.window().best_full_mean();
  summary.env_s = c.env_ns.load() * 1e-9;
  summary.predict_s = c.predict_ns.load() * 1e-9;
  summary.train_s = c.train_ns.load() * 1e-9;
  summary.sync_s = c.sync_us.load() * 1e-6;
  const double blocked_s = c.sync_blocked_ns.load() * 1e-9;
  spdlog::info(
      "{}: {} frames in {:.1f} s ({:.0f} frames/s), {} syncs of {:.2f} ms (push + "
      "pull) on average, training waited {:.2f} s for syncs{}",
      roles.name(), summary.frames, summary.wall_s, summary.frames / std::max(summary.wall_s, 1e-9),
      summary.updates, summary.updates > 0 ? summary.sync_s * 1e3 / summary.updates : 0.0,
      blocked_s, config.sync_overlap ? " (--sync-overlap)" : "");
  return summary;
}

}  // namespace ga3c::run
