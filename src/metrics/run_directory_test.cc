#include "metrics/run_directory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace ga3c::metrics {
namespace {

namespace fs = std::filesystem;

fs::path temp_dir(const std::string& name) {
  auto p = fs::temp_directory_path() / ("ga3c_run_directory_test_" + name);
  fs::remove_all(p);
  return p;
}

TEST(RunDirectory, CreatesNestedDirectories) {
  auto dir = temp_dir("nested") / "a" / "b";
  prepare_run_dir(dir.string());
  EXPECT_TRUE(fs::is_directory(dir));
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(RunDirectory, RefusesToOverwriteARun) {
  auto dir = temp_dir("existing");
  fs::create_directories(dir);
  std::ofstream(dir / "episodes.csv") << "old";
  EXPECT_THROW(prepare_run_dir(dir.string()), RunDirectoryError);
  std::ifstream in(dir / "episodes.csv");
  std::string content;
  in >> content;
  EXPECT_EQ(content, "old");
}

TEST(RunDirectory, RefusesAPathUnderAFile) {
  auto dir = temp_dir("file");
  fs::create_directories(dir);
  std::ofstream(dir / "plain") << "x";
  try {
    prepare_run_dir((dir / "plain" / "run").string());
    FAIL();
  } catch (const RunDirectoryError& e) {
    EXPECT_NE(std::string(e.what()).find("--run-dir"), std::string::npos);
  }
}

TEST(RunDirectory, DefaultNameReplacesSlashes) {
  const auto name = default_run_dir("MinAtar/Breakout-v0");
  EXPECT_EQ(name.rfind("runs/MinAtar_Breakout-v0-", 0), 0u) << name;
}

}  // namespace
}  // namespace ga3c::metrics
