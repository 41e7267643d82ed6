// ga3c train --resume RUN_DIR: the checkpoint a run goes on from and the settings it goes on
// with (the saved ones, under whatever the command line sets).
#pragma once

#include <optional>
#include <string>

#include "checkpoint/checkpoint.h"
#include "cli/train_options.h"
#include "metrics/run_recorder.h"
#include "runtime/train_config.h"
#include "runtime/training_run.h"

namespace ga3c::cli {

struct Resume {
  std::string path;  // rank 0's file of the checkpoint
  checkpoint::Checkpoint checkpoint;
};

// Call after parsing, before TrainOptions::resolve(). Without --resume: nullopt. With it:
// finds the latest complete checkpoint in <resume>/checkpoints (logging newer files passed
// over, and why) and hands its saved settings to the options (set_saved_config).
// Throws CheckpointError when there is none, std::invalid_argument when --run-dir names
// another directory.
std::optional<Resume> find_resume(TrainOptions& options);

// After resolve(): the config to run, in the resumed run's directory when resuming; the
// checkpoint is checked to fit it (runtime::check_resumable). Throws CheckpointError.
runtime::TrainConfig resumed_config(const TrainOptions& options, const std::optional<Resume>& resume);

// How a run starts (its saved config, and the checkpoint when resuming: moved out of
// `resume`) and how its recorders write (a resumed run appends, with wall_s going on).
struct StartPlan {
  runtime::RunStart start;
  metrics::RecorderFiles files;
};
StartPlan plan_start(const TrainOptions& options, std::optional<Resume> resume);

}  // namespace ga3c::cli
