#include "comm/mpi_server.h"

#include <algorithm>

#include <fmt/format.h>

#include "comm/mpi_channel.h"
#include "comm/mpi_world.h"
#include "comm/racy_appliers.h"

namespace ga3c::comm {

struct MpiServer::Worker {
  Clock::time_point last_heard;
  bool heard = false;  // a first message came
  bool said_goodbye = false;
  std::vector<float> reply;  // the shard copy a pull reply is sent from
  std::vector<float> push;   // racy: the push being applied
  bool applying = false;     // racy: its push is with the appliers
};

namespace {

// Workers' status is small (8 doubles and 3 per finished episode); anything near this
// bound is not a status.
constexpr int64_t kMaxStatusBytes = 64 << 20;

MessageHeader reply_to(MessageType type, int shard) {
  MessageHeader h;
  h.type = static_cast<uint32_t>(type);
  h.shard = shard;
  return h;
}

}  // namespace

MpiServer::MpiServer(const MpiRoles& roles, ps::Shard& shard, ps::GlobalCounters* counters,
                     const ps::ParameterServerConfig& config, double peer_timeout_s)
    : roles_(roles),
      shard_(shard),
      counters_(counters),
      config_(config),
      peer_timeout_s_(peer_timeout_s),
      channel_(std::make_unique<MpiChannel>(roles.rank, roles.world_size, peer_timeout_s,
                                            [roles](int r) { return roles.name(r); })),
      workers_(roles.workers),
      scratch_(shard.apply_mode() == ps::ApplyMode::kLocked ? shard.size() : 0) {
  if (!roles.is_server() || (roles.rank == 0) != (counters != nullptr)) {
    throw std::invalid_argument(
        fmt::format("MpiServer on {}: only server rank 0 holds the counters", roles.name()));
  }
  if (shard.apply_mode() == ps::ApplyMode::kRacy) {
    appliers_ = std::make_unique<RacyAppliers>(shard, std::clamp(roles.workers, 1, 16));
  }
}

MpiServer::~MpiServer() = default;

void MpiServer::serve(const Hooks& hooks) {
  const auto start = Clock::now();
  for (Worker& w : workers_) w.last_heard = start;
  auto next_tick = start;
  Backoff backoff;
  awaits_orders_ = roles_.rank != 0 && static_cast<bool>(hooks.on_checkpoint);
  while (goodbyes_ < roles_.workers || (awaits_orders_ && !last_order_)) {
    MessageHeader h;
    int source = -1;
    if (appliers_) reply_applied();
    if (channel_->poll_any(h, source)) {
      handle(source, h, hooks);
      backoff.reset();
    } else {
      backoff.pause();
    }
    const auto now = Clock::now();
    if (now >= next_tick) {
      next_tick = now + std::chrono::milliseconds(10);
      channel_->progress_sends();
      check_silence();
      if (hooks.tick) hooks.tick();
    }
  }
  channel_->complete_sends();
}

void MpiServer::order_checkpoint(const CheckpointOrder& order, bool last) {
  MessageHeader h;
  h.type = static_cast<uint32_t>(last ? MessageType::kLastCheckpoint : MessageType::kCheckpoint);
  h.values[0] = order.progress.frames;
  h.values[1] = order.progress.episodes;
  h.values[2] = order.progress.updates;
  h.values[3] = static_cast<int64_t>(order.elapsed_s * 1000.0);
  for (int s = 1; s < roles_.num_ps; ++s) channel_->send(s, h, nullptr);
  if (last) channel_->complete_sends();
}

void MpiServer::handle_order(const MessageHeader& h, const Hooks& hooks) {
  HeaderExpectation e;
  e.types = type_bit(MessageType::kCheckpoint) | type_bit(MessageType::kLastCheckpoint);
  e.payload_bytes = 0;
  channel_->accept(h, 0, e);
  if (last_order_) mpi_abort(fmt::format("unexpected {} after the last one", describe(h)));
  last_order_ = h.type == static_cast<uint32_t>(MessageType::kLastCheckpoint);
  CheckpointOrder order;
  order.progress.frames = h.values[0];
  order.progress.episodes = h.values[1];
  order.progress.updates = h.values[2];
  order.elapsed_s = static_cast<double>(h.values[3]) / 1000.0;
  if (hooks.on_checkpoint) hooks.on_checkpoint(order, last_order_);
}

void MpiServer::reply_applied() {
  for (const auto& [k, version] : appliers_->take_finished()) {
    workers_[k].applying = false;
    MessageHeader r = reply_to(MessageType::kPushReply, roles_.rank);
    r.values[0] = version;
    channel_->send(roles_.worker_rank(k), r, nullptr);
  }
}

void MpiServer::wait_applied(int k) {
  Backoff backoff;
  while (workers_[k].applying) {
    reply_applied();
    if (workers_[k].applying) backoff.pause();
  }
}

void MpiServer::check_silence() const {
  const auto now = Clock::now();
  if (goodbyes_ == roles_.workers && awaits_orders_ && !last_order_ &&
      now - all_goodbyes_ > std::chrono::duration<double>(peer_timeout_s_)) {
    mpi_abort(
        fmt::format("{} sent no last checkpoint order within {} s (--peer-timeout) of "
                    "the workers' goodbyes; it may have died or hung",
                    roles_.name(0), peer_timeout_s_));
  }
  for (int k = 0; k < roles_.workers; ++k) {
    const Worker& w = workers_[k];
    const double silent = std::chrono::duration<double>(now - w.last_heard).count();
    const double allowed = w.heard ? peer_timeout_s_ : peer_timeout_s_ + kStartupAllowanceS;
    if (!w.said_goodbye && silent > allowed) {
      mpi_abort(
          fmt::format("no message from {} for {:.0f} s (--peer-timeout {} s{}); it may "
                      "have died or hung",
                      roles_.name(roles_.worker_rank(k)), silent, peer_timeout_s_,
                      w.heard ? "" : fmt::format(" and {:.0f} s to start", kStartupAllowanceS)));
    }
  }
}

void MpiServer::handle(int source, const MessageHeader& h, const Hooks& hooks) {
  if (source == 0 && awaits_orders_) return handle_order(h, hooks);
  if (source < roles_.num_ps || source >= roles_.world_size) {
    mpi_abort(fmt::format("unexpected {}: servers take messages from workers only", describe(h)));
  }
  const int k = source - roles_.num_ps;
  Worker& worker = workers_[k];
  if (worker.said_goodbye) {
    mpi_abort(fmt::format("unexpected {} after its goodbye", describe(h)));
  }
  worker.last_heard = Clock::now();
  worker.heard = true;

  // What may come from a worker, and with which payload.
  HeaderExpectation e;
  e.types = type_bit(MessageType::kPush) | type_bit(MessageType::kPull) |
            type_bit(MessageType::kHeartbeat) | type_bit(MessageType::kGoodbye);
  if (counters_ != nullptr) {
    e.types |= type_bit(MessageType::kReport) | type_bit(MessageType::kStatus);
  }
  e.shard = roles_.rank;
  e.payload_bytes = 0;
  if (h.type == static_cast<uint32_t>(MessageType::kPush)) {
    e.payload_bytes = static_cast<int64_t>(shard_.size() * sizeof(float));
  } else if (h.type == static_cast<uint32_t>(MessageType::kStatus)) {
    e.payload_bytes = -1;
    e.max_payload_bytes = kMaxStatusBytes;
    e.payload_multiple = sizeof(double);
  }
  channel_->accept(h, source, e);

  switch (static_cast<MessageType>(h.type)) {
    case MessageType::kPush: {
      if (appliers_) {
        wait_applied(k);  // its buffer is free again
        worker.push.resize(shard_.size());
        channel_->receive_payload(source, worker.push.data(), worker.push.size() * sizeof(float),
                                  h);
        frames_heard_ = std::max(frames_heard_, h.values[0]);
        const int64_t frames = std::max(frames_heard_, counters_ ? counters_->frames() : 0);
        worker.applying = true;
        appliers_->submit(k, worker.push.data(), ps::learning_rate(config_, frames));
        break;
      }
      channel_->receive_payload(source, scratch_.data(), scratch_.size() * sizeof(float), h);
      frames_heard_ = std::max(frames_heard_, h.values[0]);
      const int64_t frames = std::max(frames_heard_, counters_ ? counters_->frames() : 0);
      MessageHeader r = reply_to(MessageType::kPushReply, roles_.rank);
      r.values[0] =
          shard_.apply(scratch_.data(), scratch_.size(), ps::learning_rate(config_, frames));
      channel_->send(source, r, nullptr);
      break;
    }
    case MessageType::kPull: {
      if (appliers_) wait_applied(k);  // its own push first, and its reply before this one
      // The previous reply to this worker must be out before its buffer is rewritten.
      channel_->complete_sends(source);
      worker.reply.resize(shard_.size());
      MessageHeader r = reply_to(MessageType::kPullReply, roles_.rank);
      r.values[0] = shard_.read(worker.reply.data(), worker.reply.size());
      r.payload_bytes = worker.reply.size() * sizeof(float);
      channel_->send(source, r, worker.reply.data());
      break;
    }
    case MessageType::kReport: {
      if (h.values[3] != 0) counters_->request_stop();  // the worker got SIGINT or SIGTERM
      const ps::GlobalProgress p = counters_->report(h.values[0], h.values[1], h.values[2] != 0);
      MessageHeader r = reply_to(MessageType::kReportReply, -1);
      r.values[0] = p.frames;
      r.values[1] = p.episodes;
      r.values[2] = p.updates;
      r.values[3] = p.stop ? 1 : 0;
      channel_->send(source, r, nullptr);
      break;
    }
    case MessageType::kStatus: {
      std::vector<double> data(h.payload_bytes / sizeof(double));
      channel_->receive_payload(source, data.data(), h.payload_bytes, h);
      WorkerStatus status;
      try {
        status = decode_worker_status(data.data(), data.size());
      } catch (const std::exception& error) {
        mpi_abort(fmt::format("malformed {}: {}", describe(h), error.what()));
      }
      if (status.interrupted) counters_->request_stop();
      if (hooks.on_status) hooks.on_status(k, status);
      break;
    }
    case MessageType::kHeartbeat:
      break;
    case MessageType::kGoodbye:
      if (appliers_) wait_applied(k);
      worker.said_goodbye = true;
      if (++goodbyes_ == roles_.workers) all_goodbyes_ = Clock::now();
      break;
    default:  // accept() let through only the types above
      mpi_abort("unhandled " + describe(h));
  }
}

}  // namespace ga3c::comm
