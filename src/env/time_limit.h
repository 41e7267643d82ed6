// Gymnasium's TimeLimit wrapper: truncates an episode after max_episode_steps steps.
#pragma once

#include "env/env.h"

namespace ga3c::env {

class TimeLimit final : public Env {
 public:
  TimeLimit(EnvPtr inner, int max_episode_steps)
      : inner_(std::move(inner)), max_episode_steps_(max_episode_steps) {}

  const ObservationSpec& observation_spec() const override { return inner_->observation_spec(); }
  int num_actions() const override { return inner_->num_actions(); }
  void seed(uint64_t seed) override { inner_->seed(seed); }
  void reset(float* obs) override {
    elapsed_steps_ = 0;
    inner_->reset(obs);
  }
  // Truncated is set on the step that reaches the limit, even when it also terminates
  // (Gymnasium reports both flags then).
  StepResult step(int action, float* obs) override {
    StepResult r = inner_->step(action, obs);
    if (++elapsed_steps_ >= max_episode_steps_) r.truncated = true;
    return r;
  }

  Env& inner() { return *inner_; }

 private:
  EnvPtr inner_;
  int max_episode_steps_;
  int elapsed_steps_ = 0;
};

}  // namespace ga3c::env
