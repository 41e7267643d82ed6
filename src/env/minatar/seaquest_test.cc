#include "env/minatar/seaquest.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env::minatar {
namespace {

using Bullet = Seaquest::Bullet;
using Mover = Seaquest::Mover;
using Sub = Seaquest::Sub;

class SeaquestTest : public ::testing::Test {
 protected:
  void SetUp() override { game.reset(rng); }
  float cell(int row, int col, int channel) {
    std::fill(obs.begin(), obs.end(), 0.0f);
    game.write_observation(obs.data());
    return obs[(row * 10 + col) * Seaquest::kChannels + channel];
  }

  Mt19937RandomState rng{0};
  Seaquest game{true};
  Seaquest::State& s = game.state();
  std::vector<float> obs = std::vector<float>(10 * 10 * Seaquest::kChannels);
};

TEST_F(SeaquestTest, ResetStartsAtTheSurfaceWithFullOxygen) {
  EXPECT_EQ(cell(0, 5, 0), 1.0f);  // front, facing left
  EXPECT_EQ(cell(0, 6, 1), 1.0f);  // back
  for (int col = 0; col < 10; ++col) EXPECT_EQ(cell(9, col, 7), 1.0f) << col;
  for (int col = 0; col < 10; ++col) EXPECT_EQ(cell(9, col, 8), 0.0f) << col;
}

TEST_F(SeaquestTest, ShotFishPaysOne) {
  s.sub_x = 5;
  s.sub_y = 4;
  s.sub_right = true;
  s.fish.push_back(Mover{7, 4, false, 3});
  EXPECT_EQ(game.act(Action::kFire, rng), 0);
  EXPECT_EQ(s.friendly_bullets, (std::vector<Bullet>{{6, 4, true}}));
  EXPECT_EQ(cell(4, 6, 2), 1.0f);
  EXPECT_EQ(cell(4, 7, 5), 1.0f);  // fish...
  EXPECT_EQ(cell(4, 8, 3), 1.0f);  // ...and its trail
  EXPECT_EQ(game.act(Action::kNoop, rng), 1);
  EXPECT_TRUE(s.fish.empty());
  EXPECT_TRUE(s.friendly_bullets.empty());
}

TEST_F(SeaquestTest, SubShotThisStepStillFiresFromItsCell) {
  s.sub_x = 1;
  s.sub_y = 7;
  s.friendly_bullets.push_back(Bullet{4, 4, true});
  s.subs.push_back(Sub{6, 4, false, 0, 0});  // moves onto the bullet, and its gun is ready
  EXPECT_EQ(game.act(Action::kNoop, rng), 1);
  EXPECT_TRUE(s.subs.empty());
  EXPECT_TRUE(s.friendly_bullets.empty());
  // Fired at (5, 4) where it died, then moved one cell with the other enemy bullets.
  EXPECT_EQ(s.enemy_bullets, (std::vector<Bullet>{{4, 4, false}}));
  EXPECT_EQ(cell(4, 4, 4), 1.0f);
}

TEST_F(SeaquestTest, SurfacingWithSixDiversPaysForOxygenAndLeavesMinusOne) {
  s.sub_y = 1;
  s.surface = false;
  s.diver_count = 6;
  s.oxygen = 100;
  EXPECT_EQ(cell(9, 3, 8), 1.0f);  // six divers fill columns 3..8
  EXPECT_EQ(cell(9, 2, 8), 0.0f);
  EXPECT_EQ(game.act(Action::kUp, rng), 5);  // 100 * 10 / 200
  EXPECT_EQ(s.diver_count, -1);
  EXPECT_EQ(s.oxygen, 200);
  EXPECT_EQ(s.enemy_spawn_speed, 19);  // ramped once; the move speed only on odd ramps
  EXPECT_EQ(s.move_speed, 5);
  EXPECT_EQ(s.ramp_index, 1);
  EXPECT_FALSE(game.terminal());
  for (int col = 0; col < 10; ++col) EXPECT_EQ(cell(9, col, 8), 0.0f) << col;
}

TEST_F(SeaquestTest, SurfacingWithOneDiverKeepsNoneAndWithoutDiversEndsTheGame) {
  s.sub_y = 1;
  s.surface = false;
  s.diver_count = 1;
  EXPECT_EQ(game.act(Action::kUp, rng), 0);
  EXPECT_EQ(s.diver_count, 0);
  EXPECT_FALSE(game.terminal());
  game.act(Action::kDown, rng);
  game.act(Action::kUp, rng);
  EXPECT_TRUE(game.terminal());
}

TEST_F(SeaquestTest, PickingUpADiverFillsTheGauge) {
  s.sub_y = 3;
  s.divers.push_back(Mover{4, 3, true, 2});
  game.act(Action::kLeft, rng);
  EXPECT_TRUE(s.divers.empty());
  EXPECT_EQ(s.diver_count, 1);
  EXPECT_EQ(cell(9, 8, 8), 1.0f);
}

TEST_F(SeaquestTest, RunningOutOfOxygenEndsTheGame) {
  s.sub_y = 5;
  s.oxygen = 1;
  game.act(Action::kNoop, rng);
  EXPECT_FALSE(game.terminal());
  EXPECT_EQ(s.oxygen, 0);
  game.act(Action::kNoop, rng);
  EXPECT_TRUE(game.terminal());
}

}  // namespace
}  // namespace ga3c::env::minatar
