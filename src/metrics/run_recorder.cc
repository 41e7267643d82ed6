#include "metrics/run_recorder.h"

namespace ga3c::metrics {

RunRecorder::RunRecorder(const std::string& dir)
    : start_(std::chrono::steady_clock::now()),
      episodes_(dir + "/episodes.csv", "wall_s,frames,worker,agent,return,length"),
      train_(dir + "/train.csv",
             "wall_s,frames,worker,step,batch,policy_loss,value_loss,entropy,grad_norm,lr"),
      sync_(dir + "/sync.csv", "wall_s,frames,worker,step,push_ms,pull_ms,bytes,version,lag"),
      system_(dir + "/system.csv",
              "wall_s,frames,fps,pps,tps,prediction_queue,training_queue,episodes,"
              "mean_return_100") {}

double RunRecorder::wall_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void RunRecorder::episode(int64_t frames, int worker, int agent, double episode_return,
                          int64_t length) {
  window_.add(episode_return);
  episodes_.row("{:.3f},{},{},{},{},{}", wall_seconds(), frames, worker, agent, episode_return,
                length);
}

void RunRecorder::train(const TrainRecord& r) {
  train_.row("{:.3f},{},{},{},{},{:.6g},{:.6g},{:.6g},{:.6g},{:.6g}", wall_seconds(), r.frames,
             r.worker, r.step, r.batch, r.policy_loss, r.value_loss, r.entropy, r.grad_norm, r.lr);
}

void RunRecorder::sync(const SyncRecord& r) {
  sync_.row("{:.3f},{},{},{},{:.4f},{:.4f},{},{},{:.3f}", wall_seconds(), r.frames, r.worker,
            r.step, r.push_ms, r.pull_ms, r.bytes, r.version, r.lag);
}

void RunRecorder::system(const SystemRecord& r) {
  system_.row("{:.3f},{},{:.1f},{:.1f},{:.1f},{},{},{},{:.3f}", wall_seconds(), r.frames, r.fps,
              r.pps, r.tps, r.prediction_queue, r.training_queue, r.episodes, r.mean_return);
}

void RunRecorder::flush() {
  episodes_.flush();
  train_.flush();
  sync_.flush();
  system_.flush();
}

}  // namespace ga3c::metrics
