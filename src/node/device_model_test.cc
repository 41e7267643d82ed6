// The GPU update path's pieces, run on the CPU device (gpu_test.cc runs them on a GPU):
// parameters keep every bit through upload, download and a device snapshot, whatever the
// device, so a checkpoint does not depend on where it was trained.
#include "node/device_model.h"

#include <vector>

#include <gtest/gtest.h>

#include "algo/flat_optimizer.h"
#include "model/actor_critic.h"
#include "node/parameter_snapshots.h"

namespace ga3c::node {
namespace {

TEST(DeviceModel, ParametersRoundTripBitForBit) {
  torch::manual_seed(2);
  const torch::Tensor t = torch::randn({1000});
  const std::vector<float> params(t.data_ptr<float>(), t.data_ptr<float>() + 1000);
  DeviceModel model(torch::kCPU, params.size(), algo::OptimizerConfig{}, false);
  model.upload(params.data());
  std::vector<float> back(params.size());
  model.download(back.data());
  EXPECT_EQ(back, params);
}

TEST(DeviceModel, StepsAndAccumulatesAsNodeSync) {
  const std::size_t n = 3;
  std::vector<float> w = {0.5f, -1.0f, 2.0f};
  DeviceModel model(torch::kCPU, n, algo::OptimizerConfig{}, true);
  model.upload(w.data());
  algo::FlatOptimizer reference(algo::OptimizerConfig{}, n);
  std::vector<float> g1 = {1.0f, 0.0f, -2.0f}, g2 = {0.5f, 0.25f, 1.0f};
  for (auto* g : {&g1, &g2}) {
    reference.step(w.data(), g->data(), 1e-2f);
    model.step(torch::from_blob(g->data(), {3}), 1e-2f);
  }
  std::vector<float> got(n), accumulated(n);
  model.download(got.data());
  for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(got[i], w[i], 1e-7f);
  model.take_accumulated(accumulated.data());
  EXPECT_EQ(accumulated, (std::vector<float>{1.5f, 0.25f, -1.0f}));
  model.take_accumulated(accumulated.data());
  EXPECT_EQ(accumulated, (std::vector<float>{0.0f, 0.0f, 0.0f}));
}

TEST(DeviceModel, SnapshotFromTheDeviceEqualsSnapshotFromTheHost) {
  env::ObservationSpec spec;
  spec.shape = {10, 10, 4};
  const auto make_net = [spec] {
    return model::make_actor_critic(model::NetworkKind::kMinAtarCnn, spec, 3);
  };
  ParameterSnapshots from_host(make_net), from_device(make_net, torch::kCPU);
  torch::manual_seed(4);
  const torch::Tensor t = torch::randn({static_cast<int64_t>(from_host.num_params())});
  from_host.publish(t.data_ptr<float>(), 7);
  DeviceModel model(torch::kCPU, from_host.num_params(), algo::OptimizerConfig{}, false);
  model.upload(t.data_ptr<float>());
  from_device.publish(model.params(), 7);
  EXPECT_TRUE(
      torch::equal(from_host.current()->flat->tensor(), from_device.current()->flat->tensor()));
  EXPECT_EQ(from_device.current()->version, 7);
  // The network reads the published values.
  const torch::Tensor obs = torch::rand({2, 10, 10, 4});
  torch::NoGradGuard no_grad;
  EXPECT_TRUE(torch::equal(from_host.current()->net->forward(obs).logits,
                           from_device.current()->net->forward(obs).logits));
}

}  // namespace
}  // namespace ga3c::node
