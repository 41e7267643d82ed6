// A corrupted header must be refused: rank 0 serves shard 0 (4 floats) for one worker, rank 1
// sends one push whose header is corrupted as argv[1] says (magic, type, sequence, size,
// shard), written with raw MPI calls as a faulty peer would. The server must end the job
// with "rank 0: fatal: malformed or unexpected message from rank 1: ..." naming the field;
// CTest matches that line.
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <mpi.h>

#include "comm/mpi_channel.h"
#include "comm/mpi_server.h"
#include "comm/mpi_world.h"

int main(int argc, char** argv) {
  const std::string corruption = argc > 1 ? argv[1] : "";
  ga3c::comm::MpiWorld world;
  const auto roles = ga3c::comm::make_roles(world.rank(), world.size(), 1, 1);
  ga3c::ps::ParameterServerConfig config;
  config.optimizer.kind = ga3c::algo::OptimizerKind::kSgd;
  const std::vector<float> initial(4, 0.0f);
  if (roles.is_server()) {
    auto shard = ga3c::ps::make_shard(initial, config, 0);
    ga3c::ps::GlobalCounters counters(0);
    ga3c::comm::MpiServer server(roles, *shard, &counters, config, 30);
    server.serve({});
    std::printf("the server accepted a corrupted header (%s)\n", corruption.c_str());
    return 1;
  }
  using ga3c::comm::MessageType;
  ga3c::comm::MessageHeader h;
  h.type = static_cast<uint32_t>(MessageType::kPush);
  h.sender = 1;
  h.shard = 0;
  h.sequence = 0;
  h.payload_bytes = 16;
  if (corruption == "magic") h.magic = 0x12345678;
  if (corruption == "type") h.type = 99;
  if (corruption == "sequence") h.sequence = 5;
  if (corruption == "size") h.payload_bytes = 12;
  if (corruption == "shard") h.shard = 3;
  const std::vector<float> g(4, 1.0f);
  MPI_Send(&h, sizeof h, MPI_BYTE, 0, ga3c::comm::kHeaderTag, MPI_COMM_WORLD);
  MPI_Send(g.data(), static_cast<int>(h.payload_bytes), MPI_BYTE, 0, ga3c::comm::kPayloadTag,
           MPI_COMM_WORLD);
  // The server aborts the job; this rank only waits to be ended.
  std::this_thread::sleep_for(std::chrono::seconds(30));
  std::printf("the job was not aborted\n");
  return 1;
}
