#include "metrics/run_directory.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace ga3c::metrics {

namespace fs = std::filesystem;

std::string default_run_dir(const std::string& env_id) {
  std::string name = env_id;
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return "runs/" + name + "-" + stamp;
}

std::string claim_default_run_dir(const std::string& env_id) {
  const std::string base = default_run_dir(env_id);
  std::error_code ec;
  fs::create_directories(fs::path(base).parent_path(), ec);
  for (int n = 1; n <= 10000; ++n) {
    std::string dir = n == 1 ? base : base + "-" + std::to_string(n);
    if (fs::create_directory(dir, ec)) return dir;
    if (ec) break;
  }
  throw RunDirectoryError("cannot create a run directory '" + base + "' (" +
                          (ec ? ec.message() : "every suffix taken") +
                          "); make runs/ writable or choose a path with --run-dir");
}

namespace {

constexpr const char* kRunFiles[] = {"episodes.csv", "config.toml"};

void check_holds_no_run(const std::string& dir) {
  for (const char* file : kRunFiles) {
    if (fs::exists(fs::path(dir) / file)) {
      throw RunDirectoryError("run directory '" + dir + "' already holds a run (" + file +
                              "); choose a new --run-dir or remove the old run");
    }
  }
}

}  // namespace

bool holds_run(const std::string& dir) {
  return std::any_of(std::begin(kRunFiles), std::end(kRunFiles),
                     [&](const char* file) { return fs::exists(fs::path(dir) / file); });
}

RunDirectoryLock prepare_run_dir(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    throw RunDirectoryError("cannot create run directory '" + dir + "' (" +
                            (ec ? ec.message() : "not a directory") +
                            "); choose a writable path with --run-dir");
  }
  // Before the lock too: a finished run's directory is refused without being touched.
  check_holds_no_run(dir);
  RunDirectoryLock lock(dir);
  check_holds_no_run(dir);
  check_writable(dir, "choose a writable path with --run-dir");
  return lock;
}

void check_writable(const std::string& dir, const std::string& fix) {
  const fs::path probe = fs::path(dir) / ".write-test";
  {
    std::ofstream out(probe);
    if (!out || !(out << "ok") || !out.flush()) {
      throw RunDirectoryError("cannot write in '" + dir + "'; " + fix);
    }
  }
  std::error_code ec;
  fs::remove(probe, ec);
}

void write_run_config(const std::string& dir, const std::string& toml) {
  const fs::path path = fs::path(dir) / "config.toml";
  const fs::path temporary = fs::path(dir) / "config.toml.tmp";
  {
    std::ofstream out(temporary);
    if (!(out << toml) || !out.flush()) {
      throw RunDirectoryError("cannot write '" + temporary.string() +
                              "'; check the run directory's permissions and free space");
    }
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) {
    throw RunDirectoryError("cannot replace '" + path.string() + "' (" + ec.message() +
                            "); check the run directory's permissions");
  }
}

}  // namespace ga3c::metrics
