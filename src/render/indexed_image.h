// A picture as palette indices, the form a GIF stores: one byte per pixel, row-major, row 0 at
// the top, each byte an index into a palette of at most 256 colours.
#pragma once

#include <cstdint>
#include <vector>

namespace ga3c::render {

struct Rgb {
  uint8_t r = 0;
  uint8_t g = 0;
  uint8_t b = 0;

  bool operator==(const Rgb& o) const { return r == o.r && g == o.g && b == o.b; }
  bool operator!=(const Rgb& o) const { return !(*this == o); }
};

using Palette = std::vector<Rgb>;  // at most 256 colours

struct IndexedImage {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels;  // [height, width] palette indices

  IndexedImage() = default;
  IndexedImage(int w, int h, uint8_t fill = 0)
      : width(w), height(h), pixels(static_cast<std::size_t>(w) * h, fill) {}

  uint8_t at(int x, int y) const { return pixels[static_cast<std::size_t>(y) * width + x]; }
  uint8_t& at(int x, int y) { return pixels[static_cast<std::size_t>(y) * width + x]; }
};

}  // namespace ga3c::render
