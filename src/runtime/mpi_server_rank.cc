// Server ranks of an MPI training job (mpi_training.h).
#include <chrono>
#include <vector>

#include <spdlog/spdlog.h>
#include <unistd.h>

#include "comm/mpi_server.h"
#include "runtime/checkpointing.h"
#include "runtime/interval_report.h"
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
      recorder_.episode(counters_.frames(), worker, e.agent, e.episode_return, e.length,
                        e.truncated);
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
    JobTotals t;
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
    t.frames = p.frames;
    t.episodes = p.episodes;
    report_interval(recorder_, config_, t, last_, dt);
    last_ = t;
    last_time_ = now;
  }

  bool interrupted() const { return interrupted_; }

 private:
  const TrainConfig& config_;
  ps::GlobalCounters& counters_;
  metrics::RunRecorder& recorder_;
  const std::atomic<bool>* interrupt_;
  std::vector<comm::WorkerStatus> latest_;
  JobTotals last_;  // the job's totals at the previous status line
  Clock::time_point last_time_;
  bool interrupted_ = false;
};

}  // namespace

TrainingSummary run_mpi_server(const TrainConfig& config, const comm::MpiRoles& roles,
                               metrics::RunRecorder* recorder, const RunStart& start,
                               const std::atomic<bool>* interrupt) {
  const RunSetup setup = make_run_setup(config);
  auto shard = ps::make_shard(setup.initial, setup.server, roles.rank);
  spdlog::info("{}, pid {}: shard {} of {}: {} of {} parameters", roles.name(), getpid(),
               roles.rank, roles.num_ps, shard->size(), setup.initial.size());
  const RunIdentity identity = run_identity(setup, config, start.config_toml, roles.num_ps);
  if (start.resume) {
    check_resumable(start.resume_path, *start.resume, identity, config);
    restore_shard(start.resume_path, *start.resume, roles.rank, *shard);
  }
  const auto layout = ps::shard_layout(setup.initial.size(), roles.num_ps);
  CheckpointSchedule checkpoints(checkpoint_dir(config.run_dir), config.checkpoint_every_s,
                                 config.keep_checkpoints);
  const auto save = [&](const comm::CheckpointOrder& order) {
    checkpoints.save(capture(identity, roles.rank, layout, {{roles.rank, shard.get()}},
                             {order.progress, order.elapsed_s}));
  };
  TrainingSummary summary;
  if (roles.rank != 0) {
    comm::MpiServer::Hooks hooks;
    hooks.on_checkpoint = [&](const comm::CheckpointOrder& order, bool) { save(order); };
    comm::MpiServer(roles, *shard, nullptr, setup.server, config.peer_timeout_s).serve(hooks);
    return summary;
  }

  spdlog::info("{}: {} observations, {} actions, {} parameters on {} server rank(s), {} "
               "worker rank(s)",
               config.env_id, setup.spec.to_string(), setup.num_actions, setup.initial.size(),
               roles.num_ps, roles.workers);
  if (config.keep_checkpoints < 2 && roles.num_ps > 1) {
    spdlog::warn("--keep-checkpoints {} with {} server ranks: a rank that dies in the middle of "
                 "a save leaves no complete checkpoint; keep 2 or more",
                 config.keep_checkpoints, roles.num_ps);
  }
  ps::GlobalCounters counters(config.max_frames);
  if (start.resume) {
    const checkpoint::Checkpoint& c = *start.resume;
    counters.restore(c.frames, c.episodes, c.updates);
    spdlog::info("resumed from {}: {} frames, {} episodes, {} updates", start.resume_path,
                 c.frames, c.episodes, c.updates);
  }
  JobStatus job(roles.workers, config, counters, *recorder, interrupt);
  comm::MpiServer server(roles, *shard, &counters, setup.server, config.peer_timeout_s);
  const auto order_checkpoint = [&](bool last) {
    const comm::CheckpointOrder order{counters.progress(), recorder->wall_seconds()};
    server.order_checkpoint(order, last);
    save(order);
  };
  comm::MpiServer::Hooks hooks;
  hooks.tick = [&] {
    job.tick();
    if (checkpoints.due()) order_checkpoint(false);
  };
  hooks.on_status = [&](int worker, const comm::WorkerStatus& s) { job.on_status(worker, s); };
  server.serve(hooks);
  order_checkpoint(true);
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
