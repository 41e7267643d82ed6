#include "node/replay_env.h"

#include "node/seeds.h"

namespace ga3c::node {

void ReplayEnv::seed(uint64_t seed) {
  state_ = checkpoint::EnvReplayState{};
  state_.seed = seed;
}

void ReplayEnv::reseed_for_episode(int64_t index) {
  // MinAtar, like NumPy's RandomState, takes 32-bit seeds.
  inner_->seed(splitmix64(state_.seed ^ splitmix64(static_cast<uint64_t>(index))) & 0xffffffffULL);
}

void ReplayEnv::reset(float* obs) {
  reseed_for_episode(state_.resets++);
  state_.actions.clear();
  inner_->reset(obs);
}

env::StepResult ReplayEnv::step(int action, float* obs) {
  const env::StepResult r = inner_->step(action, obs);
  state_.actions.push_back(action);
  return r;
}

void ReplayEnv::restore(const checkpoint::EnvReplayState& state, float* obs) {
  state_ = state;
  reseed_for_episode(state_.resets - 1);
  inner_->reset(obs);
  for (int32_t action : state_.actions) inner_->step(action, obs);
}

}  // namespace ga3c::node
