#include "run/checkpoint_loading.h"

#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>

#include "checkpoint/checkpoint_directory.h"
#include "checkpoint/checkpoint_error.h"
#include "config/train_options.h"
#include "env/registry.h"

namespace ga3c::run {

namespace fs = std::filesystem;

LoadedCheckpoint load_checkpoint(const std::string& given) {
  std::error_code ec;
  if (!fs::exists(given, ec)) {
    throw std::invalid_argument(given +
                                ": no such file or directory; give --checkpoint a checkpoint file "
                                "(RUN/checkpoints/ckpt-<frames>-ps0.ga3c), a run directory or its "
                                "checkpoints/ directory");
  }
  if (!fs::is_directory(given, ec)) {
    return {checkpoint::read_complete_checkpoint(given), given};
  }
  const fs::path run_checkpoints = fs::path(given) / "checkpoints";
  const std::string dir = fs::is_directory(run_checkpoints, ec) ? run_checkpoints.string() : given;
  checkpoint::LatestCheckpoint latest = checkpoint::find_latest_complete(dir);
  if (!latest.checkpoint) {
    std::string why =
        latest.skipped.empty()
            ? "holds no checkpoint"
            : "holds no complete checkpoint (newest passed over: " + latest.skipped.front() + ")";
    throw std::invalid_argument(dir + ": " + why +
                                "; give a checkpoint file, or the directory of a run that saved "
                                "checkpoints");
  }
  for (const auto& line : latest.skipped) spdlog::warn("{}", line);
  return {std::move(*latest.checkpoint), latest.paths.front()};
}

config::TrainConfig run_config_of(const LoadedCheckpoint& loaded, const std::string& rom_dir) {
  // An environment this build lacks is named as such (UnknownEnvError), not as a bad config.
  env::default_max_episode_frames(loaded.checkpoint.env_id);
  std::vector<std::string> flags;
  if (!rom_dir.empty()) flags = {"--rom-dir", rom_dir};
  try {
    return config::read_run_config(loaded.checkpoint.config_toml, "config.toml", flags);
  } catch (const std::invalid_argument& e) {
    throw checkpoint::CheckpointError(loaded.path,
                                      std::string("its config cannot be read (") + e.what() + ")",
                                      "use a checkpoint written by `ga3c train`");
  }
}

}  // namespace ga3c::run
