#include "checkpoint/atomic_file.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpoint/checkpoint_error.h"

namespace ga3c::checkpoint {
namespace {

// Owns a descriptor.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;  // a zero-byte write of a non-empty buffer: no errno of its own
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

std::string directory_of(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

// Small pieces are gathered to this size before they are written.
constexpr std::size_t kBufferBytes = 1 << 16;

CheckpointError failure(const std::string& path, const std::string& step) {
  return CheckpointError(path, "cannot " + step + " (" + std::strerror(errno) + ")",
                         "check free space and permissions in " + directory_of(path));
}

}  // namespace

NewFile::NewFile(std::string path, IfExists if_exists)
    : path_(std::move(path)), if_exists_(if_exists) {
  std::string temp = path_ + std::string(kTemporaryInfix) + "XXXXXX";
  std::vector<char> name(temp.begin(), temp.end());
  name.push_back('\0');
  fd_ = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd_ < 0) throw failure(path_, "create a temporary file");
  temp_.assign(name.data());
  // mkostemp creates 0600; a checkpoint is data others of the group may evaluate.
  if (::fchmod(fd_, 0644) != 0) {
    const CheckpointError error = failure(path_, "set permissions");
    ::close(fd_);
    ::unlink(temp_.c_str());
    throw error;
  }
}

NewFile::~NewFile() {
  if (fd_ >= 0) ::close(fd_);
  // Removes the temporary on every failure; after commit() it is gone already.
  if (!committed_) ::unlink(temp_.c_str());
}

void NewFile::write_buffer() {
  if (!write_all(fd_, buffer_)) throw failure(path_, "write");
  buffer_.clear();
}

void NewFile::append(std::string_view bytes) {
  if (committed_) throw std::logic_error(path_ + ": append() after commit()");
  if (buffer_.size() + bytes.size() <= kBufferBytes) {
    buffer_.append(bytes);
    return;
  }
  write_buffer();
  if (bytes.size() >= kBufferBytes) {
    if (!write_all(fd_, bytes)) throw failure(path_, "write");
  } else {
    buffer_.assign(bytes);
  }
}

void NewFile::commit() {
  if (committed_) throw std::logic_error(path_ + ": commit() called twice");
  write_buffer();
  if (::fsync(fd_) != 0) throw failure(path_, "flush to disk");
  const int fd = fd_;
  fd_ = -1;
  // close() reports the error that a failed delayed write surfaces as.
  if (::close(fd) != 0) throw failure(path_, "close");
  if (if_exists_ == IfExists::kReplace) {
    if (::rename(temp_.c_str(), path_.c_str()) != 0)
      throw failure(path_, "rename the finished file");
  } else if (::link(temp_.c_str(), path_.c_str()) != 0) {
    if (errno == EEXIST) {
      throw CheckpointError(path_, "already exists and is never overwritten",
                            "remove it or write the checkpoint under another name");
    }
    throw failure(path_, "link the finished file");
  }
  committed_ = true;
  // The file is complete under its name; a temporary left by a failed unlink is only
  // clutter, which readers skip.
  if (if_exists_ == IfExists::kRefuse) ::unlink(temp_.c_str());
  Descriptor directory(::open(directory_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.get() < 0 || ::fsync(directory.get()) != 0) {
    throw failure(path_, "flush the directory to disk");
  }
}

void write_new_file(const std::string& path, std::string_view bytes, IfExists if_exists) {
  NewFile file(path, if_exists);
  file.append(bytes);
  file.commit();
}

}  // namespace ga3c::checkpoint
