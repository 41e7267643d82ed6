#include "run/checkpointing.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "checkpoint/checkpoint_directory.h"
#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_file.h"
#include "checkpoint/compatibility.h"

namespace ga3c::run {

checkpoint::Checkpoint capture(const RunIdentity& identity, int ps_rank,
                               const std::vector<ps::ShardRange>& layout,
                               const std::vector<std::pair<int, const ps::Shard*>>& shards,
                               const SavePoint& at, const checkpoint::WorkerState* worker) {
  checkpoint::Checkpoint c;
  c.signature = identity.signature;
  c.env_id = identity.env_id;
  c.ps_rank = ps_rank;
  c.num_ps_ranks = identity.num_ps_ranks;
  c.num_shards = identity.num_shards;
  c.optimizer = identity.optimizer;
  for (const auto& [index, shard] : shards) {
    ps::ShardState s = shard->snapshot();
    checkpoint::ShardState saved;
    saved.index = index;
    saved.offset = layout.at(index).offset;
    saved.params = std::move(s.params);
    saved.slots = std::move(s.slots);
    saved.version = s.version;
    c.shards.push_back(std::move(saved));
  }
  c.frames = at.progress.frames;
  c.episodes = at.progress.episodes;
  if (worker != nullptr) {
    c.frames += worker->unreported_frames;
    c.episodes += worker->unreported_episodes;
    c.workers.push_back(*worker);
  }
  c.updates = at.progress.updates;
  // The schedule follows the job's frames (ps::learning_rate), so its position is the count.
  c.lr_schedule_frames = at.progress.frames;
  c.config_toml = identity.config_toml;
  c.wall_time_unix_s = static_cast<double>(std::time(nullptr));
  c.elapsed_s = at.elapsed_s;
  return c;
}

namespace {

void check_worker_resumable(const std::string& path, const checkpoint::Checkpoint& found,
                            const config::TrainConfig& config) {
  using checkpoint::CheckpointError;
  if (found.workers.empty()) {
    throw CheckpointError(path, "holds no worker state (saved by a run without --deterministic)",
                          "resume it without --deterministic");
  }
  const checkpoint::WorkerState& w = found.workers.front();
  const bool shared = config.optimizer_state == ps::OptimizerStateMode::kShared;
  if (shared != !w.accumulated.empty()) {
    throw CheckpointError(
        path, "its worker was trained with the other --optimizer-state",
        std::string("resume with --optimizer-state ") + (shared ? "local" : "shared"));
  }
  for (const checkpoint::AgentState& a : w.agents) {
    if (static_cast<int64_t>(a.rollout_actions.size()) > config.t_max) {
      throw CheckpointError(
          path,
          fmt::format("its agent holds a rollout of {} steps, more than "
                      "--t-max {}",
                      a.rollout_actions.size(), config.t_max),
          fmt::format("resume with --t-max {} or more", a.rollout_actions.size()));
    }
    if (config.correction == algo::Correction::kVtrace &&
        a.rollout_behaviour_log_probs.size() != a.rollout_actions.size()) {
      throw CheckpointError(path,
                            "its agent's rollout holds no behaviour log-probabilities for "
                            "V-trace (saved before they were kept)",
                            "resume with --correction none");
    }
  }
}

}  // namespace

void check_resumable(const std::string& path, const checkpoint::Checkpoint& found,
                     const RunIdentity& identity, const config::TrainConfig& config) {
  using checkpoint::CheckpointError;
  checkpoint::check_matches(path, found, identity.env_id, identity.signature);
  if (found.num_shards != identity.num_shards) {
    throw CheckpointError(path,
                          fmt::format("saved with {} parameter-server shards, this run has {}",
                                      found.num_shards, identity.num_shards),
                          fmt::format("resume with --num-ps {}", found.num_shards));
  }
  if (found.optimizer != identity.optimizer) {
    throw CheckpointError(
        path,
        fmt::format("saved with optimizer {}, this run uses {}", algo::to_string(found.optimizer),
                    algo::to_string(identity.optimizer)),
        "resume with --optimizer " + algo::to_string(found.optimizer));
  }
  const bool shared = config.optimizer_state == ps::OptimizerStateMode::kShared;
  for (const checkpoint::ShardState& saved : found.shards) {
    // The slots this run's optimizer keeps for the shard (none in local mode), to find a
    // mismatch before anything is restored or written.
    const algo::OptimizerSlots fitting =
        shared ? algo::FlatOptimizer(config.optimizer, saved.params.size()).slots()
               : algo::OptimizerSlots{};
    if (saved.slots.first.size() != fitting.first.size() ||
        saved.slots.second.size() != fitting.second.size()) {
      throw CheckpointError(
          path,
          fmt::format("shard {} does not fit: it has optimizer slots of {}/{} floats, this run "
                      "keeps {}/{} (--optimizer-state {})",
                      saved.index, saved.slots.first.size(), saved.slots.second.size(),
                      fitting.first.size(), fitting.second.size(), shared ? "shared" : "local"),
          "resume with the run's own --optimizer-state and optimizer settings");
    }
  }
  if (config.deterministic) check_worker_resumable(path, found, config);
  if (found.frames >= config.max_frames) {
    throw CheckpointError(path,
                          fmt::format("the run already has {} frames, --max-frames is {}",
                                      found.frames, config.max_frames),
                          "pass a larger --max-frames to go on");
  }
}

void restore_shard(const std::string& path, const checkpoint::Checkpoint& found, int index,
                   ps::Shard& shard) {
  for (const checkpoint::ShardState& saved : found.shards) {
    if (saved.index != index) continue;
    ps::ShardState state;
    state.params = saved.params;
    state.slots = saved.slots;
    state.version = saved.version;
    try {
      shard.restore(state);
    } catch (const std::invalid_argument& e) {
      throw checkpoint::CheckpointError(
          path, fmt::format("shard {} does not fit: {}", index, e.what()),
          "resume with the run's own --optimizer and --optimizer-state settings");
    }
    return;
  }
  throw checkpoint::CheckpointError(path, fmt::format("holds no shard {}", index),
                                    "resume with the run's own --num-ps");
}

void restore_server(const std::string& path, const checkpoint::Checkpoint& found,
                    const config::TrainConfig& config,
                    const std::vector<std::pair<int, ps::Shard*>>& shards,
                    ps::GlobalCounters* counters) {
  for (const auto& [index, shard] : shards) restore_shard(path, found, index, *shard);
  if (counters == nullptr) return;
  const checkpoint::WorkerState* worker =
      config.deterministic && !found.workers.empty() ? &found.workers.front() : nullptr;
  counters->restore(found.frames - (worker ? worker->unreported_frames : 0),
                    found.episodes - (worker ? worker->unreported_episodes : 0), found.updates);
  spdlog::info("resumed from {}: {} frames, {} episodes, {} updates", path, found.frames,
               found.episodes, found.updates);
}

CheckpointSchedule::CheckpointSchedule(std::string dir, double every_s, int keep_last)
    : dir_(std::move(dir)),
      every_s_(every_s),
      keep_last_(keep_last),
      last_(std::chrono::steady_clock::now()) {}

bool CheckpointSchedule::due() const {
  return every_s_ > 0 &&
         std::chrono::steady_clock::now() - last_ >= std::chrono::duration<double>(every_s_);
}

namespace {

bool all_finite(const std::vector<float>& v) {
  return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
}

}  // namespace

std::string CheckpointSchedule::save(const checkpoint::Checkpoint& checkpoint) {
  for (const checkpoint::ShardState& s : checkpoint.shards) {
    if (!all_finite(s.params) || !all_finite(s.slots.first) || !all_finite(s.slots.second)) {
      throw std::runtime_error(fmt::format(
          "shard {} holds non-finite parameters or optimizer slots at {} frames, so no "
          "checkpoint was written and the last one in {} stays the last good one; resume "
          "from it with a smaller --lr",
          s.index, checkpoint.frames, dir_));
    }
  }
  const auto start = std::chrono::steady_clock::now();
  // Its name may be taken: by a save of the same state (a save at the same frame count), or
  // by a damaged file a resume passed over, which must not cost the run its final save.
  std::string path =
      dir_ + "/" + checkpoint::checkpoint_file_name(checkpoint.frames, checkpoint.ps_rank);
  std::error_code exists_ec;
  if (std::filesystem::exists(path, exists_ec)) {
    try {
      checkpoint::read_checkpoint(path);
      spdlog::info("checkpoint {} already saved", path);
      last_ = std::chrono::steady_clock::now();
      return path;
    } catch (const checkpoint::CheckpointError& e) {
      const std::string aside = fmt::format("{}.damaged-{}", path, std::time(nullptr));
      std::filesystem::rename(path, aside);
      spdlog::warn("{}; moved aside to {}", e.what(), aside);
    }
  }
  const checkpoint::WrittenCheckpoint written =
      checkpoint::write_checkpoint(dir_, checkpoint, keep_last_);
  for (const std::string& w : written.warnings) spdlog::warn("{}", w);
  last_ = std::chrono::steady_clock::now();
  // The time a save holds up the parameter server (MPI server 0 serves nobody meanwhile).
  std::error_code ec;
  spdlog::info("checkpoint {} ({} frames, {:.2f} MB, {:.1f} ms)", written.path, checkpoint.frames,
               std::filesystem::file_size(written.path, ec) / 1e6,
               std::chrono::duration<double, std::milli>(last_ - start).count());
  return written.path;
}

std::string checkpoint_dir(const std::string& run_dir) { return run_dir + "/checkpoints"; }

}  // namespace ga3c::run
