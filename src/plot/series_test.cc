#include "plot/series.h"

#include <gtest/gtest.h>

namespace ga3c::plot {
namespace {

// n episodes alternating between workers 0 and 1; worker 0 scores 0, worker 1 scores 10;
// episode i ends at frame 10 * (i + 1) and second i + 1.
RunData two_workers(int n) {
  RunData run;
  run.name = "r";
  for (int i = 0; i < n; ++i) {
    run.episodes.push_back({i + 1.0, 10.0 * (i + 1), i % 2, i % 2 == 0 ? 0.0 : 10.0});
  }
  return run;
}

TEST(Series, JobReturnsStartAtTheHundredthEpisodeWithABandAcrossWorkers) {
  const Series s = job_returns(two_workers(150), Axis::frames);
  ASSERT_EQ(s.x.size(), 51u);
  EXPECT_EQ(s.worker, kAllWorkers);
  EXPECT_EQ(s.x.front(), 1000);
  EXPECT_EQ(s.x.back(), 1500);
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    EXPECT_DOUBLE_EQ(s.y[i], 5.0);
    EXPECT_DOUBLE_EQ(s.low[i], 0.0);
    EXPECT_DOUBLE_EQ(s.high[i], 10.0);
  }
  EXPECT_EQ(job_returns(two_workers(150), Axis::wall_s).x.front(), 100);
  EXPECT_TRUE(job_returns(two_workers(99), Axis::frames).x.empty());
}

TEST(Series, JobReturnBandIsTheLineWithOneWorker) {
  RunData run;
  for (int i = 0; i < 120; ++i) run.episodes.push_back({0, 1.0 * i, 0, 1.0 * i});
  const Series s = job_returns(run, Axis::frames);
  ASSERT_EQ(s.x.size(), 21u);
  EXPECT_DOUBLE_EQ(s.y.front(), 49.5);  // mean of 0..99
  EXPECT_EQ(s.low, s.y);
  EXPECT_EQ(s.high, s.y);
}

// 100 + n episodes of one worker, the k-th of return `score`, ending at frame step * (k + 1).
RunData constant(double score, double step, int n) {
  RunData run;
  for (int k = 0; k < 100 + n; ++k) run.episodes.push_back({0, step * (k + 1), 0, score});
  return run;
}

TEST(Series, SeedReturnsAverageRunsAtEachOthersPointsWhereAllHaveOne) {
  // Their job_returns lines: a is 2 at frames 1000, 1010, ..., 1100; b is 4 at 1500, 1515,
  // ..., 1650; c is 9 at 800, 808, ..., 1600.
  const RunData a = constant(2, 10, 10), b = constant(4, 15, 10), c = constant(9, 8, 100);
  const Series s = seed_returns({&a, &b}, "a + b", Axis::frames);
  EXPECT_EQ(s.run, "a + b");
  EXPECT_TRUE(s.x.empty());  // a ends before b starts
  const Series t = seed_returns({&b, &c}, "b + c", Axis::frames);
  ASSERT_FALSE(t.x.empty());
  EXPECT_EQ(t.x.front(), 1500);
  EXPECT_EQ(t.x.back(), 1600);
  EXPECT_EQ(t.x.size(), 7u + 13u - 1u);  // b: 1500..1590 (7), c: 1504..1600 (13), 1560 in both
  for (std::size_t i = 0; i < t.x.size(); ++i) {
    EXPECT_DOUBLE_EQ(t.y[i], 6.5);
    EXPECT_DOUBLE_EQ(t.low[i], 4);
    EXPECT_DOUBLE_EQ(t.high[i], 9);
  }
  const Series one = seed_returns({&c}, "c", Axis::frames);
  EXPECT_EQ(one.x, job_returns(c, Axis::frames).x);
  EXPECT_EQ(one.low, one.y);
}

TEST(Series, WorkerReturnsUseEachWorkersOwnHundredEpisodes) {
  const auto lines = worker_returns(two_workers(250), Axis::frames);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].worker, 0);
  EXPECT_EQ(lines[0].x.size(), 26u);  // 125 episodes each
  EXPECT_EQ(lines[1].x.size(), 26u);
  EXPECT_EQ(lines[0].x.front(), 1990);  // worker 0's 100th episode is the job's 199th
  EXPECT_DOUBLE_EQ(lines[0].y.front(), 0.0);
  EXPECT_DOUBLE_EQ(lines[1].y.front(), 10.0);
  EXPECT_TRUE(lines[0].low.empty());
}

TEST(Series, SyncIsAMeanOfTheLastHundredSyncsFromTheFirst) {
  RunData run;
  for (int i = 0; i < 150; ++i) run.syncs.push_back({0, 10.0 * i, i % 2, i < 100 ? 1.0 : 3.0});
  const Series s = job_sync(run);
  ASSERT_EQ(s.x.size(), 150u);
  EXPECT_DOUBLE_EQ(s.y.front(), 1.0);
  EXPECT_DOUBLE_EQ(s.y.back(), 2.0);  // 50 syncs of 1 ms and 50 of 3 ms
  const auto lines = worker_sync(run);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1].x.size(), 75u);
  EXPECT_EQ(lines[1].x.front(), 10);
}

TEST(Series, FpsIsOnePointPerSystemRow) {
  RunData run;
  run.system = {{5, 100, 20}, {10, 300, 40}};
  const Series s = job_fps(run);
  EXPECT_EQ(s.x, (std::vector<double>{5, 10}));
  EXPECT_EQ(s.y, (std::vector<double>{20, 40}));
}

}  // namespace
}  // namespace ga3c::plot
