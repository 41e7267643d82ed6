// MinAtar's [H, W, C] boolean grid as MinAtar's own display shows it: each cell a square of
// cell_pixels, black where no channel is on, else the colour of the highest channel on, colour
// c being cubehelix_palette(C)[c] (palette index c + 1; index 0 is black).
#pragma once

#include "render/renderer.h"

namespace ga3c::render {

class MinAtarRenderer : public Renderer {
 public:
  // rows, columns, channels >= 1, channels <= 255, cell_pixels >= 1; throws
  // std::invalid_argument otherwise.
  MinAtarRenderer(int rows, int columns, int channels, int cell_pixels = 20);

  int width() const override { return columns_ * cell_; }
  int height() const override { return rows_ * cell_; }
  const Palette& palette() const override { return palette_; }
  double frame_delay_cs() const override { return 10; }  // MinAtar's games move a cell a step
  // observation: [rows, columns, channels] float32, a channel is on when > 0.5.
  void render(const float* observation, IndexedImage& out) const override;

 private:
  int rows_;
  int columns_;
  int channels_;
  int cell_;
  Palette palette_;
};

}  // namespace ga3c::render
