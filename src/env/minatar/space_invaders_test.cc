#include "env/minatar/space_invaders.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env::minatar {
namespace {

constexpr uint16_t kWave = 0b0011111100;  // columns 2..7

class SpaceInvadersTest : public ::testing::Test {
 protected:
  void SetUp() override { game.reset(rng); }
  float cell(int row, int col, int channel) {
    std::fill(obs.begin(), obs.end(), 0.0f);
    game.write_observation(obs.data());
    return obs[(row * 10 + col) * SpaceInvaders::kChannels + channel];
  }

  Mt19937RandomState rng{0};
  SpaceInvaders game{true};
  SpaceInvaders::State& s = game.state();
  std::vector<float> obs = std::vector<float>(10 * 10 * SpaceInvaders::kChannels);
};

TEST_F(SpaceInvadersTest, ResetPutsTheWaveTopCentre) {
  EXPECT_EQ(s.aliens, (SpaceInvaders::Rows{kWave, kWave, kWave, kWave}));
  EXPECT_EQ(cell(9, 5, 0), 1.0f);  // cannon
  EXPECT_EQ(cell(0, 2, 1), 1.0f);  // alien
  EXPECT_EQ(cell(0, 2, 2), 1.0f);  // moving left
  EXPECT_EQ(cell(0, 2, 3), 0.0f);
}

TEST_F(SpaceInvadersTest, ShotReachesTheBottomAlienOnItsSixthStep) {
  EXPECT_EQ(game.act(Action::kFire, rng), 0);
  EXPECT_EQ(s.friendly_bullets[8], 1u << 5);  // fired from row 9, already risen one row
  EXPECT_EQ(cell(8, 5, 4), 1.0f);
  for (int t = 0; t < 4; ++t) EXPECT_EQ(game.act(Action::kNoop, rng), 0);
  EXPECT_EQ(s.friendly_bullets[4], 1u << 5);
  EXPECT_EQ(game.act(Action::kNoop, rng), 1);
  EXPECT_EQ(s.aliens[3], kWave & ~(1u << 5));
  EXPECT_EQ(s.friendly_bullets, SpaceInvaders::Rows{});
}

TEST_F(SpaceInvadersTest, NearestColumnFiresOnStepElevenAndHitsOnStepSeventeen) {
  for (int t = 1; t <= 10; ++t) game.act(Action::kNoop, rng);
  EXPECT_EQ(s.enemy_bullets, SpaceInvaders::Rows{});
  game.act(Action::kNoop, rng);
  EXPECT_EQ(s.enemy_bullets[3], 1u << 5);  // from the lowest alien above the cannon
  EXPECT_EQ(cell(3, 5, 5), 1.0f);
  for (int t = 12; t <= 16; ++t) {
    game.act(Action::kNoop, rng);
    EXPECT_FALSE(game.terminal()) << t;
  }
  game.act(Action::kNoop, rng);
  EXPECT_TRUE(game.terminal());
}

TEST_F(SpaceInvadersTest, ClearedWaveRespawnsFasterWithRamping) {
  for (bool ramping : {true, false}) {
    SpaceInvaders g(ramping);
    g.reset(rng);
    auto& st = g.state();
    st.aliens = {};
    st.aliens[0] = 1u << 5;
    st.friendly_bullets[1] = 1u << 5;  // rises into the last alien this step
    EXPECT_EQ(g.act(Action::kNoop, rng), 1);
    EXPECT_EQ(st.aliens, (SpaceInvaders::Rows{kWave, kWave, kWave, kWave}));
    EXPECT_EQ(st.enemy_move_interval, ramping ? 11 : 12);
    EXPECT_EQ(st.ramp_index, ramping ? 1 : 0);
  }
}

}  // namespace
}  // namespace ga3c::env::minatar
