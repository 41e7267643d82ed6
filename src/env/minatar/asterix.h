// MinAtar Asterix (Young & Tian 2019), as minatar 1.0.15's environments/asterix.py.
//
// The player moves in the 4 directions within rows 1..8. Enemies and gold enter from either
// side, at most one per lane (lane i is row i + 1), and cross the screen; touching gold gives +1
// and removes it, touching an enemy ends the episode. An entity spawns every spawn_speed + 1
// steps (spawn_speed from 10) and all move every move_speed + 1 steps (from 5). With ramping,
// every 102 steps the spawn speed drops by one and, on odd ramp indices, the move speed too.
// Channels: 0 player, 1 enemy, 2 trail (the cell behind each entity, when on screen), 3 gold.
#pragma once

#include <array>

#include "env/minatar/minatar_game.h"
#include "env/minatar/mt19937_random_state.h"

namespace ga3c::env::minatar {

class Asterix {
 public:
  static constexpr const char* kName = "Asterix";
  static constexpr int kChannels = 4;
  static constexpr std::array<Action, 5> kMinimalActions{Action::kNoop, Action::kLeft, Action::kUp,
                                                         Action::kRight, Action::kDown};
  static constexpr int kNumLanes = 8;

  struct Entity {
    bool present = false;
    int x = 0;  // its row is its lane + 1
    bool moving_right = false;
    bool gold = false;
  };
  struct State {
    std::array<Entity, kNumLanes> lanes{};
    int player_x = 0, player_y = 0;
    int spawn_speed = 0, spawn_timer = 0;
    int move_speed = 0, move_timer = 0;
    int ramp_timer = 0, ramp_index = 0;
    bool terminal = false;
  };

  explicit Asterix(bool difficulty_ramping) : ramping_(difficulty_ramping) {}

  void reset(Mt19937RandomState& rng);
  int act(Action action, Mt19937RandomState& rng);
  bool terminal() const { return state_.terminal; }
  void write_observation(float* obs) const;

  State& state() { return state_; }

 private:
  // Draws rand() (side), rand() (gold with chance 1/3), then randint(free lanes) to pick a free
  // lane; randint(1) draws nothing, and with no free lane nothing spawns.
  void spawn_entity(Mt19937RandomState& rng);
  // Gold at the player's cell is collected (+1), an enemy there ends the episode.
  int touch(int lane);

  bool ramping_;
  State state_;
};

}  // namespace ga3c::env::minatar
