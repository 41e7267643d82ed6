// An Env wrapper for deterministic runs (--deterministic): every reset first reseeds the
// wrapped environment from (the seed it was given, the reset's index), and the actions since
// the last reset are kept. Its state is then the seed, the reset count and those actions,
// which a checkpoint holds; replaying them rebuilds the environment exactly, whatever the game
// keeps internally, because a built-in environment is a function of its seed and its actions
// (MinAtar's sticky actions draw from the environment's own generator, which the reseed
// restarts).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "env/env.h"

namespace ga3c::node {

class ReplayEnv final : public env::Env {
 public:
  explicit ReplayEnv(env::EnvPtr inner) : inner_(std::move(inner)) {}

  const env::ObservationSpec& observation_spec() const override {
    return inner_->observation_spec();
  }
  int num_actions() const override { return inner_->num_actions(); }
  std::vector<std::string> action_meanings() const override { return inner_->action_meanings(); }
  int frames_per_step() const override { return inner_->frames_per_step(); }
  // Remembers the seed; the wrapped environment is seeded at each reset.
  void seed(uint64_t seed) override;
  void reset(float* obs) override;
  env::StepResult step(int action, float* obs) override;

  const checkpoint::EnvReplayState& state() const { return state_; }
  // Rebuilds the environment of `state` (resets >= 1) and writes the observation it is at
  // into obs: the reseed and reset of its current episode, then its actions. Throws what the
  // environment throws for an action out of range.
  void restore(const checkpoint::EnvReplayState& state, float* obs);

 private:
  void reseed_for_episode(int64_t index);

  env::EnvPtr inner_;
  checkpoint::EnvReplayState state_;
};

}  // namespace ga3c::node
