// --deterministic end to end: whole in-process runs (run_training) on small frame budgets,
// compared through their checkpoints bit for bit.
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algo/schedule.h"
#include "checkpoint/checkpoint_directory.h"
#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_fixture.h"
#include "metrics/run_directory.h"
#include "metrics/run_recorder.h"
#include "ps/parameter_server.h"
#include "run/checkpointing.h"
#include "run/run_setup.h"
#include "run/training_run.h"

namespace ga3c::run {
namespace {

namespace fs = std::filesystem;
using checkpoint::Checkpoint;
using checkpoint::testing::identical;
using checkpoint::testing::same_bits;

std::string fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / "deterministic_run_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  return dir.string();
}

config::TrainConfig deterministic(const std::string& env, int64_t max_frames,
                                  const std::string& dir) {
  config::TrainConfig c;
  c.env_id = env;
  c.seed = 3;
  c.max_frames = max_frames;
  c.run_dir = dir;
  c.deterministic = true;
  c.workers = 1;
  c.agents = 1;
  c.lr = 0.003f;
  c.checkpoint_every_s = 0;  // only the final save: frame budgets, not wall time
  c.status_interval_s = 60;
  c.quiet = true;
  return c;
}

// Runs `config` afresh, or on from the latest checkpoint in its run directory; returns that
// run's final checkpoint.
Checkpoint run(const config::TrainConfig& config, bool resume = false) {
  RunStart start;
  start.config_toml = "[train]\n";
  metrics::RecorderFiles files;
  if (resume) {
    checkpoint::LatestCheckpoint latest =
        checkpoint::find_latest_complete(checkpoint_dir(config.run_dir));
    start.resume = std::move(latest.checkpoint);
    start.resume_path = latest.paths.at(0);
    files.append = true;
    files.resume_frames = start.resume->frames;
  } else {
    static_cast<void>(metrics::prepare_run_dir(config.run_dir));  // one test, no rival run
  }
  TrainingSummary summary;
  {
    // Event files are named after the second and the process: a resume in the same second
    // of the same process needs a directory of its own.
    metrics::RunRecorder recorder(config.run_dir, resume ? "resumed" : "main", files);
    summary = run_training(config, recorder, start);
  }
  EXPECT_EQ(summary.frames, config.max_frames) << "the budget is met exactly";
  checkpoint::LatestCheckpoint latest =
      checkpoint::find_latest_complete(checkpoint_dir(config.run_dir));
  EXPECT_TRUE(latest.skipped.empty());
  return std::move(latest.checkpoint.value());
}

// The parameter server's state and the worker's, bit for bit (not the times or the config).
::testing::AssertionResult same_state(const Checkpoint& a, const Checkpoint& b) {
  if (a.frames != b.frames || a.episodes != b.episodes || a.updates != b.updates) {
    return ::testing::AssertionFailure()
           << "counters " << a.frames << "/" << a.episodes << "/" << a.updates << " vs " << b.frames
           << "/" << b.episodes << "/" << b.updates;
  }
  if (a.shards.size() != b.shards.size()) return ::testing::AssertionFailure() << "shard count";
  for (std::size_t s = 0; s < a.shards.size(); ++s) {
    const auto& x = a.shards[s];
    const auto& y = b.shards[s];
    if (!same_bits(x.params, y.params) || !same_bits(x.slots.first, y.slots.first) ||
        !same_bits(x.slots.second, y.slots.second) || x.slots.steps != y.slots.steps ||
        x.version != y.version) {
      return ::testing::AssertionFailure() << "shard " << s << " differs";
    }
  }
  if (a.workers.size() != 1 || b.workers.size() != 1) {
    return ::testing::AssertionFailure() << "no worker state";
  }
  if (!identical(a.workers[0], b.workers[0])) {
    return ::testing::AssertionFailure() << "worker states differ";
  }
  return ::testing::AssertionSuccess();
}

// Every row of a run's CSV file, as numbers (an empty cell, such as train.csv's health columns
// on a row without a check, as NaN).
std::vector<std::vector<double>> csv_rows(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::istringstream fields(line);
    std::string field;
    while (std::getline(fields, field, ',')) {
      row.push_back(field.empty() ? std::numeric_limits<double>::quiet_NaN() : std::stod(field));
    }
    rows.push_back(row);
  }
  return rows;
}

void copy_run(const std::string& from, const std::string& to) {
  fs::copy(from, to, fs::copy_options::recursive);
}

config::TrainConfig with_correction(config::TrainConfig c, algo::Correction correction) {
  c.correction = correction;
  return c;
}

struct ResumeCase {
  const char* env;
  algo::Correction correction;
};

// gtest_discover_tests puts the printed parameter into the ctest name: words, not bytes.
void PrintTo(const ResumeCase& c, std::ostream* os) {
  *os << c.env << (c.correction == algo::Correction::kVtrace ? " vtrace" : " n-step");
}

class DeterministicResume : public ::testing::TestWithParam<ResumeCase> {};

// 4,000 frames, stop, resume for 4,000 more: the same state as 8,000 frames without a stop,
// and the first push after the resume the same as the uninterrupted run's. With V-trace the
// rollout under way at the stop carries its behaviour log-probabilities over.
TEST_P(DeterministicResume, GoesOnBitForBit) {
  const std::string env = GetParam().env;
  const algo::Correction correction = GetParam().correction;
  const std::string tag = std::string(env == "CartPole-v1" ? "cartpole" : "breakout") +
                          (correction == algo::Correction::kVtrace ? "-vtrace" : "");
  const auto deterministic = [correction](const std::string& e, int64_t frames,
                                          const std::string& dir) {
    return with_correction(run::deterministic(e, frames, dir), correction);
  };
  const Checkpoint a = run(deterministic(env, 8000, fresh_dir(tag + "-a")));
  const std::string b_dir = fresh_dir(tag + "-b");
  const Checkpoint b4 = run(deterministic(env, 4000, b_dir));
  EXPECT_EQ(b4.frames, 4000);
  ASSERT_EQ(b4.workers.size(), 1u);
  // The stop falls inside an episode and between two syncs, so the resume replays the
  // environment and reports frames the server has not counted.
  EXPECT_FALSE(b4.workers[0].agents.at(0).env.actions.empty());
  EXPECT_GT(b4.workers[0].unreported_frames, 0);
  const std::string b4_copy = fresh_dir(tag + "-b4");
  copy_run(b_dir, b4_copy);
  const Checkpoint b8 = run(deterministic(env, 8000, b_dir), /*resume=*/true);
  EXPECT_EQ(a.frames, 8000);
  EXPECT_EQ(b8.frames, 8000);
  EXPECT_GT(b8.updates, b4.updates + 10);
  EXPECT_TRUE(same_state(a, b8));

  // The first sync after the resume, from the resumed run's sync.csv (frames, column 1).
  int64_t first_sync = 0;
  for (const auto& row : csv_rows(b_dir + "/sync.csv")) {
    if (row.at(1) > 4000) {
      first_sync = static_cast<int64_t>(row.at(1));
      break;
    }
  }
  ASSERT_GT(first_sync, 4000);
  ASSERT_LT(first_sync, 4000 + 100);
  // Stopped right after that push, the resumed run and an uninterrupted one agree.
  const Checkpoint resumed = run(deterministic(env, first_sync, b4_copy), /*resume=*/true);
  const Checkpoint straight = run(deterministic(env, first_sync, fresh_dir(tag + "-f")));
  EXPECT_EQ(resumed.updates, b4.updates + 1);
  EXPECT_EQ(resumed.workers.at(0).unreported_frames, 0);  // the push reported every frame
  EXPECT_FALSE(same_bits(resumed.shards.at(0).params, b4.shards.at(0).params));
  EXPECT_TRUE(same_state(resumed, straight));
}

INSTANTIATE_TEST_SUITE_P(
    Envs, DeterministicResume,
    ::testing::Values(ResumeCase{"CartPole-v1", algo::Correction::kNone},
                      ResumeCase{"MinAtar/Breakout-v1", algo::Correction::kNone},
                      ResumeCase{"MinAtar/Breakout-v1", algo::Correction::kVtrace}),
    // Names ctest can keep from build to build (the default prints the case's bytes).
    [](const ::testing::TestParamInfo<ResumeCase>& info) {
      std::string name = info.param.env;
      name += info.param.correction == algo::Correction::kVtrace ? "_vtrace" : "_nstep";
      for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

// A checkpoint from before the behaviour log-probabilities were kept resumes under
// --correction none only: V-trace would have nothing to weigh the saved actions by.
TEST(DeterministicRun, VtraceRefusesASavedRolloutWithoutBehaviourLogProbabilities) {
  const std::string dir = fresh_dir("old-rollout");
  const config::TrainConfig c =
      with_correction(deterministic("CartPole-v1", 4002, dir), algo::Correction::kVtrace);
  Checkpoint saved = run(c);
  checkpoint::AgentState& agent = saved.workers.at(0).agents.at(0);
  ASSERT_FALSE(agent.rollout_actions.empty()) << "the stop must fall inside a rollout";
  EXPECT_EQ(agent.rollout_behaviour_log_probs.size(), agent.rollout_actions.size());
  agent.rollout_behaviour_log_probs.clear();
  config::TrainConfig more = c;
  more.max_frames = 8000;
  const RunSetup setup = make_run_setup(more);
  try {
    check_resumable("ckpt", saved, run_identity(setup, more, "", 1), more);
    FAIL() << "no error";
  } catch (const checkpoint::CheckpointError& e) {
    EXPECT_STREQ(e.what(),
                 "ckpt: its agent's rollout holds no behaviour log-probabilities for V-trace "
                 "(saved before they were kept); resume with --correction none");
  }
  config::TrainConfig uncorrected = more;
  uncorrected.correction = algo::Correction::kNone;
  EXPECT_NO_THROW(
      check_resumable("ckpt", saved, run_identity(setup, uncorrected, "", 1), uncorrected));
}

// With the linear schedule, a run resumed under --max-frames 8000 anneals towards 8,000 from
// where it stopped, and its server starts from the saved optimizer slots.
TEST(DeterministicRun, ResumedLinearScheduleFollowsTheNewBudget) {
  const std::string dir = fresh_dir("linear");
  config::TrainConfig c4 = deterministic("CartPole-v1", 4000, dir);
  c4.lr_schedule = algo::Schedule::kLinear;
  const Checkpoint b4 = run(c4);
  const std::size_t rows_before = csv_rows(dir + "/train.csv").size();
  config::TrainConfig c8 = c4;
  c8.max_frames = 8000;
  const Checkpoint b8 = run(c8, /*resume=*/true);
  EXPECT_EQ(b4.frames, 4000);
  EXPECT_EQ(b8.frames, 8000);

  // train.csv: frames (column 1) and the learning rate of each local step (column 9, six
  // significant digits).
  const auto rows = csv_rows(dir + "/train.csv");
  ASSERT_GT(rows.size(), rows_before + 100);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto frames = static_cast<int64_t>(rows[i].at(1));
    const int64_t budget = i < rows_before ? 4000 : 8000;
    const double expected = algo::lr_at(algo::Schedule::kLinear, c4.lr, frames, budget);
    EXPECT_NEAR(rows[i].at(9), expected, 1e-5 * expected + 1e-12) << "row " << i;
  }
  EXPECT_NEAR(rows[rows_before].at(9), 0.0015, 1e-5);  // half of lr, half-way to 8,000

  // The server a resume builds: the saved slots, bit for bit, and the rate of the schedule
  // to 8,000 at the saved frame count.
  const RunSetup setup = make_run_setup(c8);
  ps::ParameterServer server(setup.initial, setup.server);
  restore_shard("b4", b4, 0, server.shard(0));
  server.counters().restore(b4.frames, b4.episodes, b4.updates);
  const ps::ShardState restored = server.shard(0).snapshot();
  EXPECT_TRUE(same_bits(restored.slots.first, b4.shards[0].slots.first));
  EXPECT_EQ(restored.slots.steps, b4.shards[0].slots.steps);
  EXPECT_EQ(server.current_lr(), algo::lr_at(algo::Schedule::kLinear, c4.lr, 4000, 8000));
  EXPECT_EQ(algo::lr_at(algo::Schedule::kLinear, c4.lr, b8.frames, 8000), 0.0f);
}

TEST(DeterministicRun, IsAFunctionOfTheSeed) {
  const std::string env = "MinAtar/Breakout-v1";
  const Checkpoint x = run(deterministic(env, 3000, fresh_dir("seed-x")));
  const Checkpoint y = run(deterministic(env, 3000, fresh_dir("seed-y")));
  config::TrainConfig other = deterministic(env, 3000, fresh_dir("seed-z"));
  other.seed = 4;
  const Checkpoint z = run(other);
  EXPECT_TRUE(same_state(x, y));
  EXPECT_FALSE(same_bits(x.shards.at(0).params, z.shards.at(0).params));
  EXPECT_NE(x.workers.at(0).agents.at(0).rng, z.workers.at(0).agents.at(0).rng);
}

TEST(DeterministicRun, RefusesLayoutsItCannotRun) {
  config::TrainConfig c = deterministic("CartPole-v1", 100, "unused");
  c.workers = 2;
  try {
    validate(c);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "--deterministic runs one worker with one agent, not --workers 2 --agents 1; "
                 "pass --workers 1 --agents 1");
  }
  c.workers = 1;
  c.sync_overlap = true;
  EXPECT_THROW(validate(c), std::invalid_argument);
}

TEST(DeterministicRun, ResumingAPlainCheckpointDeterministicallyIsRefused) {
  const std::string dir = fresh_dir("plain");
  config::TrainConfig plain = deterministic("CartPole-v1", 400, dir);
  plain.deterministic = false;
  plain.agents = 2;
  plain.min_batch = 5;
  {
    const metrics::RunDirectoryLock lock = metrics::prepare_run_dir(dir);
    metrics::RunRecorder recorder(dir);
    run_training(plain, recorder, RunStart{});
  }
  checkpoint::LatestCheckpoint latest = checkpoint::find_latest_complete(checkpoint_dir(dir));
  ASSERT_TRUE(latest.checkpoint);
  EXPECT_TRUE(latest.checkpoint->workers.empty());
  const config::TrainConfig resumed = deterministic("CartPole-v1", 800, dir);
  const RunSetup setup = make_run_setup(resumed);
  try {
    check_resumable("ckpt", *latest.checkpoint, run_identity(setup, resumed, "", 1), resumed);
    FAIL() << "no error";
  } catch (const checkpoint::CheckpointError& e) {
    EXPECT_STREQ(e.what(),
                 "ckpt: holds no worker state (saved by a run without --deterministic); resume "
                 "it without --deterministic");
  }
}

}  // namespace
}  // namespace ga3c::run
