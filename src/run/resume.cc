#include "run/resume.h"

#include <filesystem>
#include <stdexcept>
#include <vector>

#include <spdlog/spdlog.h>

#include "checkpoint/checkpoint_directory.h"
#include "checkpoint/checkpoint_error.h"
#include "config/config_file.h"
#include "metrics/run_directory.h"
#include "metrics/worker_files.h"
#include "run/checkpointing.h"
#include "run/run_setup.h"

namespace ga3c::run {
namespace {

// A checkpoint copied in from another run would carry its own settings, and so pass every check
// made against them: compare it with the run's own config.toml.
void check_same_run(const std::string& run_dir, const Resume& r) {
  const std::string path = run_dir + "/config.toml";
  std::string env_id;
  try {
    env_id = config::read_run_config(config::read_config_file(path), path).env_id;
  } catch (const std::invalid_argument&) {
    return;  // no readable config.toml: nothing to compare with
  }
  if (env_id != r.checkpoint.env_id) {
    throw checkpoint::CheckpointError(
        r.path,
        "holds a run of " + checkpoint::quoted(r.checkpoint.env_id) + " but " + path + " trains " +
            checkpoint::quoted(env_id),
        "move the checkpoints of the other run out of " + checkpoint_dir(run_dir));
  }
}

// Finds the checkpoint and hands its saved settings to the options (set_saved_config), before
// they are resolved.
std::optional<Resume> find_resume(config::TrainOptions& options) {
  const std::string& run_dir = options.config().resume_dir;
  if (run_dir.empty()) return std::nullopt;
  namespace fs = std::filesystem;
  if (!fs::is_directory(run_dir)) {
    throw std::invalid_argument("--resume '" + run_dir +
                                "' is not a directory; pass the run directory of the run to go on");
  }
  if (!options.config().run_dir.empty() &&
      fs::weakly_canonical(options.config().run_dir) != fs::weakly_canonical(run_dir)) {
    throw std::invalid_argument("--resume goes on in the run's own directory '" + run_dir +
                                "'; drop --run-dir '" + options.config().run_dir + "'");
  }
  const std::string dir = checkpoint_dir(run_dir);
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
  Resume r{latest.paths.front(), std::move(*latest.checkpoint), nullptr};
  check_same_run(run_dir, r);
  options.set_saved_config(r.checkpoint.config_toml, r.path);
  return r;
}

// After resolve(): the config in the resumed run's directory, the checkpoint checked to fit it.
// finished: the run has reached its budget (--resume auto), so the checkpoint is checked to fit
// the settings but not against --max-frames.
config::TrainConfig resumed_config(const config::TrainOptions& options,
                                   std::optional<Resume>& resume, bool finished) {
  config::TrainConfig config = options.config();
  if (!resume) return config;
  config.run_dir = config.resume_dir;
  config.resumed_at_frames = resume->checkpoint.frames;
  resume->setup = std::make_shared<const RunSetup>(make_run_setup(config));
  config::TrainConfig fit = config;
  if (finished) fit.max_frames = resume->checkpoint.frames + 1;
  check_resumable(resume->path, resume->checkpoint, run_identity(*resume->setup, fit, "", 1), fit);
  const std::string fix = "make the run directory writable to go on";
  metrics::check_writable(config.run_dir, fix);
  metrics::check_writable(checkpoint_dir(config.run_dir), fix);
  // The job's files, and each MPI worker rank's.
  metrics::RecorderFiles files;
  metrics::RunRecorder::check_appendable(config.run_dir, files);
  for (int k = 0; k < config.workers; ++k) {
    files.suffix = metrics::worker_file_suffix(k);
    metrics::RunRecorder::check_appendable(config.run_dir, files);
  }
  return config;
}

}  // namespace

std::string decide_resume(const config::TrainOptions& options) {
  const config::TrainConfig& c = options.config();
  if (c.resume_dir != "auto") return c.resume_dir;
  if (c.run_dir.empty()) {
    throw std::invalid_argument(
        "--resume auto goes on in --run-dir, or starts a run there; give --run-dir DIR on the "
        "command line");
  }
  return std::filesystem::is_directory(c.run_dir) && metrics::holds_run(c.run_dir) ? c.run_dir : "";
}

ResolvedRun resolve_run(config::TrainOptions& options, const std::optional<std::string>& decided,
                        bool say) {
  const bool automatic = options.config().resume_dir == "auto";
  if (automatic) {
    options.set_resume_dir(decided ? *decided : decide_resume(options));
    if (say) {
      spdlog::info(options.config().resume_dir.empty()
                       ? "--resume auto: '{}' holds no run; starting it"
                       : "--resume auto: '{}' holds a run; going on from its newest checkpoint",
                   options.config().run_dir);
    }
  }
  ResolvedRun run;
  run.resume = find_resume(options);
  options.resolve();
  spdlog::set_level(spdlog::level::from_str(options.log_level()));
  run.finished =
      automatic && run.resume && run.resume->checkpoint.frames >= options.config().max_frames;
  run.config = resumed_config(options, run.resume, run.finished);
  if (run.finished && say) {
    spdlog::info("--resume auto: the run has {} frames of --max-frames {}; nothing to train",
                 run.config.resumed_at_frames, run.config.max_frames);
  }
  return run;
}

StartPlan plan_start(const config::TrainOptions& options, std::optional<Resume> resume) {
  StartPlan plan;
  plan.start.config_toml = options.to_toml();
  if (resume) {
    plan.files.append = true;
    plan.files.resume_frames = resume->checkpoint.frames;
    plan.files.wall_offset_s = resume->checkpoint.elapsed_s;
    plan.start.resume = std::move(resume->checkpoint);
    plan.start.resume_path = resume->path;
    plan.start.setup = std::move(resume->setup);
  }
  return plan;
}

void log_dropped_rows(const metrics::RunRecorder& recorder, const StartPlan& plan) {
  const std::string dropped = recorder.dropped_rows();
  if (!plan.files.resume_frames || dropped.empty()) return;
  spdlog::warn(
      "resuming at {} frames: dropped what the stopped run logged past them ({}); the run "
      "trains those frames again",
      *plan.files.resume_frames, dropped);
}

}  // namespace ga3c::run
