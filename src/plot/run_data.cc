#include "plot/run_data.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "metrics/worker_files.h"
#include "plot/csv_table.h"
#include "plot/plot_error.h"

namespace ga3c::plot {

namespace fs = std::filesystem;

namespace {

PlotInputError missing_file(const std::string& dir, const std::string& file) {
  return PlotInputError("'" + dir + "' has no " + file +
                        "; give run directories that `ga3c train` wrote (its --run-dir)");
}

CsvTable read_run_file(const std::string& dir, const std::string& file) {
  const fs::path path = fs::path(dir) / file;
  if (!fs::is_regular_file(path)) throw missing_file(dir, file);
  return CsvTable::read(path.string());
}

// A run's sync records: every sync file it wrote, whatever layouts it ran under: sync.csv
// (one process) and sync-w<k>.csv (MPI worker rank k; rank 0 writes none). A run resumed
// under the other layout holds both, each with part of the run.
std::vector<CsvTable> read_sync_files(const std::string& dir) {
  std::vector<fs::path> paths;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file() &&
        metrics::is_record_file(entry.path().filename().string(), "sync")) {
      paths.push_back(entry.path());
    }
  }
  if (paths.empty()) throw missing_file(dir, "sync.csv");
  std::sort(paths.begin(), paths.end());  // file order among rows of equal frames
  std::vector<CsvTable> tables;
  for (const fs::path& path : paths) tables.push_back(CsvTable::read(path.string()));
  return tables;
}

template <typename Row>
void sort_by_frames(std::vector<Row>& rows) {
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& a, const Row& b) { return a.frames < b.frames; });
}

}  // namespace

RunData load_run(const std::string& dir, const std::string& name) {
  if (!fs::is_directory(dir)) {
    throw PlotInputError("run directory '" + dir +
                         "' does not exist; give run directories that `ga3c train` wrote");
  }
  RunData run;
  run.name = name;

  const CsvTable episodes = read_run_file(dir, "episodes.csv");
  const auto& wall_s = episodes.column("wall_s");
  const auto& frames = episodes.column("frames");
  const auto& worker = episodes.column("worker");
  const auto& returns = episodes.column("return");
  for (std::size_t i = 0; i < episodes.rows(); ++i) {
    run.episodes.push_back({wall_s[i], frames[i], static_cast<int>(worker[i]), returns[i]});
  }
  sort_by_frames(run.episodes);

  for (const CsvTable& syncs : read_sync_files(dir)) {
    const auto& sync_wall_s = syncs.column("wall_s");
    const auto& sync_frames = syncs.column("frames");
    const auto& sync_worker = syncs.column("worker");
    const auto& push_ms = syncs.column("push_ms");
    const auto& pull_ms = syncs.column("pull_ms");
    for (std::size_t i = 0; i < syncs.rows(); ++i) {
      run.syncs.push_back({sync_wall_s[i], sync_frames[i], static_cast<int>(sync_worker[i]),
                           push_ms[i] + pull_ms[i]});
    }
  }
  sort_by_frames(run.syncs);

  const CsvTable system = read_run_file(dir, "system.csv");
  const auto& system_wall_s = system.column("wall_s");
  const auto& system_frames = system.column("frames");
  const auto& fps = system.column("fps");
  for (std::size_t i = 0; i < system.rows(); ++i) {
    run.system.push_back({system_wall_s[i], system_frames[i], fps[i]});
  }
  sort_by_frames(run.system);
  return run;
}

std::vector<std::string> run_names(const std::vector<std::string>& dirs) {
  std::vector<std::string> names;
  std::map<std::string, int> uses;
  for (const auto& dir : dirs) {
    // "runs/a/" names "a", as "runs/a" does; "." names the current directory.
    fs::path path = fs::absolute(dir).lexically_normal();
    if (!path.has_filename()) path = path.parent_path();
    names.push_back(path.filename().string());
    ++uses[names.back()];
  }
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    if (uses[names[i]] > 1 || names[i].empty()) {
      names[i] = dirs[i];
    }
  }
  return names;
}

}  // namespace ga3c::plot
