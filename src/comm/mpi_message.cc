#include "comm/mpi_message.h"

#include <fmt/format.h>

namespace ga3c::comm {

std::string type_name(uint32_t type) {
  switch (type) {
    case 1:
      return "push";
    case 2:
      return "push-reply";
    case 3:
      return "pull";
    case 4:
      return "pull-reply";
    case 5:
      return "report";
    case 6:
      return "report-reply";
    case 7:
      return "status";
    case 8:
      return "heartbeat";
    case 9:
      return "goodbye";
    case 10:
      return "group-ready";
    case 11:
      return "group-go";
    case 12:
      return "group-data";
    case 13:
      return "checkpoint";
    case 14:
      return "last-checkpoint";
    default:
      return fmt::format("type {}", type);
  }
}

std::string describe(const MessageHeader& h) {
  std::string shard = h.shard >= 0 ? fmt::format(" of shard {}", h.shard) : "";
  return fmt::format("{}{} from rank {} (sequence {}, {} bytes)", type_name(h.type), shard,
                     h.sender, h.sequence, h.payload_bytes);
}

std::string check_header(const MessageHeader& h, const HeaderExpectation& e) {
  const std::string from = fmt::format("message from rank {}", e.source);
  if (h.magic != kMessageMagic) {
    return fmt::format(
        "{}: bad magic {:#010x}, expected {:#010x} (not a ga3c message, or "
        "ranks running different ga3c builds)",
        from, h.magic, kMessageMagic);
  }
  if (h.sender != e.source) {
    return fmt::format("{}: header names sender {}", from, h.sender);
  }
  if (h.type < 1 || h.type > kMaxMessageType || (e.types & (1u << h.type)) == 0) {
    std::string expected;
    for (uint32_t t = 1; t <= kMaxMessageType; ++t) {
      if (e.types & (1u << t)) expected += (expected.empty() ? "" : " or ") + type_name(t);
    }
    return fmt::format("{}: unexpected {} (sequence {}), expected {}", from, type_name(h.type),
                       h.sequence, expected.empty() ? "nothing" : expected);
  }
  if (h.sequence != e.sequence) {
    return fmt::format(
        "{}: {} has sequence {}, expected {} (a message was lost, repeated or "
        "reordered)",
        from, type_name(h.type), h.sequence, e.sequence);
  }
  const auto t = static_cast<MessageType>(h.type);
  const bool about_shard = t == MessageType::kPush || t == MessageType::kPushReply ||
                           t == MessageType::kPull || t == MessageType::kPullReply;
  if (about_shard && e.shard >= 0 && h.shard != e.shard) {
    return fmt::format("{}: {} names shard {}, expected shard {}", from, type_name(h.type), h.shard,
                       e.shard);
  }
  const auto bytes = static_cast<int64_t>(h.payload_bytes);
  if (e.payload_bytes >= 0) {
    if (h.payload_bytes != static_cast<uint64_t>(e.payload_bytes)) {
      return fmt::format("{}: {} carries {} payload bytes, expected {}", from, type_name(h.type),
                         h.payload_bytes, e.payload_bytes);
    }
  } else if (h.payload_bytes > static_cast<uint64_t>(e.max_payload_bytes) ||
             (e.payload_multiple > 1 && bytes % e.payload_multiple != 0)) {
    return fmt::format("{}: {} carries {} payload bytes, expected a multiple of {} up to {}", from,
                       type_name(h.type), h.payload_bytes, e.payload_multiple, e.max_payload_bytes);
  }
  return "";
}

}  // namespace ga3c::comm
