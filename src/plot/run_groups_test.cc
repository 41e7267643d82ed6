#include "plot/run_groups.h"

#include <gtest/gtest.h>

#include "plot/plot_error.h"
#include "plot/test_files.h"

namespace ga3c::plot {
namespace {

std::string config(int seed, const std::string& run_dir, double lr, bool quiet) {
  return "# ga3c train: the resolved configuration\n[train]\nenv = \"CartPole-v1\"\nseed = " +
         std::to_string(seed) + "\nrun-dir = \"" + run_dir + "\"\nlr = " + std::to_string(lr) +
         "\nstatus-interval = 5\nquiet = " + (quiet ? "true" : "false") + "\n";
}

TEST(RunGroups, SettingsLeaveOutSeedRunDirAndOutput) {
  EXPECT_EQ(training_settings(config(1, "runs/a", 0.5, true)),
            "[train]\nenv = \"CartPole-v1\"\nlr = 0.500000\n");
}

TEST(RunGroups, RunsDifferingInTheSeedShareAGroup) {
  const auto dir = test_dir();
  std::vector<std::string> dirs;
  const std::vector<std::pair<int, double>> runs = {{1, 0.5}, {1, 0.25}, {2, 0.5}, {3, 0.5}};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto run = dir / ("r" + std::to_string(i));
    std::filesystem::create_directories(run);
    write_text(run / "config.toml", config(runs[i].first, run.string(), runs[i].second, i == 3));
    dirs.push_back(run.string());
  }
  EXPECT_EQ(group_by_settings(dirs), (std::vector<std::vector<std::size_t>>{{0, 2, 3}, {1}}));
  dirs.push_back((dir / "no_config").string());
  EXPECT_THROW(group_by_settings(dirs), PlotInputError);
}

}  // namespace
}  // namespace ga3c::plot
