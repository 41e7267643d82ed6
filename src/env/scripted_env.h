// A scripted environment for tests (not registered): rewards come from a list, the episode
// ends after the last one (terminated or truncated, as chosen), and the observation is
// {episode index, step index} so tests can tell which observation a prediction was for.
// life_lost_steps: the steps (1 = the first) that report a lost life, as Atari does;
// frames: frames_per_step().
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/env.h"

namespace ga3c::env {

class ScriptedEnv final : public Env {
 public:
  ScriptedEnv(std::vector<float> rewards, bool truncate, int num_actions = 2)
      : rewards_(std::move(rewards)), truncate_(truncate), num_actions_(num_actions) {}

  const ObservationSpec& observation_spec() const override { return spec_; }
  int num_actions() const override { return num_actions_; }
  std::vector<std::string> action_meanings() const override {
    std::vector<std::string> names;
    for (int a = 0; a < num_actions_; ++a) names.push_back("ACTION_" + std::to_string(a));
    return names;
  }
  int frames_per_step() const override { return frames; }
  void seed(uint64_t) override {}
  void reset(float* obs) override {
    ++episode_;
    step_ = 0;
    write(obs);
  }
  StepResult step(int action, float* obs) override {
    if (action < 0 || action >= num_actions_) throw std::out_of_range("ScriptedEnv: bad action");
    actions_taken.push_back(action);
    StepResult r;
    r.reward = rewards_.at(step_++);
    const bool last = step_ == static_cast<int>(rewards_.size());
    r.terminated = last && !truncate_;
    r.truncated = last && truncate_;
    r.life_lost =
        std::find(life_lost_steps.begin(), life_lost_steps.end(), step_) != life_lost_steps.end();
    write(obs);
    return r;
  }

  std::vector<int> actions_taken;
  std::vector<int> life_lost_steps;
  int frames = 1;

 private:
  void write(float* obs) const {
    obs[0] = static_cast<float>(episode_);
    obs[1] = static_cast<float>(step_);
  }

  ObservationSpec spec_{{2}, DType::kFloat32};
  std::vector<float> rewards_;
  bool truncate_;
  int num_actions_;
  int episode_ = -1;
  int step_ = 0;
};

}  // namespace ga3c::env
