#include "algo/tensor_optimizer.h"

#include <vector>

#include <gtest/gtest.h>

namespace ga3c::algo {
namespace {

// Ten steps of both optimizers on the same 1000 parameters and gradients (seeded normal
// draws): TensorOptimizer is FlatOptimizer's arithmetic, to float32 rounding.
void expect_same_as_flat(const OptimizerConfig& config) {
  torch::manual_seed(7);
  const int64_t n = 1000;
  torch::Tensor w = torch::randn({n});
  std::vector<float> w_flat(w.data_ptr<float>(), w.data_ptr<float>() + n);
  FlatOptimizer flat(config, n);
  TensorOptimizer tensor(config, n, torch::kCPU);
  for (int step = 0; step < 10; ++step) {
    const torch::Tensor g = torch::randn({n});
    flat.step(w_flat.data(), g.data_ptr<float>(), 1e-3f);
    tensor.step(w, g, 1e-3f);
  }
  const torch::Tensor expected = torch::from_blob(w_flat.data(), {n});
  EXPECT_TRUE(torch::allclose(w, expected, /*rtol=*/1e-6, /*atol=*/1e-7))
      << "largest difference " << (w - expected).abs().max().item<float>();
  const OptimizerSlots a = flat.slots(), b = tensor.slots();
  ASSERT_EQ(a.first.size(), b.first.size());
  ASSERT_EQ(a.second.size(), b.second.size());
  EXPECT_EQ(a.steps, b.steps);
  for (std::size_t i = 0; i < a.first.size(); ++i) EXPECT_NEAR(a.first[i], b.first[i], 1e-6);
  for (std::size_t i = 0; i < a.second.size(); ++i) EXPECT_NEAR(a.second[i], b.second[i], 1e-6);
}

TEST(TensorOptimizer, TfRmsPropMatchesFlatOptimizer) {
  OptimizerConfig c;
  expect_same_as_flat(c);
}

TEST(TensorOptimizer, TorchRmsPropWithMomentumMatchesFlatOptimizer) {
  OptimizerConfig c;
  c.rmsprop_style = RmsPropStyle::kTorch;
  c.rmsprop_momentum = 0.9;
  expect_same_as_flat(c);
}

TEST(TensorOptimizer, AdamMatchesFlatOptimizer) {
  OptimizerConfig c;
  c.kind = OptimizerKind::kAdam;
  expect_same_as_flat(c);
}

TEST(TensorOptimizer, SgdMatchesFlatOptimizer) {
  OptimizerConfig c;
  c.kind = OptimizerKind::kSgd;
  expect_same_as_flat(c);
}

TEST(TensorOptimizer, TfRmsPropFirstStepByHand) {
  // ms = 0.99 * 1 + 0.01 * 1 = 1; update = 1e-3 / sqrt(1 + 0.1) (flat_optimizer_test.cc).
  TensorOptimizer opt(OptimizerConfig{}, 1, torch::kCPU);
  torch::Tensor w = torch::zeros({1});
  opt.step(w, torch::ones({1}), 1e-3f);
  EXPECT_NEAR(-w.item<float>(), 9.5346e-4f, 1e-8);
}

}  // namespace
}  // namespace ga3c::algo
