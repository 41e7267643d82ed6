#include "env/minatar/freeway.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env::minatar {
namespace {

class FreewayTest : public ::testing::Test {
 protected:
  void SetUp() override { game.reset(rng); }
  float cell(int row, int col, int channel) {
    std::fill(obs.begin(), obs.end(), 0.0f);
    game.write_observation(obs.data());
    return obs[(row * 10 + col) * Freeway::kChannels + channel];
  }

  Mt19937RandomState rng{7};
  Freeway game{true};
  Freeway::State& s = game.state();
  std::vector<float> obs = std::vector<float>(10 * 10 * Freeway::kChannels);
};

TEST_F(FreewayTest, ResetDrawsTheReferencesSpeeds) {
  // The reference's cars after seed(7) and reset(): randint(1, 6, 8) then sign(rand(8) - 0.5).
  const int expected[] = {-5, -2, -4, 4, 5, -2, -1, -2};
  for (int i = 0; i < Freeway::kNumCars; ++i) {
    EXPECT_EQ(s.cars[i].speed, expected[i]) << i;
    EXPECT_EQ(s.cars[i].timer, std::abs(expected[i])) << i;
    EXPECT_EQ(s.cars[i].x, 0);
    EXPECT_EQ(s.cars[i].y, i + 1);
  }
  EXPECT_EQ(cell(9, 4, 0), 1.0f);  // chicken
  EXPECT_EQ(cell(1, 0, 1), 1.0f);  // car of lane 1...
  EXPECT_EQ(cell(1, 1, 6), 1.0f);  // ...moving left at speed 5: its trail is to its right
  EXPECT_EQ(cell(4, 9, 5), 1.0f);  // lane 4 moves right at speed 4: trail wraps to column 9
}

TEST_F(FreewayTest, ReachingTheTopPaysOneAndRedrawsTheSpeeds) {
  s.pos = 1;
  s.move_timer = 0;
  const auto before = s.cars;
  EXPECT_EQ(game.act(Action::kUp, rng), 1);
  EXPECT_EQ(s.pos, 9);
  EXPECT_EQ(s.move_timer, 2);  // 3, less this step
  bool redrawn = false;
  for (int i = 0; i < Freeway::kNumCars; ++i) redrawn |= s.cars[i].speed != before[i].speed;
  EXPECT_TRUE(redrawn);
}

TEST_F(FreewayTest, ChickenMovesOnlyEveryThirdStep) {
  EXPECT_EQ(s.move_timer, 3);
  for (int t = 0; t < 3; ++t) game.act(Action::kUp, rng);
  EXPECT_EQ(s.pos, 9);
  game.act(Action::kUp, rng);
  EXPECT_EQ(s.pos, 8);
  game.act(Action::kUp, rng);
  EXPECT_EQ(s.pos, 8);
}

TEST_F(FreewayTest, CarHitSendsTheChickenBack) {
  s.pos = 5;
  s.cars[4] = Freeway::Car{3, 5, 0, 1};  // lane 5, moves right into column 4 this step
  game.act(Action::kNoop, rng);
  EXPECT_EQ(s.cars[4].x, 4);
  EXPECT_EQ(s.pos, 9);
}

TEST_F(FreewayTest, GameEndsAfter2501Steps) {
  for (int t = 1; t <= 2500; ++t) {
    game.act(Action::kNoop, rng);
    ASSERT_FALSE(game.terminal()) << t;
  }
  game.act(Action::kNoop, rng);
  EXPECT_TRUE(game.terminal());
}

}  // namespace
}  // namespace ga3c::env::minatar
