#include "env/minatar/space_invaders.h"

#include <algorithm>

namespace ga3c::env::minatar {
namespace {
constexpr int kShotCoolDown = 5;
constexpr int kEnemyMoveInterval = 12;
constexpr int kEnemyShotInterval = 10;
constexpr int kMinEnemyMoveInterval = 6;
constexpr uint16_t kFullRow = (1u << kGridSize) - 1;
constexpr uint16_t kWaveColumns = 0b0011111100;  // columns 2..7

void spawn_wave(SpaceInvaders::Rows& aliens) {
  for (int r = 0; r < 4; ++r) aliens[r] = kWaveColumns;
}

int count(const SpaceInvaders::Rows& rows) {
  int n = 0;
  for (uint16_t r : rows) n += __builtin_popcount(r);
  return n;
}

bool column_occupied(const SpaceInvaders::Rows& rows, int col) {
  return std::any_of(rows.begin(), rows.end(), [col](uint16_t r) { return r & (1u << col); });
}

// The lowest row holding an alien in col, which must hold one.
int lowest_in_column(const SpaceInvaders::Rows& rows, int col) {
  int row = kGridSize - 1;
  while (!(rows[row] & (1u << col))) --row;
  return row;
}
}  // namespace

void SpaceInvaders::reset(Mt19937RandomState& /*rng: nothing random*/) {
  state_ = State{};
  state_.pos = 5;
  spawn_wave(state_.aliens);
  state_.alien_dir = -1;
  state_.enemy_move_interval = kEnemyMoveInterval;
  state_.alien_move_timer = kEnemyMoveInterval;
  state_.alien_shot_timer = kEnemyShotInterval;
}

int SpaceInvaders::act(Action action, Mt19937RandomState& /*rng: nothing random*/) {
  State& s = state_;
  if (s.terminal) return 0;
  const uint16_t cannon = static_cast<uint16_t>(1u << s.pos);
  if (action == Action::kFire && s.shot_timer == 0) {
    s.friendly_bullets[9] |= cannon;
    s.shot_timer = kShotCoolDown;
  } else if (action == Action::kLeft) {
    s.pos = std::max(0, s.pos - 1);
  } else if (action == Action::kRight) {
    s.pos = std::min(9, s.pos + 1);
  }
  const uint16_t cannon_now = static_cast<uint16_t>(1u << s.pos);

  // Friendly bullets rise one row and leave at the top; enemy bullets fall and leave at the bottom.
  std::copy(s.friendly_bullets.begin() + 1, s.friendly_bullets.end(), s.friendly_bullets.begin());
  s.friendly_bullets[9] = 0;
  std::copy_backward(s.enemy_bullets.begin(), s.enemy_bullets.end() - 1, s.enemy_bullets.end());
  s.enemy_bullets[0] = 0;
  if (s.enemy_bullets[9] & cannon_now) s.terminal = true;

  if (s.aliens[9] & cannon_now) s.terminal = true;
  if (s.alien_move_timer == 0) {
    s.alien_move_timer = std::min(count(s.aliens), s.enemy_move_interval);
    if ((s.alien_dir < 0 && column_occupied(s.aliens, 0)) ||
        (s.alien_dir > 0 && column_occupied(s.aliens, 9))) {
      s.alien_dir = -s.alien_dir;
      if (s.aliens[9] != 0) s.terminal = true;
      std::rotate(s.aliens.rbegin(), s.aliens.rbegin() + 1, s.aliens.rend());
    } else {
      for (uint16_t& r : s.aliens) {
        r = s.alien_dir > 0 ? static_cast<uint16_t>(((r << 1) | (r >> 9)) & kFullRow)
                            : static_cast<uint16_t>((r >> 1) | ((r & 1u) << 9));
      }
    }
    if (s.aliens[9] & cannon_now) s.terminal = true;
  }
  if (s.alien_shot_timer == 0) {
    s.alien_shot_timer = kEnemyShotInterval;
    // Columns by distance from the cannon, the left one first on a tie; the wave is never empty
    // here because a cleared wave respawns at the end of the step that cleared it.
    for (int d = 0; d < kGridSize; ++d) {
      const int left = s.pos - d, right = s.pos + d;
      const int col = left >= 0 && column_occupied(s.aliens, left)     ? left
                      : right <= 9 && column_occupied(s.aliens, right) ? right
                                                                       : -1;
      if (col >= 0) {
        s.enemy_bullets[lowest_in_column(s.aliens, col)] |= static_cast<uint16_t>(1u << col);
        break;
      }
    }
  }

  int reward = 0;
  for (int r = 0; r < kGridSize; ++r) {
    const uint16_t kills = s.aliens[r] & s.friendly_bullets[r];
    reward += __builtin_popcount(kills);
    s.aliens[r] &= static_cast<uint16_t>(~kills);
    s.friendly_bullets[r] &= static_cast<uint16_t>(~kills);
  }

  s.shot_timer -= s.shot_timer > 0;
  s.alien_move_timer -= 1;
  s.alien_shot_timer -= 1;
  if (count(s.aliens) == 0) {
    if (s.enemy_move_interval > kMinEnemyMoveInterval && ramping_) {
      s.enemy_move_interval -= 1;
      s.ramp_index += 1;
    }
    spawn_wave(s.aliens);
  }
  return reward;
}

void SpaceInvaders::write_observation(float* obs) const {
  mark(obs, kChannels, 9, state_.pos, 0);
  mark_rows(obs, kChannels, state_.aliens, 1);
  mark_rows(obs, kChannels, state_.aliens, state_.alien_dir < 0 ? 2 : 3);
  mark_rows(obs, kChannels, state_.friendly_bullets, 4);
  mark_rows(obs, kChannels, state_.enemy_bullets, 5);
}

}  // namespace ga3c::env::minatar
