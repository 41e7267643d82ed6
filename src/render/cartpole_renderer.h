// CartPole's state drawn as Gymnasium's CartPole-v1 draws it, at half its 600x400 size: a black
// cart on a black track, a brown pole hinged on a blue axle, on white. The picture spans the
// cart positions that do not end an episode, [-2.4, 2.4] m, across its width.
#pragma once

#include "render/renderer.h"

namespace ga3c::render {

class CartPoleRenderer : public Renderer {
 public:
  // Palette indices of the picture's colours.
  static constexpr uint8_t kBackground = 0;  // white
  static constexpr uint8_t kCart = 1;        // black: the cart and the track
  static constexpr uint8_t kPole = 2;
  static constexpr uint8_t kAxle = 3;

  static constexpr int kWidth = 300;
  static constexpr int kHeight = 200;
  static constexpr double kPixelsPerMetre = kWidth / 4.8;
  static constexpr double kTrackY = 50;  // pixels above the bottom edge, the cart's centre

  CartPoleRenderer();

  int width() const override { return kWidth; }
  int height() const override { return kHeight; }
  const Palette& palette() const override { return palette_; }
  // The environment's own clock runs 2 cs a step; 5 lets the eye follow the pole.
  double frame_delay_cs() const override { return 5; }
  // observation: [4] float32 (cart position m, cart velocity, pole angle rad, pole angular
  // velocity); positive angles lean the pole to the right.
  void render(const float* observation, IndexedImage& out) const override;

 private:
  Palette palette_;
};

}  // namespace ga3c::render
