#include "checkpoint/checkpoint_file.h"

#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_proto.h"
#include "checkpoint/checkpoint_validation.h"
#include "checksum/crc32c.h"

namespace ga3c::checkpoint {
namespace {

using checksum::crc32c;

constexpr std::string_view kMagic("\x89GA3C\r\n\x1A", 8);
constexpr std::size_t kMaxPayload = INT_MAX;  // protobuf parses at most 2^31 - 1 bytes
const char kUseEarlier[] = "use an earlier checkpoint";

void append_le(std::string& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
}

uint64_t read_le(std::string_view bytes, std::size_t offset, int size) {
  uint64_t value = 0;
  for (int i = size - 1; i >= 0; --i) {
    value = (value << 8) | static_cast<unsigned char>(bytes[offset + i]);
  }
  return value;
}

// Checks the header and returns the payload it frames.
std::string_view checked_payload(std::string_view bytes, const std::string& name) {
  if (bytes.empty()) {
    throw CheckpointError(name, "empty file (not a checkpoint, or its write did not finish)",
                          kUseEarlier);
  }
  const std::size_t magic_seen = std::min(bytes.size(), kMagic.size());
  if (bytes.substr(0, magic_seen) != kMagic.substr(0, magic_seen)) {
    throw CheckpointError(name, "not a ga3c checkpoint (unknown magic bytes)",
                          "pass a checkpoints/ckpt-*.ga3c file written by ga3c train");
  }
  if (bytes.size() < kHeaderSize) {
    throw CheckpointError(name,
                          "truncated in its header (" + std::to_string(bytes.size()) + " of " +
                              std::to_string(kHeaderSize) + " bytes; its write did not finish)",
                          kUseEarlier);
  }
  if (crc32c(bytes.substr(0, 24)) != read_le(bytes, 24, 4)) {
    throw CheckpointError(name, "header checksum mismatch (file corrupted)", kUseEarlier);
  }
  const uint64_t version = read_le(bytes, 8, 4);
  if (version != kFormatVersion) {
    const bool newer = version > kFormatVersion;
    throw CheckpointVersionError(
        name,
        "format version " + std::to_string(version) + (newer ? " is newer than" : " is not") +
            " the one this ga3c reads (" + std::to_string(kFormatVersion) + ")",
        newer ? "read it with the newer ga3c that wrote it"
              : "read it with the ga3c that wrote it");
  }
  const uint64_t size = read_le(bytes, 16, 8);
  const std::size_t available = bytes.size() - kHeaderSize;
  if (available < size) {
    throw CheckpointError(name,
                          "truncated (" + std::to_string(bytes.size()) + " of " +
                              std::to_string(kHeaderSize + size) +
                              " bytes; its write did not finish)",
                          kUseEarlier);
  }
  if (available > size) {
    throw CheckpointError(name,
                          std::to_string(available - size) +
                              " bytes after the end of the checkpoint (file corrupted)",
                          kUseEarlier);
  }
  const std::string_view payload = bytes.substr(kHeaderSize);
  if (crc32c(payload) != read_le(bytes, 12, 4)) {
    throw CheckpointError(name, "checksum mismatch (file corrupted)", kUseEarlier);
  }
  if (payload.size() > kMaxPayload) {
    throw CheckpointError(name, "payload larger than 2 GiB (not written by ga3c)", kUseEarlier);
  }
  return payload;
}

// Closes the descriptor it owns when it goes out of scope.
struct FileDescriptor {
  int fd;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string errno_text() { return std::strerror(errno); }

}  // namespace

std::string frame_payload(std::string_view payload) {
  std::string bytes(kMagic);
  append_le(bytes, kFormatVersion, 4);
  append_le(bytes, crc32c(payload), 4);
  append_le(bytes, payload.size(), 8);
  append_le(bytes, crc32c(bytes), 4);
  bytes.append(payload);
  return bytes;
}

std::string encode_checkpoint(const Checkpoint& checkpoint) {
  if (std::string problem = find_problem(checkpoint); !problem.empty()) {
    throw std::invalid_argument("cannot write an inconsistent checkpoint: " + problem);
  }
  proto::Checkpoint message;
  to_proto(checkpoint, &message);
  if (message.ByteSizeLong() > kMaxPayload) {
    throw std::invalid_argument("checkpoint of " + std::to_string(message.ByteSizeLong()) +
                                " bytes exceeds 2 GiB; use more parameter-server shards");
  }
  return frame_payload(message.SerializeAsString());
}

Checkpoint decode_checkpoint(std::string_view bytes, const std::string& name) {
  const std::string_view payload = checked_payload(bytes, name);
  proto::Checkpoint message;
  if (!message.ParseFromArray(payload.data(), static_cast<int>(payload.size()))) {
    throw CheckpointError(name, "payload does not decode (file corrupted)", kUseEarlier);
  }
  Checkpoint checkpoint = from_proto(message, name);
  if (std::string problem = find_problem(checkpoint); !problem.empty()) {
    throw CheckpointError(name, "invalid content: " + problem, kUseEarlier);
  }
  return checkpoint;
}

Checkpoint read_checkpoint(const std::string& path) {
  const char kCheckPath[] = "check the path";
  FileDescriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) throw CheckpointError(path, "cannot open (" + errno_text() + ")", kCheckPath);
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) {
    throw CheckpointError(path, "cannot stat (" + errno_text() + ")", kCheckPath);
  }
  if (!S_ISREG(st.st_mode)) {
    throw CheckpointError(path, "not a regular file",
                          "pass a checkpoints/ckpt-*.ga3c file written by ga3c train");
  }
  if (static_cast<uint64_t>(st.st_size) > kHeaderSize + kMaxPayload) {
    throw CheckpointError(path, "larger than any checkpoint (over 2 GiB)",
                          "pass a checkpoints/ckpt-*.ga3c file written by ga3c train");
  }
  std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(file.fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw CheckpointError(path, "cannot read (" + errno_text() + ")", kCheckPath);
    if (n == 0) break;  // shrank while we read: decoding reports the truncation
    done += static_cast<std::size_t>(n);
  }
  bytes.resize(done);
  return decode_checkpoint(bytes, path);
}

}  // namespace ga3c::checkpoint
