#include "algo/flat_optimizer.h"

#include <gtest/gtest.h>

namespace ga3c::algo {
namespace {

OptimizerConfig rmsprop(RmsPropStyle style) {
  OptimizerConfig c;
  c.kind = OptimizerKind::kRmsProp;
  c.rmsprop_style = style;
  return c;
}

TEST(FlatOptimizer, TfRmsPropFirstStep) {
  // ms = 0.99 * 1 + 0.01 * 1 = 1; update = 1e-3 / sqrt(1 + 0.1).
  FlatOptimizer opt(rmsprop(RmsPropStyle::kTf), 1);
  float w = 0.0f, g = 1.0f;
  opt.step(&w, &g, 1e-3f);
  EXPECT_NEAR(-w, 9.5346e-4f, 1e-8);
  EXPECT_FLOAT_EQ(opt.slots().first[0], 1.0f);
}

TEST(FlatOptimizer, TorchRmsPropFirstStep) {
  // ms = 0.01; update = 1e-3 / (sqrt(0.01) + 0.1) = 5e-3.
  FlatOptimizer opt(rmsprop(RmsPropStyle::kTorch), 1);
  float w = 0.0f, g = 1.0f;
  opt.step(&w, &g, 1e-3f);
  EXPECT_NEAR(-w, 5.000e-3f, 1e-8);
}

TEST(FlatOptimizer, RmsPropMomentumAccumulatesUpdates) {
  auto c = rmsprop(RmsPropStyle::kTf);
  c.rmsprop_momentum = 0.9;
  FlatOptimizer opt(c, 1);
  float w = 0.0f, g = 1.0f;
  opt.step(&w, &g, 1e-3f);
  opt.step(&w, &g, 1e-3f);
  // Both steps see ms = 1, so each raw update is 9.5346e-4; the second moves 1.9 times that.
  EXPECT_NEAR(-w, 9.5346e-4f * 2.9f, 1e-7);
}

TEST(FlatOptimizer, RmsPropWithoutMomentumAfterSlotsWithAnEmptyButAllocatedSecond) {
  // Restored slots whose empty momentum vector still owns storage: no momentum all the same.
  FlatOptimizer opt(rmsprop(RmsPropStyle::kTf), 1);
  OptimizerSlots slots = opt.slots();
  slots.second.reserve(4);
  ASSERT_NE(slots.second.data(), nullptr);
  opt.set_slots(std::move(slots));
  float w = 0.0f, g = 1.0f;
  opt.step(&w, &g, 1e-3f);
  opt.step(&w, &g, 1e-3f);
  EXPECT_NEAR(-w, 9.5346e-4f * 2.0f, 1e-7);
}

TEST(FlatOptimizer, AdamTwoStepsOfOne) {
  OptimizerConfig c;
  c.kind = OptimizerKind::kAdam;
  FlatOptimizer opt(c, 1);
  float w = 0.0f, g = 1.0f;
  opt.step(&w, &g, 1e-3f);
  EXPECT_NEAR(-w, 1e-3f, 1e-9);
  const float before = w;
  opt.step(&w, &g, 1e-3f);
  EXPECT_NEAR(opt.slots().first[0], 0.19f, 1e-7);
  EXPECT_NEAR(opt.slots().second[0], 0.001999f, 1e-9);
  EXPECT_EQ(opt.slots().steps, 2);
  EXPECT_NEAR(before - w, 1.000e-3f, 1e-8);
}

TEST(FlatOptimizer, SgdIsPlainGradientDescent) {
  OptimizerConfig c;
  c.kind = OptimizerKind::kSgd;
  FlatOptimizer opt(c, 2);
  float w[2] = {1.0f, 2.0f};
  const float g[2] = {1.0f, -2.0f};
  opt.step(w, g, 0.5f);
  EXPECT_FLOAT_EQ(w[0], 0.5f);
  EXPECT_FLOAT_EQ(w[1], 3.0f);
}

TEST(FlatOptimizer, ParsesNamesAndRejectsOthers) {
  EXPECT_EQ(parse_optimizer_kind("adam"), OptimizerKind::kAdam);
  EXPECT_EQ(parse_rmsprop_style("torch"), RmsPropStyle::kTorch);
  EXPECT_THROW(parse_optimizer_kind("adagrad"), std::invalid_argument);
  EXPECT_THROW(parse_rmsprop_style("keras"), std::invalid_argument);
}

TEST(FlatOptimizer, SetSlotsChecksSizes) {
  FlatOptimizer opt(rmsprop(RmsPropStyle::kTf), 3);
  OptimizerSlots wrong;
  wrong.first.assign(2, 1.0f);
  EXPECT_THROW(opt.set_slots(wrong), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::algo
