// MinAtar Breakout (Young & Tian 2019), as minatar 1.0.15's environments/breakout.py.
//
// A paddle on the bottom row bounces a ball that moves one cell diagonally per step; each brick
// the ball breaks gives +1, and three fresh rows of bricks appear once all are gone and the ball
// reaches the bottom row. The episode ends when the ball reaches the bottom row beside the
// paddle. Channels: 0 paddle, 1 ball, 2 trail (the ball's previous cell), 3 brick.
// Kept quirk: after breaking a brick the strike flag stays set while the ball keeps hitting
// bricks, so on the step after a hit the ball passes into a brick cell without breaking it.
#pragma once

#include <array>
#include <cstdint>

#include "env/minatar/minatar_game.h"
#include "env/minatar/mt19937_random_state.h"

namespace ga3c::env::minatar {

class Breakout {
 public:
  static constexpr const char* kName = "Breakout";
  static constexpr int kChannels = 4;
  static constexpr std::array<Action, 3> kMinimalActions{Action::kNoop, Action::kLeft,
                                                         Action::kRight};

  // Ball directions: 0 up-left, 1 up-right, 2 down-right, 3 down-left.
  struct State {
    int ball_x = 0, ball_y = 0, ball_dir = 0;
    int last_x = 0, last_y = 0;  // the trail
    int paddle = 0;              // column of the paddle on row 9
    bool strike = false;         // the ball hit a brick on the previous step
    bool terminal = false;
    std::array<uint16_t, kGridSize> bricks{};  // bit c of bricks[r]: a brick at (r, c)
  };

  explicit Breakout(bool /*difficulty_ramping: Breakout has no ramp*/) {}

  // One randint(2) picks the start: (x 0, down-right) or (x 9, down-left), on row 3.
  void reset(Mt19937RandomState& rng);
  int act(Action action, Mt19937RandomState& rng);
  bool terminal() const { return state_.terminal; }
  void write_observation(float* obs) const;

  State& state() { return state_; }

 private:
  State state_;
};

}  // namespace ga3c::env::minatar
