#include "env/minatar/breakout.h"

#include <algorithm>

namespace ga3c::env::minatar {
namespace {
constexpr uint16_t kFullRow = (1u << kGridSize) - 1;
constexpr int kDx[4] = {-1, 1, 1, -1};
constexpr int kDy[4] = {-1, -1, 1, 1};
// New direction after a bounce off a side wall, off the top or a brick, and off the paddle's
// corner (the ball comes back the way it came).
constexpr int kSideBounce[4] = {1, 0, 3, 2};
constexpr int kVerticalBounce[4] = {3, 2, 1, 0};
constexpr int kCornerBounce[4] = {2, 3, 0, 1};

void fill_brick_rows(std::array<uint16_t, kGridSize>& bricks) {
  bricks[1] = bricks[2] = bricks[3] = kFullRow;
}
}  // namespace

void Breakout::reset(Mt19937RandomState& rng) {
  const bool from_right = rng.randint(2) == 1;
  state_ = State{};
  state_.ball_y = 3;
  state_.ball_x = from_right ? 9 : 0;
  state_.ball_dir = from_right ? 3 : 2;
  state_.paddle = 4;
  fill_brick_rows(state_.bricks);
  state_.last_x = state_.ball_x;
  state_.last_y = state_.ball_y;
}

int Breakout::act(Action action, Mt19937RandomState& /*rng: Breakout only draws at reset*/) {
  State& s = state_;
  if (s.terminal) return 0;
  int reward = 0;
  if (action == Action::kLeft) {
    s.paddle = std::max(0, s.paddle - 1);
  } else if (action == Action::kRight) {
    s.paddle = std::min(9, s.paddle + 1);
  }

  s.last_x = s.ball_x;
  s.last_y = s.ball_y;
  int new_x = s.ball_x + kDx[s.ball_dir];
  int new_y = s.ball_y + kDy[s.ball_dir];
  bool hit_brick = false;
  if (new_x < 0 || new_x > 9) {
    new_x = std::clamp(new_x, 0, 9);
    s.ball_dir = kSideBounce[s.ball_dir];
  }
  if (new_y < 0) {
    new_y = 0;
    s.ball_dir = kVerticalBounce[s.ball_dir];
  } else if (s.bricks[new_y] & (1u << new_x)) {
    hit_brick = true;
    if (!s.strike) {
      reward = 1;
      s.strike = true;
      s.bricks[new_y] &= static_cast<uint16_t>(~(1u << new_x));
      new_y = s.last_y;
      s.ball_dir = kVerticalBounce[s.ball_dir];
    }
  } else if (new_y == 9) {
    if (std::all_of(s.bricks.begin(), s.bricks.end(), [](uint16_t r) { return r == 0; })) {
      fill_brick_rows(s.bricks);
    }
    if (s.ball_x == s.paddle) {
      s.ball_dir = kVerticalBounce[s.ball_dir];
      new_y = s.last_y;
    } else if (new_x == s.paddle) {
      s.ball_dir = kCornerBounce[s.ball_dir];
      new_y = s.last_y;
    } else {
      s.terminal = true;
    }
  }
  if (!hit_brick) s.strike = false;
  s.ball_x = new_x;
  s.ball_y = new_y;
  return reward;
}

void Breakout::write_observation(float* obs) const {
  mark(obs, kChannels, 9, state_.paddle, 0);
  mark(obs, kChannels, state_.ball_y, state_.ball_x, 1);
  mark(obs, kChannels, state_.last_y, state_.last_x, 2);
  mark_rows(obs, kChannels, state_.bricks, 3);
}

}  // namespace ga3c::env::minatar
