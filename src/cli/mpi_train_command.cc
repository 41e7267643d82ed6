#include "cli/mpi_train_command.h"

#include <cstdio>
#include <fstream>
#include <memory>

#include <spdlog/spdlog.h>

#include "cli/stop_signals.h"
#include "comm/mpi_roles.h"
#include "config/printable.h"
#include "metrics/run_directory.h"
#include "metrics/run_recorder.h"
#include "metrics/worker_files.h"
#include "model/device.h"
#include "run/interval_report.h"
#include "run/mpi_ranks.h"
#include "run/resume.h"
#include "run/training_run.h"

namespace ga3c::cli {
namespace {

// How rank 0 tells the others the run directory, or that there is none.
constexpr char kRunDirOk[] = "ok:";

// Rank 0: the run directory made, locked (into `lock`, for the whole job) and config.toml in
// it, as "ok:<dir>"; "" when it failed (after saying why on stderr).
std::string prepare_run_directory(const config::TrainConfig& config,
                                  const config::TrainOptions& options, bool resumed,
                                  metrics::RunDirectoryLock& lock) {
  try {
    const std::string dir =
        config.run_dir.empty() ? metrics::claim_default_run_dir(config.env_id) : config.run_dir;
    lock = resumed ? metrics::RunDirectoryLock(dir) : metrics::prepare_run_dir(dir);
    metrics::write_run_config(dir, options.to_toml());
    return kRunDirOk + dir;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ga3c train: error: %s\n", config::one_line(e.what()).c_str());
    return "";
  }
}

}  // namespace

int run_mpi_train_command(config::TrainOptions& options, comm::MpiWorld& world) {
  const bool first = world.rank() == 0;
  spdlog::set_pattern(fmt::format("[%H:%M:%S] [rank {}] %^%v%$", world.rank()));
  run::ResolvedRun resolved;
  config::TrainConfig& config = resolved.config;
  comm::MpiRoles roles;
  std::string resume_dir;
  try {
    resume_dir = run::decide_resume(options);
  } catch (const std::exception& e) {
    if (first) std::fprintf(stderr, "ga3c train: error: %s\n", config::one_line(e.what()).c_str());
    return 2;  // every rank read the same flags
  }
  // --resume auto looks at the run directory, which rank 0 is about to fill: its look decides.
  resume_dir = world.broadcast(resume_dir, 0, options.config().peer_timeout_s);
  try {
    // Every rank reads the checkpoint itself (the run directory is on a shared filesystem).
    resolved = run::resolve_run(options, resume_dir, first);
    if (resolved.finished) return 0;
    if (config.deterministic) {
      throw std::invalid_argument(fmt::format(
          "--deterministic runs in one process, not as {} MPI ranks; start it without mpirun",
          world.size()));
    }
    roles = comm::make_roles(world.rank(), world.size(), config.num_ps, config.workers);
    // Each rank the GPU of its node-local rank; servers check it too, so that every rank
    // refuses a device that cannot be had (alike on alike machines).
    config.device = model::resolve_device(config.device, comm::MpiWorld::local_rank());
  } catch (const std::exception& e) {
    // Every rank read the same flags against the same world size and came to the same end;
    // one of them says it.
    if (first) std::fprintf(stderr, "ga3c train: error: %s\n", config::one_line(e.what()).c_str());
    return 2;
  }
  metrics::RunDirectoryLock lock;
  const std::string answer = world.broadcast(
      first ? prepare_run_directory(config, options, resolved.resume.has_value(), lock) : "", 0,
      config.peer_timeout_s);
  if (answer.rfind(kRunDirOk, 0) != 0) return 2;
  const std::string run_dir = answer.substr(sizeof kRunDirOk - 1);
  config.run_dir = run_dir;
  const run::StartPlan plan = run::plan_start(options, std::move(resolved.resume));

  run::TrainingSummary summary;
  try {
    const auto& stop = install_stop_signals();  // installed already; the same flag
    const std::string tensorboard_name = "rank" + std::to_string(roles.rank);
    if (roles.is_server()) {
      std::unique_ptr<metrics::RunRecorder> recorder;
      if (first) {
        spdlog::info("run directory {}; {} MPI ranks (launcher seen by {})", run_dir,
                     roles.world_size, comm::MpiWorld::launcher_variable());
        metrics::RecorderFiles files = plan.files;
        files.train = files.sync = false;  // the workers write theirs
        recorder = std::make_unique<metrics::RunRecorder>(run_dir, tensorboard_name, files);
        run::log_dropped_rows(*recorder, plan);
      }
      summary = run::run_mpi_server(config, roles, recorder.get(), plan.start, &stop);
    } else {
      metrics::RecorderFiles files = plan.files;
      files.suffix = metrics::worker_file_suffix(roles.worker_index());
      files.system = false;  // server 0 writes the job's
      metrics::RunRecorder recorder(run_dir, tensorboard_name, files);
      run::log_dropped_rows(recorder, plan);
      if (config.device != "cpu") {
        spdlog::info("{}: device {} (node-local rank {})", roles.name(), config.device,
                     comm::MpiWorld::local_rank());
      }
      summary = run::run_mpi_worker(config, roles, recorder, &stop);
    }
  } catch (const std::exception& e) {
    comm::mpi_abort(roles.name() + ": " + e.what());
  }

  world.barrier(config.peer_timeout_s, "the end of training");
  if (first) {
    spdlog::info("{}", run::format_summary(summary));
  }
  // The worker rank whose network died: its exit code says so (rank 0 saw a stop request).
  return summary.dead_network ? 3 : 0;
}

}  // namespace ga3c::cli
