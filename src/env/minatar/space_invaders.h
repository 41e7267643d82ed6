// MinAtar Space Invaders (Young & Tian 2019), as minatar 1.0.15's environments/space_invaders.py.
//
// A cannon on the bottom row shoots upward (one shot per 5 steps) at a 4x6 block of aliens
// that moves sideways, and down one row whenever it reaches a side; each alien shot gives +1.
// The nearest alien column to the cannon fires every 10 steps. Aliens move every
// min(aliens left, interval) steps; a cleared wave respawns and, with ramping, the interval
// shrinks from 12 down to 6. The episode ends when an alien or enemy bullet reaches the cannon,
// or when the block must step down while an alien is on the bottom row.
// Channels: 0 cannon, 1 alien, 2 alien_left, 3 alien_right (the aliens again, in the channel of
// their direction), 4 friendly_bullet, 5 enemy_bullet. The game draws no random numbers.
// Kept quirk: stepping down rotates the block as np.roll does, so a bottom-row alien would wrap
// to the top row.
#pragma once

#include <array>
#include <cstdint>

#include "env/minatar/minatar_game.h"
#include "env/minatar/mt19937_random_state.h"

namespace ga3c::env::minatar {

class SpaceInvaders {
 public:
  static constexpr const char* kName = "SpaceInvaders";
  static constexpr int kChannels = 6;
  static constexpr std::array<Action, 4> kMinimalActions{Action::kNoop, Action::kLeft,
                                                         Action::kRight, Action::kFire};

  using Rows = std::array<uint16_t, kGridSize>;  // bit c of rows[r]: cell (r, c) is set
  struct State {
    int pos = 0;  // cannon column on row 9
    Rows aliens{}, friendly_bullets{}, enemy_bullets{};
    int alien_dir = 0;  // -1 left, +1 right
    int enemy_move_interval = 0;
    int alien_move_timer = 0, alien_shot_timer = 0, shot_timer = 0;
    int ramp_index = 0;
    bool terminal = false;
  };

  explicit SpaceInvaders(bool difficulty_ramping) : ramping_(difficulty_ramping) {}

  void reset(Mt19937RandomState& rng);
  int act(Action action, Mt19937RandomState& rng);
  bool terminal() const { return state_.terminal; }
  void write_observation(float* obs) const;

  State& state() { return state_; }

 private:
  bool ramping_;
  State state_;
};

}  // namespace ga3c::env::minatar
