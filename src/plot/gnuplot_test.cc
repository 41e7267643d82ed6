#include "plot/gnuplot.h"

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "plot/plot_error.h"
#include "plot/test_files.h"

namespace ga3c::plot {
namespace {

TEST(Gnuplot, MissingProgramSaysHowToInstallIt) {
  const std::string path = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
  const auto empty = test_dir();
  ::setenv("PATH", empty.c_str(), 1);
  std::string what;
  try {
    find_gnuplot();
  } catch (const PlotInputError& e) {
    what = e.what();
  }
  ::setenv("PATH", path.c_str(), 1);
  EXPECT_NE(what.find("apt-get install gnuplot-nox"), std::string::npos) << what;
}

TEST(Gnuplot, FailureReportsGnuplotsLastMessage) {
  std::string gnuplot;
  try {
    gnuplot = find_gnuplot();
  } catch (const PlotInputError&) {
    GTEST_SKIP() << "gnuplot is not installed";
  }
  const auto dir = test_dir();
  write_text(dir / "bad.gp", "set bogus_setting\n");
  write_text(dir / "good.gp", "set terminal pngcairo size 100,80\nset output 'good.png'\nplot x\n");
  try {
    run_gnuplot(gnuplot, dir.string(), "bad.gp");
    FAIL() << "no error for a script that fails";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("bad.gp"), std::string::npos) << what;
    EXPECT_NE(what.find("\"bad.gp\" line 1: unrecognized option"), std::string::npos) << what;
  }
  run_gnuplot(gnuplot, dir.string(), "good.gp");  // relative to dir
  EXPECT_TRUE(std::filesystem::is_regular_file(dir / "good.png"));
}

TEST(Gnuplot, AStopRequestKillsGnuplotWithinAPoll) {
  const auto dir = test_dir();
  const auto slow = dir / "gnuplot";
  write_text(slow, "#!/bin/sh\nexec sleep 30\n");
  std::filesystem::permissions(slow, std::filesystem::perms::owner_all);
  int polls = 0;
  EXPECT_FALSE(run_gnuplot(slow.string(), dir.string(), "any.gp", [&] { return ++polls > 4; }));
  EXPECT_EQ(polls, 5);
}

}  // namespace
}  // namespace ga3c::plot
