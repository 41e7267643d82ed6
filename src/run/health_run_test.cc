// The health monitor in whole in-process CartPole runs on frame budgets: a healthy run raises no
// alarm and writes the health columns; a run resumed from a checkpoint whose fc1 was made dead
// on purpose stops under --stop-on-dead-network, with a final checkpoint.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_directory.h"
#include "metrics/run_directory.h"
#include "metrics/run_recorder.h"
#include "run/checkpointing.h"
#include "run/training_run.h"

namespace ga3c::run {
namespace {

namespace fs = std::filesystem;

std::string fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / "health_run_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  return dir.string();
}

config::TrainConfig cartpole(int64_t max_frames, const std::string& dir) {
  config::TrainConfig c;
  c.env_id = "CartPole-v1";
  c.seed = 1;
  c.max_frames = max_frames;
  c.run_dir = dir;
  c.lr = 0.003f;
  c.lr_schedule = algo::Schedule::kLinear;
  c.health_every = 10;
  c.stop_on_dead_network = true;
  c.checkpoint_every_s = 0;  // only the final save: frame budgets, not wall time
  c.status_interval_s = 60;
  c.quiet = true;
  return c;
}

TrainingSummary run(const config::TrainConfig& config, RunStart start = {}) {
  start.config_toml = "[train]\n";
  metrics::RecorderFiles files;
  if (start.resume) {
    files.append = true;
    files.resume_frames = start.resume->frames;
  } else {
    static_cast<void>(metrics::prepare_run_dir(config.run_dir));  // one test, no rival run
  }
  metrics::RunRecorder recorder(config.run_dir, start.resume ? "resumed" : "main", files);
  return run_training(config, recorder, start);
}

// train.csv's cells, row by row, header first.
std::vector<std::vector<std::string>> cells(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> row;
    std::stringstream s(line);
    for (std::string cell; std::getline(s, cell, ',');) row.push_back(cell);
    if (!line.empty() && line.back() == ',') row.emplace_back();
    rows.push_back(row);
  }
  return rows;
}

TEST(HealthRun, AHealthyCartPoleRunRaisesNoAlarmAndWritesTheColumns) {
  const std::string dir = fresh_dir("healthy");
  const config::TrainConfig config = cartpole(300'000, dir);
  const TrainingSummary summary = run(config);
  EXPECT_FALSE(summary.dead_network);
  EXPECT_GE(summary.frames, config.max_frames) << "ran its whole budget";
  const auto rows = cells(dir + "/train.csv");
  ASSERT_GT(rows.size(), 1u);
  ASSERT_EQ(rows[0].size(), 14u);
  EXPECT_EQ(rows[0][10], "live_1");
  EXPECT_EQ(rows[0][13], "policy_spread");
  int checks = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), 14u) << i;
    if (rows[i][10].empty()) continue;
    ++checks;
    EXPECT_GT(std::stod(rows[i][10]), 0.0) << "fc1, row " << i;
    EXPECT_GT(std::stod(rows[i][11]), 0.0) << "fc2, row " << i;
    EXPECT_EQ(rows[i][12], "") << "the MLP has two ReLU layers";
    EXPECT_FALSE(rows[i][13].empty());
  }
  // Every 10th of some thousand training steps, but the first few before the batch is full.
  EXPECT_GT(checks, 50);
}

TEST(HealthRun, ANetworkMadeDeadStopsTheRunWithACheckpoint) {
  const std::string dir = fresh_dir("dead");
  run(cartpole(4000, dir));
  checkpoint::LatestCheckpoint saved = checkpoint::find_latest_complete(checkpoint_dir(dir));
  ASSERT_TRUE(saved.checkpoint);
  checkpoint::Checkpoint dead = std::move(*saved.checkpoint);
  // The MLP's first parameters: fc1's weight [128, 4], then its bias [128]. All off for every
  // observation, fc1 has a zero gradient for good.
  std::vector<float>& params = dead.shards.at(0).params;
  std::fill(params.begin(), params.begin() + 128 * 4, 0.0f);
  std::fill(params.begin() + 128 * 4, params.begin() + 128 * 5, -1.0f);

  RunStart start;
  start.resume = dead;
  start.resume_path = saved.paths.at(0);
  const config::TrainConfig config = cartpole(300'000, dir);
  const TrainingSummary summary = run(config, start);
  EXPECT_TRUE(summary.dead_network);
  EXPECT_LT(summary.frames, 100'000) << "stopped soon after the first check";

  checkpoint::LatestCheckpoint last = checkpoint::find_latest_complete(checkpoint_dir(dir));
  ASSERT_TRUE(last.checkpoint);
  EXPECT_GT(last.checkpoint->frames, 4000) << "a final checkpoint of the resumed run";
  EXPECT_EQ(last.checkpoint->shards.at(0).params[128 * 4], -1.0f) << "fc1 stayed dead";
  const auto rows = cells(dir + "/train.csv");
  ASSERT_GT(rows.size(), 1u);
  bool dead_row = false;
  for (std::size_t i = 1; i < rows.size(); ++i) dead_row = dead_row || rows[i][10] == "0";
  EXPECT_TRUE(dead_row) << "a row says fc1 has no live unit";
}

}  // namespace
}  // namespace ga3c::run
