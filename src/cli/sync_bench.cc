#include "cli/sync_bench.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "comm/in_process_link.h"
#include "comm/mpi_link.h"
#include "comm/mpi_server.h"
#include "comm/mpi_worker_group.h"
#include "comm/mpi_world.h"
#include "config/train_config.h"
#include "model/actor_critic.h"
#include "model/flat_parameters.h"
#include "ps/parameter_server.h"

namespace ga3c::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kMaxBenchSyncs = 1000000;  // --iterations, --warmup: about 24 MB of times a worker

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The flat parameters of the network, as training initialises them with seed 1.
std::vector<float> network_parameters(const std::string& name) {
  const model::NetworkKind kind = model::parse_network_kind(name);
  env::ObservationSpec spec;
  int actions = 6;
  switch (kind) {
    case model::NetworkKind::kA3cCnn:
      spec.shape = {84, 84, 4};
      break;
    case model::NetworkKind::kMinAtarCnn:
      spec.shape = {10, 10, 4};
      break;
    case model::NetworkKind::kMlp:
      spec.shape = {4};
      actions = 2;
      break;
    default:
      throw std::invalid_argument("no bench shape for --network " + name);
  }
  torch::manual_seed(1);
  auto net = model::make_actor_critic(kind, spec, actions);
  model::FlatParameters flat(*net);
  return std::vector<float>(flat.data(), flat.data() + flat.size());
}

ps::ParameterServerConfig server_config(const SyncBenchOptions& o) {
  ps::ParameterServerConfig c;
  c.num_shards = o.num_ps;
  c.workers = o.workers;
  return c;
}

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

// Median time of copying `bytes` bytes with memcpy, over `reps` copies.
double memcpy_median_ms(std::size_t bytes, int reps) {
  std::vector<char> from(bytes, 1), to(bytes, 0);
  std::vector<double> times;
  for (int i = 0; i < reps; ++i) {
    const auto start = Clock::now();
    std::memcpy(to.data(), from.data(), bytes);
    times.push_back(ms_since(start));
    from[i % bytes] = static_cast<char>(to[(i * 7919) % bytes] + 1);  // keep the copy live
  }
  return percentile(times, 0.5);
}

// One worker's syncs: `barrier` before each, the last `iterations` timed. Returns the sync
// times, then the push times, then the pull times (ms).
std::vector<double> time_syncs(comm::PsLink& link, std::size_t n, const SyncBenchOptions& o,
                               const std::function<void()>& barrier) {
  const std::vector<float> grad(n, 1e-6f);
  std::vector<float> params(n);
  std::vector<double> sync, push, pull;
  for (int i = 0; i < o.warmup + o.iterations; ++i) {
    barrier();
    const auto start = Clock::now();
    const comm::PsLink::Exchange e = link.sync(grad.data(), params.data(), 0, 0);
    if (i >= o.warmup) {
      sync.push_back(ms_since(start));
      push.push_back(e.push_ms);
      pull.push_back(sync.back() - e.push_ms);
    }
  }
  sync.insert(sync.end(), push.begin(), push.end());
  sync.insert(sync.end(), pull.begin(), pull.end());
  return sync;
}

// per_worker: each worker's time_syncs().
void print_report(const SyncBenchOptions& o, std::size_t n, const std::string& how,
                  const std::vector<std::vector<double>>& per_worker) {
  std::vector<double> syncs, pushes, pulls;
  for (const auto& w : per_worker) {
    const auto third = w.begin() + static_cast<std::ptrdiff_t>(w.size() / 3);
    syncs.insert(syncs.end(), w.begin(), third);
    pushes.insert(pushes.end(), third, third + (third - w.begin()));
    pulls.insert(pulls.end(), third + (third - w.begin()), w.end());
  }
  const std::size_t bytes = 2 * n * sizeof(float);
  const double copy = memcpy_median_ms(bytes, std::max(o.iterations, 50));
  const double median = percentile(syncs, 0.5);
  const double p95 = percentile(syncs, 0.95);
  std::printf("sync bench: %s, %zu parameters, %d server(s), %d worker(s) %s, %u cores\n",
              o.network.c_str(), n, o.num_ps, o.workers, how.c_str(),
              std::thread::hardware_concurrency());
  std::printf("sync (push + pull of %.2f MB): median %.3f ms, p95 %.3f ms over %zu syncs\n",
              bytes / 1e6, median, p95, syncs.size());
  std::printf("  push: median %.3f ms, p95 %.3f ms; pull: median %.3f ms, p95 %.3f ms\n",
              percentile(pushes, 0.5), percentile(pushes, 0.95), percentile(pulls, 0.5),
              percentile(pulls, 0.95));
  std::printf("memcpy of the same %.2f MB: median %.3f ms\n", bytes / 1e6, copy);
  std::printf("sync / memcpy: %.1fx (median)\n", median / copy);
}

// Threads meeting at a barrier, round after round.
class RoundBarrier {
 public:
  explicit RoundBarrier(int parties) : parties_(parties) {}
  void arrive_and_wait() {
    std::unique_lock lock(mutex_);
    const int64_t round = round_;
    if (++waiting_ == parties_) {
      waiting_ = 0;
      ++round_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return round_ != round; });
    }
  }

 private:
  const int parties_;
  std::mutex mutex_;
  std::condition_variable cv_;
  int waiting_ = 0;    // guarded by mutex_
  int64_t round_ = 0;  // guarded by mutex_
};

int run_in_process(const SyncBenchOptions& o) {
  const std::vector<float> initial = network_parameters(o.network);
  ps::ParameterServer server(initial, server_config(o));
  RoundBarrier barrier(o.workers);
  std::vector<std::vector<double>> times(o.workers);
  std::vector<std::thread> threads;
  for (int w = 0; w < o.workers; ++w) {
    threads.emplace_back([&, w] {
      comm::InProcessLink link(server);
      times[w] = time_syncs(link, initial.size(), o, [&] { barrier.arrive_and_wait(); });
    });
  }
  for (auto& t : threads) t.join();
  print_report(o, initial.size(), "in one process (threads)", times);
  return 0;
}

int run_under_mpi(const SyncBenchOptions& o, comm::MpiWorld& world) {
  comm::MpiRoles roles;
  try {
    roles = comm::make_roles(world.rank(), world.size(), o.num_ps, o.workers);
  } catch (const std::exception& e) {
    if (world.rank() == 0) std::fprintf(stderr, "ga3c bench sync: error: %s\n", e.what());
    return 2;
  }
  const std::vector<float> initial = network_parameters(o.network);
  const ps::ParameterServerConfig config = server_config(o);
  if (roles.is_server()) {
    auto shard = ps::make_shard(initial, config, roles.rank);
    ps::GlobalCounters counters(0);
    comm::MpiServer(roles, *shard, roles.rank == 0 ? &counters : nullptr, config, o.peer_timeout_s)
        .serve({});
  } else {
    comm::MpiLink link(roles, ps::shard_layout(initial.size(), o.num_ps), o.peer_timeout_s);
    comm::MpiWorkerGroup group(roles, o.peer_timeout_s);
    const auto times = time_syncs(link, initial.size(), o, [&] { group.barrier(); });
    link.goodbye();
    const auto all = group.gather(times);
    if (group.is_first()) {
      print_report(o, initial.size(), fmt::format("under MPI ({} ranks on one host)", world.size()),
                   all);
    }
  }
  world.barrier(o.peer_timeout_s, "the end of the sync bench");
  return 0;
}

// The first option out of its bounds, as one line naming it and its range; empty when none.
// The bounds keep the bench's threads, its timing vectors and its waits finite.
std::string out_of_bounds(const SyncBenchOptions& o) {
  const auto outside = [](const char* name, auto value, auto low, auto high) {
    return value >= low && value <= high
               ? std::string()
               : fmt::format("{} is {}; give a value from {} to {}", name, value, low, high);
  };
  for (std::string problem : {outside("--workers", o.workers, 1, config::kMaxWorkers),
                              outside("--num-ps", o.num_ps, 1, config::kMaxShards),
                              outside("--iterations", o.iterations, 1, kMaxBenchSyncs),
                              outside("--warmup", o.warmup, 0, kMaxBenchSyncs),
                              outside("--peer-timeout", o.peer_timeout_s,
                                      config::kMinPeerTimeoutSeconds, config::kMaxPeriodSeconds)}) {
    if (!problem.empty()) return problem;
  }
  return {};
}

}  // namespace

void add_sync_bench_options(CLI::App& sync, SyncBenchOptions& o) {
  sync.add_option("--network", o.network, "a3c-cnn | minatar-cnn | mlp")->capture_default_str();
  sync.add_option("--workers,--num-workers", o.workers, "Workers syncing at once")
      ->capture_default_str();
  sync.add_option("--num-ps", o.num_ps, "Parameter-server shards (under MPI: server ranks)")
      ->capture_default_str();
  sync.add_option("--iterations", o.iterations,
                  fmt::format("Timed syncs per worker (at most {})", kMaxBenchSyncs))
      ->capture_default_str();
  sync.add_option("--warmup", o.warmup,
                  fmt::format("Untimed syncs per worker first (at most {})", kMaxBenchSyncs))
      ->capture_default_str();
  sync.add_option("--peer-timeout", o.peer_timeout_s,
                  fmt::format("MPI: seconds before a silent rank ends the job ({} to {})",
                              config::kMinPeerTimeoutSeconds, config::kMaxPeriodSeconds))
      ->capture_default_str();
}

int run_sync_bench(const SyncBenchOptions& o) {
  if (const std::string problem = out_of_bounds(o); !problem.empty()) {
    std::fprintf(stderr, "ga3c bench sync: error: %s\n", problem.c_str());
    return 2;
  }
  if (o.network != "a3c-cnn" && o.network != "minatar-cnn" && o.network != "mlp") {
    std::fprintf(stderr,
                 "ga3c bench sync: error: unknown --network '%s'; use a3c-cnn, "
                 "minatar-cnn or mlp\n",
                 o.network.c_str());
    return 2;
  }
  if (comm::MpiWorld::launched()) {
    comm::MpiWorld world;
    if (world.size() > 1) return run_under_mpi(o, world);
    return run_in_process(o);
  }
  return run_in_process(o);
}

}  // namespace ga3c::cli
