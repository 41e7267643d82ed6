#include "comm/mpi_channel.h"

#include <climits>

#include <fmt/format.h>

#include "comm/mpi_world.h"

namespace ga3c::comm {
namespace {

int byte_count(std::size_t bytes) {
  if (bytes > static_cast<std::size_t>(INT_MAX)) {
    mpi_abort(fmt::format("a message of {} bytes exceeds MPI's count limit", bytes));
  }
  return static_cast<int>(bytes);
}

}  // namespace

MpiChannel::MpiChannel(int rank, int world_size, double peer_timeout_s,
                       std::function<std::string(int)> name_rank)
    : rank_(rank),
      peer_timeout_s_(peer_timeout_s),
      name_rank_(std::move(name_rank)),
      next_send_(world_size, 0),
      next_recv_(world_size, 0) {}

MpiChannel::~MpiChannel() {
  complete_sends();
  if (any_request_ != MPI_REQUEST_NULL) {
    MPI_Cancel(&any_request_);
    MPI_Status status;
    MPI_Wait(&any_request_, &status);  // a cancelled receive completes locally
    int cancelled = 0;
    MPI_Test_cancelled(&status, &cancelled);
    if (!cancelled) {
      fail(fmt::format("unexpected {} after the last message this rank serves",
                       describe(any_header_)));
    }
  }
}

void MpiChannel::fail(const std::string& message) const { mpi_abort(message); }

void MpiChannel::send(int to, MessageHeader h, const void* payload) {
  h.magic = kMessageMagic;
  h.sender = rank_;
  h.sequence = next_send_.at(to)++;
  sends_.emplace_back();
  PendingSend& p = sends_.back();
  p.header = h;
  p.to = to;
  p.posted = Clock::now();
  MPI_Isend(&p.header, sizeof p.header, MPI_BYTE, to, kHeaderTag, MPI_COMM_WORLD, &p.requests[0]);
  if (h.payload_bytes > 0) {
    MPI_Isend(payload, byte_count(h.payload_bytes), MPI_BYTE, to, kPayloadTag, MPI_COMM_WORLD,
              &p.requests[1]);
  }
}

void MpiChannel::complete_sends(int to) {
  for (auto it = sends_.begin(); it != sends_.end();) {
    PendingSend& p = *it;
    if (to >= 0 && p.to != to) {
      ++it;
      continue;
    }
    const double waited = std::chrono::duration<double>(Clock::now() - p.posted).count();
    wait_all(2, p.requests, MPI_STATUSES_IGNORE,
             deadline_after(std::max(0.0, peer_timeout_s_ - waited)), peer_timeout_s_,
             fmt::format("{} to {} was not taken", describe(p.header), name(p.to)));
    it = sends_.erase(it);
  }
}

void MpiChannel::progress_sends() {
  for (auto it = sends_.begin(); it != sends_.end();) {
    int done = 0;
    MPI_Testall(2, it->requests, &done, MPI_STATUSES_IGNORE);
    if (done) {
      it = sends_.erase(it);
      continue;
    }
    if (Clock::now() - it->posted > std::chrono::duration<double>(peer_timeout_s_)) {
      fail(
          fmt::format("{} to {} was not taken within {} s (--peer-timeout); the rank may "
                      "have died or hung",
                      describe(it->header), name(it->to), peer_timeout_s_));
    }
    ++it;
  }
}

MpiChannel::Receipt MpiChannel::post_receives(std::vector<Expected> expected) {
  Receipt r;
  r.expected = std::move(expected);
  r.headers.resize(r.expected.size());
  r.requests.reserve(2 * r.expected.size());
  for (std::size_t i = 0; i < r.expected.size(); ++i) {
    const Expected& e = r.expected[i];
    r.requests.emplace_back();
    MPI_Irecv(&r.headers[i], sizeof(MessageHeader), MPI_BYTE, e.expectation.source, kHeaderTag,
              MPI_COMM_WORLD, &r.requests.back());
    if (e.payload != nullptr && e.expectation.payload_bytes > 0) {
      r.requests.emplace_back();
      MPI_Irecv(e.payload, byte_count(e.expectation.payload_bytes), MPI_BYTE, e.expectation.source,
                kPayloadTag, MPI_COMM_WORLD, &r.requests.back());
    }
  }
  return r;
}

std::vector<MessageHeader> MpiChannel::wait(Receipt& r, const std::string& what) {
  std::vector<MPI_Status> statuses(r.requests.size());
  std::string sources;
  for (const Expected& e : r.expected) {
    sources += (sources.empty() ? "" : ", ") + name(e.expectation.source);
  }
  wait_all(static_cast<int>(r.requests.size()), r.requests.data(), statuses.data(),
           deadline_after(peer_timeout_s_), peer_timeout_s_,
           fmt::format("no reply from {} to {}", sources, what));
  std::size_t k = 0;
  for (std::size_t i = 0; i < r.expected.size(); ++i) {
    HeaderExpectation e = r.expected[i].expectation;
    e.sequence = next_recv_.at(e.source);
    const std::string error = check_header(r.headers[i], e);
    if (!error.empty()) fail("malformed or unexpected " + error);
    ++next_recv_[e.source];
    ++k;  // the header's status
    if (r.expected[i].payload != nullptr && e.payload_bytes > 0) {
      int count = 0;
      MPI_Get_count(&statuses[k], MPI_BYTE, &count);
      if (count != e.payload_bytes) {
        fail(fmt::format("{}: payload of {} bytes, header said {}", describe(r.headers[i]), count,
                         e.payload_bytes));
      }
      ++k;
    }
  }
  return r.headers;
}

bool MpiChannel::poll_any(MessageHeader& header, int& source) {
  if (any_request_ == MPI_REQUEST_NULL) {
    MPI_Irecv(&any_header_, sizeof any_header_, MPI_BYTE, MPI_ANY_SOURCE, kHeaderTag,
              MPI_COMM_WORLD, &any_request_);
  }
  MPI_Status status;
  if (!test(any_request_, &status)) return false;
  any_request_ = MPI_REQUEST_NULL;
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  if (count != static_cast<int>(sizeof(MessageHeader))) {
    fail(fmt::format("malformed message from {}: a header of {} bytes, expected {}",
                     name(status.MPI_SOURCE), count, sizeof(MessageHeader)));
  }
  header = any_header_;
  source = status.MPI_SOURCE;
  return true;
}

void MpiChannel::accept(const MessageHeader& h, int source, HeaderExpectation e) {
  e.source = source;
  e.sequence = next_recv_.at(source);
  const std::string error = check_header(h, e);
  if (!error.empty()) fail("malformed or unexpected " + error);
  ++next_recv_[source];
}

void MpiChannel::receive_payload(int source, void* dst, std::size_t bytes, const MessageHeader& h) {
  MPI_Request request;
  MPI_Status status;
  MPI_Irecv(dst, byte_count(bytes), MPI_BYTE, source, kPayloadTag, MPI_COMM_WORLD, &request);
  wait_all(1, &request, &status, deadline_after(peer_timeout_s_), peer_timeout_s_,
           "the payload of " + describe(h) + " did not arrive");
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  if (static_cast<std::size_t>(count) != bytes) {
    fail(fmt::format("{}: payload of {} bytes, header said {}", describe(h), count, bytes));
  }
}

}  // namespace ga3c::comm
