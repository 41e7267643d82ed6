#include "render/renderer.h"

#include <gtest/gtest.h>

namespace ga3c::render {
namespace {

TEST(MakeRenderer, PicksTheDrawingByEnvironment) {
  const auto minatar = make_renderer("MinAtar/Seaquest-v1", {10, 10, 10});
  EXPECT_EQ(minatar->width(), 200);
  EXPECT_EQ(minatar->palette().size(), 11u);
  EXPECT_EQ(minatar->frame_delay_cs(), 10);
  const auto cartpole = make_renderer("CartPole-v1", {4});
  EXPECT_EQ(cartpole->width(), 300);
  EXPECT_EQ(cartpole->height(), 200);
  EXPECT_EQ(cartpole->frame_delay_cs(), 5);
}

TEST(MakeRenderer, RefusesObservationsWithoutAPicture) {
  try {
    make_renderer("Other/Game-v0", {84, 84, 4});  // an environment without a screen
    FAIL() << "expected NotRenderableError";
  } catch (const NotRenderableError& e) {
    EXPECT_STREQ(e.what(),
                 "cannot draw Other/Game-v0 (observation [84, 84, 4]): pictures exist for "
                 "MinAtar/*, CartPole-v1 and ALE/*");
  }
  EXPECT_THROW(make_renderer("CartPole-v1", {10, 10, 4}), NotRenderableError);
  EXPECT_THROW(make_renderer("MinAtar/Breakout-v1", {4}), NotRenderableError);
}

}  // namespace
}  // namespace ga3c::render
