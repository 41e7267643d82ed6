// Finding and reading the checkpoint a user names (`ga3c eval`, `ga3c export`): a rank file,
// or the newest complete checkpoint of a run directory or its checkpoints/ directory, and the
// settings the run trained with. No LibTorch.
#pragma once

#include <string>

#include "checkpoint/checkpoint.h"
#include "config/train_config.h"

namespace ga3c::run {

struct LoadedCheckpoint {
  checkpoint::Checkpoint checkpoint;  // complete: every parameter-server rank's file merged
  std::string path;  // the rank file, or rank 0's of the newest complete set in a directory
};

// given: a rank file (the other ranks' files of that save are read from beside it), a run
// directory, or its checkpoints/ directory. Warns (spdlog) of newer incomplete sets passed
// over. Throws std::invalid_argument naming `given` and the fix when it does not exist or a
// directory holds no complete checkpoint; checkpoint::CheckpointError for a file that cannot
// be read (corrupt, truncated, another version).
LoadedCheckpoint load_checkpoint(const std::string& given);

// The settings the run trained with (config::read_run_config of the config.toml inside the
// checkpoint); rom_dir, when not empty, replaces the run's ROM folder (the files may live
// elsewhere on this machine). Throws env::UnknownEnvError for an environment this build lacks,
// checkpoint::CheckpointError naming loaded.path for a config it cannot read.
config::TrainConfig run_config_of(const LoadedCheckpoint& loaded, const std::string& rom_dir);

}  // namespace ga3c::run
