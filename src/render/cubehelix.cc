#include "render/cubehelix.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace ga3c::render {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kTableSize = 256;  // matplotlib's colormap resolution

// One colour channel of the helix at x in [0, 1], with the channel's two projection weights.
double helix(double x, double p0, double p1) {
  const double amplitude = x * (1 - x) / 2;  // hue 1, gamma 1
  const double angle = 2 * kPi * (0.5 / 3 + -1.5 * x);
  return std::clamp(x + amplitude * (p0 * std::cos(angle) + p1 * std::sin(angle)), 0.0, 1.0);
}

uint8_t to_byte(double v) { return static_cast<uint8_t>(std::lround(v * 255)); }

}  // namespace

Palette cubehelix_palette(int n) {
  if (n < 1)
    throw std::invalid_argument("a palette needs at least 1 colour, got " + std::to_string(n));
  Palette palette;
  for (int i = 1; i <= n; ++i) {
    // The colormap looks up table entry floor(x * 256), which holds the helix at entry / 255.
    const double x = static_cast<double>(i) / (n + 1);
    const int entry = std::min(static_cast<int>(x * kTableSize), kTableSize - 1);
    const double t = static_cast<double>(entry) / (kTableSize - 1);
    palette.push_back({to_byte(helix(t, -0.14861, 1.78277)), to_byte(helix(t, -0.29227, -0.90649)),
                       to_byte(helix(t, 1.97294, 0.0))});
  }
  return palette;
}

}  // namespace ga3c::render
