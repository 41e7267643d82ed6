#include "cli/train_command.h"

#include <cstdio>
#include <fstream>
#include <memory>

#include <spdlog/spdlog.h>

#include "cli/mpi_train_command.h"
#include "cli/stop_signals.h"
#include "comm/mpi_world.h"
#include "config/printable.h"
#include "env/registry.h"
#include "metrics/run_directory.h"
#include "metrics/run_recorder.h"
#include "model/device.h"
#include "run/interval_report.h"
#include "run/resume.h"
#include "run/training_run.h"

namespace ga3c::cli {

int run_train_command(config::TrainOptions& options) {
  // First thing: a signal during start-up then stops the run as soon as it trains, with a
  // checkpoint, instead of killing it (SIGTERM's default) or being lost.
  const auto& stop = install_stop_signals();
  // Under an MPI launcher this process is one rank of a job; a job of one rank is a plain
  // run. MPI is never initialised without a launcher (comm/mpi_world.h says how it tells).
  std::unique_ptr<comm::MpiWorld> world;
  if (comm::MpiWorld::launched()) {
    world = std::make_unique<comm::MpiWorld>();
    if (world->size() > 1) return run_mpi_train_command(options, *world);
  }
  run::ResolvedRun resolved;
  config::TrainConfig& config = resolved.config;
  metrics::RunDirectoryLock lock;  // held to the end of the run
  try {
    resolved = run::resolve_run(options);
    if (resolved.finished) return 0;
    // Before anything is written: a GPU that cannot be had ends the command here.
    model::resolve_device(config.device);
    if (config.run_dir.empty()) config.run_dir = metrics::claim_default_run_dir(config.env_id);
    lock = resolved.resume ? metrics::RunDirectoryLock(config.run_dir)
                           : metrics::prepare_run_dir(config.run_dir);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ga3c train: error: %s\n", config::one_line(e.what()).c_str());
    return 2;
  }

  try {
    const run::StartPlan plan = run::plan_start(options, std::move(resolved.resume));
    metrics::write_run_config(config.run_dir, plan.start.config_toml);
    metrics::RunRecorder recorder(config.run_dir, "main", plan.files);
    spdlog::info("run directory {}", config.run_dir);
    run::log_dropped_rows(recorder, plan);
    const auto summary = run::run_training(config, recorder, plan.start, &stop);
    spdlog::info("{}", run::format_summary(summary));
    // A run that ended on a dead network did not do what was asked: say so to scripts.
    return summary.dead_network ? 3 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ga3c train: error: %s\n", config::one_line(e.what()).c_str());
    return 1;
  }
}

}  // namespace ga3c::cli
