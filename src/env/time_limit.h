// Gymnasium's TimeLimit wrapper, counted in environment frames: an episode is truncated on the
// step that brings it to max_episode_frames frames (agent steps times the inner environment's
// frames_per_step()), so with a frame skip of 1 it is Gymnasium's max_episode_steps exactly.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "env/env.h"

namespace ga3c::env {

class TimeLimit final : public Env {
 public:
  // max_episode_frames >= 1; throws std::invalid_argument otherwise (no limit is no wrapper).
  TimeLimit(EnvPtr inner, int64_t max_episode_frames)
      : inner_(std::move(inner)), max_episode_frames_(max_episode_frames) {
    if (max_episode_frames < 1) {
      throw std::invalid_argument("TimeLimit needs max_episode_frames >= 1, got " +
                                  std::to_string(max_episode_frames));
    }
  }

  const ObservationSpec& observation_spec() const override { return inner_->observation_spec(); }
  int num_actions() const override { return inner_->num_actions(); }
  std::vector<std::string> action_meanings() const override { return inner_->action_meanings(); }
  int frames_per_step() const override { return inner_->frames_per_step(); }
  void seed(uint64_t seed) override { inner_->seed(seed); }
  void reset(float* obs) override {
    elapsed_frames_ = 0;
    inner_->reset(obs);
  }
  // Truncated is set on the step that reaches the limit, even when it also terminates
  // (Gymnasium reports both flags then; terminated wins for bootstrapping).
  StepResult step(int action, float* obs) override {
    StepResult r = inner_->step(action, obs);
    elapsed_frames_ += inner_->frames_per_step();
    if (elapsed_frames_ >= max_episode_frames_) r.truncated = true;
    return r;
  }

  int64_t max_episode_frames() const { return max_episode_frames_; }
  Env& inner() { return *inner_; }

 private:
  EnvPtr inner_;
  int64_t max_episode_frames_;
  int64_t elapsed_frames_ = 0;
};

}  // namespace ga3c::env
