#include "algo/sum_of_squares.h"

#include <vector>

#include <gtest/gtest.h>

namespace ga3c::algo {
namespace {

TEST(SumOfSquares, EmptyIsZero) { EXPECT_EQ(sum_of_squares(nullptr, 0), 0.0); }

TEST(SumOfSquares, SmallIntegersAreExact) {
  // 1 + 4 + ... + 121 = 11 * 12 * 23 / 6: lanes and tail (11 = 8 + 3) are both used.
  std::vector<float> x;
  for (int i = 1; i <= 11; ++i) x.push_back(static_cast<float>(i));
  EXPECT_EQ(sum_of_squares(x.data(), x.size()), 506.0);
}

TEST(SumOfSquares, SquaresInDoubleNotFloat) {
  // 16777217^2 is not a float, and 0.1f^2 in float loses what double keeps.
  const std::vector<float> x{16777216.0f, 0.1f};
  const double point_one = static_cast<double>(0.1f);
  EXPECT_EQ(sum_of_squares(x.data(), x.size()), 16777216.0 * 16777216.0 + point_one * point_one);
}

TEST(SumOfSquares, AddsEachLaneInOrderThenTheTail) {
  // Element i goes to lane i mod 8; 1e16 + 1 + 1 ... in one lane rounds each 1 away, while
  // the tail's ones sum to 3 before meeting it.
  std::vector<float> x(8 * 4 + 3, 0.0f);
  x[0] = 1e8f;  // 1e16 in lane 0
  for (std::size_t i = 8; i < 32; i += 8) x[i] = 1.0f;
  for (std::size_t i = 32; i < 35; ++i) x[i] = 1.0f;
  const double big = static_cast<double>(1e8f) * 1e8f;
  double lane0 = big;
  for (int j = 0; j < 3; ++j) lane0 += 1.0;
  EXPECT_EQ(sum_of_squares(x.data(), x.size()), 3.0 + lane0);
}

}  // namespace
}  // namespace ga3c::algo
