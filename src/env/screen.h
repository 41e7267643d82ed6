// An optional interface of environments that have a colour screen besides their observation
// (Atari): `ga3c eval --record` draws that screen instead of the observation.
#pragma once

#include <array>
#include <cstdint>

namespace ga3c::env {

class HasScreen {
 public:
  virtual ~HasScreen() = default;

  virtual int screen_width() const = 0;   // pixels
  virtual int screen_height() const = 0;  // pixels
  // The screen now, as screen_height() x screen_width() palette indices, row-major.
  virtual void screen(uint8_t* out) const = 0;
  // The colour of each index, 0x00RRGGBB.
  virtual const std::array<uint32_t, 256>& screen_palette() const = 0;
  // Emulator frames per second, for a picture's frame rate.
  virtual double screen_fps() const = 0;
};

}  // namespace ga3c::env
