// Who does what in an MPI job: ranks 0..P-1 are parameter servers (rank s holds shard s, rank
// 0 also the global counters and the stop decision), ranks P..P+W-1 are workers (rank P+k runs
// GA3C node k), as in the original distributed GA3C's -np/-nw.
#pragma once

#include <stdexcept>
#include <string>

namespace ga3c::comm {

struct MpiRoles {
  int rank = 0;
  int world_size = 1;
  int num_ps = 1;
  int workers = 1;

  bool is_server() const { return rank < num_ps; }
  // Worker index of this rank (workers only) and the rank of worker k.
  int worker_index() const { return rank - num_ps; }
  int worker_rank(int k) const { return num_ps + k; }
  int first_worker_rank() const { return num_ps; }

  // "rank 0 (server 0)", "rank 3 (worker 1)": how logs and errors name a rank.
  std::string name(int r) const {
    const std::string role =
        r < num_ps ? "server " + std::to_string(r) : "worker " + std::to_string(r - num_ps);
    return "rank " + std::to_string(r) + " (" + role + ")";
  }
  std::string name() const { return name(rank); }
};

// Throws std::invalid_argument, one line, when num_ps + workers is not the world size or either
// is below 1.
inline MpiRoles make_roles(int rank, int world_size, int num_ps, int workers) {
  if (num_ps < 1 || workers < 1 || num_ps + workers != world_size) {
    throw std::invalid_argument(
        "--num-ps " + std::to_string(num_ps) + " and --workers " + std::to_string(workers) +
        " need " + std::to_string(num_ps + workers) + " MPI ranks, but the launcher started " +
        std::to_string(world_size) + "; run mpirun -n " + std::to_string(num_ps + workers) +
        " or change --num-ps/--workers");
  }
  return MpiRoles{rank, world_size, num_ps, workers};
}

}  // namespace ga3c::comm
