// MinAtarEnv<Game>: one MinAtar game behind the Env interface, as the reference's
// minatar.Environment (minatar 1.0.15, minatar/environment.py) wraps it.
//
// - Observation: [10, 10, Game::kChannels] booleans written as 0.0f / 1.0f, dtype kBool.
// - Actions: all six (ids -v0) or the game's minimal set (ids -v1), mapped to the six-action
//   index before stickiness applies.
// - Sticky actions: every step first draws rand(); below sticky_action_prob the previous
//   six-action index is used instead. The remembered action starts at kNoop and survives reset().
// - seed(S) leaves the environment as the reference is after `Environment(game, p, ramping)`
//   followed by `seed(S)`: the generator restarted from S and the remembered action kNoop.
//   reset() equals the reference's reset(); the game before the first reset() is unspecified
//   (the reference draws it from an unseeded generator). An environment never seeded behaves
//   as one seeded with kDefaultSeed.
// - terminated is the reference's terminal flag; truncated is always false and lives 0
//   (Freeway's 2501-step timer is part of the game, hence a termination). The reference caps
//   no episode; make_env adds the episode limit (registry.h), which truncates.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/env.h"
#include "env/minatar/minatar_game.h"
#include "env/minatar/mt19937_random_state.h"

namespace ga3c::env::minatar {

enum class ActionSet { kFull, kMinimal };  // -v0, -v1

template <class Game>
class MinAtarEnv final : public Env {
 public:
  static constexpr uint64_t kDefaultSeed = 0;

  // Throws std::invalid_argument unless 0 <= sticky_action_prob <= 1.
  MinAtarEnv(double sticky_action_prob, bool difficulty_ramping, ActionSet action_set)
      : game_(difficulty_ramping),
        sticky_action_prob_(sticky_action_prob),
        action_set_(action_set),
        rng_(kDefaultSeed) {
    if (!(sticky_action_prob >= 0.0 && sticky_action_prob <= 1.0)) {
      throw std::invalid_argument("MinAtar " + std::string(Game::kName) + ": sticky_action_prob " +
                                  std::to_string(sticky_action_prob) + " is not in [0, 1]");
    }
    game_.reset(rng_);
    rng_.seed(kDefaultSeed);
  }

  const ObservationSpec& observation_spec() const override { return spec_; }
  int num_actions() const override {
    return action_set_ == ActionSet::kFull ? kNumActions
                                           : static_cast<int>(Game::kMinimalActions.size());
  }

  std::vector<std::string> action_meanings() const override {
    std::vector<std::string> names;
    for (int a = 0; a < num_actions(); ++a) {
      const Action action =
          action_set_ == ActionSet::kFull ? static_cast<Action>(a) : Game::kMinimalActions[a];
      names.emplace_back(kActionNames[static_cast<int>(action)]);
    }
    return names;
  }

  // Throws std::out_of_range unless seed < 2^32 (NumPy's RandomState range).
  void seed(uint64_t seed) override {
    rng_.seed(seed);
    last_action_ = Action::kNoop;
  }

  void reset(float* obs) override {
    game_.reset(rng_);
    write_observation(obs);
  }

  StepResult step(int action, float* obs) override {
    if (action < 0 || action >= num_actions()) {
      throw std::out_of_range("MinAtar " + std::string(Game::kName) + ": action " +
                              std::to_string(action) + " is not in [0, " +
                              std::to_string(num_actions()) + ")");
    }
    Action a = action_set_ == ActionSet::kFull ? static_cast<Action>(action)
                                               : Game::kMinimalActions[action];
    if (rng_.rand() < sticky_action_prob_) a = last_action_;
    last_action_ = a;
    StepResult result;
    result.reward = static_cast<float>(game_.act(a, rng_));
    result.terminated = game_.terminal();
    write_observation(obs);
    return result;
  }

  // The six-action index the last step applied (after stickiness).
  Action last_action() const { return last_action_; }
  // The game itself, for tests that set up or inspect a state.
  Game& game() { return game_; }

 private:
  void write_observation(float* obs) const {
    std::fill(obs, obs + kGridSize * kGridSize * Game::kChannels, 0.0f);
    game_.write_observation(obs);
  }

  Game game_;
  double sticky_action_prob_;
  ActionSet action_set_;
  Mt19937RandomState rng_;
  Action last_action_ = Action::kNoop;
  ObservationSpec spec_{{kGridSize, kGridSize, Game::kChannels}, DType::kBool};
};

}  // namespace ga3c::env::minatar
