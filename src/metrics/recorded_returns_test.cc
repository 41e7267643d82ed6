#include "metrics/recorded_returns.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace ga3c::metrics {
namespace {

std::string write(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(RecordedReturns, ReadsTheReturnColumnInFileOrder) {
  const auto path = write("ga3c_recorded_returns.csv",
                          "wall_s,frames,worker,agent,return,length,truncated\n"
                          "0.5,100,0,3,-21,800,0\n"
                          "0.9,180,1,0,2.5,40,1\n");
  EXPECT_EQ(recorded_returns(path), (std::vector<double>{-21.0, 2.5}));
}

TEST(RecordedReturns, SkipsARowWhoseReturnIsNoNumber) {
  const auto path =
      write("ga3c_recorded_returns_bad.csv", "frames,return\n10,1\n20,x\n30\n40,3e1\n");
  EXPECT_EQ(recorded_returns(path), (std::vector<double>{1.0, 30.0}));
}

TEST(RecordedReturns, AMissingFileOrColumnHoldsNone) {
  EXPECT_TRUE(recorded_returns("/nonexistent/episodes.csv").empty());
  EXPECT_TRUE(
      recorded_returns(write("ga3c_recorded_returns_none.csv", "frames,fps\n1,2\n")).empty());
}

}  // namespace
}  // namespace ga3c::metrics
