#include "plot/run_data.h"

#include <gtest/gtest.h>

#include "plot/plot_error.h"
#include "plot/test_files.h"

namespace ga3c::plot {
namespace {

void write_run(const std::filesystem::path& dir) {
  write_text(dir / "episodes.csv",
             "wall_s,frames,worker,agent,return,length\n"
             "1.0,30,0,3,9,30\n"
             "0.9,25,1,0,7,25\n");
  write_text(dir / "sync.csv",
             "wall_s,frames,worker,step,push_ms,pull_ms,bytes,version,lag\n"
             "0.5,20,1,10,0.25,0.5,100,1,0\n");
  write_text(dir / "system.csv",
             "wall_s,frames,fps,pps,tps,prediction_queue,training_queue,episodes,"
             "mean_return_100\n"
             "5,1000,200.5,10,2,0,0,2,8\n");
}

TEST(RunData, ReadsTheRecordsSortedByFrames) {
  const auto dir = test_dir();
  write_run(dir);
  const RunData run = load_run(dir.string(), "r");
  EXPECT_EQ(run.name, "r");
  ASSERT_EQ(run.episodes.size(), 2u);
  EXPECT_EQ(run.episodes[0].frames, 25);
  EXPECT_EQ(run.episodes[0].worker, 1);
  EXPECT_EQ(run.episodes[0].episode_return, 7);
  ASSERT_EQ(run.syncs.size(), 1u);
  EXPECT_DOUBLE_EQ(run.syncs[0].ms, 0.75);
  ASSERT_EQ(run.system.size(), 1u);
  EXPECT_DOUBLE_EQ(run.system[0].fps, 200.5);
}

// Under MPI rank 0 writes no sync.csv; each worker rank writes sync-w<k>.csv.
TEST(RunData, AnMpiRunsSyncsComeFromEveryWorkersFile) {
  const auto dir = test_dir();
  write_run(dir);
  std::filesystem::remove(dir / "sync.csv");
  const std::string header = "wall_s,frames,worker,step,push_ms,pull_ms,bytes,version,lag\n";
  write_text(dir / "sync-w0.csv", header + "0.5,40,0,10,1,2,100,2,0\n");
  write_text(dir / "sync-w1.csv", header + "0.4,20,1,10,0.5,0.5,100,1,0\n");
  const RunData run = load_run(dir.string(), "r");
  ASSERT_EQ(run.syncs.size(), 2u);
  EXPECT_EQ(run.syncs[0].worker, 1);
  EXPECT_DOUBLE_EQ(run.syncs[0].ms, 1.0);
  EXPECT_EQ(run.syncs[1].worker, 0);
  EXPECT_DOUBLE_EQ(run.syncs[1].ms, 3.0);
  std::filesystem::remove(dir / "sync-w0.csv");
  std::filesystem::remove(dir / "sync-w1.csv");
  try {
    load_run(dir.string(), "r");
    FAIL() << "no error for a run without sync files";
  } catch (const PlotInputError& e) {
    EXPECT_NE(std::string(e.what()).find("has no sync.csv"), std::string::npos) << e.what();
  }
}

// A one-process run resumed under MPI: its first part synced into sync.csv, the rest into the
// worker ranks' files (issue 27: plot read sync.csv alone and stopped half way).
TEST(RunData, ARunResumedUnderAnotherLayoutKeepsEverySyncFile) {
  const auto dir = test_dir();
  write_run(dir);
  const std::string header = "wall_s,frames,worker,step,push_ms,pull_ms,bytes,version,lag\n";
  write_text(dir / "sync-w0.csv", header + "0.5,40,0,10,1,2,100,2,0\n");
  write_text(dir / "sync-w12.csv", header + "0.6,60,12,10,1,1,100,3,0\n");
  write_text(dir / "sync-wx.csv", header + "0.6,80,7,10,1,1,100,3,0\n");  // not a rank's
  const RunData run = load_run(dir.string(), "r");
  ASSERT_EQ(run.syncs.size(), 3u);
  EXPECT_EQ(run.syncs[0].frames, 20);
  EXPECT_EQ(run.syncs[1].frames, 40);
  EXPECT_EQ(run.syncs[2].frames, 60);
  EXPECT_EQ(run.syncs[2].worker, 12);
  for (const char* name : {"sync-w0.csv", "sync-w12.csv", "sync-wx.csv"}) {
    std::filesystem::remove(dir / name);
  }
}

TEST(RunData, MissingFileNamesTheDirectoryAndTheFix) {
  const auto dir = test_dir();
  write_run(dir);
  std::filesystem::remove(dir / "episodes.csv");
  try {
    load_run(dir.string(), "r");
    FAIL() << "no error for a run without episodes.csv";
  } catch (const PlotInputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("has no episodes.csv"), std::string::npos) << what;
    EXPECT_NE(what.find("--run-dir"), std::string::npos) << what;
  }
  EXPECT_THROW(load_run((dir / "nowhere").string(), "r"), PlotInputError);
}

TEST(RunData, NamesAreLastPathComponentsUnlessTwoRunsShareOne) {
  EXPECT_EQ(run_names({"runs/cp-1w", "runs/cp-2w/"}), (std::vector<std::string>{"cp-1w", "cp-2w"}));
  EXPECT_EQ(run_names({"a/run", "b/run", "c"}), (std::vector<std::string>{"a/run", "b/run", "c"}));
}

}  // namespace
}  // namespace ga3c::plot
