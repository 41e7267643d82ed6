#include "runtime/agent.h"

#include <algorithm>

#include "algo/n_step_returns.h"
#include "runtime/action_sampling.h"

namespace ga3c::runtime {

Agent::Agent(int id, env::EnvPtr env, uint64_t seed, const AgentConfig& config)
    : id_(id),
      env_(std::move(env)),
      config_(config),
      num_actions_(env_->num_actions()),
      rng_(seed),
      observation_(env_->observation_spec().size()),
      policy_(num_actions_, 1.0f / static_cast<float>(num_actions_)) {
  // MinAtar's generator, like NumPy's RandomState, takes 32-bit seeds.
  env_->seed(seed & 0xffffffffULL);
  rollout_.agent = id;
}

void Agent::start() { begin_episode(); }

void Agent::begin_episode() {
  env_->reset(observation_.data());
  episode_return_ = 0.0;
  episode_length_ = 0;
}

int Agent::sample_action() {
  return sample_from_policy(policy_.data(), num_actions_, policy_draw(rng_));
}

void Agent::finish_rollout(float bootstrap_value, AgentStep& out) {
  rollout_.returns.resize(rewards_.size());
  algo::n_step_returns(rewards_.data(), rewards_.size(), bootstrap_value, config_.gamma,
                       rollout_.returns.data());
  out.rollouts.push_back(std::move(rollout_));
  rollout_ = Rollout{};
  rollout_.agent = id_;
  rewards_.clear();
}

AgentStep Agent::on_prediction() {
  AgentStep out;
  if (awaiting_bootstrap_) {
    awaiting_bootstrap_ = false;
    finish_rollout(value_, out);
    begin_episode();
    return out;
  }
  if (static_cast<int>(rewards_.size()) == config_.t_max) finish_rollout(value_, out);
  if (rewards_.empty()) rollout_.acted_version = version_;

  const int action = sample_action();
  rollout_.observations.insert(rollout_.observations.end(), observation_.begin(),
                               observation_.end());
  rollout_.actions.push_back(action);
  const env::StepResult r = env_->step(action, observation_.data());
  out.frames = 1;
  const float clip = config_.reward_clip;
  rewards_.push_back(clip > 0.0f ? std::clamp(r.reward, -clip, clip) : r.reward);
  episode_return_ += r.reward;
  ++episode_length_;

  if (r.terminated || r.truncated) {
    out.episode = EpisodeRecord{id_, episode_return_, episode_length_};
  }
  if (r.terminated) {
    finish_rollout(0.0f, out);
    begin_episode();
  } else if (r.truncated) {
    awaiting_bootstrap_ = true;
  }
  return out;
}

}  // namespace ga3c::runtime
