// The checkpoint file format: bytes <-> Checkpoint, with every damage detected before parsing.
//
// Layout (all integers little endian):
//   offset  size  field
//        0     8  magic 89 47 41 33 43 0D 0A 1A ("\x89GA3C\r\n\x1A"): the high byte catches 7-bit
//                 transfers, CR LF catches line-ending conversion, as in PNG's signature
//        8     4  format version, uint32 (kFormatVersion)
//       12     4  CRC-32C of the payload, uint32
//       16     8  payload size in bytes, uint64
//       24     4  CRC-32C of bytes 0..23, uint32: a damaged version or size is reported as
//                 corruption, not as a newer format or a truncation
//       28     n  payload: ga3c.checkpoint.proto.Checkpoint (proto/checkpoint.proto), serialized
// Every format version keeps this 28-byte header; a version changes only what the payload
// means. Units: parameters and optimizer slots float32 (bit-exact), counters in environment
// frames, episodes and updates, times in seconds. A payload is at most 2^31 - 1 bytes
// (protobuf's limit): about 170 million parameters with two optimizer slots per file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "checkpoint/checkpoint.h"

namespace ga3c::checkpoint {

inline constexpr uint32_t kFormatVersion = 1;
inline constexpr std::size_t kHeaderSize = 28;

// The file's bytes. Throws std::invalid_argument naming the inconsistency when `checkpoint`
// breaks an invariant the reader checks (so nothing is written that could not be read back),
// or when it is too large for one file.
std::string encode_checkpoint(const Checkpoint& checkpoint);

// `payload` behind a valid header: the file encode_checkpoint would write for these payload
// bytes. For tests and the fuzzer, which need files that get past the checksums.
std::string frame_payload(std::string_view payload);

// Parses and checks a whole file; `name` (its path) goes into errors. Throws CheckpointError
// for an empty, truncated, foreign, corrupted, future-version or inconsistent file.
Checkpoint decode_checkpoint(std::string_view bytes, const std::string& name);

// Reads and decodes the file at `path` (one rank's part). Throws CheckpointError, also when
// the file cannot be opened or is not a regular file.
Checkpoint read_checkpoint(const std::string& path);

}  // namespace ga3c::checkpoint
