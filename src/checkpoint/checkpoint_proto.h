// Conversion between Checkpoint and the protobuf message of the payload. Private to this
// module: only .cc files include it, so users of checkpoint/ never see protobuf headers.
#pragma once

#include <string>

#include "checkpoint/checkpoint.h"
#include "checkpoint/proto/checkpoint.pb.h"

namespace ga3c::checkpoint {

void to_proto(const Checkpoint& checkpoint, proto::Checkpoint* out);

// Throws CheckpointError naming `name` for what the struct cannot hold: a rank, shard count or
// index beyond int, a shard whose size field disagrees with its floats, an unknown optimizer.
Checkpoint from_proto(const proto::Checkpoint& message, const std::string& name);

}  // namespace ga3c::checkpoint
