#include "metrics/run_directory_lock.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "metrics/run_directory.h"

namespace ga3c::metrics {
namespace {

constexpr char kLockFile[] = ".ga3c.lock";

std::string this_holder() {
  char host[256] = "unknown host";
  ::gethostname(host, sizeof host - 1);
  const std::time_t now = std::time(nullptr);
  char since[32];
  std::strftime(since, sizeof since, "%Y-%m-%d %H:%M:%S", std::localtime(&now));
  return "pid " + std::to_string(::getpid()) + " on host " + host + ", since " + since;
}

// The holder line another process wrote, or a plain word when it wrote none. A holder that
// has just taken the lock writes its line an instant later: wait up to 0.5 s for it.
std::string holder_of(const std::filesystem::path& lock_file) {
  std::string line;
  for (int attempt = 0; attempt < 50 && line.empty(); ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::ifstream in(lock_file);
    std::getline(in, line);
  }
  if (line.empty()) return "another process";
  for (char& c : line) {
    if (static_cast<unsigned char>(c) < 0x20) c = '?';
  }
  return "another ga3c (" + line.substr(0, 200) + ")";
}

}  // namespace

RunDirectoryLock::RunDirectoryLock(const std::string& dir) {
  const std::filesystem::path path = std::filesystem::path(dir) / kLockFile;
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    throw RunDirectoryError("cannot create the lock file '" + path.string() + "' (" +
                            std::strerror(errno) + "); choose a writable path with --run-dir");
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error != EWOULDBLOCK) {
      throw RunDirectoryError("cannot lock '" + path.string() + "' (" + std::strerror(error) +
                              "); put the run directory on a filesystem that takes file locks");
    }
    throw RunDirectoryError("run directory '" + dir + "' is in use by " + holder_of(path) +
                            "; wait for that run to end, or choose another --run-dir");
  }
  const std::string holder = this_holder() + "\n";
  // Best effort: the lock holds without the line, which only helps the message above. Written
  // over the old holder's line, then cut to length, so that a reader never finds it empty.
  if (::pwrite(fd_, holder.data(), holder.size(), 0) == static_cast<ssize_t>(holder.size())) {
    [[maybe_unused]] const int cut = ::ftruncate(fd_, static_cast<off_t>(holder.size()));
  }
}

RunDirectoryLock::~RunDirectoryLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

RunDirectoryLock::RunDirectoryLock(RunDirectoryLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)) {}

RunDirectoryLock& RunDirectoryLock::operator=(RunDirectoryLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

}  // namespace ga3c::metrics
