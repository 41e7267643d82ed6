#include "plot/plot_runs.h"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include "plot/figure.h"
#include "plot/gnuplot.h"
#include "plot/plot_error.h"
#include "plot/run_data.h"
#include "plot/run_groups.h"
#include "plot/series.h"

namespace ga3c::plot {

namespace fs = std::filesystem;

namespace {

constexpr const char* kStagingPrefix = ".ga3c-plot-";

// Where a figure's files are written and drawn before they are moved, whole, under out_dir:
// a stop or a crash never leaves a half-written picture under a figure's name. Removed with
// what it holds on destruction; a staging directory left by a killed `ga3c plot` (its process
// gone) is removed by the next plot into the same out_dir.
class StagingDir {
 public:
  explicit StagingDir(const std::string& out_dir) {
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec || !fs::is_directory(out_dir)) {
      throw PlotInputError("cannot create --out directory '" + out_dir + "' (" +
                           (ec ? ec.message() : "not a directory") +
                           "); choose a writable directory with --out");
    }
    remove_abandoned(out_dir);
    path_ = fs::path(out_dir) / (kStagingPrefix + std::to_string(::getpid()));
    fs::remove_all(path_, ec);
    if (!fs::create_directory(path_, ec)) {
      throw PlotInputError("cannot write in --out directory '" + out_dir +
                           "'; choose a writable directory with --out");
    }
  }
  StagingDir(const StagingDir&) = delete;
  StagingDir& operator=(const StagingDir&) = delete;
  ~StagingDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  static void remove_abandoned(const std::string& out_dir) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(out_dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(kStagingPrefix, 0) != 0) continue;
      const std::string pid = name.substr(std::char_traits<char>::length(kStagingPrefix));
      if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
      if (::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH) {
        fs::remove_all(entry.path(), ec);
      }
    }
  }

  fs::path path_;
};

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text) || !out.flush()) {
    throw std::runtime_error("cannot write " + path.string());
  }
}

// The legend name of a group of runs with the same settings: what their names share (a study's
// CELL_s1, CELL_s2 ... give "CELL_s* (3 runs)"), or the names themselves. gnuplot leaves out a
// key wider than the picture, so names joined whole would lose every title.
std::string group_label(const std::vector<const RunData*>& group) {
  if (group.size() == 1) return group[0]->name;
  std::string prefix = group[0]->name;
  for (const RunData* run : group) {
    const auto end =
        std::mismatch(prefix.begin(), prefix.end(), run->name.begin(), run->name.end());
    prefix.erase(end.first, prefix.end());
  }
  if (!prefix.empty()) return fmt::format("{}* ({} runs)", prefix, group.size());
  if (group.size() > 3) return fmt::format("{} + {} more", group[0]->name, group.size() - 1);
  std::string label;
  for (const RunData* run : group) label += (label.empty() ? "" : " + ") + run->name;
  return label;
}

// groups: the runs' indices grouped by settings (run_groups.h) under request.group_seeds,
// else empty.
std::vector<Figure> figures(const std::vector<RunData>& runs, const PlotRequest& request,
                            const std::vector<std::vector<std::size_t>>& groups) {
  const bool per_worker = request.per_worker;
  // Pictures of other lines get other names, so that one --out can hold every kind.
  const std::string suffix = per_worker ? "_per_worker" : "";
  const std::string return_suffix = request.group_seeds ? "_seeds" : suffix;
  const std::string whose = per_worker ? "each worker's" : "the job's";
  const std::string window = std::to_string(kReturnWindow);

  Figure by_frames;
  by_frames.name = "return_vs_frames" + return_suffix;
  by_frames.title = "Return, mean of " + whose + " last " + window + " episodes";
  if (request.group_seeds) {
    by_frames.title += "; runs that differ in the seed: their mean, band lowest to highest run";
  } else if (!per_worker) {
    by_frames.title += "; band: lowest to highest mean of one worker's episodes";
  }
  by_frames.x = Axis::frames;
  by_frames.y_column = "return_100";
  by_frames.y_label = "episode return (mean of " + window + ")";
  by_frames.no_data = request.group_seeds ? "no data yet: the runs of each group have no " +
                                                window + "th episodes at a common point"
                                          : "no data yet: every run has fewer than " + window +
                                                " episodes" + (per_worker ? " in each worker" : "");
  Figure by_time = by_frames;
  by_time.name = "return_vs_time" + return_suffix;
  by_time.x = Axis::wall_s;

  Figure sync;
  sync.name = "sync_vs_frames" + suffix;
  sync.title = "Sync time (push + pull), mean of " + whose + " last " +
               std::to_string(kSyncWindow) + " syncs";
  sync.x = Axis::frames;
  sync.y_column = "sync_ms";
  sync.y_label = "sync time (ms)";
  sync.y_from_zero = true;
  sync.no_data = "no data yet: no run has synced";

  // system.csv has no worker column: the speed is the job's in both modes.
  Figure fps;
  fps.name = "fps_vs_time";
  fps.title = "Training speed, all workers of the job";
  fps.x = Axis::wall_s;
  fps.y_column = "fps";
  fps.y_label = "environment frames per second";
  fps.y_from_zero = true;
  fps.no_data = "no data yet: no run has written system.csv";

  for (const RunData& run : runs) {
    if (per_worker) {
      for (auto& s : worker_returns(run, Axis::frames)) by_frames.series.push_back(std::move(s));
      for (auto& s : worker_returns(run, Axis::wall_s)) by_time.series.push_back(std::move(s));
      for (auto& s : worker_sync(run)) sync.series.push_back(std::move(s));
    } else {
      if (!request.group_seeds) {
        by_frames.series.push_back(job_returns(run, Axis::frames));
        by_time.series.push_back(job_returns(run, Axis::wall_s));
      }
      sync.series.push_back(job_sync(run));
    }
    fps.series.push_back(job_fps(run));
  }
  for (const auto& indices : groups) {
    std::vector<const RunData*> group;
    for (std::size_t i : indices) group.push_back(&runs[i]);
    by_frames.series.push_back(seed_returns(group, group_label(group), Axis::frames));
    by_time.series.push_back(seed_returns(group, group_label(group), Axis::wall_s));
  }
  return {by_frames, by_time, sync, fps};
}

}  // namespace

PlotOutcome plot_runs(const PlotRequest& request, const std::function<bool()>& stop_requested) {
  if (request.run_dirs.empty()) throw PlotInputError("no run directory given");
  if (request.per_worker && request.group_seeds) {
    throw PlotInputError("--per-worker and --group-seeds draw different lines; choose one");
  }
  const auto names = run_names(request.run_dirs);
  std::vector<RunData> runs;
  for (std::size_t i = 0; i < request.run_dirs.size(); ++i) {
    runs.push_back(load_run(request.run_dirs[i], names[i]));
  }
  const auto groups = request.group_seeds ? group_by_settings(request.run_dirs)
                                          : std::vector<std::vector<std::size_t>>{};
  const std::string gnuplot = find_gnuplot();
  const StagingDir staging(request.out_dir);

  PlotOutcome outcome;
  const std::vector<Figure> all = figures(runs, request, groups);
  outcome.figures = all.size();
  const auto stopped = [&] { return stop_requested && stop_requested(); };
  for (const Figure& figure : all) {
    if (stopped()) break;
    write_file(staging.path() / (figure.name + ".csv"), figure_csv(figure));
    write_file(staging.path() / (figure.name + ".gp"), gnuplot_script(figure));
    if (!run_gnuplot(gnuplot, staging.path().string(), figure.name + ".gp", stop_requested)) {
      break;
    }
    const fs::path dir(request.out_dir);
    for (const char* ext : {".csv", ".gp", ".png"}) {
      fs::rename(staging.path() / (figure.name + ext), dir / (figure.name + ext));
    }
    outcome.pngs.push_back((dir / (figure.name + ".png")).string());
  }
  outcome.interrupted = outcome.pngs.size() < all.size();
  return outcome;
}

}  // namespace ga3c::plot
