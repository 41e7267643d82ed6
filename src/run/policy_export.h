// A checkpoint's policy made portable (`ga3c export`): its network's parameters by name, how
// its observations enter, and what a user needs to play it elsewhere; export/ writes the file.
#pragma once

#include "config/train_config.h"
#include "export/exported_policy.h"
#include "run/checkpoint_loading.h"

namespace ga3c::run {

// The policy of `loaded`, trained with `run_config` (run_config_of), with this metadata:
//   ga3c_version, ga3c_commit      the exporting build (export/build_info.h)
//   env_id                          e.g. "ALE/Breakout-v5"
//   reference_environment           the Python environment it plays as (Gymnasium with ale-py,
//                                   the minatar package), with the run's settings
//   observation_dtype, observation_shape, observation_layout
//                                   the model's input without the batch dimension
//   action_meanings                 JSON list, by action index (env::Env::action_meanings)
//   frame_skip, max_episode_frames; sticky_action_prob for MinAtar/ and ALE/ ids; noop_max,
//   full_action_space, terminal_on_life_loss (how training treated a lost life) for ALE/
//   network, recurrent_state_size   e.g. "a3c-cnn+lstm256" and 512 (0: feed-forward)
//   training_frames, training_episodes, seed, checkpoint (the file's name)
// The environment is made to learn its observation and actions (Atari needs its ROM: rom_dir
// of run_config). Throws what make_env throws, checkpoint::CheckpointError naming loaded.path
// when the checkpoint's observation or actions differ from the environment's, and what
// load_network throws.
exporting::ExportedPolicy export_policy(const LoadedCheckpoint& loaded,
                                        const config::TrainConfig& run_config);

}  // namespace ga3c::run
