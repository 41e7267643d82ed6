#include "node/agent.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

#include "algo/n_step_returns.h"
#include "node/action_sampling.h"
#include "node/seeds.h"

namespace ga3c::node {

Agent::Agent(int id, env::EnvPtr env, uint64_t seed, const AgentConfig& config)
    : id_(id),
      env_(std::move(env)),
      config_(config),
      num_actions_(env_->num_actions()),
      // Its own stream: CartPole's generator is an mt19937_64 too, seeded with the low bits
      // below, which for a seed below 2^32 would make the two streams one (as in eval).
      rng_(splitmix64(seed)),
      observation_(env_->observation_spec().size()),
      policy_(num_actions_, 1.0f / static_cast<float>(num_actions_)),
      state_(static_cast<std::size_t>(config.state_size)),
      next_state_(state_.size()) {
  // MinAtar's generator, like NumPy's RandomState, takes 32-bit seeds.
  env_->seed(seed & 0xffffffffULL);
  rollout_.agent = id;
}

void Agent::start() { begin_episode(); }

void Agent::begin_episode() {
  env_->reset(observation_.data());
  std::fill(state_.begin(), state_.end(), 0.0f);
  episode_return_ = 0.0;
  episode_length_ = 0;
}

int Agent::sample_action() {
  return sample_from_policy(policy_.data(), num_actions_, policy_draw(rng_));
}

void Agent::finish_rollout(float bootstrap_value, bool terminal, AgentStep& out) {
  rollout_.returns.resize(rewards_.size());
  algo::n_step_returns(rewards_.data(), rewards_.size(), bootstrap_value, config_.gamma,
                       rollout_.returns.data());
  rollout_.rewards = rewards_;
  if (!terminal) rollout_.bootstrap_observation = observation_;
  out.rollouts.push_back(std::move(rollout_));
  rollout_ = Rollout{};
  rollout_.agent = id_;
  rewards_.clear();
}

AgentStep Agent::on_prediction() {
  AgentStep out;
  if (awaiting_bootstrap_) {
    awaiting_bootstrap_ = false;
    finish_rollout(value_, false, out);
    begin_episode();
    return out;
  }
  if (static_cast<int>(rewards_.size()) == config_.t_max) finish_rollout(value_, false, out);

  const int action = sample_action();
  if (rollout_.actions.empty()) rollout_.initial_state = state_;
  state_.swap(next_state_);
  rollout_.observations.insert(rollout_.observations.end(), observation_.begin(),
                               observation_.end());
  rollout_.actions.push_back(action);
  // A probability that underflowed to 0 gives -inf, which V-trace's truncation handles.
  rollout_.behaviour_log_probs.push_back(std::log(policy_[action]));
  rollout_.acted_versions.push_back(version_);
  const env::StepResult r = env_->step(action, observation_.data());
  out.frames = env_->frames_per_step();
  const float clip = config_.reward_clip;
  rewards_.push_back(clip > 0.0f ? std::clamp(r.reward, -clip, clip) : r.reward);
  episode_return_ += r.reward;
  ++episode_length_;

  if (r.terminated || r.truncated) {
    metrics::EpisodeRecord episode{id_, episode_return_, episode_length_};
    episode.truncated = !r.terminated;
    out.episode = episode;
  }
  const bool life_ends_return = r.life_lost && config_.terminal_on_life_loss;
  if (r.terminated || (r.truncated && life_ends_return)) {
    finish_rollout(0.0f, true, out);
    begin_episode();
  } else if (r.truncated) {
    awaiting_bootstrap_ = true;
  } else if (life_ends_return) {
    finish_rollout(0.0f, true, out);
  }
  return out;
}

checkpoint::AgentState Agent::state() const {
  checkpoint::AgentState s;
  std::ostringstream rng;
  rng << rng_;
  s.rng = rng.str();
  s.observation = observation_;
  s.recurrent_state = state_;
  s.rollout_initial_state = rollout_.initial_state;
  s.rollout_acted_versions = rollout_.acted_versions;
  s.rollout_observations = rollout_.observations;
  s.rollout_actions = rollout_.actions;
  s.rollout_rewards = rewards_;
  s.rollout_behaviour_log_probs = rollout_.behaviour_log_probs;
  s.awaiting_bootstrap = awaiting_bootstrap_;
  s.episode_return = episode_return_;
  s.episode_length = episode_length_;
  return s;
}

void Agent::restore(const checkpoint::AgentState& s) {
  const std::size_t n = s.rollout_actions.size();
  if (s.observation.size() != observation_.size() ||
      s.rollout_observations.size() != n * observation_.size()) {
    throw std::invalid_argument("agent " + std::to_string(id_) + ": the saved observations of " +
                                std::to_string(s.observation.size()) +
                                " floats do not fit this environment's " +
                                std::to_string(observation_.size()));
  }
  const std::size_t log_probs = s.rollout_behaviour_log_probs.size();
  if (s.rollout_rewards.size() != n || s.rollout_acted_versions.size() != n ||
      (log_probs != n && log_probs != 0)) {
    throw std::invalid_argument(
        "agent " + std::to_string(id_) + ": the saved rollout has " + std::to_string(n) +
        " actions, " + std::to_string(s.rollout_rewards.size()) + " rewards, " +
        std::to_string(s.rollout_acted_versions.size()) + " acting versions and " +
        std::to_string(log_probs) + " behaviour log-probabilities");
  }
  const std::size_t state_size = state_.size();
  if (s.recurrent_state.size() != state_size ||
      s.rollout_initial_state.size() != (n > 0 ? state_size : 0)) {
    throw std::invalid_argument(
        "agent " + std::to_string(id_) + ": the saved recurrent state has " +
        std::to_string(s.recurrent_state.size()) + " floats and its rollout's " +
        std::to_string(s.rollout_initial_state.size()) + ", but this network's state has " +
        std::to_string(state_size));
  }
  if (static_cast<int>(n) > config_.t_max) {
    throw std::invalid_argument("agent " + std::to_string(id_) + ": the saved rollout of " +
                                std::to_string(n) + " steps is longer than --t-max " +
                                std::to_string(config_.t_max));
  }
  std::istringstream rng(s.rng);
  if (!(rng >> rng_)) {
    throw std::invalid_argument("agent " + std::to_string(id_) +
                                ": unreadable random generator state");
  }
  observation_ = s.observation;
  state_ = s.recurrent_state;
  rollout_ = Rollout{};
  rollout_.agent = id_;
  rollout_.initial_state = s.rollout_initial_state;
  rollout_.acted_versions = s.rollout_acted_versions;
  rollout_.observations = s.rollout_observations;
  rollout_.actions = s.rollout_actions;
  rollout_.behaviour_log_probs = s.rollout_behaviour_log_probs;
  rewards_ = s.rollout_rewards;
  awaiting_bootstrap_ = s.awaiting_bootstrap;
  episode_return_ = s.episode_return;
  episode_length_ = s.episode_length;
}

}  // namespace ga3c::node
