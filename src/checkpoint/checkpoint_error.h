// The one exception every checkpoint problem raises, so that a command can print it and exit 2.
#pragma once

#include <stdexcept>
#include <string>

namespace ga3c::checkpoint {

// what() is one line: "<file>: <problem>; <fix>", e.g.
// "checkpoints/ckpt-000000004000-ps0.ga3c: checksum mismatch (file corrupted); use an earlier
// checkpoint". Control characters (which a corrupt file could carry into a message) are
// replaced by '?' so the line stays one line.
class CheckpointError : public std::runtime_error {
 public:
  CheckpointError(const std::string& file, const std::string& problem, const std::string& fix);
};

// A whole, intact file in a format version this ga3c does not read (written by a newer or an
// older ga3c). Unlike a damaged file it must not be passed over for an older checkpoint: that
// would roll the run back and replace the history logged after it.
class CheckpointVersionError : public CheckpointError {
 public:
  using CheckpointError::CheckpointError;
};

// `text` in single quotes, control and non-ASCII bytes escaped as \xNN and cut after
// max_chars: safe to put a field read from an untrusted file into a message.
std::string quoted(const std::string& text, std::size_t max_chars = 64);

}  // namespace ga3c::checkpoint
