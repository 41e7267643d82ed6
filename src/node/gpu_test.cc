// Label gpu: what only a GPU can show. Each test skips (GTEST_SKIP, reported as skipped by
// ctest) where LibTorch has no CUDA or the machine no GPU.
//
// Tolerances: with TF32 off, a GPU's float32 convolutions and products differ from the CPU's
// only in summation order: the loss agrees to 1e-5 relative, and every gradient element to
// 1e-4 of the gradient's largest element (measured differences are ~1e-6 of it).
#include <cmath>
#include <memory>
#include <vector>

#include <gtest/gtest.h>
#include <torch/torch.h>

#include "model/actor_critic.h"
#include "model/device_stream.h"
#include "model/flat_parameters.h"
#include "model/torch_compat.h"
#include "node/device_model.h"
#include "node/node_sync.h"
#include "node/trainer.h"

namespace ga3c::node {
namespace {

#define SKIP_WITHOUT_GPU()                                                         \
  if (model::compat::cuda_device_count() == 0) {                                   \
    GTEST_SKIP() << "no CUDA GPU here (" << model::compat::torch_version() << ")"; \
  }

const torch::Device kGpu("cuda:0");

struct Net {
  ParameterSnapshots::NetFactory make_net;
  std::vector<float> initial;
  std::vector<int64_t> obs_shape;
  int actions = 0;
  int64_t state_size = 0;  // a recurrent network's
};

Net net_for(const model::NetworkLayout& kind, std::vector<int64_t> shape, int actions) {
  env::ObservationSpec spec;
  spec.shape = shape;
  Net n;
  n.obs_shape = shape;
  n.actions = actions;
  n.make_net = [kind, spec, actions] { return model::make_actor_critic(kind, spec, actions); };
  torch::manual_seed(11);
  auto net = n.make_net();
  model::FlatParameters flat(*net);
  n.initial.assign(flat.data(), flat.data() + flat.size());
  n.state_size = net->state_size();
  return n;
}

// 8 rollouts of 5 steps: observations uniform in [0, 1), actions, returns, rewards and
// behaviour log-probabilities from a seeded generator; every other one ends in a bootstrap
// observation.
std::vector<Rollout> fixed_batch(const Net& n) {
  torch::manual_seed(3);
  int64_t obs_size = 1;
  for (int64_t d : n.obs_shape) obs_size *= d;
  std::vector<Rollout> batch(8);
  for (std::size_t i = 0; i < batch.size(); ++i) {
    Rollout& r = batch[i];
    r.agent = static_cast<int>(i);
    if (n.state_size > 0) {
      const torch::Tensor state = torch::randn({n.state_size});
      r.initial_state.assign(state.data_ptr<float>(), state.data_ptr<float>() + n.state_size);
    }
    const torch::Tensor obs = torch::rand({5 * obs_size});
    r.observations.assign(obs.data_ptr<float>(), obs.data_ptr<float>() + obs.numel());
    for (int t = 0; t < 5; ++t) {
      r.actions.push_back(torch::randint(n.actions, {1}).item<int64_t>());
      r.acted_versions.push_back(1);
      r.returns.push_back(torch::randn({1}).item<float>());
      r.rewards.push_back(torch::randn({1}).item<float>());
      r.behaviour_log_probs.push_back(-std::log(static_cast<float>(n.actions)));
    }
    if (i % 2 == 0) {
      const torch::Tensor b = torch::rand({obs_size});
      r.bootstrap_observation.assign(b.data_ptr<float>(), b.data_ptr<float>() + obs_size);
    }
  }
  return batch;
}

void expect_step_matches_cpu(const Net& n, algo::Correction correction) {
  model::compat::allow_tf32(false);
  ParameterSnapshots cpu(n.make_net);
  cpu.publish(n.initial.data(), 1);
  ParameterSnapshots gpu(n.make_net, kGpu);
  const model::ThreadStream stream(kGpu);
  gpu.publish(torch::from_blob(const_cast<float*>(n.initial.data()),
                               {static_cast<int64_t>(n.initial.size())})
                  .to(kGpu),
              1);
  LossConfig loss;
  loss.correction = correction;
  const std::vector<Rollout> batch = fixed_batch(n);
  std::vector<float> cpu_grad;
  torch::Tensor gpu_grad;
  const BatchResult a = compute_gradient(*cpu.current(), batch, n.obs_shape, loss, cpu_grad);
  const BatchResult b = compute_gradient(*gpu.current(), batch, n.obs_shape, loss, gpu_grad);
  ASSERT_TRUE(gpu_grad.device().is_cuda());
  EXPECT_NEAR(b.policy_loss, a.policy_loss, 1e-5 * std::abs(a.policy_loss) + 1e-6);
  EXPECT_NEAR(b.value_loss, a.value_loss, 1e-5 * std::abs(a.value_loss) + 1e-6);
  EXPECT_NEAR(b.entropy, a.entropy, 1e-5 * std::abs(a.entropy) + 1e-6);
  EXPECT_NEAR(b.grad_norm, a.grad_norm, 1e-5 * a.grad_norm);
  const torch::Tensor expected =
      torch::from_blob(cpu_grad.data(), {static_cast<int64_t>(cpu_grad.size())});
  const float largest = expected.abs().max().item<float>();
  const float diff = (gpu_grad.to(torch::kCPU) - expected).abs().max().item<float>();
  EXPECT_LE(diff, 1e-4f * largest) << "largest gradient element " << largest;
  std::printf("  %zu parameters: loss %.6f vs %.6f, largest gradient difference %.3g of %.3g\n",
              cpu_grad.size(), b.policy_loss + b.value_loss, a.policy_loss + a.value_loss, diff,
              largest);
  model::compat::allow_tf32(true);
}

TEST(Gpu, MinAtarCnnTrainingStepMatchesCpu) {
  SKIP_WITHOUT_GPU();
  expect_step_matches_cpu(net_for(model::NetworkKind::kMinAtarCnn, {10, 10, 4}, 3),
                          algo::Correction::kNone);
}

TEST(Gpu, A3cCnnTrainingStepMatchesCpu) {
  SKIP_WITHOUT_GPU();
  expect_step_matches_cpu(net_for(model::NetworkKind::kA3cCnn, {84, 84, 4}, 4),
                          algo::Correction::kNone);
}

TEST(Gpu, VtraceTrainingStepMatchesCpu) {
  SKIP_WITHOUT_GPU();
  expect_step_matches_cpu(net_for(model::NetworkKind::kMinAtarCnn, {10, 10, 4}, 3),
                          algo::Correction::kVtrace);
}

// The LSTM's unroll from each rollout's state, V-trace's bootstrap step included.
TEST(Gpu, LstmTrainingStepMatchesCpu) {
  SKIP_WITHOUT_GPU();
  expect_step_matches_cpu(net_for({model::NetworkKind::kA3cCnn, 256}, {84, 84, 4}, 4),
                          algo::Correction::kVtrace);
}

// Ten local steps of the node's GPU update path against the CPU one (FlatOptimizer via
// NodeSync's arithmetic), then the round trip of the parameters through the host.
TEST(Gpu, LocalStepsMatchCpu) {
  SKIP_WITHOUT_GPU();
  const int64_t n = 4096;
  torch::manual_seed(5);
  const torch::Tensor w0 = torch::randn({n});
  std::vector<float> w(w0.data_ptr<float>(), w0.data_ptr<float>() + n);
  algo::FlatOptimizer cpu(algo::OptimizerConfig{}, n);
  std::vector<float> accumulated(n, 0.0f);
  DeviceModel gpu(kGpu, n, algo::OptimizerConfig{}, /*accumulate=*/true);
  gpu.upload(w.data());
  for (int step = 0; step < 10; ++step) {
    const torch::Tensor g = torch::randn({n});
    cpu.step(w.data(), g.data_ptr<float>(), 1e-3f);
    for (int64_t i = 0; i < n; ++i) accumulated[i] += g.data_ptr<float>()[i];
    gpu.step(g.to(kGpu), 1e-3f);
  }
  std::vector<float> w_gpu(n), accumulated_gpu(n);
  gpu.download(w_gpu.data());
  gpu.take_accumulated(accumulated_gpu.data());
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_NEAR(w_gpu[i], w[i], 1e-6f * std::abs(w[i]) + 1e-7f) << i;
    ASSERT_NEAR(accumulated_gpu[i], accumulated[i], 1e-5f) << i;
  }
  std::vector<float> zero(n);
  gpu.take_accumulated(zero.data());
  EXPECT_EQ(torch::from_blob(zero.data(), {n}).abs().max().item<float>(), 0.0f);
  gpu.upload(w.data());
  gpu.download(w_gpu.data());
  EXPECT_EQ(w_gpu, w);  // bit for bit
}

}  // namespace
}  // namespace ga3c::node
