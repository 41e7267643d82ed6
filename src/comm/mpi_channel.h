// Framed, checked point-to-point messages between ranks (mpi_message.h), with every wait
// bounded by the peer timeout. Internal to comm/ (includes mpi.h): MpiLink, MpiServer and
// MpiWorkerGroup are built on it.
//
// A message is its 64-byte header on kHeaderTag, then its payload on kPayloadTag when
// payload_bytes > 0. MPI keeps messages between two ranks on one tag in order, so a receiver
// that takes a header and then the payload from the same rank always pairs them right.
//
// Not thread-safe: its owner serialises every call.
#pragma once

#include <functional>
#include <list>
#include <string>
#include <vector>

#include <mpi.h>

#include "comm/mpi_message.h"
#include "comm/mpi_wait.h"

namespace ga3c::comm {

constexpr int kHeaderTag = 7301;
constexpr int kPayloadTag = 7302;

class MpiChannel {
 public:
  // name_rank: how errors name a rank ("rank 1 (server 1)").
  MpiChannel(int rank, int world_size, double peer_timeout_s,
             std::function<std::string(int)> name_rank);
  // Completes the posted sends (bounded by the peer timeout) and cancels the posted receive
  // (a message it already took is unexpected: fatal).
  ~MpiChannel();
  MpiChannel(const MpiChannel&) = delete;
  MpiChannel& operator=(const MpiChannel&) = delete;

  // Posts h (sender and sequence filled in) and, when h.payload_bytes > 0, the payload to
  // rank `to`; returns at once. The payload must stay unchanged until complete_sends().
  void send(int to, MessageHeader h, const void* payload);
  // Waits for every posted send (to rank `to` only, when given); aborts naming the receiver
  // past the peer timeout.
  void complete_sends(int to = -1);
  // Forgets completed sends without waiting; aborts when one waited past the peer timeout.
  void progress_sends();

  // A header expected from one rank, with the payload posted straight into `payload` (which
  // must hold expectation.payload_bytes bytes) when it is not null.
  struct Expected {
    HeaderExpectation expectation;  // sequence is filled in by the channel
    void* payload = nullptr;
  };
  // Receives posted by post_receives(), completed by wait().
  struct Receipt {
    std::vector<Expected> expected;
    std::vector<MessageHeader> headers;
    std::vector<MPI_Request> requests;  // header, then payload where posted, per expected
  };
  Receipt post_receives(std::vector<Expected> expected);
  // Waits for every header and payload of the receipt, checks each header, and returns them
  // in the order expected. Aborts on a malformed message or past the peer timeout, naming
  // the rank and `what`.
  std::vector<MessageHeader> wait(Receipt& receipt, const std::string& what);

  // Servers: a header from any rank, if one arrived (never waits). The caller checks it with
  // accept() and then takes its payload with receive_payload().
  bool poll_any(MessageHeader& header, int& source);
  // Checks a header polled from `source` (the sequence is the channel's); aborts when it
  // fails.
  void accept(const MessageHeader& h, int source, HeaderExpectation e);
  // Receives the payload of the header just accepted from `source` into dst (bytes long).
  void receive_payload(int source, void* dst, std::size_t bytes, const MessageHeader& h);

 private:
  struct PendingSend {
    MessageHeader header;
    MPI_Request requests[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int to = -1;
    Clock::time_point posted;
  };

  [[noreturn]] void fail(const std::string& message) const;
  std::string name(int rank) const { return name_rank_(rank); }

  const int rank_;
  const double peer_timeout_s_;
  const std::function<std::string(int)> name_rank_;
  std::vector<uint64_t> next_send_;  // per receiver rank
  std::vector<uint64_t> next_recv_;  // per sender rank
  std::list<PendingSend> sends_;     // a list: MPI reads each header in place until sent
  MessageHeader any_header_;
  MPI_Request any_request_ = MPI_REQUEST_NULL;
};

}  // namespace ga3c::comm
