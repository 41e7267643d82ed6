#include "config/train_config.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace ga3c::config {
namespace {

std::string error_of(const TrainConfig& config) {
  try {
    validate(config);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(Validate, DefaultsPass) { EXPECT_EQ(error_of(TrainConfig{}), ""); }

TEST(Validate, StopOnDeadNetworkNeedsTheHealthChecks) {
  TrainConfig c;
  c.stop_on_dead_network = true;
  EXPECT_EQ(error_of(c), "");
  c.health_every = 0;
  EXPECT_EQ(error_of(c),
            "--stop-on-dead-network needs the health checks that --health-every 0 turns off; "
            "give --health-every N (e.g. 200) or drop --stop-on-dead-network");
  c.stop_on_dead_network = false;
  EXPECT_EQ(error_of(c), "") << "0 turns the checks off";
  c.health_every = -1;
  EXPECT_EQ(error_of(c),
            "--health-every must be >= 0 training batches (0: no health checks), got -1");
}

TEST(Validate, DeviceNamesAreCheckedHereTheirGpuAtStart) {
  TrainConfig c;
  c.device = "gpu";
  EXPECT_EQ(error_of(c), "unknown --device 'gpu'; use cpu, cuda or cuda:N");
  c.device = "cuda:7";  // whether there is a GPU 7 is for the run's start to say
  EXPECT_EQ(error_of(c), "");
  c.deterministic = true;
  c.agents = 1;
  EXPECT_EQ(error_of(c),
            "--deterministic runs on the CPU (a GPU's kernels do not promise the same sums on "
            "every run); drop --deterministic or use --device cpu");
}

TEST(Validate, CountsThatStartThreadsAreBounded) {
  TrainConfig c;
  c.agents = 100'000'000;
  EXPECT_EQ(error_of(c), "--agents 100000000 exceeds 65536; spread the agents over more --workers");
  c = TrainConfig{};
  c.trainers = kMaxThreads + 1;
  EXPECT_EQ(error_of(c), "--trainers 257 exceeds 256; use fewer threads");
  c = TrainConfig{};
  c.workers = kMaxWorkers;
  c.num_ps = kMaxShards;
  EXPECT_EQ(error_of(c), "");
}

TEST(Validate, AStepAndAResetAreBoundedInEmulatorFrames) {
  TrainConfig c;
  c.frame_skip = 2'000'000'000;  // accepted before issue 27: one agent step of hours
  EXPECT_EQ(error_of(c),
            "--frame-skip must be from 1 to 1000 emulator frames per step, got "
            "2000000000");
  c = TrainConfig{};
  c.noop_max = kMaxNoopMax + 1;
  EXPECT_EQ(error_of(c), "--noop-max must be from 0 (no no-op starts) to 10000 frames, got 10001");
  c = TrainConfig{};
  c.frame_skip = kMaxFrameSkip;
  c.noop_max = kMaxNoopMax;
  EXPECT_EQ(error_of(c), "");
}

TEST(Validate, NumbersMustBeFinite) {
  TrainConfig c;
  c.lr = std::numeric_limits<float>::infinity();
  EXPECT_EQ(error_of(c), "--lr must be a finite number, got inf");
  c = TrainConfig{};
  c.target_return = std::nan("");
  EXPECT_EQ(error_of(c), "--target-return must be a finite number, got nan");
  c = TrainConfig{};
  c.peer_timeout_s = 1e300;
  EXPECT_EQ(error_of(c), "--peer-timeout 1e+300 exceeds 86400; use at most a day (86400 s)");
  c.peer_timeout_s = 0.001;  // accepted before issue 27, and then no job could live
  EXPECT_EQ(error_of(c),
            "--peer-timeout 0.001 s is shorter than a live rank may stay silent (a worker is "
            "heard from every second at most); use at least 1 s");
  c = TrainConfig{};
  c.gamma = std::nanf("");
  EXPECT_EQ(error_of(c), "--gamma must be in [0, 1], got nan");
  c = TrainConfig{};
  c.grad_clip = -40.0f;
  EXPECT_EQ(error_of(c), "--grad-clip must be >= 0 (0: off), got -40");
  c = TrainConfig{};
  c.value_weight = -0.5f;
  EXPECT_EQ(error_of(c), "--value-loss-weight must be >= 0, got -0.5");
  c = TrainConfig{};
  c.value_weight = std::nanf("");
  EXPECT_EQ(error_of(c), "--value-loss-weight must be a finite number, got nan");
}

TEST(Validate, OptimizerConstants) {
  TrainConfig c;
  c.optimizer.adam_beta1 = 1.0;
  EXPECT_EQ(error_of(c), "--adam-beta1 must be in [0, 1), got 1");
  c = TrainConfig{};
  c.optimizer.rmsprop_eps = 0.0;
  EXPECT_EQ(error_of(c), "--rmsprop-eps must be > 0, got 0");
  c = TrainConfig{};
  c.optimizer.rmsprop_decay = 1.5;
  EXPECT_EQ(error_of(c), "--rmsprop-decay must be in [0, 1], got 1.5");
}

TEST(Validate, NamesAreChecked) {
  TrainConfig c;
  c.network = "resnet";
  EXPECT_EQ(error_of(c), "unknown network 'resnet'; use auto, mlp, minatar-cnn or a3c-cnn");
  c = TrainConfig{};
  c.init = "xavier";
  EXPECT_EQ(error_of(c), "unknown init 'xavier'; use torch or orthogonal");
  c = TrainConfig{};
  c.env_id = "CartPole-v9";
  EXPECT_NE(error_of(c).find("unknown environment 'CartPole-v9'"), std::string::npos);
}

}  // namespace
}  // namespace ga3c::config
