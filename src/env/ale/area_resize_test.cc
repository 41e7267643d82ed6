#include "env/ale/area_resize.h"

#include <cmath>
#include <random>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace ga3c::env::ale {
namespace {

std::vector<uint8_t> resized(const std::vector<uint8_t>& image, int rows, int cols, int dst_rows,
                             int dst_cols) {
  AreaResize resize(rows, cols, dst_rows, dst_cols);
  resize.set_source(image.data());
  std::vector<uint8_t> out(static_cast<std::size_t>(dst_rows) * dst_cols);
  resize.resize(out.data());
  return out;
}

// 5x5 -> 2x2, ratio 2.5 both ways: output 0 covers source 0, 1 and half of 2 (weights 0.4,
// 0.4, 0.2), output 1 the other half of 2, then 3 and 4 (0.2, 0.4, 0.4).
TEST(AreaResizeTest, WeightsAreTheOverlapsOverTheCellArea) {
  std::vector<uint8_t> image(25, 0);
  image[2 * 5 + 2] = 250;  // the centre, shared by all four outputs: 250 x 0.2 x 0.2
  EXPECT_EQ(resized(image, 5, 5, 2, 2), (std::vector<uint8_t>{10, 10, 10, 10}));
  image.assign(25, 0);
  image[0] = 250;  // a corner, wholly in output (0, 0): 250 x 0.4 x 0.4
  EXPECT_EQ(resized(image, 5, 5, 2, 2), (std::vector<uint8_t>{40, 0, 0, 0}));
  image.assign(25, 0);
  image[2] = 250;  // row 0, column 2: in outputs (0, 0) and (0, 1), 250 x 0.4 x 0.2 each
  EXPECT_EQ(resized(image, 5, 5, 2, 2), (std::vector<uint8_t>{20, 20, 0, 0}));
  image.assign(25, 200);
  image[4 * 5 + 4] = 0;  // 200 less 200 x 0.4 x 0.4 in output (1, 1)
  EXPECT_EQ(resized(image, 5, 5, 2, 2), (std::vector<uint8_t>{200, 200, 200, 168}));
}

TEST(AreaResizeTest, FlatImagesStayFlat) {
  for (int level : {0, 1, 77, 128, 254, 255}) {
    const std::vector<uint8_t> out =
        resized(std::vector<uint8_t>(210 * 160, static_cast<uint8_t>(level)), 210, 160, 84, 84);
    for (uint8_t v : out) ASSERT_EQ(v, level);
  }
}

// Against the area average in double precision: OpenCV's float sums can only round it the
// other way where it is within a hair of .5.
TEST(AreaResizeTest, RandomSizesStayWithinOneOfTheExactAverage) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const int rows = 1 + static_cast<int>(rng() % 250), cols = 1 + static_cast<int>(rng() % 250);
    const int dst_rows = 1 + static_cast<int>(rng() % rows);
    const int dst_cols = 1 + static_cast<int>(rng() % cols);
    if (rows % dst_rows == 0 && cols % dst_cols == 0) continue;
    std::vector<uint8_t> image(static_cast<std::size_t>(rows) * cols);
    for (auto& v : image) v = static_cast<uint8_t>(rng());
    const std::vector<uint8_t> out = resized(image, rows, cols, dst_rows, dst_cols);
    const double sy = static_cast<double>(rows) / dst_rows,
                 sx = static_cast<double>(cols) / dst_cols;
    for (int e = 0; e < dst_rows; ++e) {
      for (int d = 0; d < dst_cols; ++d) {
        double sum = 0.0;
        for (int r = 0; r < rows; ++r) {
          const double wy =
              std::max(0.0, std::min(r + 1.0, (e + 1) * sy) - std::max(r + 0.0, e * sy));
          if (wy == 0.0) continue;
          for (int c = 0; c < cols; ++c) {
            const double wx =
                std::max(0.0, std::min(c + 1.0, (d + 1) * sx) - std::max(c + 0.0, d * sx));
            sum += wy * wx * image[static_cast<std::size_t>(r) * cols + c];
          }
        }
        ASSERT_NEAR(out[static_cast<std::size_t>(e) * dst_cols + d], sum / (sy * sx), 1.0)
            << rows << "x" << cols << " -> " << dst_rows << "x" << dst_cols << " at " << e << ", "
            << d;
      }
    }
  }
}

TEST(AreaResizeTest, SourceIsHeldColumnByColumn) {
  AreaResize resize(210, 160, 84, 84);
  std::vector<uint8_t> image(210 * 160);
  for (std::size_t i = 0; i < image.size(); ++i) image[i] = static_cast<uint8_t>(i * 7);
  resize.set_source(image.data());
  EXPECT_GE(resize.stride(), 210u);
  EXPECT_EQ(resize.source()[3 * resize.stride() + 5], image[5 * 160 + 3]);
  EXPECT_EQ(resize.source()[159 * resize.stride() + 209], image[209 * 160 + 159]);
}

TEST(AreaResizeTest, RefusesUpscalingAndIntegerRatios) {
  EXPECT_THROW(AreaResize(84, 84, 210, 160), std::invalid_argument);
  EXPECT_THROW(AreaResize(210, 160, 0, 84), std::invalid_argument);
  EXPECT_THROW(AreaResize(168, 168, 84, 84), std::invalid_argument);  // 2 and 2
  EXPECT_NO_THROW(AreaResize(168, 160, 84, 84));                      // 2 and 1.90...
}

}  // namespace
}  // namespace ga3c::env::ale
