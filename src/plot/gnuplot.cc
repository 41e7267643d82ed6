#include "plot/gnuplot.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plot/plot_error.h"

namespace ga3c::plot {

namespace fs = std::filesystem;

std::string find_gnuplot() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "gnuplot";
    if (::access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate)) {
      return candidate.string();
    }
  }
  throw PlotInputError(
      "gnuplot not found on PATH; install it (Debian: apt-get install gnuplot-nox, or "
      "scripts/install-deps.sh)");
}

bool run_gnuplot(const std::string& gnuplot, const std::string& dir, const std::string& script,
                 const std::function<bool()>& stop_requested) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) throw std::runtime_error("cannot start gnuplot: no pipe");
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    throw std::runtime_error("cannot start gnuplot: fork failed");
  }
  if (pid == 0) {
    // Child: only async-signal-safe calls until exec. gnuplot's messages go to the pipe.
    ::close(pipe_fds[0]);
    if (::chdir(dir.c_str()) != 0 || ::dup2(pipe_fds[1], STDERR_FILENO) < 0) ::_exit(127);
    ::execl(gnuplot.c_str(), "gnuplot", script.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  std::string messages;
  char buffer[4096];
  bool stopped = false;
  for (;;) {
    if (stop_requested && stop_requested()) {
      stopped = true;
      ::kill(pid, SIGKILL);
      break;
    }
    pollfd readable{pipe_fds[0], POLLIN, 0};
    const int ready = ::poll(&readable, 1, 50);
    if (ready == 0 || (ready < 0 && errno == EINTR)) continue;  // EINTR: a stop signal
    if (ready < 0) break;
    const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
    if (n == 0) break;
    if (n > 0)
      messages.append(buffer, static_cast<std::size_t>(n));
    else if (errno != EINTR)
      break;
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (stopped) return false;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;

  // gnuplot ends an error with the line that says what went wrong.
  std::string last;
  std::stringstream lines(messages);
  for (std::string line; std::getline(lines, line);) {
    if (line.find_first_not_of(" \t^") != std::string::npos) last = line;
  }
  throw std::runtime_error("gnuplot failed on " + (fs::path(dir) / script).string() + ": " +
                           (last.empty() ? "exit status " + std::to_string(status) : last));
}

}  // namespace ga3c::plot
