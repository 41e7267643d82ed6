// Server ranks of an MPI training job (mpi_training.h).
#include <chrono>
#include <vector>

#include <spdlog/spdlog.h>
#include <unistd.h>

#include "comm/mpi_server.h"
#include "metrics/status_line.h"
#include "runtime/mpi_training.h"
#include "runtime/run_setup.h"

namespace ga3c::runtime {
namespace {

using Clock = std::chrono::steady_clock;

// Server 0's view of the job between two status lines: the latest status of every worker.
class JobStatus {
 public:
  JobStatus(int workers, const TrainConfig& config, ps::GlobalCounters& counters,
            metrics::RunRecorder& recorder, const std::atomic<bool>* interrupt)
      : config_(config),
        counters_(counters),
        recorder_(recorder),
        interrupt_(interrupt),
        latest_(workers),
        last_time_(Clock::now()) {}

  void on_status(int worker, const comm::WorkerStatus& s) {
    for (const auto& e : s.episodes_since_last) {
      recorder_.episode(counters_.frames(), worker, e.agent, e.episode_return, e.length);
    }
    latest_[worker] = s;
    latest_[worker].episodes_since_last.clear();
  }

  // Between messages: the stop decision, and every status interval a status line.
  void tick() {
    const bool interrupted = interrupt_ != nullptr && interrupt_->load();
    const bool target_reached = config_.target_return > 0 && recorder_.window().full() &&
                                recorder_.window().mean() >= config_.target_return;
    if (interrupted || target_reached) counters_.request_stop();
    interrupted_ = interrupted_ || interrupted;
    if (Clock::now() - last_time_ >= std::chrono::duration<double>(config_.status_interval_s)) {
      write_status();
    }
  }

  void write_status() {
    const auto now = Clock::now();
    const double dt = std::chrono::duration<double>(now - last_time_).count();
    comm::WorkerStatus t;
    for (const auto& s : latest_) {
      t.prediction_batches += s.prediction_batches;
      t.training_batches += s.training_batches;
      t.syncs += s.syncs;
      t.sync_us += s.sync_us;
      t.lag_milli += s.lag_milli;
      t.prediction_queue += s.prediction_queue;
      t.training_queue += s.training_queue;
    }
    const ps::GlobalProgress p = counters_.progress();
    metrics::SystemRecord sys;
    sys.frames = p.frames;
    sys.fps = (p.frames - last_frames_) / dt;
    sys.pps = (t.prediction_batches - last_.prediction_batches) / dt;
    sys.tps = (t.training_batches - last_.training_batches) / dt;
    sys.prediction_queue = t.prediction_queue;
    sys.training_queue = t.training_queue;
    sys.episodes = p.episodes;
    sys.mean_return = recorder_.window().mean();
    recorder_.system(sys);
    recorder_.flush();
    if (!config_.quiet) {
      const int64_t syncs = t.syncs - last_.syncs;
      metrics::Status status;
      status.wall_s = recorder_.wall_seconds();
      status.frames = p.frames;
      status.max_frames = config_.max_frames;
      status.fps = sys.fps;
      status.pps = sys.pps;
      status.tps = sys.tps;
      status.episodes = p.episodes;
      status.mean_return = sys.mean_return;
      status.sync_ms = syncs > 0 ? (t.sync_us - last_.sync_us) / 1000.0 / syncs : 0.0;
      status.lag = syncs > 0 ? (t.lag_milli - last_.lag_milli) / 1000.0 / syncs : 0.0;
      spdlog::info("{}", metrics::format_status(status));
    }
    last_ = t;
    last_frames_ = p.frames;
    last_time_ = now;
  }

  bool interrupted() const { return interrupted_; }

 private:
  const TrainConfig& config_;
  ps::GlobalCounters& counters_;
  metrics::RunRecorder& recorder_;
  const std::atomic<bool>* interrupt_;
  std::vector<comm::WorkerStatus> latest_;
  comm::WorkerStatus last_;  // the sums at the previous status line
  int64_t last_frames_ = 0;
  Clock::time_point last_time_;
  bool interrupted_ = false;
};

}  // namespace

TrainingSummary run_mpi_server(const TrainConfig& config, const comm::MpiRoles& roles,
                               metrics::RunRecorder* recorder,
                               const std::atomic<bool>* interrupt) {
  const RunSetup setup = make_run_setup(config);
  auto shard = ps::make_shard(setup.initial, setup.server, roles.rank);
  spdlog::info("{}, pid {}: shard {} of {}: {} of {} parameters", roles.name(), getpid(),
               roles.rank, roles.num_ps, shard->size(), setup.initial.size());
  TrainingSummary summary;
  if (roles.rank != 0) {
    comm::MpiServer(roles, *shard, nullptr, setup.server, config.peer_timeout_s).serve({});
    return summary;
  }

  spdlog::info("{}: {} observations, {} actions, {} parameters on {} server rank(s), {} "
               "worker rank(s)",
               config.env_id, setup.spec.to_string(), setup.num_actions, setup.initial.size(),
               roles.num_ps, roles.workers);
  ps::GlobalCounters counters(config.max_frames);
  JobStatus job(roles.workers, config, counters, *recorder, interrupt);
  comm::MpiServer::Hooks hooks;
  hooks.tick = [&] { job.tick(); };
  hooks.on_status = [&](int worker, const comm::WorkerStatus& s) { job.on_status(worker, s); };
  comm::MpiServer(roles, *shard, &counters, setup.server, config.peer_timeout_s).serve(hooks);
  recorder->flush();

  const ps::GlobalProgress p = counters.progress();
  summary.frames = p.frames;
  summary.episodes = p.episodes;
  summary.updates = p.updates;
  summary.wall_s = recorder->wall_seconds();
  summary.mean_return_100 = recorder->window().mean();
  summary.best_mean_return_100 = recorder->window().best_full_mean();
  summary.interrupted = job.interrupted();
  return summary;
}

}  // namespace ga3c::runtime
