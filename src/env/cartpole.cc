#include "env/cartpole.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace ga3c::env {
namespace {
// Gymnasium's constants; derived ones are computed the way Gymnasium computes them so the
// float64 arithmetic rounds identically.
constexpr double kGravity = 9.8;
constexpr double kMassCart = 1.0;
constexpr double kMassPole = 0.1;
constexpr double kTotalMass = kMassPole + kMassCart;
constexpr double kLength = 0.5;  // half the pole's length
constexpr double kPoleMassLength = kMassPole * kLength;
constexpr double kForceMag = 10.0;
constexpr double kTau = 0.02;  // seconds between state updates
constexpr double kPi = 3.141592653589793;
constexpr double kThetaThreshold = 12 * 2 * kPi / 360;
constexpr double kXThreshold = 2.4;
}  // namespace

CartPole::CartPole(bool mask_velocity) : mask_velocity_(mask_velocity), rng_(0) {}

void CartPole::reset(float* obs) {
  std::uniform_real_distribution<double> uniform(-0.05, 0.05);
  for (double& v : state_) v = uniform(rng_);
  write_observation(obs);
}

StepResult CartPole::step(int action, float* obs) {
  if (action != 0 && action != 1) {
    throw std::out_of_range("CartPole: action " + std::to_string(action) + " is not 0 or 1");
  }
  auto [x, x_dot, theta, theta_dot] = state_;
  const double force = action == 1 ? kForceMag : -kForceMag;
  const double costheta = std::cos(theta);
  const double sintheta = std::sin(theta);
  const double temp = (force + kPoleMassLength * (theta_dot * theta_dot) * sintheta) / kTotalMass;
  const double thetaacc = (kGravity * sintheta - costheta * temp) /
                          (kLength * (4.0 / 3.0 - kMassPole * (costheta * costheta) / kTotalMass));
  const double xacc = temp - kPoleMassLength * thetaacc * costheta / kTotalMass;
  x = x + kTau * x_dot;
  x_dot = x_dot + kTau * xacc;
  theta = theta + kTau * theta_dot;
  theta_dot = theta_dot + kTau * thetaacc;
  state_ = {x, x_dot, theta, theta_dot};
  write_observation(obs);

  StepResult result;
  result.reward = 1.0f;
  result.terminated =
      x < -kXThreshold || x > kXThreshold || theta < -kThetaThreshold || theta > kThetaThreshold;
  return result;
}

void CartPole::set_state(const State& state, float* obs) {
  state_ = state;
  write_observation(obs);
}

void CartPole::write_observation(float* obs) const {
  for (size_t i = 0; i < state_.size(); ++i) obs[i] = static_cast<float>(state_[i]);
  if (mask_velocity_) obs[1] = obs[3] = 0.0f;
}

}  // namespace ga3c::env
