#include "comm/mpi_link.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include <fmt/format.h>

#include "comm/mpi_channel.h"

namespace ga3c::comm {
namespace {

// (shard, its layout[shard].size floats): what a push sends or a pull fills.
using PushSlices = std::vector<std::pair<int, const float*>>;
using PullSlices = std::vector<std::pair<int, float*>>;

// The replies to pushes to `shards` (shard s lives on server rank s).
std::vector<MpiChannel::Expected> push_replies(const PushSlices& shards) {
  std::vector<MpiChannel::Expected> expected;
  for (const auto& [s, data] : shards) {
    MpiChannel::Expected e;
    e.expectation.source = s;
    e.expectation.types = type_bit(MessageType::kPushReply);
    e.expectation.shard = s;
    e.expectation.payload_bytes = 0;
    expected.push_back(e);
  }
  return expected;
}

// The replies to pulls of `shards`, each landing straight in its slice.
std::vector<MpiChannel::Expected> pull_replies(const PullSlices& shards,
                                               const std::vector<ps::ShardRange>& layout) {
  std::vector<MpiChannel::Expected> expected;
  for (const auto& [s, out] : shards) {
    MpiChannel::Expected e;
    e.expectation.source = s;
    e.expectation.types = type_bit(MessageType::kPullReply);
    e.expectation.shard = s;
    e.expectation.payload_bytes = static_cast<int64_t>(layout[s].size * sizeof(float));
    e.payload = out;
    expected.push_back(e);
  }
  return expected;
}

void send_pushes(MpiChannel& channel, const PushSlices& shards,
                 const std::vector<ps::ShardRange>& layout, int64_t known_frames) {
  for (const auto& [s, data] : shards) {
    MessageHeader h;
    h.type = static_cast<uint32_t>(MessageType::kPush);
    h.shard = s;
    h.payload_bytes = layout[s].size * sizeof(float);
    h.values[0] = known_frames;  // the server's learning-rate schedule follows job frames
    channel.send(s, h, data);
  }
}

void send_pulls(MpiChannel& channel, const PullSlices& shards) {
  for (const auto& shard : shards) {
    const int s = shard.first;
    MessageHeader h;
    h.type = static_cast<uint32_t>(MessageType::kPull);
    h.shard = s;
    channel.send(s, h, nullptr);
  }
}

// Server 0's answer to a report.
MpiChannel::Expected report_reply() {
  MpiChannel::Expected e;
  e.expectation.source = 0;
  e.expectation.types = type_bit(MessageType::kReportReply);
  e.expectation.payload_bytes = 0;
  return e;
}

int64_t min_version(const std::vector<MessageHeader>& replies) {
  int64_t version = std::numeric_limits<int64_t>::max();
  for (const auto& r : replies) version = std::min(version, r.values[0]);
  return version;
}

// Every shard's slice of the flat vector.
template <typename T>
std::vector<std::pair<int, T*>> slices(const std::vector<ps::ShardRange>& layout, T* flat) {
  std::vector<std::pair<int, T*>> out;
  for (std::size_t s = 0; s < layout.size(); ++s) {
    out.emplace_back(static_cast<int>(s), flat + layout[s].offset);
  }
  return out;
}

}  // namespace

MpiLink::MpiLink(const MpiRoles& roles, std::vector<ps::ShardRange> layout, double peer_timeout_s)
    : roles_(roles),
      layout_(std::move(layout)),
      channel_(std::make_unique<MpiChannel>(roles.rank, roles.world_size, peer_timeout_s,
                                            [roles](int r) { return roles.name(r); })) {
  if (roles.is_server() || static_cast<int>(layout_.size()) != roles.num_ps) {
    throw std::invalid_argument(fmt::format("MpiLink on {} with {} shards for {} servers",
                                            roles.name(), layout_.size(), roles.num_ps));
  }
}

MpiLink::~MpiLink() = default;

void MpiLink::check_shard(int shard) const {
  if (shard < 0 || shard >= static_cast<int>(layout_.size())) {
    throw std::out_of_range(fmt::format("shard {} of {}", shard, layout_.size()));
  }
}

int64_t MpiLink::push_shards(const PushSlices& shards) {
  auto receipt = channel_->post_receives(push_replies(shards));
  send_pushes(*channel_, shards, layout_, known_frames_);
  const int64_t version = min_version(channel_->wait(receipt, "push"));
  channel_->complete_sends();
  return version;
}

int64_t MpiLink::pull_shards(const PullSlices& shards) {
  // The payload receives are posted before the requests go out, so each shard lands
  // straight in the caller's buffer.
  auto receipt = channel_->post_receives(pull_replies(shards, layout_));
  send_pulls(*channel_, shards);
  const int64_t version = min_version(channel_->wait(receipt, "pull"));
  channel_->complete_sends();
  return version;
}

int64_t MpiLink::push(int shard, const float* data) {
  std::lock_guard lock(mutex_);
  check_shard(shard);
  return push_shards({{shard, data}});
}

int64_t MpiLink::pull(int shard, float* out) {
  std::lock_guard lock(mutex_);
  check_shard(shard);
  return pull_shards({{shard, out}});
}

int64_t MpiLink::push_all(const float* update) {
  std::lock_guard lock(mutex_);
  return push_shards(slices(layout_, update));
}

int64_t MpiLink::pull_all(float* out) {
  std::lock_guard lock(mutex_);
  return pull_shards(slices(layout_, out));
}

PsLink::Exchange MpiLink::sync(const float* update, float* out, int64_t frames, int64_t episodes) {
  std::lock_guard lock(mutex_);
  const auto start = std::chrono::steady_clock::now();
  const PushSlices updates = slices(layout_, update);
  const PullSlices outs = slices(layout_, out);
  // Replies from one server match the receives in the order they were posted, which is the
  // order it answers: push, pull, then (server 0) report. It applies the push before it
  // answers the pull.
  auto pushed = channel_->post_receives(push_replies(updates));
  auto pulled = channel_->post_receives(pull_replies(outs, layout_));
  auto reported = channel_->post_receives({report_reply()});
  send_pushes(*channel_, updates, layout_, known_frames_);
  send_pulls(*channel_, outs);
  send_report(frames, episodes, true);
  Exchange e;
  e.pushed_version = min_version(channel_->wait(pushed, "push"));
  e.push_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  e.version = min_version(channel_->wait(pulled, "pull"));
  e.progress = read_report_reply(channel_->wait(reported, "report").front());
  channel_->complete_sends();
  return e;
}

void MpiLink::send_report(int64_t frames, int64_t episodes, bool synced) {
  MessageHeader h;
  h.type = static_cast<uint32_t>(MessageType::kReport);
  h.values[0] = frames;
  h.values[1] = episodes;
  h.values[2] = synced ? 1 : 0;
  h.values[3] = interrupted_ ? 1 : 0;
  channel_->send(0, h, nullptr);
}

ps::GlobalProgress MpiLink::read_report_reply(const MessageHeader& reply) {
  ps::GlobalProgress p;
  p.frames = reply.values[0];
  p.episodes = reply.values[1];
  p.updates = reply.values[2];
  p.stop = reply.values[3] != 0;
  known_frames_ = p.frames;
  return p;
}

ps::GlobalProgress MpiLink::report(int64_t frames, int64_t episodes, bool synced) {
  std::lock_guard lock(mutex_);
  auto receipt = channel_->post_receives({report_reply()});
  send_report(frames, episodes, synced);
  const ps::GlobalProgress p = read_report_reply(channel_->wait(receipt, "report").front());
  channel_->complete_sends();
  return p;
}

void MpiLink::send_status(const WorkerStatus& status) {
  std::lock_guard lock(mutex_);
  if (said_goodbye_) throw std::logic_error("MpiLink::send_status after goodbye");
  interrupted_ = interrupted_ || status.interrupted;
  status_buffer_ = encode(status);
  MessageHeader h;
  h.type = static_cast<uint32_t>(MessageType::kStatus);
  h.payload_bytes = status_buffer_.size() * sizeof(double);
  channel_->send(0, h, status_buffer_.data());
  for (int s = 1; s < roles_.num_ps; ++s) {
    MessageHeader beat;
    beat.type = static_cast<uint32_t>(MessageType::kHeartbeat);
    channel_->send(s, beat, nullptr);
  }
  // Small messages complete at once; the buffer is free for the next status.
  channel_->complete_sends();
}

void MpiLink::goodbye() {
  std::lock_guard lock(mutex_);
  if (said_goodbye_) return;
  said_goodbye_ = true;
  for (int s = 0; s < roles_.num_ps; ++s) {
    MessageHeader h;
    h.type = static_cast<uint32_t>(MessageType::kGoodbye);
    channel_->send(s, h, nullptr);
  }
  channel_->complete_sends();
}

}  // namespace ga3c::comm
