// The bar of the single-machine issue: default settings (with CartPole-v1's preset learning
// rate) reach a mean return >= 475 over 100 consecutive episodes within 1,000,000 frames,
// with one worker and with two. Fixed seeds and a frame budget; no time limit.
#include <gtest/gtest.h>

#include <filesystem>

#include "metrics/run_recorder.h"
#include "runtime/training_run.h"

namespace ga3c::runtime {
namespace {

TrainingSummary train_cartpole(int workers, uint64_t seed) {
  TrainConfig config;
  config.env_id = "CartPole-v1";
  config.lr = 1e-3f;  // the CartPole-v1 preset of `ga3c train`
  config.max_frames = 1'000'000;
  config.target_return = 475;
  config.workers = workers;
  config.seed = seed;
  config.quiet = true;
  config.status_interval_s = 1;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ga3c_cartpole_learning_" + std::to_string(workers));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  metrics::RunRecorder recorder(dir.string());
  return run_training(config, recorder);
}

TEST(CartPoleLearning, OneWorkerSolvesWithinOneMillionFrames) {
  const auto summary = train_cartpole(1, 1);
  EXPECT_GE(summary.best_mean_return_100, 475.0) << "after " << summary.frames << " frames";
  EXPECT_LE(summary.frames, 1'010'000);
}

TEST(CartPoleLearning, TwoWorkersSolveWithinOneMillionFrames) {
  const auto summary = train_cartpole(2, 1);
  EXPECT_GE(summary.best_mean_return_100, 475.0) << "after " << summary.frames << " frames";
  EXPECT_LE(summary.frames, 1'010'000);
}

}  // namespace
}  // namespace ga3c::runtime
