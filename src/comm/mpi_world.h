// The MPI environment of a process that an MPI launcher started. Header free of mpi.h.
//
// An MPI launch is recognised by the environment the launcher sets, before MPI_Init (a plain
// `ga3c train` never initialises MPI, so it needs no MPI runtime and behaves as it always
// did): OMPI_COMM_WORLD_SIZE (Open MPI's mpirun/mpiexec), PMIX_RANK (PMIx launchers: srun
// --mpi=pmix, prterun), PMI_SIZE (PMI-1/2: srun --mpi=pmi2, MPICH's Hydra), ALPS_APP_PE (aprun).
#pragma once

#include <string>

namespace ga3c::comm {

class MpiWorld {
 public:
  // The first launcher variable set in this process's environment, or "" for a plain run.
  static std::string launcher_variable();
  static bool launched() { return !launcher_variable().empty(); }
  // This process's rank among the job's processes on its machine, as the launcher tells it
  // (OMPI_COMM_WORLD_LOCAL_RANK, MPI_LOCALRANKID, SLURM_LOCALID; no collective call, which
  // would hang on a rank that failed to start); 0 when none does.
  static int local_rank();

  // MPI_Init_thread asking for MPI_THREAD_SERIALIZED (a worker's trainer threads, its sync
  // thread and its main thread call MPI one at a time, under the link's mutex). Throws
  // std::runtime_error when the library cannot give that level. One per process.
  MpiWorld();
  // MPI_Finalize. Every rank must have completed its messages (see barrier()).
  ~MpiWorld();
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }

  // Returns once every rank called it. Polls a non-blocking barrier; past timeout_s seconds
  // it aborts the job with a message naming `what` (a rank died or hangs).
  void barrier(double timeout_s, const std::string& what) const;

  // Root's text arrives on every rank (at most 64 KiB); bounded like barrier().
  std::string broadcast(const std::string& text, int root, double timeout_s) const;

 private:
  int rank_ = 0;
  int size_ = 1;
};

// Prints "ga3c: rank R: fatal: <message>" on stderr and ends every rank of the job
// (MPI_Abort, exit code 1). Any thread may call it.
[[noreturn]] void mpi_abort(const std::string& message);

}  // namespace ga3c::comm
