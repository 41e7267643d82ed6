#include "metrics/status_line.h"

#include <gtest/gtest.h>

namespace ga3c::metrics {
namespace {

TEST(StatusLine, ShortCountsAndDurations) {
  EXPECT_EQ(short_count(1234), "1234");
  EXPECT_EQ(short_count(12345), "12.3k");
  EXPECT_EQ(short_count(1234567), "1.23M");
  EXPECT_EQ(short_count(123456), "123k");
  EXPECT_EQ(short_count(999999), "1.00M");
  EXPECT_EQ(short_count(-99999.9), "-100k");
  EXPECT_EQ(short_duration(83), "1m23s");
  EXPECT_EQ(short_duration(3725), "1h02m");
  EXPECT_EQ(short_duration(9), "9s");
}

TEST(StatusLine, WorstCaseFitsOneHundredColumns) {
  Status s;
  s.wall_s = 359999;
  s.frames = 9'990'000'000;
  s.max_frames = 9'999'000'000;
  s.fps = 999'999;
  s.pps = 99'999;
  s.tps = 99'999;
  s.episodes = 999'999'999;
  s.mean_return = -99999.9;
  s.sync_ms = 999.99;
  s.lag = 999.9;
  const auto line = format_status(s);
  EXPECT_LE(line.size(), 100u) << line;
  EXPECT_NE(line.find("eta"), std::string::npos);
}

TEST(StatusLine, SaysEveryFigure) {
  Status s;
  s.wall_s = 12;
  s.frames = 50'000;
  s.max_frames = 100'000;
  s.fps = 5000;
  s.episodes = 20;
  s.mean_return = 21.5;
  s.pps = 300;
  s.tps = 40;
  s.sync_ms = 0.25;
  s.lag = 1.5;
  EXPECT_EQ(
      format_status(s),
      "   12s frames 50.0k fps 5000 ep 20 R100 21.5 pps 300 tps 40 sync 0.25ms lag 1.50 eta 10s");
}

TEST(StatusLine, RacyAppliesEndTheLineWithTheirOverlapCount) {
  Status s;
  s.wall_s = 12;
  s.frames = 50'000;
  s.episodes = 20;
  s.overlapping_applies = 12'345;
  const std::string line = format_status(s);
  EXPECT_EQ(line.substr(line.size() - 10), " ovl 12.3k") << line;
  s.overlapping_applies = -1;
  EXPECT_EQ(format_status(s).find("ovl"), std::string::npos);
}

TEST(StatusLine, ADeadNetworkEndsTheLine) {
  Status s;
  s.frames = 50'000;
  s.network = "DEAD conv2";
  const std::string line = format_status(s);
  EXPECT_EQ(line.substr(line.size() - 11), " DEAD conv2") << line;
  s.network.clear();
  EXPECT_EQ(format_status(s).find("DEAD"), std::string::npos);
}

}  // namespace
}  // namespace ga3c::metrics
