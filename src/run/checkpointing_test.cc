#include "run/checkpointing.h"

#include <cmath>
#include <filesystem>
#include <limits>

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_directory.h"
#include "checkpoint/checkpoint_error.h"
#include "ps/parameter_server.h"

namespace ga3c::run {
namespace {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / name;
  fs::remove_all(dir);
  return dir;
}

ps::ParameterServerConfig server_config(int64_t max_frames) {
  ps::ParameterServerConfig c;
  c.num_shards = 2;
  c.lr = 0.01f;
  c.lr_schedule = algo::Schedule::kLinear;
  c.max_frames = max_frames;
  return c;  // TF-style RMSProp, shared state
}

RunIdentity identity(std::size_t num_params) {
  RunIdentity id;
  id.signature = {"mlp", {4}, 2, num_params};
  id.env_id = "CartPole-v1";
  id.config_toml = "[train]\nenv = \"CartPole-v1\"\n";
  id.num_shards = 2;
  return id;
}

checkpoint::Checkpoint capture_all(const ps::ParameterServer& server, const RunIdentity& id) {
  std::vector<std::pair<int, const ps::Shard*>> shards;
  for (int s = 0; s < server.num_shards(); ++s) shards.emplace_back(s, &server.shard(s));
  return capture(id, 0, server.layout(), shards, {server.progress(), 12.5});
}

TEST(Checkpointing, AResumedServerGoesOnWithTheSavedCountersScheduleAndSlots) {
  const std::vector<float> initial = {0.5f, -1.0f, 2.0f, 0.25f, -0.75f};
  ps::ParameterServer original(initial, server_config(4000));
  const std::vector<float> g = {0.1f, -0.2f, 0.3f, -0.4f, 0.5f};
  for (int i = 0; i < 3; ++i) {
    original.report(1000, 7, true);
    for (int s = 0; s < 2; ++s) {
      original.push(s, g.data() + original.layout()[s].offset, original.layout()[s].size);
    }
  }
  const fs::path dir = fresh_dir("ga3c_checkpointing_resume_test");
  CheckpointSchedule(dir.string(), 0, 3).save(capture_all(original, identity(initial.size())));
  const checkpoint::LatestCheckpoint latest = checkpoint::find_latest_complete(dir.string());
  ASSERT_TRUE(latest.checkpoint);
  const checkpoint::Checkpoint& saved = *latest.checkpoint;
  EXPECT_EQ(saved.frames, 3000);
  EXPECT_EQ(saved.episodes, 21);
  EXPECT_EQ(saved.updates, 3);
  EXPECT_EQ(saved.lr_schedule_frames, 3000);
  EXPECT_DOUBLE_EQ(saved.elapsed_s, 12.5);

  // The resumed run has a larger budget: 4,000 more frames.
  config::TrainConfig config;
  config.max_frames = 7000;
  check_resumable(latest.paths[0], saved, identity(initial.size()), config);
  ps::ParameterServer resumed(std::vector<float>(initial.size(), 0.0f), server_config(7000));
  for (int s = 0; s < 2; ++s) restore_shard(latest.paths[0], saved, s, resumed.shard(s));
  resumed.counters().restore(saved.frames, saved.episodes, saved.updates);

  EXPECT_EQ(resumed.current_lr(), algo::lr_at(algo::Schedule::kLinear, 0.01f, 3000, 7000));
  EXPECT_FLOAT_EQ(resumed.current_lr(), 0.01f * 4.0f / 7.0f);
  for (int s = 0; s < 2; ++s) {
    const ps::ShardState a = original.shard(s).snapshot(), b = resumed.shard(s).snapshot();
    EXPECT_EQ(a.params, b.params);
    EXPECT_EQ(a.slots.first, b.slots.first);
    EXPECT_EQ(b.slots.first, saved.shards[s].slots.first);
    EXPECT_EQ(b.slots.steps, 3);
    EXPECT_EQ(b.version, 3);
  }
  const ps::GlobalProgress p = resumed.report(4000, 1, true);
  EXPECT_EQ(p.frames, 7000);
  EXPECT_EQ(p.episodes, 22);
  EXPECT_EQ(p.updates, 4);
  EXPECT_TRUE(p.stop);
}

TEST(Checkpointing, RefusesACheckpointThatCannotContinueTheRunAndSaysHowToFixIt) {
  checkpoint::Checkpoint c;
  c.signature = {"mlp", {4}, 2, 5};
  c.env_id = "CartPole-v1";
  c.num_shards = 2;
  c.frames = 4000;
  config::TrainConfig config;
  config.max_frames = 8000;
  const auto message = [&](const RunIdentity& id, const config::TrainConfig& cfg) -> std::string {
    try {
      check_resumable("ckpt.ga3c", c, id, cfg);
    } catch (const checkpoint::CheckpointError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(message(identity(5), config), "");
  RunIdentity other_env = identity(5);
  other_env.env_id = "MinAtar/Breakout-v1";
  EXPECT_NE(message(other_env, config).find("CartPole-v1"), std::string::npos);
  EXPECT_NE(message(identity(6), config).find('6'), std::string::npos);
  RunIdentity three_shards = identity(5);
  three_shards.num_shards = 3;
  EXPECT_NE(message(three_shards, config).find("--num-ps 2"), std::string::npos);
  RunIdentity adam = identity(5);
  adam.optimizer = algo::OptimizerKind::kAdam;
  EXPECT_NE(message(adam, config).find("--optimizer rmsprop"), std::string::npos);
  config::TrainConfig spent = config;
  spent.max_frames = 4000;
  EXPECT_NE(message(identity(5), spent).find("larger --max-frames"), std::string::npos);
}

TEST(Checkpointing, ASharedStateRunCannotResumeFromLocalState) {
  ps::ParameterServerConfig local = server_config(1000);
  local.optimizer_state = ps::OptimizerStateMode::kLocal;
  const std::vector<float> initial = {1.0f, 2.0f, 3.0f};
  ps::ParameterServer saved_server(initial, local);
  const checkpoint::Checkpoint saved = capture_all(saved_server, identity(3));
  ps::ParameterServer shared(initial, server_config(1000));
  EXPECT_THROW(restore_shard("ckpt.ga3c", saved, 0, shared.shard(0)), checkpoint::CheckpointError);
  EXPECT_THROW(restore_shard("ckpt.ga3c", saved, 5, shared.shard(0)), checkpoint::CheckpointError);

  // check_resumable finds the same before anything is restored.
  config::TrainConfig config;
  config.max_frames = 2000;
  EXPECT_THROW(check_resumable("ckpt.ga3c", saved, identity(3), config),
               checkpoint::CheckpointError);
  config.optimizer_state = ps::OptimizerStateMode::kLocal;
  EXPECT_NO_THROW(check_resumable("ckpt.ga3c", saved, identity(3), config));
}

TEST(Checkpointing, KeepsTheNewestAndNeverSavesNonFiniteParameters) {
  const fs::path dir = fresh_dir("ga3c_checkpointing_keep_test");
  ps::ParameterServer server({1.0f, 2.0f, 3.0f}, server_config(0));
  CheckpointSchedule saves(dir.string(), 0, 2);
  EXPECT_FALSE(saves.due());
  for (int i = 0; i < 3; ++i) {
    server.report(100, 1, true);
    saves.save(capture_all(server, identity(3)));
  }
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names,
            (std::vector<std::string>{"ckpt-000000000200-ps0.ga3c", "ckpt-000000000300-ps0.ga3c"}));

  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> huge = {inf, 0.0f};
  server.report(100, 1, true);
  server.push(0, huge.data(), server.layout()[0].size);
  EXPECT_THROW(saves.save(capture_all(server, identity(3))), std::runtime_error);
  EXPECT_FALSE(fs::exists(dir / "ckpt-000000000400-ps0.ga3c"));
  EXPECT_EQ(checkpoint::find_latest_complete(dir.string()).checkpoint->frames, 300);
}

TEST(Checkpointing, IsDueEveryIntervalAfterTheLastSave) {
  CheckpointSchedule saves(fresh_dir("ga3c_checkpointing_due_test").string(), 1e-9, 1);
  EXPECT_TRUE(saves.due());
  EXPECT_FALSE(CheckpointSchedule("unused", 3600, 1).due());
}

}  // namespace
}  // namespace ga3c::run
