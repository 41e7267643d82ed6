// Writes a run's records into its directory (DESIGN.md "Run directory"):
//   episodes.csv  wall_s, frames, worker, agent, return, length, truncated (1: ended by the
//                 episode limit, 0: terminated)
//   train.csv     wall_s, frames, worker, step, batch, policy_loss, value_loss, entropy,
//                 grad_norm, lr, live_1, live_2, live_3, policy_spread (the health columns:
//                 empty but on the rows of a health check; live_i is the live fraction of the
//                 network's i-th ReLU layer, empty past its last one)
//   sync.csv      wall_s, frames, worker, step, push_ms, pull_ms, bytes, version, lag
//   system.csv    wall_s, frames, fps, pps, tps, prediction_queue, training_queue, episodes,
//                 mean_return_100
// The same figures go to TensorBoard event files in tensorboard/<name>/ (tags episode/*,
// train/*, sync/*, system/*, health/*; step = frames). A resumed run's event file starts with
// TensorBoard's restart marker (SessionLog START at the checkpoint's frames), so that readers
// drop what the stopped run logged past its checkpoint, and its CSV files drop those rows.
// wall_s: seconds since the recorder was made. frames: the job's environment frames when the
// record was made, as its caller knows them (exact in one process; under MPI a worker's view,
// behind the job by less than one sync interval: README, "The run directory"); TensorBoard's
// step is the same number. Within one file and one tag the stamps never decrease: records of
// one kind made at the same time on several threads can reach the recorder out of order, and
// one that arrives after a later-stamped one takes that stamp. Losses are sums over the batch.
// Under MPI each rank writes its own files into the shared run directory (RecorderFiles):
// worker k episodes-w<k>.csv, train-w<k>.csv and sync-w<k>.csv; server rank 0 the job's
// episodes.csv (every worker's episodes, in the order of the workers' stamps) and system.csv.
// Every method may be called from any thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <string>

#include "metrics/csv_writer.h"
#include "metrics/episode_record.h"
#include "metrics/episode_window.h"
#include "metrics/health_record.h"
#include "metrics/tensorboard_writer.h"

namespace ga3c::metrics {

struct TrainRecord {
  int64_t frames = 0;
  int worker = 0;
  int64_t step = 0;   // the node's local training step
  int64_t batch = 0;  // samples
  double policy_loss = 0, value_loss = 0, entropy = 0, grad_norm = 0, lr = 0;
  // The health check that followed this step, if one did: TensorBoard's health/live_<layer>
  // (the live fraction) and health/policy_spread.
  std::optional<HealthRecord> health;
};

struct SyncRecord {
  int64_t frames = 0;
  int worker = 0;
  int64_t step = 0;  // the node's local training step at which it synced
  double push_ms = 0, pull_ms = 0;
  int64_t bytes = 0;    // bytes pushed plus bytes pulled
  int64_t version = 0;  // global parameter version pulled
  // Policy lag, the mean over the pushed samples of the version the push was applied to
  // minus the version that chose the sample's action (node/policy_lag.h).
  double lag = 0;
};

struct SystemRecord {
  int64_t frames = 0;
  double fps = 0, pps = 0, tps = 0;  // frames, prediction batches, training batches per second
  int64_t prediction_queue = 0, training_queue = 0;
  int64_t episodes = 0;
  double mean_return = 0;
};

// Which CSV files a recorder writes and how it names them; a record whose file is off still
// reaches the episode window and TensorBoard.
struct RecorderFiles {
  std::string suffix;  // added to each file's stem: "-w0" writes episodes-w0.csv
  bool episodes = true, train = true, sync = true, system = true;
  // A resumed run: rows go after the existing ones (CsvWriter's append) and wall_s goes on
  // from wall_offset_s, the seconds the run had trained when it was saved. With resume_frames
  // (the checkpoint's frames), rows past them are dropped first and the TensorBoard file
  // starts with the restart marker at them. The episode window is refilled from the kept rows
  // of the episodes file (recorded_returns.h), so its mean, best and count go on from them.
  bool append = false;
  std::optional<int64_t> resume_frames;
  double wall_offset_s = 0.0;
};

class RunRecorder {
 public:
  // dir must exist (see run_directory.h); tensorboard_name names this process's event-file
  // directory (one per MPI rank: "rank<r>"). Throws std::runtime_error naming a file that
  // cannot be written.
  explicit RunRecorder(const std::string& dir, const std::string& tensorboard_name = "main",
                       const RecorderFiles& files = {});

  // Before a resumed run changes anything: throws CsvHeaderError naming the first CSV file of
  // dir, among those `files` selects, that holds other columns than this version writes.
  static void check_appendable(const std::string& dir, const RecorderFiles& files);

  // One finished episode of node `worker`, stamped with its e.frames.
  void episode(int worker, const EpisodeRecord& e);
  void train(const TrainRecord& r);
  void sync(const SyncRecord& r);
  void system(const SystemRecord& r);
  void flush();

  const EpisodeWindow& window() const { return window_; }
  double wall_seconds() const;
  // A resumed run: "episodes.csv 37 rows, train.csv 1 row", the rows its CSV files held past
  // the checkpoint's frames and dropped (CsvWriter::dropped_rows); empty when none were.
  std::string dropped_rows() const;

 private:
  std::chrono::steady_clock::time_point start_;
  double wall_offset_s_;
  EpisodeWindow window_;
  // Wall-clock seconds since the epoch, TensorBoard's time axis.
  static double epoch_seconds();

  // One kind of record (one file and its tags): written one at a time, in stamp order.
  struct Ordered {
    std::mutex mutex;
    int64_t last = std::numeric_limits<int64_t>::min();  // guarded by mutex
    // With mutex held: frames, or the last stamp when that is later.
    int64_t stamp(int64_t frames) {
      if (frames > last) last = frames;
      return last;
    }
  };
  Ordered episode_order_, train_order_, sync_order_, system_order_;

  std::optional<CsvWriter> episodes_, train_, sync_, system_;
  TensorBoardWriter tensorboard_;
};

}  // namespace ga3c::metrics
