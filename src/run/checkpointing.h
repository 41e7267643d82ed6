// The parameter server's side of checkpoints (the file format is checkpoint/): what a save
// holds besides the shards, when saves happen, and putting a checkpoint back into shards and
// counters for --resume. A save copies each shard under its own lock (Shard::snapshot), so
// every shard's parameters, slots and version belong to one version; while workers run, a
// worker's push may reach one shard's save and not another's, as if that push had come just
// after the save. Saves after the workers stopped (the final one) are exact.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "config/train_config.h"
#include "ps/global_counters.h"
#include "ps/shard.h"
#include "ps/shard_layout.h"

namespace ga3c::run {

// What every file of a run says besides its shards and counters.
struct RunIdentity {
  checkpoint::ModelSignature signature;
  std::string env_id;
  std::string config_toml;  // the resolved config (config.toml of the run)
  int num_ps_ranks = 1;
  int num_shards = 1;
  algo::OptimizerKind optimizer = algo::OptimizerKind::kRmsProp;
};

// The job's counters at a save and the seconds it has trained (over all its resumes).
struct SavePoint {
  ps::GlobalProgress progress;
  double elapsed_s = 0.0;
};

// Rank `ps_rank`'s file: shards[i].second is shard shards[i].first of `layout`. `worker`, a
// deterministic run's (rank 0 only), goes into the file, and the frames and episodes it has
// not reported into its totals, which then count every frame stepped.
checkpoint::Checkpoint capture(const RunIdentity& identity, int ps_rank,
                               const std::vector<ps::ShardRange>& layout,
                               const std::vector<std::pair<int, const ps::Shard*>>& shards,
                               const SavePoint& at,
                               const checkpoint::WorkerState* worker = nullptr);

// Checks that the complete checkpoint `found` (read from `path`) can continue the run of
// `config` as `identity` describes it: environment, network, shard count, optimizer, slots
// that fit the optimizer settings and optimizer-state mode, and a frame budget left; for
// config.deterministic, a worker state that fits (--t-max, --optimizer-state). A deterministic
// checkpoint may go on without
// --deterministic: its worker state is then left unused. Throws CheckpointError naming
// `path`, the mismatch and the fix.
void check_resumable(const std::string& path, const checkpoint::Checkpoint& found,
                     const RunIdentity& identity, const config::TrainConfig& config);

// Puts shard `index` of the complete checkpoint into `shard`. Throws CheckpointError naming
// `path` when it does not fit (Shard::restore's checks).
void restore_shard(const std::string& path, const checkpoint::Checkpoint& found, int index,
                   ps::Shard& shard);

// A server's side of --resume, the same in one process and on every MPI server rank, for a
// checkpoint `found` (read from `path`) that check_resumable accepted: puts back the shards this
// process holds (shards[i].second is shard shards[i].first) and, where counters is not null
// (the process that owns them), the job's counters, less what a deterministic run's worker had
// not reported (its first sync reports them). Logs the resume. Throws as restore_shard does.
void restore_server(const std::string& path, const checkpoint::Checkpoint& found,
                    const config::TrainConfig& config,
                    const std::vector<std::pair<int, ps::Shard*>>& shards,
                    ps::GlobalCounters* counters);

// One rank's saves into `dir`: due() every `every_s` seconds (never when every_s is 0),
// keeping the newest `keep_last` files. Not thread-safe.
class CheckpointSchedule {
 public:
  CheckpointSchedule(std::string dir, double every_s, int keep_last);

  bool due() const;
  // Writes the file (write_checkpoint), logs where and any old file it could not remove, and
  // starts the next interval. A file of the same name that reads back whole is taken as this
  // save (the same frame count: the same state); a damaged one is renamed
  // <name>.damaged-<unix time> first. Returns the path. Throws CheckpointError, and
  // std::runtime_error without writing anything when a parameter or slot is NaN or Inf.
  std::string save(const checkpoint::Checkpoint& checkpoint);

 private:
  std::string dir_;
  double every_s_;
  int keep_last_;
  std::chrono::steady_clock::time_point last_;
};

// <run_dir>/checkpoints
std::string checkpoint_dir(const std::string& run_dir);

}  // namespace ga3c::run
