// Training throughput: environment frames per second of `ga3c train`'s in-process run, beside
// a baseline measured in the same process: one thread stepping the same environment with
// uniform random actions and no learning. Prints the ratio and where the threads' busy time
// went (env stepping, prediction, training, sync).
//
//   train_throughput_bench [--env ID] [--frames N] [--workers W] [--agents A] ...
// Accepts the `ga3c train` flags listed in --help below; the run goes to a temporary directory.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <vector>

#include <CLI/CLI.hpp>

#include "config/number_options.h"
#include "env/registry.h"
#include "metrics/run_recorder.h"
#include "run/training_run.h"

namespace {

double random_play_fps(const std::string& env_id, int64_t frames) {
  auto env = ga3c::env::make_env(env_id);
  std::vector<float> obs(env->observation_spec().size());
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> action(0, env->num_actions() - 1);
  env->seed(1);
  env->reset(obs.data());
  const auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < frames; ++i) {
    const auto r = env->step(action(rng), obs.data());
    if (r.terminated || r.truncated) env->reset(obs.data());
  }
  return frames / std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  ga3c::config::TrainConfig config;
  config.max_frames = 300'000;
  config.quiet = true;
  CLI::App app{"Training frames per second against random play of the same environment"};
  app.add_option("--env", config.env_id)->capture_default_str();
  app.add_option("--frames", config.max_frames, "Environment frames to train")
      ->capture_default_str();
  app.add_option("--workers", config.workers)->capture_default_str();
  app.add_option("--agents", config.agents)->capture_default_str();
  app.add_option("--predictors", config.predictors)->capture_default_str();
  app.add_option("--trainers", config.trainers)->capture_default_str();
  app.add_option("--env-threads", config.env_threads)->capture_default_str();
  app.add_option("--min-batch", config.min_batch)->capture_default_str();
  app.add_option("--sync-freq", config.sync_freq)->capture_default_str();
  app.add_option("--num-ps", config.num_ps)->capture_default_str();
  app.add_option("--device", config.device, "cpu | cuda | cuda:N")->capture_default_str();
  app.add_option("--prediction-batch", config.prediction_batch)->capture_default_str();
  app.add_option("--recurrent", config.recurrent, "none | lstm")->capture_default_str();
  int64_t baseline_frames = 1'000'000;
  app.add_option("--baseline-frames", baseline_frames,
                 "Random-play steps of the baseline (Atari's take minutes at 1M)")
      ->capture_default_str();
  app.add_option("--lstm-size", config.lstm_size)->capture_default_str();
  ga3c::config::read_numbers_as_toml(app);
  CLI11_PARSE(app, argc, argv);

  const double baseline = random_play_fps(config.env_id, baseline_frames);
  const auto dir = std::filesystem::temp_directory_path() / "ga3c_train_throughput";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  config.run_dir = dir.string();
  ga3c::metrics::RunRecorder recorder(dir.string());
  const auto s = ga3c::run::run_training(config, recorder, {});
  const double fps = s.frames / s.wall_s;
  const double busy = s.env_s + s.predict_s + s.train_s + s.sync_s;
  std::printf("%s workers %d agents %d predictors %d trainers %d env-threads %d\n",
              config.env_id.c_str(), config.workers, config.agents, config.predictors,
              config.trainers, config.env_threads);
  std::printf("random play, 1 thread: %.0f frames/s\n", baseline);
  std::printf("training: %.0f frames/s over %lld frames in %.1f s = %.4f of random play\n", fps,
              static_cast<long long>(s.frames), s.wall_s, fps / baseline);
  std::printf("busy time: env %.1f%%  predict %.1f%%  train %.1f%%  sync %.1f%%  (%.1f thread-s)\n",
              100 * s.env_s / busy, 100 * s.predict_s / busy, 100 * s.train_s / busy,
              100 * s.sync_s / busy, busy);
  return 0;
}
