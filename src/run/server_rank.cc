// Server ranks of an MPI training job (mpi_ranks.h).
#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <vector>

#include <spdlog/spdlog.h>
#include <unistd.h>

#include "comm/mpi_server.h"
#include "run/checkpointing.h"
#include "run/interval_report.h"
#include "run/mpi_ranks.h"
#include "run/run_setup.h"
#include "run/stop_decision.h"

namespace ga3c::run {
namespace {

using Clock = std::chrono::steady_clock;

// Server 0's view of the job between two status lines: the latest status of every worker.
class JobStatus {
 public:
  JobStatus(int workers, const config::TrainConfig& config, ps::GlobalCounters& counters,
            const ps::Shard& shard, metrics::RunRecorder& recorder,
            const std::atomic<bool>* interrupt)
      : config_(config),
        counters_(counters),
        shard_(shard),
        recorder_(recorder),
        stop_(config, recorder.window(), interrupt),
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
  // A worker's dead network reaches it as an interrupted status (run_mpi_worker).
  void tick() {
    if (stop_.should_stop()) counters_.request_stop();
    if (Clock::now() - last_time_ >= std::chrono::duration<double>(config_.status_interval_s)) {
      write_status();
    }
  }

  void write_status() {
    const auto now = Clock::now();
    const double dt = std::chrono::duration<double>(now - last_time_).count();
    JobTotals t;
    for (const auto& s : latest_) t.counters += s.counters;
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

  bool interrupted() const { return stop_.interrupted(); }

 private:
  struct Episode {
    int worker = 0;
    metrics::EpisodeRecord episode;
  };

  // episodes.csv in the order of the workers' stamps: an episode is written once every
  // worker's status has passed its stamp, since none of theirs can come stamped below it.
  void write_episodes(int64_t up_to) {
    while (!unwritten_.empty() && unwritten_.begin()->first <= up_to) {
      const auto& [worker, e] = unwritten_.begin()->second;
      recorder_.episode(worker, e);
      unwritten_.erase(unwritten_.begin());
    }
  }

  const config::TrainConfig& config_;
  ps::GlobalCounters& counters_;
  const ps::Shard& shard_;
  metrics::RunRecorder& recorder_;
  StopDecision stop_;
  std::vector<comm::WorkerStatus> latest_;
  std::vector<int64_t> seen_;                  // each worker's frames at its latest status
  std::multimap<int64_t, Episode> unwritten_;  // by stamp, in arrival order for equal stamps
  JobTotals last_;                             // the job's totals at the previous status line
  Clock::time_point last_time_;
};

}  // namespace

TrainingSummary run_mpi_server(const config::TrainConfig& config, const comm::MpiRoles& roles,
                               metrics::RunRecorder* recorder, const RunStart& start,
                               const std::atomic<bool>* interrupt) {
  const std::shared_ptr<const RunSetup> made =
      start.setup ? start.setup : std::make_shared<const RunSetup>(make_run_setup(config));
  const RunSetup& setup = *made;
  auto shard = ps::make_shard(setup.initial, setup.server, roles.rank);
  spdlog::info("{}, pid {}: shard {} of {}: {} of {} parameters", roles.name(), getpid(),
               roles.rank, roles.num_ps, shard->size(), setup.initial.size());
  const RunIdentity identity = run_identity(setup, config, start.config_toml, roles.num_ps);
  // Rank 0 restores the job's counters too.
  const auto restore = [&](ps::GlobalCounters* counters) {
    if (!start.resume) return;
    restore_server(start.resume_path, *start.resume, config, {{roles.rank, shard.get()}}, counters);
  };
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
    spdlog::info("{}: {} on shard {} (--ps-apply racy)", roles.name(),
                 format_overlaps(shard->overlapping_applies(), shard->lost_optimizer_steps()),
                 roles.rank);
  };
  if (roles.rank != 0) {
    restore(nullptr);
    comm::MpiServer::Hooks hooks;
    hooks.on_checkpoint = [&](const comm::CheckpointOrder& order, bool) { save(order); };
    comm::MpiServer(roles, *shard, nullptr, setup.server, config.peer_timeout_s).serve(hooks);
    log_overlaps();
    return summary;
  }

  spdlog::info(
      "{}: {} observations, {} actions, {} parameters on {} server rank(s), {} "
      "worker rank(s)",
      config.env_id, setup.spec.to_string(), setup.num_actions, setup.initial.size(), roles.num_ps,
      roles.workers);
  if (config.keep_checkpoints < 2 && roles.num_ps > 1) {
    spdlog::warn(
        "--keep-checkpoints {} with {} server ranks: a rank that dies in the middle of "
        "a save leaves no complete checkpoint; keep 2 or more",
        config.keep_checkpoints, roles.num_ps);
  }
  ps::GlobalCounters counters(config.max_frames);
  restore(&counters);
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
    summary.lost_optimizer_steps = shard->lost_optimizer_steps();
  }
  return summary;
}

}  // namespace ga3c::run
