// Gymnasium's TimeLimit wrapper, counted in environment frames: an episode is truncated on the
// step that brings it to max_episode_frames frames (agent steps times frame_skip), so with a
// frame skip of 1 it is Gymnasium's max_episode_steps exactly.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "env/env.h"

namespace ga3c::env {

class TimeLimit final : public Env {
 public:
  // max_episode_frames >= 1 and frame_skip >= 1 (environment frames per step); throws
  // std::invalid_argument otherwise (no limit is no wrapper).
  TimeLimit(EnvPtr inner, int64_t max_episode_frames, int frame_skip = 1)
      : inner_(std::move(inner)),
        max_episode_frames_(max_episode_frames),
        frame_skip_(frame_skip) {
    if (max_episode_frames < 1 || frame_skip < 1) {
      throw std::invalid_argument(
          "TimeLimit needs max_episode_frames >= 1 and frame_skip >= 1, got " +
          std::to_string(max_episode_frames) + " and " + std::to_string(frame_skip));
    }
  }

  const ObservationSpec& observation_spec() const override { return inner_->observation_spec(); }
  int num_actions() const override { return inner_->num_actions(); }
  void seed(uint64_t seed) override { inner_->seed(seed); }
  void reset(float* obs) override {
    elapsed_frames_ = 0;
    inner_->reset(obs);
  }
  // Truncated is set on the step that reaches the limit, even when it also terminates
  // (Gymnasium reports both flags then; terminated wins for bootstrapping).
  StepResult step(int action, float* obs) override {
    StepResult r = inner_->step(action, obs);
    elapsed_frames_ += frame_skip_;
    if (elapsed_frames_ >= max_episode_frames_) r.truncated = true;
    return r;
  }

  int64_t max_episode_frames() const { return max_episode_frames_; }
  Env& inner() { return *inner_; }

 private:
  EnvPtr inner_;
  int64_t max_episode_frames_;
  int frame_skip_;
  int64_t elapsed_frames_ = 0;
};

}  // namespace ga3c::env
