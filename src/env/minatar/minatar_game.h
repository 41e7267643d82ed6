// What the five MinAtar games share: the action enum, the grid size and observation writing.
//
// A game class (Breakout, SpaceInvaders, Freeway, Asterix, Seaquest) models one `Env` class of
// the reference package `minatar` 1.0.15 (minatar/environments/<game>.py) and provides:
//   static constexpr const char* kName;     // "Breakout", as in the registry id
//   static constexpr int kChannels;         // C of the [10, 10, C] observation
//   static constexpr std::array<Action, N> kMinimalActions;  // the reference's minimal set
//   explicit Game(bool difficulty_ramping);
//   void reset(Mt19937RandomState&);        // draws exactly what the reference's reset() draws
//   int act(Action, Mt19937RandomState&);   // one reference act(): returns the reward; does
//                                           // nothing (and returns 0) once terminal
//   bool terminal() const;
//   void write_observation(float*) const;   // sets the ones of a zeroed observation
// Games draw from the generator the environment owns, in the reference's order, so that one
// seed reproduces the reference's whole trajectory.
#pragma once

#include <array>

namespace ga3c::env::minatar {

// The six actions every MinAtar game accepts, in the reference's index order.
enum class Action : int { kNoop = 0, kLeft = 1, kUp = 2, kRight = 3, kDown = 4, kFire = 5 };
inline constexpr int kNumActions = 6;
// Their names, by index (the reference's action letters n, l, u, r, d, f).
inline constexpr std::array<const char*, kNumActions> kActionNames = {"NOOP",  "LEFT", "UP",
                                                                      "RIGHT", "DOWN", "FIRE"};

// Observations are kGridSize x kGridSize x C, row 0 at the top, column 0 on the left.
inline constexpr int kGridSize = 10;

// Sets cell (row, col) of one channel in a row-major [10, 10, channels] float observation.
inline void mark(float* obs, int channels, int row, int col, int channel) {
  obs[(row * kGridSize + col) * channels + channel] = 1.0f;
}

// Sets every cell of one channel whose bit is set in rows[r] (bit c is column c).
template <class Rows>
void mark_rows(float* obs, int channels, const Rows& rows, int channel) {
  for (int r = 0; r < kGridSize; ++r) {
    for (unsigned bits = rows[r]; bits != 0; bits &= bits - 1) {
      mark(obs, channels, r, __builtin_ctz(bits), channel);
    }
  }
}

}  // namespace ga3c::env::minatar
