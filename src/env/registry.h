// Built-in environments by Gymnasium-style id ("CartPole-v1", "MinAtar/Breakout-v0").
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/env.h"

namespace ga3c::env {

// Options an id may honour; the defaults are each reference's own.
struct EnvOptions {
  double sticky_action_prob = 0.1;  // MinAtar: chance of repeating the previous action
  bool difficulty_ramping = true;   // MinAtar: games speed up as in the reference
  // The episode limit in environment frames (agent steps times the id's frame_skip), reported
  // as truncation (Gymnasium's TimeLimit): empty for the id's default_max_episode_frames, 0
  // for no limit. Negative values are refused.
  std::optional<int64_t> max_episode_frames;
};

// Every id has an episode limit unless told otherwise; the defaults, by family:
// - CartPole-v1: 500 frames (= steps), Gymnasium's registration (max_episode_steps=500).
// - MinAtar/*: 27,000 frames (= steps; MinAtar skips no frames). The reference package caps no
//   game, and Seaquest's submarine that never dives never dies. 27,000 is as many agent
//   decisions as the customary Atari cap allows (108,000 emulator frames, 30 minutes at 60 Hz,
//   ALE-v5's max_num_frames_per_episode, at frame skip 4) in the games MinAtar miniaturises,
//   and far beyond the episodes behind the returns the MinAtar paper reports at 5M frames: it
//   ends endless episodes without changing comparable results.
// - A family with a frame skip (Atari) registers it beside its default in frames (108,000).
inline constexpr int64_t kCartPoleMaxEpisodeFrames = 500;
inline constexpr int64_t kMinAtarMaxEpisodeFrames = 27'000;

// Raised for an id that is not registered; what() names the id and lists the known ones.
class UnknownEnvError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Creates a fresh, unseeded environment, inside a TimeLimit (env/time_limit.h) unless
// options.max_episode_frames is 0. Throws UnknownEnvError, std::invalid_argument for a
// negative max_episode_frames.
EnvPtr make_env(const std::string& id, const EnvOptions& options = {});

// The episode limit id gets when EnvOptions leaves it empty, in environment frames (>= 1).
// Throws UnknownEnvError.
int64_t default_max_episode_frames(const std::string& id);

// Environment frames per agent step (1 for CartPole and MinAtar). Throws UnknownEnvError.
int frame_skip(const std::string& id);

// The defaults by family, for --help and errors: "CartPole-v1 500, MinAtar/* 27000".
std::string episode_limit_defaults();

// Every registered id, sorted.
std::vector<std::string> registered_env_ids();

}  // namespace ga3c::env
