// A barrier and a gather among the worker ranks only, while the servers serve: for
// benchmarks that need every worker to act at once (`ga3c bench sync`). The first worker
// coordinates; every wait is bounded by the peer timeout and a malformed message is fatal,
// as in mpi_channel.h.
//
// Not thread-safe; every worker must make the same sequence of calls.
#pragma once

#include <memory>
#include <vector>

#include "comm/mpi_roles.h"

namespace ga3c::comm {

class MpiChannel;

class MpiWorkerGroup {
 public:
  // roles: a worker rank. Needs a live MpiWorld.
  MpiWorkerGroup(const MpiRoles& roles, double peer_timeout_s);
  ~MpiWorkerGroup();
  MpiWorkerGroup(const MpiWorkerGroup&) = delete;
  MpiWorkerGroup& operator=(const MpiWorkerGroup&) = delete;

  bool is_first() const { return roles_.rank == roles_.first_worker_rank(); }

  // Returns once every worker called it.
  void barrier();

  // Every worker passes as many values; the first worker gets them all, in worker order
  // (its own first), the others an empty vector.
  std::vector<std::vector<double>> gather(const std::vector<double>& mine);

 private:
  const MpiRoles roles_;
  std::unique_ptr<MpiChannel> channel_;
};

}  // namespace ga3c::comm
