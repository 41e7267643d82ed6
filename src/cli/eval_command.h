// `ga3c eval --checkpoint PATH --episodes N [--env ID] [--greedy] [--seed S]
// [--max-episode-frames N] [--record FILE.gif]`: plays a checkpoint's policy and reports its
// raw returns (run/evaluation.h), optionally as an animated GIF of the first episode
// (render/), written as it is played. `ga3c eval --random --env ID --episodes N ...` plays
// uniformly random actions instead, under the environment's preset: the random-play baseline.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace ga3c::cli {

struct EvalRequest {
  std::string checkpoint;  // a rank file, a run directory or its checkpoints/ directory
  bool random = false;     // uniformly random actions, no checkpoint
  std::string env_id;      // empty: the checkpoint's environment
  int episodes = 0;
  bool greedy = false;
  uint64_t seed = 1;
  // Environment frames after which an episode is cut; empty: the environment's default
  // (env/registry.h), 0: none.
  std::optional<int64_t> max_episode_frames;
  std::string record;   // empty: no GIF
  std::string rom_dir;  // Atari: empty for the run's ROM folder
  std::string log_level = "info";
  std::string device = "cpu";  // cpu | cuda | cuda:N: where the network runs
};

// Binds the eval subcommand's options; values land in request after app.parse().
void bind_eval_options(CLI::App& eval, EvalRequest& request);

// Returns the process exit code: 0 played (the summary line on stdout), 2 bad input (one line
// on stderr before anything is played or written), 1 a failure while playing or writing.
int run_eval_command(const EvalRequest& request);

}  // namespace ga3c::cli
