// The parameter server's resident memory growth over 20,000 updates after 1,000 warm-up ones
// (two threads syncing as worker nodes do, shared TF-style RMSProp): the rss_growth_kB counter.
// Args: parameters (132,695: the MinAtar CNN, the default; 677,943: the A3C CNN), shards.
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "ps/sync_load.h"

namespace {

void BM_ParameterServerMemory(benchmark::State& state) {
  using namespace ga3c::ps;
  for (auto _ : state) {
    ParameterServerConfig config;
    config.num_shards = static_cast<int>(state.range(1));
    config.lr = 0.01f;
    config.workers = 2;
    ParameterServer server(std::vector<float>(static_cast<std::size_t>(state.range(0)), 0.01f),
                           config);
    SyncLoad load(server, 2);
    load.run(500);
    const int64_t before_kib = resident_kib();
    load.run(10'000);
    const int64_t after_kib = resident_kib();
    state.counters["rss_before_kB"] = static_cast<double>(before_kib) * 1.024;
    state.counters["rss_growth_kB"] = static_cast<double>(after_kib - before_kib) * 1.024;
    state.counters["updates"] = static_cast<double>(server.progress().updates);
  }
}
BENCHMARK(BM_ParameterServerMemory)
    ->Args({132'695, 1})
    ->Args({132'695, 4})
    ->Args({677'943, 4})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
