#include "render/atari_renderer.h"

#include <algorithm>

namespace ga3c::render {

AtariRenderer::AtariRenderer(const env::HasScreen& screen, int frames_per_step)
    : screen_(screen), delay_cs_(std::max(2.0, 100.0 * frames_per_step / screen.screen_fps())) {
  for (uint32_t rgb : screen.screen_palette()) {
    palette_.push_back(Rgb{static_cast<uint8_t>(rgb >> 16), static_cast<uint8_t>(rgb >> 8),
                           static_cast<uint8_t>(rgb)});
  }
}

void AtariRenderer::render(const float*, IndexedImage& out) const {
  if (out.width != width() || out.height != height()) out = IndexedImage(width(), height());
  screen_.screen(out.pixels.data());
}

}  // namespace ga3c::render
