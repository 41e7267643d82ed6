// CartPole-v1 exactly as Gymnasium's classic-control CartPoleEnv (see shared
// specs/environments.md). Barto, Sutton & Anderson (1983), with Gymnasium's constants and explicit
// Euler integration. The 500-step limit is applied by the TimeLimit wrapper that make_env adds, as
// in Gymnasium's registration (registry.h: kCartPoleMaxEpisodeFrames).
#pragma once

#include <array>
#include <random>

#include "env/env.h"

namespace ga3c::env {

class CartPole final : public Env {
 public:
  // Cart position x (m), cart velocity (m/s), pole angle theta (rad), pole angular velocity
  // (rad/s).
  using State = std::array<double, 4>;

  // mask_velocity: CartPoleNoVel-v1 of the rl-baselines3-zoo (its MaskVelocityWrapper): the
  // observation keeps its 4 floats but the two velocities read 0, so that only a policy with
  // memory can tell which way the pole is falling. The dynamics are unchanged.
  explicit CartPole(bool mask_velocity = false);

  const ObservationSpec& observation_spec() const override { return spec_; }
  int num_actions() const override { return 2; }  // 0 pushes left, 1 pushes right
  std::vector<std::string> action_meanings() const override { return {"LEFT", "RIGHT"}; }
  void seed(uint64_t seed) override { rng_.seed(seed); }
  // Draws each state variable uniformly from (-0.05, 0.05).
  void reset(float* obs) override;
  // Reward +1 on every step, the terminating one included; terminated when |x| > 2.4 or
  // |theta| > 12 degrees on the new state.
  StepResult step(int action, float* obs) override;

  // Replaces the state (tests put both implementations in the same state).
  void set_state(const State& state, float* obs);
  const State& state() const { return state_; }

 private:
  void write_observation(float* obs) const;

  ObservationSpec spec_{{4}, DType::kFloat32};
  bool mask_velocity_;
  State state_{};
  std::mt19937_64 rng_;
};

}  // namespace ga3c::env
