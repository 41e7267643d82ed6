// The Atari 2600 ROMs that ale-py 0.12.1 ships, by Gymnasium name: ALE/<name>-v5 plays the
// ROM file <rom>.bin, whose MD5 must be md5 (as ale_py.roms.get_rom_path checks it).
#pragma once

#include <string>
#include <vector>

namespace ga3c::env::ale {

struct RomInfo {
  const char* name;  // "SpaceInvaders": the game in ALE/<name>-v5
  const char* rom;   // "space_invaders": the file <rom>.bin
  const char* md5;   // lowercase hex MD5 of the file
  // A ROM without a single-player game (ALE refuses it; ale-py registers no id for it).
  bool multiplayer_only;
};

// All 108, sorted by rom.
const std::vector<RomInfo>& rom_table();

// The entry of ALE/<name>-v5, or nullptr.
const RomInfo* find_rom_by_name(const std::string& name);

}  // namespace ga3c::env::ale
