#include "checkpoint/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "checkpoint/checkpoint_error.h"

namespace ga3c::checkpoint {
namespace {

// Owns a descriptor; close() reports the error that a failed delayed write surfaces as.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  bool close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }

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

}  // namespace

void write_new_file(const std::string& path, std::string_view bytes) {
  const std::string dir = directory_of(path);
  const auto fail = [&](const std::string& step) {
    return CheckpointError(path, "cannot " + step + " (" + std::strerror(errno) + ")",
                           "check free space and permissions in " + dir);
  };
  std::string temp = path + std::string(kTemporaryInfix) + "XXXXXX";
  std::vector<char> name(temp.begin(), temp.end());
  name.push_back('\0');
  Descriptor file(::mkostemp(name.data(), O_CLOEXEC));
  if (file.get() < 0) throw fail("create a temporary file");
  temp.assign(name.data());
  // Removes the temporary on every failure; errno is saved so the message shows the cause.
  const auto fail_and_clean = [&](const std::string& step) {
    const int saved = errno;
    ::unlink(temp.c_str());
    errno = saved;
    return fail(step);
  };
  // mkostemp creates 0600; a checkpoint is data others of the group may evaluate.
  if (::fchmod(file.get(), 0644) != 0) throw fail_and_clean("set permissions");
  if (!write_all(file.get(), bytes)) throw fail_and_clean("write");
  if (::fsync(file.get()) != 0) throw fail_and_clean("flush to disk");
  if (!file.close()) throw fail_and_clean("close");
  if (::link(temp.c_str(), path.c_str()) != 0) {
    if (errno == EEXIST) {
      ::unlink(temp.c_str());
      throw CheckpointError(path, "already exists and is never overwritten",
                            "remove it or write the checkpoint under another name");
    }
    throw fail_and_clean("link the finished file");
  }
  // The checkpoint is complete under its name; a temporary left by a failed unlink is only
  // clutter, which readers skip.
  ::unlink(temp.c_str());
  Descriptor directory(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.get() < 0 || ::fsync(directory.get()) != 0) {
    throw fail("flush the directory to disk");
  }
}

}  // namespace ga3c::checkpoint
