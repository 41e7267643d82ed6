#include "cli/plot_command.h"

#include <atomic>
#include <cstdio>
#include <filesystem>

#include "cli/stop_signals.h"
#include "plot/plot_error.h"

namespace ga3c::cli {

void bind_plot_options(CLI::App& plot, plot::PlotRequest& request) {
  plot.add_option("RUN_DIR", request.run_dirs,
                  "Run directories written by `ga3c train`; the legend names each by its last "
                  "path component")
      ->required();
  plot.add_option("--out", request.out_dir,
                  "Directory for the PNG files and the CSV file and gnuplot script behind each")
      ->capture_default_str()
      ->type_name("DIR");
  auto* per_worker =
      plot.add_flag("--per-worker", request.per_worker,
                    "One line per worker instead of one per run with a band across workers");
  plot.add_flag("--group-seeds", request.group_seeds,
                "Return pictures: one line for the runs whose config.toml differ only in the "
                "seed (and output settings), their mean, with a band across them")
      ->excludes(per_worker);
}

int run_plot_command(const plot::PlotRequest& request) {
  const std::atomic<bool>& stop =
      install_stop_signals("keeping the pictures already drawn (Ctrl-C again to exit now)");
  try {
    const plot::PlotOutcome outcome = plot::plot_runs(request, [&] { return stop.load(); });
    std::string names;
    for (const auto& png : outcome.pngs) {
      names += (names.empty() ? "" : ", ") + std::filesystem::path(png).filename().string();
    }
    if (outcome.interrupted) {
      std::fprintf(stderr, "ga3c plot: interrupted: kept %zu of %zu pictures in %s%s%s\n",
                   outcome.pngs.size(), outcome.figures, request.out_dir.c_str(),
                   names.empty() ? "" : ": ", names.c_str());
      return 130;
    }
    std::printf("ga3c plot: wrote %s in %s\n", names.c_str(), request.out_dir.c_str());
    return 0;
  } catch (const plot::PlotInputError& e) {
    std::fprintf(stderr, "ga3c plot: error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ga3c plot: error: %s\n", e.what());
    return 1;
  }
}

}  // namespace ga3c::cli
