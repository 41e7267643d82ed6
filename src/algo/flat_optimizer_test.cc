#include "algo/flat_optimizer.h"

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

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

// The steps run as AVX-512, AVX2 or SSE2 clones, whichever the CPU has (flat_optimizer.cc);
// each must give the bits of the formula computed one element at a time, here at -O2 in this
// file, over a size that leaves a tail after every vector width and gradients from 1e-8 to 10.
TEST(FlatOptimizer, EveryBuildGivesTheScalarFormulasBits) {
  constexpr std::size_t n = 1003;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> exponent(-8.0f, 1.0f);
  std::vector<float> g(n), w0(n);
  for (std::size_t i = 0; i < n; ++i) {
    g[i] = std::pow(10.0f, exponent(rng)) * (i % 3 == 0 ? -1.0f : 1.0f);
    w0[i] = 0.01f * static_cast<float>(i % 17) - 0.08f;
  }
  struct Case {
    OptimizerConfig config;
    const char* name;
  };
  std::vector<Case> cases;
  cases.push_back({rmsprop(RmsPropStyle::kTf), "tf"});
  cases.push_back({rmsprop(RmsPropStyle::kTorch), "torch"});
  cases.back().config.rmsprop_eps = 1e-5;
  cases.push_back({rmsprop(RmsPropStyle::kTf), "tf momentum"});
  cases.back().config.rmsprop_momentum = 0.9;
  OptimizerConfig adam;
  adam.kind = OptimizerKind::kAdam;
  cases.push_back({adam, "adam"});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    FlatOptimizer opt(c.config, n);
    std::vector<float> w = w0, ref = w0;
    std::vector<float> first(
        n, c.config.kind == OptimizerKind::kRmsProp && c.config.rmsprop_style == RmsPropStyle::kTf
               ? 1.0f
               : 0.0f);
    std::vector<float> second(n, 0.0f);
    const float decay = static_cast<float>(c.config.rmsprop_decay);
    const float omd = static_cast<float>(1.0 - c.config.rmsprop_decay);
    const float eps = static_cast<float>(c.config.rmsprop_eps);
    const float mom = static_cast<float>(c.config.rmsprop_momentum);
    const float b1 = 0.9f, b2 = 0.999f, omb1 = static_cast<float>(1.0 - 0.9),
                omb2 = static_cast<float>(1.0 - 0.999), aeps = 1e-8f;
    for (int t = 1; t <= 3; ++t) {
      const float lr = 1e-3f * static_cast<float>(t);
      opt.step(w.data(), g.data(), lr);
      const float c1 = static_cast<float>(1.0 - std::pow(0.9, t));
      const float c2 = static_cast<float>(1.0 - std::pow(0.999, t));
      for (std::size_t i = 0; i < n; ++i) {
        if (c.config.kind == OptimizerKind::kAdam) {
          first[i] = b1 * first[i] + omb1 * g[i];
          second[i] = b2 * second[i] + omb2 * g[i] * g[i];
          ref[i] -= lr * (first[i] / c1) / (std::sqrt(second[i] / c2) + aeps);
          continue;
        }
        first[i] = decay * first[i] + omd * g[i] * g[i];
        const float denom = c.config.rmsprop_style == RmsPropStyle::kTf ? std::sqrt(first[i] + eps)
                                                                        : std::sqrt(first[i]) + eps;
        const float update = lr * g[i] / denom;
        if (mom != 0.0f) {
          second[i] = mom * second[i] + update;
          ref[i] -= second[i];
        } else {
          ref[i] -= update;
        }
      }
    }
    // Bit for bit, so memcmp rather than ==, which would let -0 equal 0.
    // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison)
    EXPECT_EQ(std::memcmp(w.data(), ref.data(), n * sizeof(float)), 0);
    // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison)
    EXPECT_EQ(std::memcmp(opt.slots().first.data(), first.data(), n * sizeof(float)), 0);
  }
}

TEST(FlatOptimizer, SetSlotsChecksSizes) {
  FlatOptimizer opt(rmsprop(RmsPropStyle::kTf), 3);
  OptimizerSlots wrong;
  wrong.first.assign(2, 1.0f);
  EXPECT_THROW(opt.set_slots(wrong), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::algo
