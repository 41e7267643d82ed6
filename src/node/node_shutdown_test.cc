// Shutdown while agents wait for predictions: every thread is joined within 5 s.
#include <chrono>
#include <filesystem>
#include <thread>

#include <gtest/gtest.h>

#include "comm/in_process_link.h"
#include "env/registry.h"
#include "metrics/run_recorder.h"
#include "model/flat_parameters.h"
#include "node/ga3c_node.h"
#include "ps/parameter_server.h"

namespace ga3c::node {
namespace {

using clock = std::chrono::steady_clock;

class NodeShutdown : public ::testing::Test {
 protected:
  void SetUp() override {
    config_.env_id = "CartPole-v1";
    // A directory per test: ctest runs the tests of this file side by side.
    dir_ = std::filesystem::temp_directory_path() /
           (std::string("ga3c_node_shutdown_test_") +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    recorder_ = std::make_unique<metrics::RunRecorder>(dir_.string());
    auto probe = env::make_env(config_.env_id);
    spec_ = probe->observation_spec();
    make_net_ = [spec = spec_] {
      return model::make_actor_critic(model::NetworkKind::kMlp, spec, 2);
    };
    auto net = make_net_();
    model::FlatParameters flat(*net);
    server_ = std::make_unique<ps::ParameterServer>(
        std::vector<float>(flat.data(), flat.data() + flat.size()), ps::ParameterServerConfig{});
    link_ = std::make_unique<comm::InProcessLink>(*server_);
  }

  double stop_and_join_seconds(Ga3cNode& node) {
    const auto start = clock::now();
    node.stop();
    node.join();
    return std::chrono::duration<double>(clock::now() - start).count();
  }

  config::TrainConfig config_;
  std::filesystem::path dir_;
  std::unique_ptr<metrics::RunRecorder> recorder_;
  env::ObservationSpec spec_;
  ParameterSnapshots::NetFactory make_net_;
  std::unique_ptr<ps::ParameterServer> server_;
  std::unique_ptr<comm::InProcessLink> link_;
};

TEST_F(NodeShutdown, WhileRunningJoinsWithinFiveSeconds) {
  config_.agents = 64;
  config_.env_threads = 2;
  Ga3cNode node(0, config_, *link_, *recorder_, make_net_);
  node.start();
  while (node.counters().training_batches.load() < 20) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_LT(stop_and_join_seconds(node), 5.0);
  EXPECT_GT(server_->progress().frames, 0);  // join() reported the last frames
}

TEST_F(NodeShutdown, RightAfterStartWhileEveryAgentWaitsJoinsWithinFiveSeconds) {
  config_.agents = 200;
  config_.predictors = 1;
  config_.prediction_batch = 1;  // a long backlog of agents waiting for predictions
  Ga3cNode node(0, config_, *link_, *recorder_, make_net_);
  node.start();
  EXPECT_LT(stop_and_join_seconds(node), 5.0);
}

TEST_F(NodeShutdown, StopsByItselfAtTheServersFrameBudget) {
  ps::ParameterServerConfig pc;
  pc.max_frames = 5000;
  auto net = make_net_();
  model::FlatParameters flat(*net);
  ps::ParameterServer server(std::vector<float>(flat.data(), flat.data() + flat.size()), pc);
  comm::InProcessLink link(server);
  Ga3cNode node(0, config_, link, *recorder_, make_net_);
  node.start();
  const auto start = clock::now();
  while (!node.stopping() && clock::now() - start < std::chrono::seconds(30)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_TRUE(node.stopping());
  node.join();
  EXPECT_GE(server.progress().frames, 5000);
}

TEST_F(NodeShutdown, PushesTheLocalStepsSinceTheLastSyncOnce) {
  // No sync falls in the run (--sync-freq far away), so every local step is in the remainder
  // that join() pushes: with local optimizer state the server adds p - p0 to p0, where p is
  // the node's parameters after its last local step (nothing moves them once stopped).
  config_.agents = 16;
  config_.sync_freq = 1000000;
  config_.optimizer_state = ps::OptimizerStateMode::kLocal;
  ps::ParameterServerConfig pc;
  pc.optimizer_state = ps::OptimizerStateMode::kLocal;
  auto net = make_net_();
  model::FlatParameters flat(*net);
  const std::vector<float> p0(flat.data(), flat.data() + flat.size());
  ps::ParameterServer server(p0, pc);
  comm::InProcessLink link(server);
  Ga3cNode node(0, config_, link, *recorder_, make_net_);
  node.start();
  while (node.counters().training_batches.load() < 20) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  node.stop();
  const std::vector<float> p = node.parameters();
  node.join();
  EXPECT_EQ(node.counters().syncs.load(), 1);
  EXPECT_EQ(server.progress().updates, 1);
  EXPECT_EQ(server.progress().frames, node.counters().frames.load());
  std::vector<float> held(p0.size());
  EXPECT_EQ(link.pull_all(held.data()), 1);
  std::size_t moved = 0;
  for (std::size_t i = 0; i < p0.size(); ++i) {
    ASSERT_EQ(held[i], p0[i] + (p[i] - p0[i])) << "parameter " << i;
    moved += held[i] != p0[i] ? 1 : 0;
  }
  EXPECT_GT(moved, p0.size() / 2);
  EXPECT_EQ(node.parameters(), held);
}

}  // namespace
}  // namespace ga3c::node
