#include "metrics/run_recorder.h"

#include <limits>
#include <string>
#include <tuple>

#include "metrics/recorded_returns.h"

namespace ga3c::metrics {
namespace {

constexpr const char* kEpisodesHeader = "wall_s,frames,worker,agent,return,length,truncated";
constexpr const char* kTrainHeader =
    "wall_s,frames,worker,step,batch,policy_loss,value_loss,entropy,grad_norm,lr,"
    "live_1,live_2,live_3,policy_spread";
// The health columns live_1..live_3: the deepest network (the A3C CNN) has three ReLU layers.
constexpr std::size_t kHealthLayerColumns = 3;
constexpr const char* kSyncHeader = "wall_s,frames,worker,step,push_ms,pull_ms,bytes,version,lag";
constexpr const char* kSystemHeader =
    "wall_s,frames,fps,pps,tps,prediction_queue,training_queue,episodes,mean_return_100";

// ",live_1,live_2,live_3,policy_spread" of a train.csv row: empty cells without a check.
std::string health_cells(const std::optional<HealthRecord>& health) {
  std::string cells;
  for (std::size_t i = 0; i < kHealthLayerColumns; ++i) {
    cells += ',';
    if (health && i < health->layers.size()) {
      const LayerHealth& l = health->layers[i];
      cells += fmt::format("{:.6g}", l.units > 0 ? static_cast<double>(l.live) / l.units : 0.0);
    }
  }
  cells += ',';
  if (health) cells += fmt::format("{:.6g}", health->policy_spread);
  return cells;
}

std::string csv_path(const std::string& dir, const char* stem, const RecorderFiles& files) {
  return dir + "/" + stem + files.suffix + ".csv";
}

}  // namespace

void RunRecorder::check_appendable(const std::string& dir, const RecorderFiles& files) {
  for (const auto& [on, stem, header] : {std::tuple{files.episodes, "episodes", kEpisodesHeader},
                                         {files.train, "train", kTrainHeader},
                                         {files.sync, "sync", kSyncHeader},
                                         {files.system, "system", kSystemHeader}}) {
    if (on) CsvWriter::check_header(csv_path(dir, stem, files), header);
  }
}

RunRecorder::RunRecorder(const std::string& dir, const std::string& tensorboard_name,
                         const RecorderFiles& files)
    : start_(std::chrono::steady_clock::now()),
      wall_offset_s_(files.wall_offset_s),
      tensorboard_(dir + "/tensorboard/" + tensorboard_name, tensorboard_name) {
  if (files.append) check_appendable(dir, files);
  const bool a = files.append;
  const int64_t f = files.resume_frames.value_or(std::numeric_limits<int64_t>::max());
  if (files.episodes) episodes_.emplace(csv_path(dir, "episodes", files), kEpisodesHeader, a, f);
  if (files.train) train_.emplace(csv_path(dir, "train", files), kTrainHeader, a, f);
  if (files.sync) sync_.emplace(csv_path(dir, "sync", files), kSyncHeader, a, f);
  if (files.system) system_.emplace(csv_path(dir, "system", files), kSystemHeader, a, f);
  // A resumed run's window goes on from the episodes the stopped run recorded up to the
  // checkpoint, as if the run had never stopped.
  if (a && episodes_) {
    for (double episode_return : recorded_returns(episodes_->path())) window_.add(episode_return);
  }
  // Before any point of this run: TensorBoard then drops the stopped run's points at and past
  // the checkpoint's frames, which this run logs again.
  if (files.append && files.resume_frames) {
    tensorboard_.add_session_start(*files.resume_frames, epoch_seconds());
  }
}

std::string RunRecorder::dropped_rows() const {
  std::string list;
  for (const auto* file : {&episodes_, &train_, &sync_, &system_}) {
    if (!*file || (*file)->dropped_rows() == 0) continue;
    const std::string& path = (*file)->path();
    const int64_t rows = (*file)->dropped_rows();
    list += fmt::format("{}{} {} row{}", list.empty() ? "" : ", ",
                        path.substr(path.find_last_of('/') + 1), rows, rows == 1 ? "" : "s");
  }
  return list;
}

double RunRecorder::epoch_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

double RunRecorder::wall_seconds() const {
  return wall_offset_s_ +
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void RunRecorder::episode(int worker, const EpisodeRecord& e) {
  std::lock_guard lock(episode_order_.mutex);
  const int64_t frames = episode_order_.stamp(e.frames);
  window_.add(e.episode_return);
  if (episodes_) {
    episodes_->row("{:.3f},{},{},{},{},{},{}", wall_seconds(), frames, worker, e.agent,
                   e.episode_return, e.length, e.truncated ? 1 : 0);
  }
  const double now = epoch_seconds();
  tensorboard_.add_scalar("episode/return", static_cast<float>(e.episode_return), frames, now);
  tensorboard_.add_scalar("episode/length", static_cast<float>(e.length), frames, now);
  tensorboard_.add_scalar("episode/truncated", e.truncated ? 1.0f : 0.0f, frames, now);
}

void RunRecorder::train(const TrainRecord& record) {
  std::lock_guard lock(train_order_.mutex);
  TrainRecord r = record;
  r.frames = train_order_.stamp(r.frames);
  if (train_) {
    train_->row("{:.3f},{},{},{},{},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g}{}", wall_seconds(), r.frames,
                r.worker, r.step, r.batch, r.policy_loss, r.value_loss, r.entropy, r.grad_norm,
                r.lr, health_cells(r.health));
  }
  const double now = epoch_seconds();
  for (const auto& [tag, value] : {std::pair{"train/policy_loss", r.policy_loss},
                                   {"train/value_loss", r.value_loss},
                                   {"train/entropy", r.entropy},
                                   {"train/grad_norm", r.grad_norm},
                                   {"train/lr", r.lr}}) {
    tensorboard_.add_scalar(tag, static_cast<float>(value), r.frames, now);
  }
  if (r.health) {
    for (const LayerHealth& l : r.health->layers) {
      tensorboard_.add_scalar("health/live_" + l.name,
                              l.units > 0 ? static_cast<float>(l.live) / l.units : 0.0f, r.frames,
                              now);
    }
    tensorboard_.add_scalar("health/policy_spread", static_cast<float>(r.health->policy_spread),
                            r.frames, now);
  }
}

void RunRecorder::sync(const SyncRecord& record) {
  std::lock_guard lock(sync_order_.mutex);
  SyncRecord r = record;
  r.frames = sync_order_.stamp(r.frames);
  if (sync_) {
    sync_->row("{:.3f},{},{},{},{:.4f},{:.4f},{},{},{:.3f}", wall_seconds(), r.frames, r.worker,
               r.step, r.push_ms, r.pull_ms, r.bytes, r.version, r.lag);
  }
  const double now = epoch_seconds();
  tensorboard_.add_scalar("sync/push_ms", static_cast<float>(r.push_ms), r.frames, now);
  tensorboard_.add_scalar("sync/pull_ms", static_cast<float>(r.pull_ms), r.frames, now);
  tensorboard_.add_scalar("sync/policy_lag", static_cast<float>(r.lag), r.frames, now);
}

void RunRecorder::system(const SystemRecord& record) {
  std::lock_guard lock(system_order_.mutex);
  SystemRecord r = record;
  r.frames = system_order_.stamp(r.frames);
  if (system_) {
    system_->row("{:.3f},{},{:.1f},{:.1f},{:.1f},{},{},{},{:.3f}", wall_seconds(), r.frames, r.fps,
                 r.pps, r.tps, r.prediction_queue, r.training_queue, r.episodes, r.mean_return);
  }
  const double now = epoch_seconds();
  for (const auto& [tag, value] :
       {std::pair{"system/fps", r.fps},
        {"system/pps", r.pps},
        {"system/tps", r.tps},
        {"system/prediction_queue", static_cast<double>(r.prediction_queue)},
        {"system/training_queue", static_cast<double>(r.training_queue)},
        {"episode/mean_return_100", r.mean_return}}) {
    tensorboard_.add_scalar(tag, static_cast<float>(value), r.frames, now);
  }
}

void RunRecorder::flush() {
  for (auto* csv : {&episodes_, &train_, &sync_, &system_}) {
    if (*csv) (*csv)->flush();
  }
  tensorboard_.flush();
}

}  // namespace ga3c::metrics
