#include "render/cartpole_renderer.h"

#include <cmath>

namespace ga3c::render {
namespace {

// Gymnasium's sizes in its 600x400 picture, halved.
constexpr double kCartWidth = 25;
constexpr double kCartHeight = 15;
constexpr double kPoleWidth = 5;
constexpr double kPoleLength = CartPoleRenderer::kPixelsPerMetre;  // 2 x the half-length 0.5 m
constexpr double kAxleAbove = kCartHeight / 4;
constexpr double kAxleRadius = kPoleWidth / 2;

}  // namespace

CartPoleRenderer::CartPoleRenderer()
    : palette_{{255, 255, 255}, {0, 0, 0}, {202, 152, 101}, {129, 132, 203}} {}

void CartPoleRenderer::render(const float* observation, IndexedImage& out) const {
  out = IndexedImage(kWidth, kHeight, kBackground);
  const double cart_x = observation[0] * kPixelsPerMetre + kWidth / 2.0;
  const double sin_theta = std::sin(observation[2]);
  const double cos_theta = std::cos(observation[2]);
  const double axle_y = kTrackY + kAxleAbove;
  const int track_row = kHeight - static_cast<int>(kTrackY);
  for (int row = 0; row < kHeight; ++row) {
    const double y = kHeight - row - 0.5;  // pixel centre, upwards from the bottom edge
    for (int column = 0; column < kWidth; ++column) {
      const double x = column + 0.5;
      uint8_t colour = row == track_row ? kCart : kBackground;
      if (std::abs(x - cart_x) <= kCartWidth / 2 && std::abs(y - kTrackY) <= kCartHeight / 2) {
        colour = kCart;
      }
      // The pixel in the pole's frame: `along` up the pole, `across` to its right.
      const double dx = x - cart_x;
      const double dy = y - axle_y;
      const double along = dx * sin_theta + dy * cos_theta;
      const double across = dx * cos_theta - dy * sin_theta;
      if (std::abs(across) <= kPoleWidth / 2 && along >= -kPoleWidth / 2 &&
          along <= kPoleLength - kPoleWidth / 2) {
        colour = kPole;
      }
      if (dx * dx + dy * dy <= kAxleRadius * kAxleRadius) colour = kAxle;
      out.at(column, row) = colour;
    }
  }
}

}  // namespace ga3c::render
