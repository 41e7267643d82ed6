// Atomicity across ranks: W worker ranks each push g = 1 a hundred times to every shard of
// P server ranks running SGD with lr 0.5 from 0. Every shard must end at w = -0.5 * 100 * W
// exactly in every element, at version 100 * W, and the versions the pushes returned must be
// 1..100*W, each once: no update lost, none applied twice, none interleaved.
//
//   mpirun -n P+W mpi_atomicity_check --num-ps P
//
// With --racy the servers apply pushes as --ps-apply racy does (a pool of appliers, at the
// same time): the versions must still be 1..100*W, each once, every push answered; each server
// prints how many of its applies overlapped another and whether every element still holds
// every update (a lost update is allowed there: that is the race).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "comm/mpi_link.h"
#include "comm/mpi_server.h"
#include "comm/mpi_worker_group.h"
#include "comm/mpi_world.h"

namespace {

constexpr int kPushes = 100;
constexpr std::size_t kParams = 10;
constexpr double kTimeout = 60;

int check_server(const ga3c::ps::Shard& shard, int workers, int rank, bool racy) {
  std::vector<float> w(shard.size());
  const int64_t version = shard.read(w.data(), w.size());
  const float expected = -0.5f * kPushes * workers;
  const bool exact = std::all_of(w.begin(), w.end(), [&](float x) { return x == expected; });
  std::printf("server rank %d: version %lld (expected %d), w[0] = %g (expected %g) %s\n", rank,
              static_cast<long long>(version), kPushes * workers, w[0], expected,
              exact ? "in every element" : "NOT in every element");
  if (racy) {
    std::printf("server rank %d: %lld overlapping applies\n", rank,
                static_cast<long long>(shard.overlapping_applies()));
    return version == kPushes * workers ? 0 : 1;
  }
  return version == kPushes * workers && exact ? 0 : 1;
}

int check_versions(const std::vector<std::vector<double>>& per_worker, int shards, int workers) {
  int failures = 0;
  for (int s = 0; s < shards; ++s) {
    std::vector<double> seen;
    for (const auto& w : per_worker) {
      for (int i = 0; i < kPushes; ++i) seen.push_back(w[s * kPushes + i]);
    }
    std::sort(seen.begin(), seen.end());
    for (int v = 1; v <= kPushes * workers; ++v) {
      if (seen[v - 1] != v) {
        std::printf("shard %d: the pushes returned version %g where %d was due\n", s, seen[v - 1],
                    v);
        ++failures;
        break;
      }
    }
  }
  if (failures == 0) {
    std::printf("every shard returned versions 1..%d, each once\n", kPushes * workers);
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  int num_ps = 1;
  bool racy = false;
  for (int i = 1; i < argc; ++i) {
    if (i + 1 < argc && std::strcmp(argv[i], "--num-ps") == 0) num_ps = std::stoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--racy") == 0) racy = true;
  }
  // Racy: applies long enough (a million parameters) to meet.
  const std::size_t params = racy ? 1'000'000 : kParams;
  ga3c::comm::MpiWorld world;
  const auto roles =
      ga3c::comm::make_roles(world.rank(), world.size(), num_ps, world.size() - num_ps);
  ga3c::ps::ParameterServerConfig config;
  config.num_shards = num_ps;
  config.optimizer.kind = ga3c::algo::OptimizerKind::kSgd;
  config.lr = 0.5f;
  config.workers = roles.workers;
  if (racy) config.apply = ga3c::ps::ApplyMode::kRacy;
  const std::vector<float> initial(params, 0.0f);

  int status = 0;
  if (roles.is_server()) {
    auto shard = ga3c::ps::make_shard(initial, config, roles.rank);
    ga3c::ps::GlobalCounters counters(0);
    ga3c::comm::MpiServer server(roles, *shard, roles.rank == 0 ? &counters : nullptr, config,
                                 kTimeout);
    server.serve({});
    status = check_server(*shard, roles.workers, roles.rank, racy);
  } else {
    ga3c::comm::MpiLink link(roles, ga3c::ps::shard_layout(params, num_ps), kTimeout);
    ga3c::comm::MpiWorkerGroup group(roles, kTimeout);
    const std::vector<float> ones(params, 1.0f);
    std::vector<double> versions(num_ps * kPushes);
    group.barrier();  // every worker pushes at once
    for (int i = 0; i < kPushes; ++i) {
      for (int s = 0; s < num_ps; ++s) {
        versions[s * kPushes + i] =
            static_cast<double>(link.push(s, ones.data() + link.layout()[s].offset));
      }
    }
    link.goodbye();
    const auto all = group.gather(versions);
    if (group.is_first()) status = check_versions(all, num_ps, roles.workers);
  }
  world.barrier(kTimeout, "the end of the check");
  return status;
}
