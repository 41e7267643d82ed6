// Built-in environments by Gymnasium-style id ("CartPole-v1", "MinAtar/Breakout-v0").
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/ale/atari_options.h"
#include "env/env.h"

namespace ga3c::env {

// Options an id may honour; the defaults are each reference's own.
struct EnvOptions {
  double sticky_action_prob = 0.1;  // MinAtar: chance of repeating the previous action
  bool difficulty_ramping = true;   // MinAtar: games speed up as in the reference
  // The episode limit in environment frames (agent steps times the frame skip), reported
  // as truncation (Gymnasium's TimeLimit): empty for the id's default_max_episode_frames, 0
  // for no limit. Negative values are refused. For ALE/ ids it replaces
  // atari.max_episode_frames.
  std::optional<int64_t> max_episode_frames;
  ale::AtariOptions atari;  // ALE/<Game>-v5 (its own sticky actions, 0.25)
};

// Every id has an episode limit unless told otherwise; the defaults, by family:
// - CartPole-v1 and CartPoleNoVel-v1: 500 frames (= steps), Gymnasium's registration
//   (max_episode_steps=500), which the rl-baselines3-zoo's NoVel variant keeps.
// - MinAtar/*: 27,000 frames (= steps; MinAtar skips no frames). The reference package caps no
//   game, and Seaquest's submarine that never dives never dies. 27,000 is as many agent
//   decisions as the customary Atari cap allows (108,000 emulator frames, 30 minutes at 60 Hz,
//   ALE-v5's max_num_frames_per_episode, at frame skip 4) in the games MinAtar miniaturises,
//   and far beyond the episodes behind the returns the MinAtar paper reports at 5M frames: it
//   ends endless episodes without changing comparable results.
// - ALE/*: 108,000 emulator frames (30 minutes at 60 Hz), v5's max_num_frames_per_episode,
//   counted by ALE itself (no-op starts included) so that truncations match Gymnasium's.
inline constexpr int64_t kCartPoleMaxEpisodeFrames = 500;
inline constexpr int64_t kMinAtarMaxEpisodeFrames = 27'000;
inline constexpr int64_t kAtariMaxEpisodeFrames = 108'000;

// Raised for an id that is not registered; what() names the id and lists the known ones.
class UnknownEnvError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Creates a fresh, unseeded environment, inside a TimeLimit (env/time_limit.h) unless
// options.max_episode_frames is 0; ALE/ ids count their limit inside ALE instead. Throws
// UnknownEnvError, std::invalid_argument for a negative max_episode_frames, and for ALE/ ids
// what ale::make_atari_env throws (env/ale/atari_registry.h).
EnvPtr make_env(const std::string& id, const EnvOptions& options = {});

// The episode limit id gets when EnvOptions leaves it empty, in environment frames (>= 1).
// Throws UnknownEnvError.
int64_t default_max_episode_frames(const std::string& id);

// The defaults by family, for --help and errors: "CartPole* 500, MinAtar/* 27000, ALE/* 108000".
std::string episode_limit_defaults();

// Every registered id, sorted (ALE/ ids only in a build with ALE).
std::vector<std::string> registered_env_ids();

}  // namespace ga3c::env
