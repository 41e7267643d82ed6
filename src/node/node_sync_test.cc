#include "node/node_sync.h"

#include <gtest/gtest.h>

#include "comm/in_process_link.h"

namespace ga3c::node {
namespace {

algo::OptimizerConfig sgd() {
  algo::OptimizerConfig c;
  c.kind = algo::OptimizerKind::kSgd;
  return c;
}

TEST(NodeSync, SharedStatePushesTheAccumulatedGradient) {
  ps::ParameterServerConfig pc;
  pc.num_shards = 2;
  pc.optimizer = sgd();
  pc.lr = 0.1f;
  ps::ParameterServer server({0, 0, 0}, pc);
  comm::InProcessLink link(server);
  NodeSync sync(link, 3, ps::OptimizerStateMode::kShared, sgd());
  std::vector<float> params{0, 0, 0};
  const std::vector<float> g1{1, 2, 3}, g2{1, 0, -1};
  sync.local_step(params.data(), g1.data(), 0.5f);
  sync.local_step(params.data(), g2.data(), 0.5f);
  EXPECT_EQ(params, (std::vector<float>{-1, -1, -1}));  // local SGD, lr 0.5
  auto r = sync.sync(params.data(), 0, 0);
  // The server stepped once with the sum {2, 2, 2} at lr 0.1.
  EXPECT_EQ(params, (std::vector<float>{-0.2f, -0.2f, -0.2f}));
  EXPECT_EQ(r.version, 1);
  EXPECT_EQ(r.pushed_version, 1);
  EXPECT_EQ(r.bytes, 2 * 3 * 4);
  EXPECT_EQ(r.progress.updates, 1);
  // The accumulator starts again from zero.
  sync.sync(params.data(), 0, 0);
  EXPECT_EQ(params, (std::vector<float>{-0.2f, -0.2f, -0.2f}));
}

TEST(NodeSync, LocalStatePushesTheDeltaSinceThePull) {
  ps::ParameterServerConfig pc;
  pc.optimizer_state = ps::OptimizerStateMode::kLocal;
  ps::ParameterServer server({1, 1}, pc);
  comm::InProcessLink link(server);
  NodeSync sync(link, 2, ps::OptimizerStateMode::kLocal, sgd());
  std::vector<float> params(2);
  EXPECT_EQ(sync.pull(params.data()), 0);
  const std::vector<float> g{1, -1};
  sync.local_step(params.data(), g.data(), 0.25f);  // params {0.75, 1.25}
  // Another worker moves the server meanwhile.
  const std::vector<float> other{0.5f, 0.5f};
  server.push(0, other.data(), 2);
  auto r = sync.sync(params.data(), 0, 0);
  EXPECT_EQ(params, (std::vector<float>{1.25f, 1.75f}));
  EXPECT_EQ(r.version, 2);
}

TEST(NodeSync, OverlappedStepsAreKeptAndPushedNextTime) {
  for (auto mode : {ps::OptimizerStateMode::kShared, ps::OptimizerStateMode::kLocal}) {
    ps::ParameterServerConfig pc;
    pc.optimizer = sgd();
    pc.lr = 1.0f;
    pc.optimizer_state = mode;
    ps::ParameterServer server({0, 0}, pc);
    comm::InProcessLink link(server);
    NodeSync sync(link, 2, mode, sgd());
    std::vector<float> params(2);
    sync.pull(params.data());
    const std::vector<float> g1{1, 0}, g2{0, 1};
    sync.local_step(params.data(), g1.data(), 1.0f);  // {-1, 0}: goes out with this sync
    sync.begin(params.data(), 0, 0);
    sync.local_step(params.data(), g2.data(), 1.0f);  // {-1, -1}: taken while in flight
    sync.exchange();
    sync.finish(params.data());
    // The server holds the first step only; the node keeps the second on top of it.
    EXPECT_EQ(params, (std::vector<float>{-1, -1})) << (mode == ps::OptimizerStateMode::kShared);
    std::vector<float> global(2);
    server.pull(0, global.data(), 2);
    EXPECT_EQ(global, (std::vector<float>{-1, 0}));
    // The next sync pushes the second step, once.
    sync.sync(params.data(), 0, 0);
    server.pull(0, global.data(), 2);
    EXPECT_EQ(global, (std::vector<float>{-1, -1}));
    EXPECT_EQ(params, global);
  }
}

TEST(NodeSync, SaveAndRestoreCarryTheOptimizerAndTheAccumulator) {
  algo::OptimizerConfig rmsprop;
  ps::ParameterServerConfig pc;
  pc.optimizer = rmsprop;
  ps::ParameterServer server({0, 0, 0}, pc);
  comm::InProcessLink link(server);
  NodeSync a(link, 3, ps::OptimizerStateMode::kShared, rmsprop);
  NodeSync b(link, 3, ps::OptimizerStateMode::kShared, rmsprop);
  std::vector<float> params_a{0, 0, 0};
  const std::vector<float> g{0.5f, -2, 3};
  a.local_step(params_a.data(), g.data(), 0.1f);
  checkpoint::WorkerState saved;
  a.save(saved);
  EXPECT_EQ(saved.accumulated, g);
  EXPECT_TRUE(saved.at_pull.empty());
  EXPECT_EQ(saved.local_optimizer.steps, 1);
  std::vector<float> params_b(3);
  b.pull(params_b.data());
  b.restore(saved);
  params_b = params_a;
  // Both go on alike: the same local step, then the same push.
  a.local_step(params_a.data(), g.data(), 0.1f);
  b.local_step(params_b.data(), g.data(), 0.1f);
  EXPECT_EQ(params_a, params_b);
  checkpoint::WorkerState after_a, after_b;
  a.save(after_a);
  b.save(after_b);
  EXPECT_EQ(after_a.accumulated, (std::vector<float>{1, -4, 6}));
  EXPECT_EQ(after_a.accumulated, after_b.accumulated);
  EXPECT_EQ(after_a.local_optimizer.first, after_b.local_optimizer.first);

  NodeSync local(link, 3, ps::OptimizerStateMode::kLocal, rmsprop);
  EXPECT_THROW(local.restore(saved), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::node
