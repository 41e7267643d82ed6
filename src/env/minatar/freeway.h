// MinAtar Freeway (Young & Tian 2019), as minatar 1.0.15's environments/freeway.py.
//
// A chicken in column 4 crosses eight lanes (rows 1..8) of cars; it may move up or down once
// every 3 steps. Reaching row 0 gives +1, sends it back to row 9 and redraws every car's speed
// and direction; a car hitting it sends it back to row 9. Cars in lane i move one cell every
// |speed| steps (speed in 1..5, sign = direction) and wrap around. The episode ends after 2501
// steps (the reference's timer starts at 2500 and ends the game when it drops below 0).
// Channels: 0 chicken, 1 car, 2..6 the cell behind each car in the channel of its speed 1..5.
#pragma once

#include <array>

#include "env/minatar/minatar_game.h"
#include "env/minatar/mt19937_random_state.h"

namespace ga3c::env::minatar {

class Freeway {
 public:
  static constexpr const char* kName = "Freeway";
  static constexpr int kChannels = 7;
  static constexpr std::array<Action, 3> kMinimalActions{Action::kNoop, Action::kUp, Action::kDown};
  static constexpr int kNumCars = 8;

  struct Car {
    int x = 0, y = 0;
    int timer = 0;  // steps until the car next moves
    int speed = 0;  // +-1..5: moves every |speed| steps, right when positive
  };
  struct State {
    std::array<Car, kNumCars> cars{};
    int pos = 0;  // chicken row
    int move_timer = 0, terminate_timer = 0;
    bool terminal = false;
  };

  explicit Freeway(bool /*difficulty_ramping: Freeway has no ramp*/) {}

  // Draws randint(1, 6) eight times, then rand() eight times (speeds, then directions).
  void reset(Mt19937RandomState& rng);
  int act(Action action, Mt19937RandomState& rng);
  bool terminal() const { return state_.terminal; }
  void write_observation(float* obs) const;

  State& state() { return state_; }

 private:
  // Redraws speeds and directions, keeping positions; initialize also puts car i at (0, i + 1).
  void randomize_cars(Mt19937RandomState& rng, bool initialize);

  State state_;
};

}  // namespace ga3c::env::minatar
