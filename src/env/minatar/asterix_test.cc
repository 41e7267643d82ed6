#include "env/minatar/asterix.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env::minatar {
namespace {

class AsterixTest : public ::testing::Test {
 protected:
  void SetUp() override { game.reset(rng); }
  float cell(int row, int col, int channel) {
    std::fill(obs.begin(), obs.end(), 0.0f);
    game.write_observation(obs.data());
    return obs[(row * 10 + col) * Asterix::kChannels + channel];
  }

  Mt19937RandomState rng{7};
  Asterix game{true};
  Asterix::State& s = game.state();
  std::vector<float> obs = std::vector<float>(10 * 10 * Asterix::kChannels);
};

TEST_F(AsterixTest, SpawnDrawsSideGoldAndLaneLikeTheReference) {
  // The reference after seed(7), reset(), spawn_timer = 0, act(0): an enemy in lane 3 (row 4)
  // entering on the left, moving right.
  s.spawn_timer = 0;
  game.act(Action::kNoop, rng);
  for (int lane = 0; lane < Asterix::kNumLanes; ++lane) {
    EXPECT_EQ(s.lanes[lane].present, lane == 3) << lane;
  }
  EXPECT_EQ(s.lanes[3].x, 0);
  EXPECT_TRUE(s.lanes[3].moving_right);
  EXPECT_FALSE(s.lanes[3].gold);
  EXPECT_EQ(cell(4, 0, 1), 1.0f);                                       // enemy
  for (int col = 0; col < 10; ++col) EXPECT_EQ(cell(4, col, 2), 0.0f);  // trail off screen
  EXPECT_EQ(s.spawn_timer, 9);  // spawn_speed 10, less this step
}

TEST_F(AsterixTest, TouchingGoldPaysOne) {
  s.lanes[4] = Asterix::Entity{true, 6, false, true};  // gold in row 5, next to the player
  EXPECT_EQ(cell(5, 6, 3), 1.0f);
  EXPECT_EQ(cell(5, 7, 2), 1.0f);  // trail behind it
  EXPECT_EQ(game.act(Action::kRight, rng), 1);
  EXPECT_FALSE(s.lanes[4].present);
  EXPECT_FALSE(game.terminal());
}

TEST_F(AsterixTest, TouchingAnEnemyEndsTheGame) {
  s.lanes[4] = Asterix::Entity{true, 6, false, false};
  EXPECT_EQ(game.act(Action::kRight, rng), 0);
  EXPECT_TRUE(game.terminal());
}

TEST_F(AsterixTest, EntitiesLeaveAtTheEdge) {
  s.lanes[0] = Asterix::Entity{true, 9, true, false};
  s.move_timer = 0;
  game.act(Action::kNoop, rng);
  EXPECT_FALSE(s.lanes[0].present);
  EXPECT_EQ(s.move_timer, 4);  // reset to move_speed 5, less this step
}

}  // namespace
}  // namespace ga3c::env::minatar
