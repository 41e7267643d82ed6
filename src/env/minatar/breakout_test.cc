#include "env/minatar/breakout.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env::minatar {
namespace {

constexpr uint16_t kFullRow = 0x3FF;

class BreakoutTest : public ::testing::Test {
 protected:
  void SetUp() override { game.reset(rng); }
  float cell(int row, int col, int channel) {
    std::fill(obs.begin(), obs.end(), 0.0f);
    game.write_observation(obs.data());
    return obs[(row * 10 + col) * Breakout::kChannels + channel];
  }

  Mt19937RandomState rng{7};
  Breakout game{true};
  Breakout::State& s = game.state();
  std::vector<float> obs = std::vector<float>(10 * 10 * Breakout::kChannels);
};

TEST_F(BreakoutTest, ResetStartsWhereRandintSays) {
  // RandomState(7).randint(2) is 1: the ball starts on the right edge of row 3, going down-left.
  EXPECT_EQ(s.ball_x, 9);
  EXPECT_EQ(s.ball_y, 3);
  EXPECT_EQ(s.ball_dir, 3);
  EXPECT_EQ(s.paddle, 4);
  EXPECT_EQ(s.bricks, (std::array<uint16_t, 10>{0, kFullRow, kFullRow, kFullRow}));
  EXPECT_EQ(cell(9, 4, 0), 1.0f);  // paddle
  EXPECT_EQ(cell(3, 9, 1), 1.0f);  // ball
  EXPECT_EQ(cell(3, 9, 2), 1.0f);  // trail starts under the ball
  EXPECT_EQ(cell(2, 0, 3), 1.0f);  // brick
  EXPECT_EQ(cell(4, 0, 3), 0.0f);
}

TEST_F(BreakoutTest, BreakingABrickPaysOneAndBouncesBack) {
  s.ball_x = 4;
  s.ball_y = 4;
  s.ball_dir = 1;  // up-right, into the brick at row 3, column 5
  EXPECT_EQ(game.act(Action::kNoop, rng), 1);
  EXPECT_EQ(s.bricks[3], kFullRow & ~(1u << 5));
  EXPECT_EQ(s.ball_x, 5);
  EXPECT_EQ(s.ball_y, 4);    // stays on its row
  EXPECT_EQ(s.ball_dir, 2);  // now down-right
  EXPECT_TRUE(s.strike);
  EXPECT_EQ(cell(3, 5, 3), 0.0f);
  EXPECT_EQ(game.act(Action::kNoop, rng), 0);
  EXPECT_EQ(s.ball_x, 6);
  EXPECT_EQ(s.ball_y, 5);
  EXPECT_FALSE(s.strike);
}

TEST_F(BreakoutTest, StrikeFlagLetsTheBallIntoABrickUnbroken) {
  s.ball_x = 5;
  s.ball_y = 4;
  s.ball_dir = 0;  // up-left, into the brick at row 3, column 4
  s.strike = true;
  EXPECT_EQ(game.act(Action::kNoop, rng), 0);
  EXPECT_EQ(s.ball_x, 4);
  EXPECT_EQ(s.ball_y, 3);
  EXPECT_EQ(s.bricks[3], kFullRow);
  EXPECT_TRUE(s.strike);
  EXPECT_EQ(cell(3, 4, 1), 1.0f);
  EXPECT_EQ(cell(3, 4, 3), 1.0f);
}

TEST_F(BreakoutTest, PaddleCornerSendsTheBallBack) {
  s.ball_x = 3;
  s.ball_y = 8;
  s.ball_dir = 2;  // down-right, landing at column 4 where the paddle is
  EXPECT_EQ(game.act(Action::kNoop, rng), 0);
  EXPECT_FALSE(s.terminal);
  EXPECT_EQ(s.ball_x, 4);
  EXPECT_EQ(s.ball_y, 8);
  EXPECT_EQ(s.ball_dir, 0);  // up-left, back the way it came
}

TEST_F(BreakoutTest, ClearedWallReappearsWhenTheBallReachesTheBottom) {
  s.bricks = {};
  s.ball_x = 3;
  s.ball_y = 8;
  s.ball_dir = 3;  // down-left, over the paddle
  s.paddle = 3;
  game.act(Action::kNoop, rng);
  EXPECT_EQ(s.ball_dir, 0);
  EXPECT_EQ(s.bricks, (std::array<uint16_t, 10>{0, kFullRow, kFullRow, kFullRow}));
}

TEST_F(BreakoutTest, MissingTheBallEndsTheGame) {
  s.ball_x = 3;
  s.ball_y = 8;
  s.ball_dir = 2;
  s.paddle = 5;
  EXPECT_EQ(game.act(Action::kRight, rng), 0);
  EXPECT_TRUE(game.terminal());
  EXPECT_EQ(s.ball_y, 9);
  EXPECT_EQ(game.act(Action::kLeft, rng), 0);  // nothing moves once over
  EXPECT_EQ(s.paddle, 6);
}

}  // namespace
}  // namespace ga3c::env::minatar
