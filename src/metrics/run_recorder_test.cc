#include "metrics/run_recorder.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace ga3c::metrics {
namespace {

std::vector<std::string> lines(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// An empty directory of that name under the system's temporary directory.
std::filesystem::path fresh_dir(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(RunRecorder, WritesHeadersAndRows) {
  const auto dir = fresh_dir("ga3c_run_recorder_test");
  {
    RunRecorder rec(dir.string());
    rec.episode(1, {3, 21.5, 22, 500, false});
    rec.episode(1, {4, 7.0, 500, 1000, true});
    SyncRecord s;
    s.worker = 1;
    s.step = 10;
    s.bytes = 800;
    s.version = 4;
    rec.sync(s);
    EXPECT_DOUBLE_EQ(rec.window().mean(), 14.25);
  }
  auto episodes = lines(dir / "episodes.csv");
  ASSERT_EQ(episodes.size(), 3u);
  EXPECT_EQ(episodes[0], "wall_s,frames,worker,agent,return,length,truncated");
  EXPECT_NE(episodes[1].find(",500,1,3,21.5,22,0"), std::string::npos) << episodes[1];
  EXPECT_NE(episodes[2].find(",1000,1,4,7,500,1"), std::string::npos) << episodes[2];
  auto sync = lines(dir / "sync.csv");
  ASSERT_EQ(sync.size(), 2u);
  EXPECT_NE(sync[1].find(",1,10,0.0000,0.0000,800,4,0.000"), std::string::npos) << sync[1];
  EXPECT_EQ(lines(dir / "train.csv").size(), 1u);
  EXPECT_EQ(lines(dir / "system.csv").size(), 1u);
}

TEST(RunRecorder, StampsOfAKindNeverDecrease) {
  // Two threads' records that reach the recorder out of order: the later arrival takes the
  // earlier arrival's later stamp, in the file and in TensorBoard alike; kinds are separate.
  const auto dir = fresh_dir("ga3c_run_recorder_order_test");
  {
    RunRecorder rec(dir.string());
    rec.episode(0, {0, 1.0, 10, 120, false});
    rec.episode(1, {0, 2.0, 11, 117, true});
    rec.episode(0, {1, 3.0, 12, 130, false});
    TrainRecord t;
    t.frames = 118;
    rec.train(t);
  }
  auto episodes = lines(dir / "episodes.csv");
  ASSERT_EQ(episodes.size(), 4u);
  EXPECT_NE(episodes[1].find(",120,0,0,1,10,0"), std::string::npos) << episodes[1];
  EXPECT_NE(episodes[2].find(",120,1,0,2,11,1"), std::string::npos) << episodes[2];
  EXPECT_NE(episodes[3].find(",130,0,1,3,12,0"), std::string::npos) << episodes[3];
  auto train = lines(dir / "train.csv");
  ASSERT_EQ(train.size(), 2u);
  EXPECT_NE(train[1].find(",118,0,0,0,"), std::string::npos) << train[1];
}

TEST(RunRecorder, WritesOnlyTheChosenFilesUnderASuffix) {
  const auto dir = fresh_dir("ga3c_run_recorder_files_test");
  {
    RecorderFiles files;
    files.suffix = "-w2";
    files.system = false;
    RunRecorder rec(dir.string(), "rank3", files);
    rec.episode(2, {0, 9.0, 9, 10, false});
    rec.system(SystemRecord{});
    EXPECT_DOUBLE_EQ(rec.window().mean(), 9.0);
  }
  EXPECT_EQ(lines(dir / "episodes-w2.csv").size(), 2u);
  EXPECT_EQ(lines(dir / "train-w2.csv").size(), 1u);
  EXPECT_TRUE(std::filesystem::exists(dir / "sync-w2.csv"));
  EXPECT_FALSE(std::filesystem::exists(dir / "system-w2.csv"));
  EXPECT_FALSE(std::filesystem::exists(dir / "episodes.csv"));
  EXPECT_TRUE(std::filesystem::is_directory(dir / "tensorboard" / "rank3"));
}

TEST(RunRecorder, AResumedRunDropsARowCutShortAppendsAndGoesOnWithWallTime) {
  const auto dir = fresh_dir("ga3c_run_recorder_append_test");
  {
    RunRecorder rec(dir.string());
    rec.episode(0, {1, 3.0, 30, 500, false});
  }
  {
    std::ofstream cut(dir / "episodes.csv", std::ios::app);
    cut << "7.5,600,0,2,4";  // the process died in the middle of a row
  }
  RecorderFiles files;
  files.append = true;
  files.resume_frames = 500;
  files.wall_offset_s = 1000.0;
  {
    RunRecorder rec(dir.string(), "main", files);
    EXPECT_EQ(rec.dropped_rows(), "");  // a row cut short is not a row
    EXPECT_GE(rec.wall_seconds(), 1000.0);
    EXPECT_LT(rec.wall_seconds(), 1100.0);
    rec.episode(0, {3, 5.0, 50, 700, false});
  }
  const auto episodes = lines(dir / "episodes.csv");
  ASSERT_EQ(episodes.size(), 3u);  // the cut row is gone
  EXPECT_EQ(episodes[0], "wall_s,frames,worker,agent,return,length,truncated");
  EXPECT_NE(episodes[1].find(",500,0,1,3,30,0"), std::string::npos) << episodes[1];
  EXPECT_EQ(episodes[2].substr(0, 5), "1000.") << episodes[2];
  EXPECT_NE(episodes[2].find(",700,0,3,5,50,0"), std::string::npos) << episodes[2];
  EXPECT_EQ(lines(dir / "train.csv").size(), 1u);  // the header is not repeated
}

// A run killed after its checkpoint at 500 frames wrote rows up to 900; the resumed run goes on
// from 500, so every row from the first past 500 goes (also one at 450 written after it, as
// stamps may lag), whatever the file, and the new rows follow the kept ones.
TEST(RunRecorder, AResumedRunDropsTheRowsPastItsCheckpoint) {
  const auto dir = fresh_dir("ga3c_run_recorder_resume_test");
  {
    RunRecorder rec(dir.string());
    for (int64_t frames : {100, 500, 501, 450, 900}) rec.episode(0, {0, 1.0, 10, frames, false});
    TrainRecord t;
    for (int64_t frames : {400, 600}) {
      t.frames = frames;
      rec.train(t);
    }
  }
  RecorderFiles files;
  files.append = true;
  files.resume_frames = 500;
  {
    RunRecorder rec(dir.string(), "main", files);
    EXPECT_EQ(rec.dropped_rows(), "episodes.csv 3 rows, train.csv 1 row");
    rec.episode(0, {0, 2.0, 20, 520, true});
  }
  const auto episodes = lines(dir / "episodes.csv");
  ASSERT_EQ(episodes.size(), 4u);
  EXPECT_NE(episodes[1].find(",100,0,0,1,10,0"), std::string::npos) << episodes[1];
  EXPECT_NE(episodes[2].find(",500,0,0,1,10,0"), std::string::npos) << episodes[2];
  EXPECT_NE(episodes[3].find(",520,0,0,2,20,1"), std::string::npos) << episodes[3];
  const auto train = lines(dir / "train.csv");
  ASSERT_EQ(train.size(), 2u);
  EXPECT_NE(train[1].find(",400,"), std::string::npos) << train[1];
}

// Returns 1..110 and then 0, one episode every 10 frames; the checkpoint is at 1200 frames, so
// the kept episodes are the first 120. Their last 100 (21..110 and ten zeros) average
// (6105 - 210) / 100 = 58.95; the best 100 in a row are 11..110, (6105 - 55) / 100 = 60.5.
TEST(RunRecorder, AResumedRunsWindowGoesOnFromTheEpisodesBeforeItsCheckpoint) {
  const auto dir = fresh_dir("ga3c_run_recorder_window_test");
  {
    RunRecorder rec(dir.string());
    for (int i = 1; i <= 150; ++i) rec.episode(0, {0, i <= 110 ? 1.0 * i : 0.0, 10, 10 * i, false});
  }
  RecorderFiles files;
  files.append = true;
  files.resume_frames = 1200;
  RunRecorder rec(dir.string(), "main", files);
  EXPECT_EQ(rec.window().count(), 120);
  EXPECT_TRUE(rec.window().full());
  EXPECT_DOUBLE_EQ(rec.window().mean(), 58.95);
  EXPECT_DOUBLE_EQ(rec.window().best_full_mean(), 60.5);
  rec.episode(0, {0, 100.0, 10, 1210, false});  // 21 leaves the window, 100 joins it
  EXPECT_DOUBLE_EQ(rec.window().mean(), 59.74);
}

// A fresh run in a directory whose old files it overwrites starts its window empty.
TEST(RunRecorder, ANewRunsWindowStartsEmpty) {
  const auto dir = fresh_dir("ga3c_run_recorder_new_window_test");
  {
    RunRecorder rec(dir.string());
    rec.episode(0, {0, 5.0, 10, 10, false});
  }
  RunRecorder rec(dir.string());
  EXPECT_EQ(rec.window().count(), 0);
  EXPECT_EQ(rec.window().mean(), 0.0);
}

TEST(RunRecorder, HealthColumnsAreFilledOnlyOnTheRowsOfAHealthCheck) {
  const auto dir = fresh_dir("ga3c_run_recorder_health_test");
  {
    RunRecorder rec(dir.string());
    TrainRecord r;
    r.frames = 100;
    r.step = 1;
    rec.train(r);
    r.frames = 200;
    r.step = 2;
    r.health = HealthRecord{{{"conv1", 16, 16}, {"conv2", 0, 32}, {"fc", 64, 256}}, 0.125};
    rec.train(r);
    r.frames = 300;
    r.step = 3;
    r.health = HealthRecord{{{"fc1", 3, 4}, {"fc2", 1, 4}}, 0};
    rec.train(r);
  }
  const auto train = lines(dir / "train.csv");
  ASSERT_EQ(train.size(), 4u);
  EXPECT_EQ(train[0],
            "wall_s,frames,worker,step,batch,policy_loss,value_loss,entropy,grad_norm,lr,"
            "live_1,live_2,live_3,policy_spread");
  EXPECT_NE(train[1].find(",100,0,1,0,0,0,0,0,0,,,,"), std::string::npos) << train[1];
  EXPECT_EQ(train[1].back(), ',') << train[1];
  EXPECT_NE(train[2].find(",200,0,2,0,0,0,0,0,0,1,0,0.25,0.125"), std::string::npos) << train[2];
  EXPECT_NE(train[3].find(",300,0,3,0,0,0,0,0,0,0.75,0.25,,0"), std::string::npos) << train[3];
}

TEST(RunRecorder, AResumedRunRefusesATrainCsvWithoutTheHealthColumns) {
  const auto dir = fresh_dir("ga3c_run_recorder_old_train_test");
  {
    std::ofstream old(dir / "train.csv");
    old << "wall_s,frames,worker,step,batch,policy_loss,value_loss,entropy,grad_norm,lr\n";
  }
  RecorderFiles files;
  files.append = true;
  try {
    RunRecorder::check_appendable(dir.string(), files);
    FAIL() << "appended";
  } catch (const CsvHeaderError& e) {
    EXPECT_NE(std::string(e.what()).find("start a new run"), std::string::npos) << e.what();
  }
}

TEST(RunRecorder, AResumedRunRefusesFilesOfOtherColumns) {
  const auto dir = fresh_dir("ga3c_run_recorder_columns_test");
  {
    std::ofstream old(dir / "episodes.csv");
    old << "wall_s,frames,worker,agent,return,length\n1.0,10,0,0,1,10\n";
  }
  RecorderFiles files;
  files.append = true;
  EXPECT_THROW(RunRecorder::check_appendable(dir.string(), files), CsvHeaderError);
  files.episodes = false;
  EXPECT_NO_THROW(RunRecorder::check_appendable(dir.string(), files));
  files.episodes = true;
  EXPECT_THROW(RunRecorder(dir.string(), "main", files), CsvHeaderError);
  EXPECT_EQ(lines(dir / "episodes.csv").size(), 2u);  // left as it was
}

}  // namespace
}  // namespace ga3c::metrics
