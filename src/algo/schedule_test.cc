#include "algo/schedule.h"

#include <stdexcept>

#include <gtest/gtest.h>

namespace ga3c::algo {
namespace {

// Hand values: an entropy weight annealed 0.01 -> 0.001 over 5M frames.
TEST(Schedule, LinearMovesFromStartToEndAndHolds) {
  EXPECT_FLOAT_EQ(scheduled(Schedule::kLinear, 0.01f, 0.001f, 0, 5'000'000), 0.01f);
  EXPECT_FLOAT_EQ(scheduled(Schedule::kLinear, 0.01f, 0.001f, 2'000'000, 5'000'000), 0.0064f);
  EXPECT_FLOAT_EQ(scheduled(Schedule::kLinear, 0.01f, 0.001f, 5'000'000, 5'000'000), 0.001f);
  EXPECT_FLOAT_EQ(scheduled(Schedule::kLinear, 0.01f, 0.001f, 9'000'000, 5'000'000), 0.001f);
  EXPECT_FLOAT_EQ(scheduled(Schedule::kLinear, 0.001f, 0.01f, 1'000'000, 2'000'000), 0.0055f);
}

TEST(Schedule, ConstantOrNoBudgetKeepsTheStart) {
  EXPECT_EQ(scheduled(Schedule::kConstant, 0.01f, 0.0f, 4'000'000, 5'000'000), 0.01f);
  EXPECT_EQ(scheduled(Schedule::kLinear, 0.01f, 0.0f, 4'000'000, 0), 0.01f);
}

TEST(Schedule, LrAnnealsToZero) {
  EXPECT_FLOAT_EQ(lr_at(Schedule::kLinear, 7e-4f, 2'500'000, 10'000'000), 5.25e-4f);
  EXPECT_EQ(lr_at(Schedule::kLinear, 7e-4f, 12'000'000, 10'000'000), 0.0f);
  EXPECT_EQ(lr_at(Schedule::kConstant, 7e-4f, 12'000'000, 10'000'000), 7e-4f);
}

TEST(Schedule, UnknownNameNamesTheFlag) {
  EXPECT_EQ(parse_schedule("linear", "--entropy-schedule"), Schedule::kLinear);
  try {
    parse_schedule("cosine", "--entropy-schedule");
    FAIL() << "no throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "unknown --entropy-schedule 'cosine'; use constant or linear");
  }
}

}  // namespace
}  // namespace ga3c::algo
