#include "comm/mpi_world.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>
#include <vector>

#include <mpi.h>

#include "comm/mpi_wait.h"

namespace ga3c::comm {

std::string MpiWorld::launcher_variable() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "ALPS_APP_PE"}) {
    if (std::getenv(name) != nullptr) return name;
  }
  return "";
}

int MpiWorld::local_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"}) {
    if (const char* value = std::getenv(name)) {
      char* end = nullptr;
      const long rank = std::strtol(value, &end, 10);
      if (end != value && *end == '\0' && rank >= 0 && rank < (1 << 20)) {
        return static_cast<int>(rank);
      }
    }
  }
  return 0;
}

MpiWorld::MpiWorld() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  if (provided < MPI_THREAD_SERIALIZED) {
    MPI_Finalize();
    throw std::runtime_error(
        "the MPI library gives no MPI_THREAD_SERIALIZED support, which ga3c needs");
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiWorld::~MpiWorld() { MPI_Finalize(); }

void MpiWorld::barrier(double timeout_s, const std::string& what) const {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  wait_all(1, &request, MPI_STATUSES_IGNORE, deadline_after(timeout_s), timeout_s,
           "not every rank reached " + what);
}

std::string MpiWorld::broadcast(const std::string& text, int root, double timeout_s) const {
  constexpr int kMax = 64 * 1024;
  std::vector<char> buffer(kMax + sizeof(int), 0);
  if (rank_ == root) {
    if (text.size() > static_cast<std::size_t>(kMax)) {
      mpi_abort("broadcast of " + std::to_string(text.size()) + " bytes exceeds 64 KiB");
    }
    const int n = static_cast<int>(text.size());
    std::copy(reinterpret_cast<const char*>(&n), reinterpret_cast<const char*>(&n) + sizeof n,
              buffer.begin());
    std::copy(text.begin(), text.end(), buffer.begin() + sizeof n);
  }
  MPI_Request request;
  MPI_Ibcast(buffer.data(), static_cast<int>(buffer.size()), MPI_BYTE, root, MPI_COMM_WORLD,
             &request);
  wait_all(1, &request, MPI_STATUSES_IGNORE, deadline_after(timeout_s), timeout_s,
           "broadcast from rank " + std::to_string(root));
  int n = 0;
  std::copy(buffer.begin(), buffer.begin() + sizeof n, reinterpret_cast<char*>(&n));
  if (n < 0 || n > kMax) mpi_abort("malformed broadcast of " + std::to_string(n) + " bytes");
  return std::string(buffer.begin() + sizeof n, buffer.begin() + sizeof n + n);
}

void mpi_abort(const std::string& message) {
  int rank = -1;
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::fprintf(stderr, "ga3c: rank %d: fatal: %s\n", rank, message.c_str());
  std::fflush(stderr);
  if (initialized) MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);
}

}  // namespace ga3c::comm
