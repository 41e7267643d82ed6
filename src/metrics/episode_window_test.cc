#include "metrics/episode_window.h"

#include <gtest/gtest.h>

namespace ga3c::metrics {
namespace {

TEST(EpisodeWindow, MeanOfTheLastNAndBestFullMean) {
  EpisodeWindow w(3);
  EXPECT_EQ(w.mean(), 0.0);
  w.add(1);
  w.add(2);
  EXPECT_DOUBLE_EQ(w.mean(), 1.5);
  EXPECT_FALSE(w.full());
  w.add(6);
  EXPECT_DOUBLE_EQ(w.mean(), 3.0);
  w.add(10);  // window 2, 6, 10
  EXPECT_DOUBLE_EQ(w.mean(), 6.0);
  w.add(0);  // window 6, 10, 0
  EXPECT_DOUBLE_EQ(w.mean(), 16.0 / 3);
  EXPECT_DOUBLE_EQ(w.best_full_mean(), 6.0);
  EXPECT_EQ(w.count(), 5);
}

}  // namespace
}  // namespace ga3c::metrics
