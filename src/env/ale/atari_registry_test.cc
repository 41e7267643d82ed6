#include "env/ale/atari_registry.h"

#include <gtest/gtest.h>

#include "env/ale/rom_table.h"
#include "env/registry.h"

namespace ga3c::env::ale {
namespace {

std::string error_of(const std::string& id) {
  try {
    make_env(id);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(AtariRegistryTest, TableHoldsTheWheelsRoms) {
  EXPECT_EQ(rom_table().size(), 108u);
  EXPECT_EQ(atari_env_ids().size(), 104u);
  EXPECT_STREQ(find_rom_by_name("SpaceInvaders")->rom, "space_invaders");
  EXPECT_STREQ(find_rom_by_name("TicTacToe3D")->rom, "tic_tac_toe_3d");  // Python's title()
  EXPECT_TRUE(find_rom_by_name("Warlords")->multiplayer_only);
  EXPECT_EQ(find_rom_by_name("Breakout-v5"), nullptr);
}

TEST(AtariRegistryTest, UnknownGameListsCloseNames) {
  const std::string e = error_of("ALE/Breakot-v5");
  EXPECT_NE(e.find("unknown Atari game 'Breakot'"), std::string::npos) << e;
  EXPECT_NE(e.find("ALE/Breakout-v5"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos);
  EXPECT_THROW(make_env("ALE/Breakot-v5"), UnknownEnvError);
}

TEST(AtariRegistryTest, OtherVersionsAreRefusedNamingV5) {
  const std::string e = error_of("ALE/Pong-v4");
  EXPECT_NE(e.find("use ALE/Pong-v5"), std::string::npos) << e;
}

TEST(AtariRegistryTest, UnknownIdSummaryNamesTheAtariFamily) {
  const std::string e = error_of("Pong");
  EXPECT_NE(e.find("ALE/<Game>-v5"), std::string::npos) << e;
}

TEST(AtariRegistryTest, WithoutAleAtariIdsSayHowToBuildItIn) {
  if (ale_available()) GTEST_SKIP() << "this build has ALE";
  EXPECT_THROW(make_env("ALE/Breakout-v5"), AleUnavailableError);
  EXPECT_NE(error_of("ALE/Breakout-v5").find("scripts/install-ale.sh"), std::string::npos);
}

}  // namespace
}  // namespace ga3c::env::ale
