// Server ranks of an MPI training job (mpi_training.h).
#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
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
            const ps::Shard& shard, metrics::RunRecorder& recorder,
            const std::atomic<bool>* interrupt)
      : config_(config),
        counters_(counters),
        shard_(shard),
        recorder_(recorder),
        interrupt_(interrupt),
        latest_(workers),
        seen_(workers, 0),
        last_time_(Clock::now()) {}

  void on_status(int worker, const comm::WorkerStatus& s) {
    for (const auto& e : s.episodes_since_last) unwritten_.emplace(e.frames, Episode{worker, e});
    seen_[worker] = std::max(seen_[worker], s.frames);
    write_episodes(*std::min_element(seen_.begin(), seen_.end()));
    latest_[worker] = s;
    latest_[worker].episodes_since_last.clear();
  }

  // Every episode not yet written (at the end of the job).
  void write_all_episodes() { write_episodes(std::numeric_limits<int64_t>::max()); }

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
    // Server 0's own shard: the other server ranks log theirs at the end.
    if (config_.ps_apply == ps::ApplyMode::kRacy) {
      t.overlapping_applies = shard_.overlapping_applies();
    }
    report_interval(recorder_, config_, t, last_, dt);
    last_ = t;
    last_time_ = now;
  }

  bool interrupted() const { return interrupted_; }

 private:
  struct Episode {
    int worker = 0;
    comm::FinishedEpisode episode;
  };

  // episodes.csv in the order of the workers' stamps: an episode is written once every
  // worker's status has passed its stamp, since none of theirs can come stamped below it.
  void write_episodes(int64_t up_to) {
    while (!unwritten_.empty() && unwritten_.begin()->first <= up_to) {
      const auto& [worker, e] = unwritten_.begin()->second;
      recorder_.episode(e.frames, worker, e.agent, e.episode_return, e.length, e.truncated);
      unwritten_.erase(unwritten_.begin());
    }
  }

  const TrainConfig& config_;
  ps::GlobalCounters& counters_;
  const ps::Shard& shard_;
  metrics::RunRecorder& recorder_;
  const std::atomic<bool>* interrupt_;
  std::vector<comm::WorkerStatus> latest_;
  std::vector<int64_t> seen_;  // each worker's frames at its latest status
  std::multimap<int64_t, Episode> unwritten_;  // by stamp, in arrival order for equal stamps
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
  const auto log_overlaps = [&] {
    if (config.ps_apply != ps::ApplyMode::kRacy) return;
    spdlog::info("{}: {} overlapping applies on shard {} (--ps-apply racy)", roles.name(),
                 shard->overlapping_applies(), roles.rank);
  };
  if (roles.rank != 0) {
    comm::MpiServer::Hooks hooks;
    hooks.on_checkpoint = [&](const comm::CheckpointOrder& order, bool) { save(order); };
    comm::MpiServer(roles, *shard, nullptr, setup.server, config.peer_timeout_s).serve(hooks);
    log_overlaps();
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
  JobStatus job(roles.workers, config, counters, *shard, *recorder, interrupt);
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
  job.write_all_episodes();
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
  log_overlaps();
  if (config.ps_apply == ps::ApplyMode::kRacy) {
    summary.overlapping_applies = shard->overlapping_applies();  // shard 0's
  }
  return summary;
}

}  // namespace ga3c::runtime
