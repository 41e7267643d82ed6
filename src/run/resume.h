// ga3c train --resume RUN_DIR: the checkpoint a run goes on from and the settings it goes on
// with (the saved ones, under whatever the command line sets).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "checkpoint/checkpoint.h"
#include "config/train_config.h"
#include "config/train_options.h"
#include "metrics/run_recorder.h"
#include "run/training_run.h"

namespace ga3c::run {

struct Resume {
  std::string path;  // rank 0's file of the checkpoint
  checkpoint::Checkpoint checkpoint;
  // What the check that the checkpoint fits the run built (make_run_setup); the run goes
  // on with it (RunStart::setup).
  std::shared_ptr<const RunSetup> setup;
};

// The settings a run goes on with and, with --resume, the checkpoint it goes on from.
struct ResolvedRun {
  config::TrainConfig config;
  std::optional<Resume> resume;
  bool finished = false;  // --resume auto of a run that has reached --max-frames
};

// --resume auto, as Sample Factory's --restart_behavior resume and Lightning's
// ckpt_path="last" go on: "" (start afresh) when --run-dir is absent or holds no run
// (metrics::holds_run), else --run-dir (go on from its newest complete checkpoint; one that has
// none is then CheckpointError). Any other --resume comes back as it is. Throws
// std::invalid_argument for auto without --run-dir on the command line.
std::string decide_resume(const config::TrainOptions& options);

// After parsing. --resume auto is first decided: by `decided` (under MPI, rank 0's
// decide_resume), else by decide_resume here; with `say`, the decision is logged. Without
// --resume: the resolved options (TrainOptions::resolve). With it:
// the latest complete checkpoint in <resume>/checkpoints (newer files passed over are logged,
// with why), its saved settings under those the command line and --config set, the run
// directory the resumed one, and the checkpoint checked to fit them
// (check_resumable), the directory to be writable and its CSV files to hold the
// columns this version appends (metrics::CsvHeaderError). Sets the log level. Throws
// std::invalid_argument for bad settings or a --resume that is not a directory or whose
// --run-dir names another one, CheckpointError when there is no fitting checkpoint,
// RunDirectoryError when the run cannot be written. Under --resume auto a run whose newest
// checkpoint has reached --max-frames is finished (ResolvedRun::finished, logged), not an
// error: a job requeued after its end has nothing to do.
ResolvedRun resolve_run(config::TrainOptions& options,
                        const std::optional<std::string>& decided = std::nullopt, bool say = true);

// How a run starts (its saved config, and the checkpoint when resuming: moved out of
// `resume`) and how its recorders write (a resumed run appends after the rows up to the
// checkpoint's frames, with TensorBoard's restart marker at them and wall_s going on).
struct StartPlan {
  RunStart start;
  metrics::RecorderFiles files;
};
StartPlan plan_start(const config::TrainOptions& options, std::optional<Resume> resume);

// A resumed run's recorder dropped the rows the stopped run had logged past the checkpoint:
// says how many, in which files, and why, as a warning (nothing of a run's history goes
// without a word). Silent for a new run and when nothing was dropped.
void log_dropped_rows(const metrics::RunRecorder& recorder, const StartPlan& plan);

}  // namespace ga3c::run
