// One optimizer step over a network's flat parameters, as a node takes it once a training
// batch under its update lock and a parameter-server shard once a push: FlatOptimizer::step
// (AVX-512 / AVX2 / SSE2 clones, flat_optimizer.cc) against the same RMSProp formula written
// as a plain loop in this file, the baseline: built with flat_optimizer.cc's flags but for
// plain x86-64 (SSE2), as the optimizer was before its clones (bench/CMakeLists.txt).
// Args: parameters (132,695: the MinAtar CNN; 677,429: the A3C CNN), 1 for TF-style RMSProp,
// 0 for torch-style. Compare the two rows of one size: the ratio is the speed-up.
#include <cmath>
#include <cstddef>
#include <vector>

#include <benchmark/benchmark.h>

#include "algo/flat_optimizer.h"

namespace {

using namespace ga3c::algo;

OptimizerConfig rmsprop(bool tf) {
  OptimizerConfig c;
  c.rmsprop_style = tf ? RmsPropStyle::kTf : RmsPropStyle::kTorch;
  c.rmsprop_eps = tf ? 0.1 : 1e-5;
  return c;
}

std::vector<float> gradient(std::size_t n) {
  std::vector<float> g(n);
  for (std::size_t i = 0; i < n; ++i) g[i] = 1e-3f * static_cast<float>(i % 97) - 0.04f;
  return g;
}

void BM_FlatOptimizerStep(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  FlatOptimizer opt(rmsprop(state.range(1) == 1), n);
  std::vector<float> w(n, 0.01f);
  const std::vector<float> g = gradient(n);
  for (auto _ : state) {
    opt.step(w.data(), g.data(), 1e-7f);
    benchmark::DoNotOptimize(w.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
}

void BM_PlainLoopBaseline(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const bool tf = state.range(1) == 1;
  const OptimizerConfig c = rmsprop(tf);
  const float decay = static_cast<float>(c.rmsprop_decay);
  const float one_minus_decay = static_cast<float>(1.0 - c.rmsprop_decay);
  const float eps = static_cast<float>(c.rmsprop_eps);
  std::vector<float> w(n, 0.01f), ms(n, tf ? 1.0f : 0.0f);
  const std::vector<float> g = gradient(n);
  for (auto _ : state) {
    for (std::size_t i = 0; i < n; ++i) {
      ms[i] = decay * ms[i] + one_minus_decay * g[i] * g[i];
      const float denom = tf ? std::sqrt(ms[i] + eps) : std::sqrt(ms[i]) + eps;
      w[i] -= 1e-7f * g[i] / denom;
    }
    benchmark::DoNotOptimize(w.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
}

void sizes(benchmark::internal::Benchmark* b) {
  for (int64_t n : {132'695, 677'429}) {
    for (int64_t tf : {1, 0}) b->Args({n, tf});
  }
  b->Unit(benchmark::kMicrosecond);
}
BENCHMARK(BM_PlainLoopBaseline)->Apply(sizes);
BENCHMARK(BM_FlatOptimizerStep)->Apply(sizes);

}  // namespace

BENCHMARK_MAIN();
