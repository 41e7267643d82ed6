#include "render/minatar_renderer.h"

#include <vector>

#include <gtest/gtest.h>

#include "render/cubehelix.h"

namespace ga3c::render {
namespace {

// seaborn.color_palette("cubehelix", 4) as MinAtar's display gets it (floats x 255, rounded).
TEST(Cubehelix, MatchesSeabornsFourColours) {
  const Palette expected = {{22, 61, 78}, {84, 121, 47}, {208, 126, 147}, {193, 202, 243}};
  EXPECT_EQ(cubehelix_palette(4), expected);
}

TEST(Cubehelix, RejectsAnEmptyPalette) {
  EXPECT_THROW(cubehelix_palette(0), std::invalid_argument);
}

TEST(MinAtarRenderer, DrawsTheHighestChannelOfEachCellAsASquare) {
  const int rows = 10, columns = 10, channels = 4;
  std::vector<float> obs(rows * columns * channels, 0.0f);
  auto set = [&](int r, int c, int ch) { obs[(r * columns + c) * channels + ch] = 1.0f; };
  set(0, 0, 0);  // channel 0 alone
  set(9, 3, 1);  // channels 1 and 3: 3 wins
  set(9, 3, 3);
  set(2, 7, 2);

  MinAtarRenderer renderer(rows, columns, channels, 20);
  ASSERT_EQ(renderer.width(), 200);
  ASSERT_EQ(renderer.height(), 200);
  ASSERT_EQ(renderer.palette().size(), 5u);
  EXPECT_EQ(renderer.palette()[0], (Rgb{0, 0, 0}));
  EXPECT_EQ(renderer.palette()[4], (Rgb{193, 202, 243}));

  IndexedImage image;
  renderer.render(obs.data(), image);
  ASSERT_EQ(image.width, 200);
  ASSERT_EQ(image.height, 200);
  EXPECT_EQ(image.at(0, 0), 1);
  EXPECT_EQ(image.at(19, 19), 1);
  EXPECT_EQ(image.at(20, 0), 0);    // the next cell to the right
  EXPECT_EQ(image.at(0, 20), 0);    // the next cell down
  EXPECT_EQ(image.at(60, 180), 4);  // row 9, column 3: x 60..79, y 180..199
  EXPECT_EQ(image.at(79, 199), 4);
  EXPECT_EQ(image.at(150, 45), 3);  // row 2, column 7
  EXPECT_EQ(image.at(100, 100), 0);
  int lit = 0;
  for (uint8_t p : image.pixels) lit += p != 0;
  EXPECT_EQ(lit, 3 * 400);
}

TEST(MinAtarRenderer, RejectsImpossibleGrids) {
  EXPECT_THROW(MinAtarRenderer(10, 10, 0), std::invalid_argument);
  EXPECT_THROW(MinAtarRenderer(10, 10, 256), std::invalid_argument);
  EXPECT_THROW(MinAtarRenderer(10, 10, 4, 0), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::render
