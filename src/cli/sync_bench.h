// `ga3c bench sync`: the time of one sync (push every shard, then pull every shard) of a
// network's flat parameters while W workers sync at once (a barrier starts every round),
// median and 95th percentile over every worker's syncs, beside a plain memcpy of the same
// bytes (pushed plus pulled) timed in the same run, and their ratio.
//   plain:      ga3c bench sync --workers W            in-process server, W worker threads
//   under MPI:  mpirun -n P+W ga3c bench sync --num-ps P --workers W
//               server ranks 0..P-1 serve their shard as in training; worker ranks sync
// The servers step the global optimizer of training's defaults (TF-style RMSProp) with each
// push, so the time includes the apply.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace ga3c::cli {

struct SyncBenchOptions {
  std::string network = "a3c-cnn";  // a3c-cnn [84, 84, 4] | minatar-cnn [10, 10, 4] | mlp [4]
  int workers = 1;
  int num_ps = 1;
  int iterations = 200;  // timed syncs per worker
  int warmup = 20;       // untimed syncs per worker first
  double peer_timeout_s = 60;
};

// Binds the options to the `bench sync` subcommand.
void add_sync_bench_options(CLI::App& sync, SyncBenchOptions& options);

// Returns the exit code: 0, or 2 for bad options (one line on stderr, on rank 0 under MPI).
int run_sync_bench(const SyncBenchOptions& options);

}  // namespace ga3c::cli
