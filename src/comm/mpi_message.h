// The framing of every message between ga3c's MPI ranks: a fixed 64-byte header, then (when
// payload_bytes > 0) the payload as a second MPI message from the same sender. The receiver
// checks every header field it can against what it expects; a header that fails the check is
// a fatal error, never used. Pure data and checks: no MPI here, so the checks are unit-tested.
#pragma once

#include <cstdint>
#include <string>

namespace ga3c::comm {

// 'G','3','C','1' little-endian: catches a message that is not ours or is misaligned.
constexpr uint32_t kMessageMagic = 0x31433347u;

enum class MessageType : uint32_t {
  kPush = 1,         // worker -> server: a shard's gradient or delta (floats)
  kPushReply = 2,    // server -> worker: values[0] = shard version after the apply
  kPull = 3,         // worker -> server: asks for a shard
  kPullReply = 4,    // server -> worker: values[0] = version; payload the shard (floats)
  kReport = 5,       // worker -> server 0: values = frames, episodes, synced, interrupted
  kReportReply = 6,  // server 0 -> worker: values = frames, episodes, updates, stop
  kStatus = 7,       // worker -> server 0, one way: a WorkerStatus (doubles)
  kHeartbeat = 8,    // worker -> server, one way: still alive
  kGoodbye = 9,      // worker -> server, one way: the last message of this worker
  kGroupReady = 10,  // worker -> first worker: reached a group barrier
  kGroupGo = 11,     // first worker -> worker: every worker reached it
  kGroupData = 12,   // worker -> first worker: doubles to gather
  // server 0 -> server s, one way: save a checkpoint now; values = frames, episodes, updates,
  // elapsed training time in ms (a CheckpointOrder)
  kCheckpoint = 13,
  kLastCheckpoint = 14,  // as kCheckpoint; server 0's last message to server s
};
constexpr uint32_t kMaxMessageType = 14;

// "push", "pull-reply", ...; "type 77" for a value that names no type.
std::string type_name(uint32_t type);

// The bit of a type in a MessageTypes set.
constexpr uint32_t type_bit(MessageType t) { return 1u << static_cast<uint32_t>(t); }

struct MessageHeader {
  uint32_t magic = kMessageMagic;
  uint32_t type = 0;      // a MessageType
  int32_t sender = -1;    // the sender's rank in MPI_COMM_WORLD
  int32_t shard = -1;     // the shard a push or pull is about; -1 otherwise
  uint64_t sequence = 0;  // per (sender, receiver) pair: 0, 1, 2, ... in sending order
  uint64_t payload_bytes = 0;
  int64_t values[4] = {0, 0, 0, 0};  // per type, see MessageType
};
static_assert(sizeof(MessageHeader) == 64, "the header travels as 64 raw bytes");

// What a receiver expects of the next header from one sender.
struct HeaderExpectation {
  int source = -1;                // the rank MPI says the message came from
  uint64_t sequence = 0;          // the next sequence number from that rank
  uint32_t types = 0;             // the set of acceptable types (type_bit of each)
  int shard = -1;                 // -1: any (only checked for kPush, kPull and their replies)
  int64_t payload_bytes = -1;     // exact size; -1: see max_payload_bytes
  int64_t max_payload_bytes = 0;  // upper bound when payload_bytes is -1
  int64_t payload_multiple = 1;   // the payload must be a whole number of these
};

// Empty when h meets e; otherwise one line naming the first field that does not, what was
// expected and what came, e.g. "message 4 from rank 2: sequence 7, expected 5".
std::string check_header(const MessageHeader& h, const HeaderExpectation& e);

// "push of shard 1 from rank 3 (sequence 7, 2723840 bytes)", for logs and errors.
std::string describe(const MessageHeader& h);

}  // namespace ga3c::comm
