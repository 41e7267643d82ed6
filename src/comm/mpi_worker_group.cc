#include "comm/mpi_worker_group.h"

#include <stdexcept>

#include "comm/mpi_channel.h"

namespace ga3c::comm {
namespace {

MessageHeader header(MessageType type, std::size_t payload_bytes = 0) {
  MessageHeader h;
  h.type = static_cast<uint32_t>(type);
  h.payload_bytes = payload_bytes;
  return h;
}

}  // namespace

MpiWorkerGroup::MpiWorkerGroup(const MpiRoles& roles, double peer_timeout_s)
    : roles_(roles),
      channel_(std::make_unique<MpiChannel>(roles.rank, roles.world_size, peer_timeout_s,
                                            [roles](int r) { return roles.name(r); })) {
  if (roles.is_server()) throw std::invalid_argument("MpiWorkerGroup on " + roles.name());
}

MpiWorkerGroup::~MpiWorkerGroup() = default;

void MpiWorkerGroup::barrier() {
  const int first = roles_.first_worker_rank();
  std::vector<MpiChannel::Expected> expected;
  if (is_first()) {
    for (int k = 1; k < roles_.workers; ++k) {
      MpiChannel::Expected e;
      e.expectation.source = roles_.worker_rank(k);
      e.expectation.types = type_bit(MessageType::kGroupReady);
      e.expectation.payload_bytes = 0;
      expected.push_back(e);
    }
    auto receipt = channel_->post_receives(std::move(expected));
    channel_->wait(receipt, "the group barrier");
    for (int k = 1; k < roles_.workers; ++k) {
      channel_->send(roles_.worker_rank(k), header(MessageType::kGroupGo), nullptr);
    }
  } else {
    MpiChannel::Expected e;
    e.expectation.source = first;
    e.expectation.types = type_bit(MessageType::kGroupGo);
    e.expectation.payload_bytes = 0;
    auto receipt = channel_->post_receives({e});
    channel_->send(first, header(MessageType::kGroupReady), nullptr);
    channel_->wait(receipt, "the group barrier");
  }
  channel_->complete_sends();
}

std::vector<std::vector<double>> MpiWorkerGroup::gather(const std::vector<double>& mine) {
  const std::size_t bytes = mine.size() * sizeof(double);
  if (!is_first()) {
    channel_->send(roles_.first_worker_rank(), header(MessageType::kGroupData, bytes), mine.data());
    channel_->complete_sends();
    return {};
  }
  std::vector<std::vector<double>> all(roles_.workers, std::vector<double>(mine.size()));
  all[0] = mine;
  std::vector<MpiChannel::Expected> expected;
  for (int k = 1; k < roles_.workers; ++k) {
    MpiChannel::Expected e;
    e.expectation.source = roles_.worker_rank(k);
    e.expectation.types = type_bit(MessageType::kGroupData);
    e.expectation.payload_bytes = static_cast<int64_t>(bytes);
    e.payload = all[k].data();
    expected.push_back(e);
  }
  auto receipt = channel_->post_receives(std::move(expected));
  channel_->wait(receipt, "the group gather");
  return all;
}

}  // namespace ga3c::comm
