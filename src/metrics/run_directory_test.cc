#include "metrics/run_directory.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>
#include <unistd.h>

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
  const RunDirectoryLock lock = prepare_run_dir(dir.string());
  EXPECT_TRUE(lock.held());
  EXPECT_TRUE(fs::is_directory(dir));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  EXPECT_TRUE(fs::exists(dir / ".ga3c.lock"));
}

TEST(RunDirectory, RefusesToOverwriteARun) {
  auto dir = temp_dir("existing");
  fs::create_directories(dir);
  std::ofstream(dir / "episodes.csv") << "old";
  EXPECT_THROW(static_cast<void>(prepare_run_dir(dir.string())), RunDirectoryError);
  EXPECT_FALSE(fs::exists(dir / ".ga3c.lock"));  // a finished run's directory is not touched
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
    static_cast<void>(prepare_run_dir((dir / "plain" / "run").string()));
    FAIL();
  } catch (const RunDirectoryError& e) {
    EXPECT_NE(std::string(e.what()).find("--run-dir"), std::string::npos);
  }
}

TEST(RunDirectory, DefaultNameReplacesSlashes) {
  const auto name = default_run_dir("MinAtar/Breakout-v0");
  EXPECT_EQ(name.rfind("runs/MinAtar_Breakout-v0-", 0), 0u) << name;
}

// Two trainings started on one directory at once: the second is refused, naming the first
// (issue 27). flock(2) locks belong to an open file, so one process can play both.
TEST(RunDirectory, ARunDirectoryInUseIsRefusedNamingItsHolder) {
  auto dir = temp_dir("in_use");
  {
    const RunDirectoryLock first = prepare_run_dir(dir.string());
    try {
      static_cast<void>(prepare_run_dir(dir.string()));
      FAIL() << "a directory in use was taken twice";
    } catch (const RunDirectoryError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("run directory '" + dir.string() + "' is in use by another ga3c (pid " +
                               std::to_string(::getpid()) + " on host ",
                           0),
                0u)
          << what;
      EXPECT_NE(what.find("; wait for that run to end, or choose another --run-dir"),
                std::string::npos)
          << what;
    }
    EXPECT_THROW(RunDirectoryLock{dir.string()}, RunDirectoryError);  // a resume too
  }
  EXPECT_TRUE(RunDirectoryLock(dir.string()).held());  // released with its holder
}

TEST(RunDirectory, DefaultNamesTakenInOneSecondGetASuffix) {
  const auto root = temp_dir("claim");
  fs::create_directories(root);
  const fs::path cwd = fs::current_path();
  fs::current_path(root);
  const std::string a = claim_default_run_dir("CartPole-v1");
  fs::create_directory(default_run_dir("CartPole-v1"));  // as if another run took it
  const std::string b = claim_default_run_dir("CartPole-v1");
  fs::current_path(cwd);
  EXPECT_NE(a, b);
  EXPECT_TRUE(fs::is_directory(root / a));
  EXPECT_TRUE(fs::is_directory(root / b));
  EXPECT_EQ(b.rfind(default_run_dir("CartPole-v1").substr(0, 25), 0), 0u) << b;
}

}  // namespace
}  // namespace ga3c::metrics
