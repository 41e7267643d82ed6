// Playing episodes with a checkpoint's network (`ga3c eval`): the policy alone, no training,
// one environment, one observation per forward pass; or uniformly random actions, the
// random-play baseline of Atari score tables (Mnih et al. 2015, Machado et al. 2018). This header
// keeps LibTorch out of its users (the network lives behind a pointer to an implementation).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "env/env.h"
#include "env/registry.h"

namespace ga3c::run {

struct EpisodeResult {
  double episode_return = 0.0;  // raw (unclipped) rewards summed
  int64_t length = 0;           // steps
  bool truncated = false;       // ended by the episode limit, not terminated
};

// Called with each observation of the first episode, from the reset one to the last one
// (observation_spec().size() float32 values, valid during the call), as it is played: a
// recorder can write each frame away instead of holding the episode.
using FrameCallback = std::function<void(const float* observation)>;

class Evaluator {
 public:
  // checkpoint: complete (checkpoint_directory.h merges the ranks); path: names it in errors.
  // env_id: the environment to play, empty for the checkpoint's own; another one must have
  // the checkpoint's observation shape and action count (a policy transfer, e.g. between
  // MinAtar games of one shape). options: those the run trained with (sticky actions, Atari's
  // frame skip, no-ops, action set, ROM folder) and the episode limit: each episode is cut
  // (truncated) after options.max_episode_frames environment frames; empty for the
  // environment's default (env/registry.h), 0 for none (then an episode that never ends never
  // returns). Throws std::invalid_argument for a negative one.
  // Throws checkpoint::CheckpointError naming `path` when the checkpoint's environment is
  // unknown, the network cannot be built from its signature, the built network differs from
  // the signature, a parameter is not finite, or env_id's shape or actions differ;
  // env::UnknownEnvError for an unknown env_id; what make_env throws (a missing ROM).
  // device: "cpu" or a resolved "cuda:N" (model/device.h) to run the network on.
  Evaluator(const checkpoint::Checkpoint& checkpoint, const std::string& path,
            const std::string& env_id, const env::EnvOptions& options,
            const std::string& device = "cpu");
  // Uniformly random play of env_id (every action of the environment's set equally likely), no
  // network; options as above, the environment's preset settings for a baseline a run's scores
  // compare with. Throws env::UnknownEnvError for an unknown env_id, std::invalid_argument for
  // a negative episode limit, and what make_env throws (a missing ROM).
  Evaluator(const std::string& env_id, const env::EnvOptions& options);
  ~Evaluator();
  Evaluator(const Evaluator&) = delete;
  Evaluator& operator=(const Evaluator&) = delete;

  const std::string& env_id() const;
  const env::ObservationSpec& observation_spec() const;
  // The environment played (for a renderer that draws its screen).
  const env::Env& env() const;
  // The episode limit played under, in environment frames; 0: none.
  int64_t max_episode_frames() const;

  // Plays `episodes` >= 1 whole episodes, acting by argmax of the logits (greedy) or by a draw
  // from pi; without a network by a uniform draw (greedy is then ignored). The environment is
  // seeded once with the low 32 bits of `seed` and the draws come from their own generator seeded
  // from `seed`, so a seed reproduces every return and length (on one build: LibTorch's float
  // arithmetic may differ between machines). on_first_frame: may be empty. interrupt (may be null):
  // once set, play stops before the next step and the episodes finished so far are returned (fewer
  // than `episodes`; the one under way is left out). Throws std::invalid_argument when episodes <
  // 1, and what the environment throws.
  std::vector<EpisodeResult> run(int episodes, bool greedy, uint64_t seed,
                                 const FrameCallback& on_first_frame = {},
                                 const std::atomic<bool>* interrupt = nullptr);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ga3c::run
