#include "cli/resume.h"

#include <stdexcept>

#include <spdlog/spdlog.h>

#include "checkpoint/checkpoint_directory.h"
#include "checkpoint/checkpoint_error.h"
#include "runtime/checkpointing.h"
#include "runtime/run_setup.h"

namespace ga3c::cli {

std::optional<Resume> find_resume(TrainOptions& options) {
  const std::string& run_dir = options.config().resume_dir;
  if (run_dir.empty()) return std::nullopt;
  if (!options.config().run_dir.empty() && options.config().run_dir != run_dir) {
    throw std::invalid_argument("--resume goes on in the run's own directory '" + run_dir +
                                "'; drop --run-dir '" + options.config().run_dir + "'");
  }
  const std::string dir = runtime::checkpoint_dir(run_dir);
  checkpoint::LatestCheckpoint latest = checkpoint::find_latest_complete(dir);
  if (!latest.checkpoint) {
    // The newest damaged file says most about what went wrong; one line in all.
    throw checkpoint::CheckpointError(
        dir,
        "no complete checkpoint to resume from" +
            (latest.skipped.empty() ? std::string() : " (" + latest.skipped.front() + ")"),
        "pass the directory of a run that saved one (ga3c train --resume RUN_DIR)");
  }
  for (const std::string& s : latest.skipped) spdlog::warn("passed over: {}", s);
  Resume r{latest.paths.front(), std::move(*latest.checkpoint)};
  options.set_saved_config(r.checkpoint.config_toml, r.path);
  return r;
}

runtime::TrainConfig resumed_config(const TrainOptions& options,
                                    const std::optional<Resume>& resume) {
  runtime::TrainConfig config = options.config();
  if (!resume) return config;
  config.run_dir = config.resume_dir;
  const runtime::RunSetup setup = runtime::make_run_setup(config);
  runtime::check_resumable(resume->path, resume->checkpoint,
                           runtime::run_identity(setup, config, "", 1), config);
  return config;
}

StartPlan plan_start(const TrainOptions& options, std::optional<Resume> resume) {
  StartPlan plan;
  plan.start.config_toml = options.to_toml();
  if (resume) {
    plan.files.append = true;
    plan.files.wall_offset_s = resume->checkpoint.elapsed_s;
    plan.start.resume = std::move(resume->checkpoint);
    plan.start.resume_path = resume->path;
  }
  return plan;
}

}  // namespace ga3c::cli
