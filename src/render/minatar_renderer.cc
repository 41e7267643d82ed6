#include "render/minatar_renderer.h"

#include "render/cubehelix.h"

namespace ga3c::render {

MinAtarRenderer::MinAtarRenderer(int rows, int columns, int channels, int cell_pixels)
    : rows_(rows), columns_(columns), channels_(channels), cell_(cell_pixels) {
  if (rows < 1 || columns < 1 || channels < 1 || channels > 255 || cell_pixels < 1) {
    throw std::invalid_argument(
        "a MinAtar picture needs rows, columns and cell pixels >= 1 and 1..255 channels, got " +
        std::to_string(rows) + "x" + std::to_string(columns) + "x" + std::to_string(channels) +
        " with " + std::to_string(cell_pixels) + " pixel cells");
  }
  palette_.push_back({0, 0, 0});
  for (const Rgb& c : cubehelix_palette(channels)) palette_.push_back(c);
}

void MinAtarRenderer::render(const float* observation, IndexedImage& out) const {
  out = IndexedImage(width(), height());
  for (int row = 0; row < rows_; ++row) {
    for (int column = 0; column < columns_; ++column) {
      const float* cell =
          observation + (static_cast<std::size_t>(row) * columns_ + column) * channels_;
      uint8_t colour = 0;
      for (int c = 0; c < channels_; ++c) {
        if (cell[c] > 0.5f) colour = static_cast<uint8_t>(c + 1);
      }
      for (int y = row * cell_; y < (row + 1) * cell_; ++y) {
        for (int x = column * cell_; x < (column + 1) * cell_; ++x) out.at(x, y) = colour;
      }
    }
  }
}

}  // namespace ga3c::render
