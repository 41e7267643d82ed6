// One GA3C agent: an environment, its observation slot and its unfinished rollout. Agents are
// not threads: an EnvRunner thread steps many of them as predictions arrive (as EnvPool does).
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "env/env.h"
#include "metrics/episode_record.h"
#include "node/rollout.h"

namespace ga3c::node {

struct AgentConfig {
  int t_max = 5;             // transitions per rollout
  float gamma = 0.99f;       // discount
  float reward_clip = 1.0f;  // training rewards clipped to [-clip, clip]; 0 turns clipping off
  // A step that costs a life (StepResult::life_lost) ends the n-step return there, without
  // bootstrap, while the episode goes on (DeepMind's Atari training; logged returns stay whole).
  bool terminal_on_life_loss = true;
  // Floats in the network's recurrent state (model::ActorCritic::state_size()); 0 for a
  // feed-forward network.
  int64_t state_size = 0;
};

// What one prediction led to.
struct AgentStep {
  int64_t frames = 0;  // environment frames stepped (0 or frames_per_step)
  // Finished rollouts, ready for trainers: two when a rollout closed at t_max and the step
  // that followed ended the episode.
  std::vector<Rollout> rollouts;
  std::optional<metrics::EpisodeRecord> episode;  // an episode that just ended
};

// Owned and called by one thread at a time; a predictor may write prediction_slot() between
// the owner's request and on_prediction() (the queues order those accesses).
class Agent {
 public:
  // seed: seeds the environment and the agent's action sampling.
  Agent(int id, env::EnvPtr env, uint64_t seed, const AgentConfig& config);
  Agent(const Agent&) = delete;
  Agent& operator=(const Agent&) = delete;

  // Resets the environment; afterwards observation() needs a prediction.
  void start();

  // The observation awaiting a prediction: observation_size() float32 values.
  const float* observation() const { return observation_.data(); }
  std::size_t observation_size() const { return observation_.size(); }
  int num_actions() const { return num_actions_; }
  int id() const { return id_; }

  // Where the predictor writes pi(. | observation()) (num_actions() probabilities), V and the
  // global version of the parameters that computed them (the action drawn from pi is charged
  // with that version: Rollout::acted_versions).
  float* policy_slot() { return policy_.data(); }
  void set_prediction(float value, int64_t version) {
    value_ = value;
    version_ = version;
  }
  // With a recurrent network: the state before observation() (config.state_size floats, h then
  // c; zero at every episode's start, after termination or truncation alike, and never shared
  // between agents), and where the predictor writes the state after it, which the agent takes
  // on in on_prediction().
  const float* recurrent_state() const { return state_.data(); }
  float* next_state_slot() { return next_state_.data(); }

  // Consumes the prediction for observation(): closes the rollout at t_max (bootstrapping
  // from V), samples an action, steps the environment and closes the rollout at episode end:
  // no bootstrap after termination; after a time-limit truncation the next prediction is the
  // final observation's, used only as the bootstrap value before the environment resets.
  // Afterwards observation() again needs a prediction. Throws what the environment throws.
  AgentStep on_prediction();

  // Between two steps (observation() awaiting a prediction): what a deterministic run's
  // checkpoint keeps of the agent; `env` is left empty (ReplayEnv holds the environment's).
  checkpoint::AgentState state() const;
  // Instead of start(): takes a state() of an agent of the same environment and config, whose
  // environment the caller has rebuilt. Throws std::invalid_argument naming what does not fit
  // (observation size, a rollout longer than t_max, an unreadable generator).
  void restore(const checkpoint::AgentState& state);

 private:
  int sample_action();
  // bootstrap_value: V(observation()) after a cut or truncation, 0 after a terminal state.
  void finish_rollout(float bootstrap_value, bool terminal, AgentStep& out);
  void begin_episode();

  const int id_;
  env::EnvPtr env_;
  const AgentConfig config_;
  const int num_actions_;
  std::mt19937_64 rng_;
  std::vector<float> observation_;
  std::vector<float> policy_;
  float value_ = 0.0f;
  int64_t version_ = 0;
  std::vector<float> state_, next_state_;  // [state_size] each

  Rollout rollout_;
  std::vector<float> rewards_;  // clipped rewards of rollout_
  bool awaiting_bootstrap_ = false;
  double episode_return_ = 0.0;
  int64_t episode_length_ = 0;
};

}  // namespace ga3c::node
