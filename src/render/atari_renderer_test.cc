#include "render/atari_renderer.h"

#include <gtest/gtest.h>

namespace ga3c::render {
namespace {

// A 3x2 screen whose pixels are their own index times two, as ALE's palette indices are even.
class FakeScreen : public env::HasScreen {
 public:
  FakeScreen() {
    for (int i = 0; i < 256; ++i) palette_[i] = 0x010203u * static_cast<uint32_t>(i);
  }
  int screen_width() const override { return 3; }
  int screen_height() const override { return 2; }
  void screen(uint8_t* out) const override {
    for (int i = 0; i < 6; ++i) out[i] = static_cast<uint8_t>(2 * i);
  }
  const std::array<uint32_t, 256>& screen_palette() const override { return palette_; }
  double screen_fps() const override { return 60.0; }

 private:
  std::array<uint32_t, 256> palette_{};
};

TEST(AtariRendererTest, DrawsTheScreenWithItsPalette) {
  FakeScreen screen;
  AtariRenderer renderer(screen, 4);
  EXPECT_EQ(renderer.width(), 3);
  EXPECT_EQ(renderer.height(), 2);
  EXPECT_DOUBLE_EQ(renderer.frame_delay_cs(), 100.0 * 4 / 60);  // 4 frames at 60 Hz: 6.7 cs
  ASSERT_EQ(renderer.palette().size(), 256u);
  EXPECT_EQ(renderer.palette()[10], (Rgb{10, 20, 30}));
  IndexedImage image;
  renderer.render(nullptr, image);
  EXPECT_EQ(image.pixels, (std::vector<uint8_t>{0, 2, 4, 6, 8, 10}));
  EXPECT_DOUBLE_EQ(AtariRenderer(screen, 1).frame_delay_cs(), 2);  // players slow anything faster
}

}  // namespace
}  // namespace ga3c::render
