#include "cli/eval_command.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <spdlog/spdlog.h>

#include "checkpoint/atomic_file.h"
#include "cli/stop_signals.h"
#include "config/number_options.h"
#include "config/train_config.h"
#include "config/train_options.h"
#include "env/registry.h"
#include "model/device.h"
#include "render/gif_encoder.h"
#include "render/renderer.h"
#include "run/checkpoint_loading.h"
#include "run/evaluation.h"
#include "run/evaluation_summary.h"

namespace ga3c::cli {
namespace {

namespace fs = std::filesystem;

// Bad input, found before anything is played or written: exit code 2.
class BadInput : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void check_record_path(const std::string& path) {
  const fs::path p(path);
  if (p.extension() != ".gif" && p.extension() != ".GIF") {
    throw BadInput("--record " + path +
                   ": not a .gif name; --record writes an animated GIF, "
                   "name it FILE.gif");
  }
  std::error_code ec;
  if (fs::exists(fs::symlink_status(p, ec))) {
    throw BadInput(path +
                   ": already exists and is never overwritten; remove it or choose "
                   "another --record file");
  }
  const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (!fs::is_directory(dir, ec)) {
    throw BadInput(path + ": directory " + dir.string() +
                   " does not exist; create it or "
                   "choose another --record file");
  }
}

// --random's environment settings, as `ga3c train --env ID` resolves them: the environment's
// preset over the defaults.
env::EnvOptions preset_env_options(const EvalRequest& request) {
  std::vector<std::string> flags = {"--env", request.env_id};
  if (!request.rom_dir.empty()) flags.insert(flags.end(), {"--rom-dir", request.rom_dir});
  env::EnvOptions options =
      config::env_options(config::read_run_config("[train]\n", "--random", flags));
  options.max_episode_frames = request.max_episode_frames;
  return options;
}

void check_what_to_play(const EvalRequest& request) {
  if (!request.random) {
    if (request.checkpoint.empty()) {
      throw BadInput(
          "--checkpoint PATH is required: the run to play (or --random --env ID for random "
          "play)");
    }
    return;
  }
  if (!request.checkpoint.empty()) {
    throw BadInput("--random plays no checkpoint; leave out --checkpoint or --random");
  }
  if (request.env_id.empty()) throw BadInput("--random needs the environment: add --env ID");
  if (request.greedy) {
    throw BadInput(
        "--greedy takes a policy's most probable action and --random has no policy; leave out "
        "one of them");
  }
}

}  // namespace

void bind_eval_options(CLI::App& eval, EvalRequest& request) {
  eval.add_option("--checkpoint", request.checkpoint,
                  "A checkpoint file, RUN/checkpoints/ckpt-<frames>-ps0.ga3c (the other "
                  "parameter-server ranks' files of that save are read from beside it), or a "
                  "run directory or its checkpoints/ directory: the newest complete checkpoint "
                  "there (required unless --random)")
      ->type_name("PATH");
  eval.add_flag("--random", request.random,
                "Play uniformly random actions instead of a checkpoint's policy: the random-play "
                "baseline of score tables. Needs --env; the environment's settings (sticky "
                "actions, Atari's frame skip and no-ops) are its preset's, as `ga3c train --env "
                "ID` takes them");
  eval.add_option("--episodes", request.episodes, "Episodes to play (> 0)")->required();
  eval.add_option("--env", request.env_id,
                  "Play this environment instead of the checkpoint's; it must have the same "
                  "observation shape and number of actions (e.g. MinAtar games of one shape). "
                  "With --random: the environment to play")
      ->type_name("ID");
  eval.add_flag("--greedy", request.greedy,
                "Take the most probable action (argmax of the logits) instead of sampling from pi");
  eval.add_option("--seed", request.seed,
                  "Seeds the environment and the action draws: the same seed replays the same "
                  "episodes")
      ->capture_default_str();
  eval.add_option_function<int64_t>(
      "--max-episode-frames",
      [&request](const int64_t& frames) { request.max_episode_frames = frames; },
      "End (truncate) each episode after this many environment frames (agent steps x frame "
      "skip); 0: no limit. Default: the environment's (" +
          env::episode_limit_defaults() + ")");
  eval.add_option("--record", request.record,
                  "Also write the first episode as an animated GIF, looping (MinAtar, "
                  "CartPole, and Atari's colour screen); an existing file is never overwritten")
      ->type_name("FILE.gif");
  eval.add_option("--rom-dir", request.rom_dir,
                  "Atari: the folder of ale-py 0.12.1's ROMs, instead of the run's (default: "
                  "$ALE_ROMS_DIR, else the built-in one)")
      ->type_name("DIR");
  eval.add_option("--device", request.device,
                  "cpu | cuda | cuda:N: where the network runs (the checkpoint is the same for "
                  "every device)")
      ->capture_default_str();
  eval.add_option("--log-level", request.log_level,
                  "trace | debug | info | warn | error | off (debug adds a line per episode)")
      ->capture_default_str();
  eval.footer(
      "Prints one line (and, with --record, one naming the GIF): the environment, the checkpoint, "
      "how actions were chosen, and the mean, "
      "population standard deviation, min and max of the raw (unclipped) episode returns, "
      "the mean episode length and how many episodes the episode limit cut. Sticky actions "
      "(MinAtar, Atari) and Atari's frame skip, no-ops and action set are those the run trained "
      "with, from the config.toml inside the checkpoint (with --random, the environment's "
      "preset's). Bad input: one line naming the "
      "problem, exit 2.\n" +
      std::string(config::kNumbersHelp));
}

int run_eval_command(const EvalRequest& request) {
  // A first SIGINT or SIGTERM ends play before the next step, keeping what was finished; a
  // second exits at once (stop_signals.h). A GIF's temporary never stays behind either way.
  const auto& stop = install_stop_signals();
  std::unique_ptr<run::Evaluator> evaluator;
  std::unique_ptr<render::Renderer> renderer;
  run::LoadedCheckpoint loaded;
  try {
    spdlog::set_level(spdlog::level::from_str(request.log_level));
    if (request.episodes <= 0) {
      throw BadInput("--episodes must be > 0, got " + std::to_string(request.episodes));
    }
    if (request.max_episode_frames && *request.max_episode_frames < 0) {
      throw BadInput("--max-episode-frames must be >= 0 environment frames (0: no limit), got " +
                     std::to_string(*request.max_episode_frames));
    }
    check_what_to_play(request);
    const std::string device = model::resolve_device(request.device);
    if (!request.record.empty()) check_record_path(request.record);
    if (request.random) {
      const env::EnvOptions options = preset_env_options(request);
      evaluator = std::make_unique<run::Evaluator>(request.env_id, options);
      spdlog::debug("sticky actions {} (the environment's preset's)", options.sticky_action_prob);
    } else {
      loaded = run::load_checkpoint(request.checkpoint);
      const config::TrainConfig run_config = run::run_config_of(loaded, request.rom_dir);
      env::EnvOptions options = config::env_options(run_config);
      options.max_episode_frames = request.max_episode_frames;
      model::set_tf32(device, run_config.tf32);  // the run's float32 policy, as in training
      evaluator = std::make_unique<run::Evaluator>(loaded.checkpoint, loaded.path, request.env_id,
                                                   options, device);
      if (evaluator->env_id() != loaded.checkpoint.env_id) {
        spdlog::warn("playing {}, the checkpoint was trained on {}", evaluator->env_id(),
                     loaded.checkpoint.env_id);
      }
      spdlog::debug("sticky actions {} (the run's)", options.sticky_action_prob);
    }
    if (!request.record.empty()) {
      renderer = render::make_renderer(evaluator->env_id(), evaluator->observation_spec().shape,
                                       &evaluator->env());
    }
  } catch (const render::NotRenderableError& e) {
    std::fprintf(stderr, "ga3c eval: error: --record: %s; leave out --record\n", e.what());
    return 2;
  } catch (const std::exception& e) {  // BadInput, CheckpointError, UnknownEnvError, ...
    std::fprintf(stderr, "ga3c eval: error: %s\n", e.what());
    return 2;
  }

  try {
    // The GIF goes to a temporary beside its name frame by frame, and under its name only
    // when whole: memory stays one frame whatever the episode's length.
    std::unique_ptr<checkpoint::NewFile> file;
    std::unique_ptr<render::GifEncoder> gif;
    render::IndexedImage image;
    run::FrameCallback record;
    if (renderer) {
      file = std::make_unique<checkpoint::NewFile>(request.record);
      gif = std::make_unique<render::GifEncoder>(
          renderer->width(), renderer->height(), renderer->palette(), renderer->frame_delay_cs(),
          [&file](std::string_view bytes) { file->append(bytes); });
      record = [&](const float* observation) {
        renderer->render(observation, image);
        gif->add_frame(image);
      };
    }
    const auto episodes =
        evaluator->run(request.episodes, request.greedy, request.seed, record, &stop);
    const bool interrupted = static_cast<int>(episodes.size()) < request.episodes;
    if (episodes.empty()) {
      std::fprintf(stderr,
                   "ga3c eval: interrupted before the first episode ended; nothing kept%s\n",
                   gif ? " (no GIF written)" : "");
      return 130;
    }
    for (std::size_t i = 0; i < episodes.size(); ++i) {
      spdlog::debug("episode {} return {:g} length {}{}", i + 1, episodes[i].episode_return,
                    episodes[i].length, episodes[i].truncated ? " (truncated)" : "");
    }
    const std::string played =
        request.random
            ? ", uniformly random actions"
            : fmt::format(" from {} ({} frames), {}", loaded.path, loaded.checkpoint.frames,
                          request.greedy ? "greedy" : "sampling from pi");
    std::printf(
        "%s%s, seed %llu: %s%s\n", evaluator->env_id().c_str(), played.c_str(),
        static_cast<unsigned long long>(request.seed),
        run::format_summary(run::summarize(episodes), evaluator->max_episode_frames()).c_str(),
        interrupted
            ? fmt::format(" (interrupted: {} of {} episodes)", episodes.size(), request.episodes)
                  .c_str()
            : "");
    if (gif) {
      const int frames = gif->frames();
      gif->finish();
      file->commit();
      std::printf("recorded episode 1 (%d frames, %dx%d) in %s\n", frames, renderer->width(),
                  renderer->height(), request.record.c_str());
    }
    std::fflush(stdout);
    return interrupted ? 130 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ga3c eval: error: %s\n", e.what());
    return 1;
  }
}

}  // namespace ga3c::cli
