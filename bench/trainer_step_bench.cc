// Trainer throughput on one device: samples per second of compute_gradient (forward, A3C loss,
// backward, flat gradient) on a fixed batch, with --threads trainer threads each on a stream
// of its own, as a node's trainers run. No environment: it isolates the network's cost, for
// issue 11's target of a GPU trainer at least 10x the same machine's CPU ones.
//
//   trainer_step_bench [--device cpu|cuda|cuda:N] [--network a3c-cnn|minatar-cnn|mlp]
//                      [--batch N] [--threads T] [--seconds S] [--correction none|vtrace]
//
// With --correction vtrace every rollout carries rewards, behaviour log-probabilities (a
// uniform policy's) and a bootstrap observation, so the step includes V-trace's recursion and
// its forward pass of the bootstrap observations.
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "algo/vtrace.h"
#include "model/actor_critic.h"
#include "model/device.h"
#include "model/device_stream.h"
#include "model/flat_parameters.h"
#include "node/math_threads.h"
#include "node/trainer.h"

namespace {

using namespace ga3c;

std::vector<node::Rollout> batch_of(int64_t samples, int64_t obs_size, int actions) {
  torch::manual_seed(1);
  std::vector<node::Rollout> batch;
  for (int64_t done = 0; done < samples; done += 5) {
    node::Rollout r;
    const torch::Tensor obs = torch::rand({5 * obs_size});
    r.observations.assign(obs.data_ptr<float>(), obs.data_ptr<float>() + obs.numel());
    for (int t = 0; t < 5; ++t) {
      r.actions.push_back(t % actions);
      r.acted_versions.push_back(1);
      r.returns.push_back(0.1f * t);
      r.rewards.push_back(t == 4 ? 1.0f : 0.0f);
      r.behaviour_log_probs.push_back(-std::log(static_cast<float>(actions)));
    }
    r.bootstrap_observation.assign(obs.data_ptr<float>(), obs.data_ptr<float>() + obs_size);
    batch.push_back(std::move(r));
  }
  return batch;
}

}  // namespace

int main(int argc, char** argv) {
  std::string device_name = "cpu", network = "a3c-cnn";
  std::string correction = "none";
  int batch_size = 160, threads = 1;
  double seconds = 10;
  CLI::App app{"Trainer samples per second on one device"};
  app.add_option("--device", device_name)->capture_default_str();
  app.add_option("--network", network)->capture_default_str();
  app.add_option("--batch", batch_size, "Samples per batch (rollouts of 5)")->capture_default_str();
  app.add_option("--threads", threads, "Trainer threads")->capture_default_str();
  app.add_option("--seconds", seconds, "Timed seconds, after one untimed batch per thread")
      ->capture_default_str();
  app.add_option("--correction", correction, "none | vtrace")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  node::LossConfig loss;
  try {
    device_name = model::resolve_device(device_name);
    loss.correction = algo::parse_correction(correction);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "trainer_step_bench: error: %s\n", e.what());
    return 2;
  }
  node::limit_math_threads();
  const model::NetworkKind kind = model::parse_network_kind(network);
  env::ObservationSpec spec;
  int actions = 6;
  switch (kind) {
    case model::NetworkKind::kA3cCnn:
      spec.shape = {84, 84, 4};
      break;
    case model::NetworkKind::kMinAtarCnn:
      spec.shape = {10, 10, 4};
      break;
    default:
      spec.shape = {4};
      actions = 2;
      break;
  }
  const torch::Device device(device_name);
  node::ParameterSnapshots snapshots(
      [kind, spec, actions] { return model::make_actor_critic(kind, spec, actions); }, device);
  {
    torch::manual_seed(1);
    auto net = model::make_actor_critic(kind, spec, actions);
    model::FlatParameters flat(*net);
    snapshots.publish(flat.tensor().to(device), 1);
  }
  const auto batch = batch_of(batch_size, spec.size(), actions);
  std::atomic<int64_t> samples{0};
  std::atomic<bool> timing{false}, done{false};
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      const model::ThreadStream stream(device);
      torch::Tensor grad;
      std::vector<float> host_grad;
      while (!done) {
        const auto snapshot = snapshots.current();
        const node::BatchResult r =
            device.is_cpu() ? node::compute_gradient(*snapshot, batch, spec.shape, loss, host_grad)
                            : node::compute_gradient(*snapshot, batch, spec.shape, loss, grad);
        if (timing) samples += r.samples;
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::seconds(2));  // warm-up: cuDNN picks its kernels
  timing = true;
  const auto start = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const int64_t counted = samples.load();
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  done = true;
  for (auto& w : workers) w.join();
  std::printf(
      "trainer_step_bench: %s %s batch %d threads %d correction %s: %.0f samples/s "
      "(%.1f batches/s)\n",
      network.c_str(), device_name.c_str(), batch_size, threads, correction.c_str(),
      counted / elapsed, counted / elapsed / batch_size);
  return 0;
}
