#include "env/minatar/asterix.h"

#include <algorithm>

namespace ga3c::env::minatar {
namespace {
constexpr int kRampInterval = 100;
constexpr int kInitSpawnSpeed = 10;
constexpr int kInitMoveInterval = 5;
}  // namespace

void Asterix::reset(Mt19937RandomState& /*rng: nothing random*/) {
  state_ = State{};
  state_.player_x = 5;
  state_.player_y = 5;
  state_.spawn_speed = kInitSpawnSpeed;
  state_.spawn_timer = kInitSpawnSpeed;
  state_.move_speed = kInitMoveInterval;
  state_.move_timer = kInitMoveInterval;
  state_.ramp_timer = kRampInterval;
}

void Asterix::spawn_entity(Mt19937RandomState& rng) {
  const bool moving_right = rng.rand() < 0.5;
  const bool gold = rng.rand() < 1.0 / 3.0;
  std::array<int, kNumLanes> free_lanes;
  int num_free = 0;
  for (int lane = 0; lane < kNumLanes; ++lane) {
    if (!state_.lanes[lane].present) free_lanes[num_free++] = lane;
  }
  if (num_free == 0) return;
  const int lane = free_lanes[rng.randint(num_free)];
  state_.lanes[lane] = Entity{true, moving_right ? 0 : 9, moving_right, gold};
}

int Asterix::touch(int lane) {
  Entity& e = state_.lanes[lane];
  if (e.x != state_.player_x || lane + 1 != state_.player_y) return 0;
  if (!e.gold) {
    state_.terminal = true;
    return 0;
  }
  e.present = false;
  return 1;
}

int Asterix::act(Action action, Mt19937RandomState& rng) {
  State& s = state_;
  if (s.terminal) return 0;
  int reward = 0;
  if (s.spawn_timer == 0) {
    spawn_entity(rng);
    s.spawn_timer = s.spawn_speed;
  }
  if (action == Action::kLeft) {
    s.player_x = std::max(0, s.player_x - 1);
  } else if (action == Action::kRight) {
    s.player_x = std::min(9, s.player_x + 1);
  } else if (action == Action::kUp) {
    s.player_y = std::max(1, s.player_y - 1);
  } else if (action == Action::kDown) {
    s.player_y = std::min(8, s.player_y + 1);
  }

  for (int lane = 0; lane < kNumLanes; ++lane) {
    if (s.lanes[lane].present) reward += touch(lane);
  }
  if (s.move_timer == 0) {
    s.move_timer = s.move_speed;
    for (int lane = 0; lane < kNumLanes; ++lane) {
      Entity& e = s.lanes[lane];
      if (!e.present) continue;
      e.x += e.moving_right ? 1 : -1;
      if (e.x < 0 || e.x > 9) {
        e.present = false;
      } else {
        reward += touch(lane);
      }
    }
  }
  s.spawn_timer -= 1;
  s.move_timer -= 1;

  if (ramping_ && (s.spawn_speed > 1 || s.move_speed > 1)) {
    if (s.ramp_timer >= 0) {
      s.ramp_timer -= 1;
    } else {
      if (s.move_speed > 1 && s.ramp_index % 2 == 1) s.move_speed -= 1;
      if (s.spawn_speed > 1) s.spawn_speed -= 1;
      s.ramp_index += 1;
      s.ramp_timer = kRampInterval;
    }
  }
  return reward;
}

void Asterix::write_observation(float* obs) const {
  mark(obs, kChannels, state_.player_y, state_.player_x, 0);
  for (int lane = 0; lane < kNumLanes; ++lane) {
    const Entity& e = state_.lanes[lane];
    if (!e.present) continue;
    mark(obs, kChannels, lane + 1, e.x, e.gold ? 3 : 1);
    const int back_x = e.moving_right ? e.x - 1 : e.x + 1;
    if (back_x >= 0 && back_x <= 9) mark(obs, kChannels, lane + 1, back_x, 2);
  }
}

}  // namespace ga3c::env::minatar
