// MinAtar Seaquest (Young & Tian 2019), as minatar 1.0.15's environments/seaquest.py.
//
// The player's two-cell submarine shoots sideways (one shot per 5 steps) at fish and enemy subs
// that enter from the sides of rows 1..8 (+1 per kill); enemy subs also shoot. Divers cross the
// screen; touching one picks it up (at most 6). Oxygen (200) drops by one per step below the
// surface; surfacing with at least one diver refills it and drops one diver, surfacing with 6
// drops all and pays oxygen * 10 / 200, and each surfacing ramps the difficulty up. The episode
// ends on contact with a fish, sub or enemy bullet, when oxygen runs out, or when surfacing
// without divers. Channels: 0 sub_front, 1 sub_back, 2 friendly_bullet, 3 trail, 4 enemy_bullet,
// 5 enemy_fish, 6 enemy_sub, 7 oxygen_guage, 8 diver_guage, 9 diver.
//
// Objects live in lists updated as the reference updates its Python lists: back to front, and
// `list.remove(x)` removes the first element EQUAL to x, so with an equal-valued earlier element
// the current one shifts down and is updated twice. Kept quirks: surfacing with 6 divers leaves
// the count at -1 (then -2, ... on later surfacings); enemy subs fire from their own cell; a sub
// removed this step (off screen or shot) still counts down and fires.
#pragma once

#include <array>
#include <vector>

#include "env/minatar/minatar_game.h"
#include "env/minatar/mt19937_random_state.h"

namespace ga3c::env::minatar {

class Seaquest {
 public:
  static constexpr const char* kName = "Seaquest";
  static constexpr int kChannels = 10;
  static constexpr std::array<Action, 6> kMinimalActions{
      Action::kNoop, Action::kLeft, Action::kUp, Action::kRight, Action::kDown, Action::kFire};

  // Equality compares every field, as Python compares the reference's lists.
  struct Bullet {
    int x = 0, y = 0;
    bool right = false;
    friend bool operator==(const Bullet& a, const Bullet& b) {
      return a.x == b.x && a.y == b.y && a.right == b.right;
    }
  };
  struct Mover {  // a fish or a diver
    int x = 0, y = 0;
    bool right = false;
    int move_timer = 0;
    friend bool operator==(const Mover& a, const Mover& b) {
      return a.x == b.x && a.y == b.y && a.right == b.right && a.move_timer == b.move_timer;
    }
  };
  struct Sub {
    int x = 0, y = 0;
    bool right = false;
    int move_timer = 0, shot_timer = 0;
    friend bool operator==(const Sub& a, const Sub& b) {
      return a.x == b.x && a.y == b.y && a.right == b.right && a.move_timer == b.move_timer &&
             a.shot_timer == b.shot_timer;
    }
  };
  struct State {
    int oxygen = 0, diver_count = 0;
    int sub_x = 0, sub_y = 0;
    bool sub_right = false;  // the player's sub faces right
    std::vector<Bullet> friendly_bullets, enemy_bullets;
    std::vector<Mover> fish, divers;
    std::vector<Sub> subs;
    int enemy_spawn_speed = 0, enemy_spawn_timer = 0, diver_spawn_timer = 0;
    int move_speed = 0, ramp_index = 0, shot_timer = 0;
    bool surface = false;  // already counted the current stay at the surface
    bool terminal = false;
  };

  explicit Seaquest(bool difficulty_ramping);

  void reset(Mt19937RandomState& rng);
  // Enemy spawn: rand() (side), rand() (sub with chance 1/3), randint(1, 9) (row), then maybe
  // nothing (an opposite-moving enemy in that row). Diver spawn: rand(), randint(1, 9).
  int act(Action action, Mt19937RandomState& rng);
  bool terminal() const { return state_.terminal; }
  void write_observation(float* obs) const;

  State& state() { return state_; }

 private:
  void spawn_enemy(Mt19937RandomState& rng);
  void spawn_diver(Mt19937RandomState& rng);
  int update_friendly_bullets();
  void update_divers();
  int update_subs();
  void update_enemy_bullets();
  int update_fish();
  int surface();
  bool at_player(int x, int y) const { return x == state_.sub_x && y == state_.sub_y; }

  bool ramping_;
  State state_;
};

}  // namespace ga3c::env::minatar
