// Settings of the Atari environments (ALE/<Game>-v5) and their errors; no ALE header here, so
// every part of ga3c can name them whether or not this build has ALE.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace ga3c::env::ale {

// Defaults: Gymnasium's ALE/<Game>-v5 with AtariPreprocessing(noop_max=30, frame_skip=4).
struct AtariOptions {
  double sticky_action_prob = 0.25;      // v5's repeat_action_probability, in [0, 1]
  int frame_skip = 4;                    // emulator frames per step, >= 1
  int noop_max = 30;                     // no-op frames at reset: 1..noop_max; none when 0
  bool full_action_space = false;        // ALE's 18 actions instead of the game's minimal set
  int64_t max_episode_frames = 108'000;  // emulator frames before truncation; 0: none
  std::string rom_dir;                   // empty: $ALE_ROMS_DIR, else the built-in ROM folder
};

// A ROM folder or file that cannot be used; what() is one line naming it and the fix.
class RomError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// An ALE/ id asked of a ga3c built without ALE; what() says how to build it in.
class AleUnavailableError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace ga3c::env::ale
