#include "metrics/tensorboard_writer.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <system_error>

#include <unistd.h>

#include "metrics/proto/tensorboard_event.pb.h"
#include "metrics/tensorboard_record.h"

namespace ga3c::metrics {
namespace {

namespace fs = std::filesystem;
using tensorboard_proto::Event;

double unix_seconds_now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string host_name() {
  char name[256] = {};
  // On failure or truncation the name is still a usable file-name component; only its
  // uniqueness suffers, and the pid and suffix keep it.
  if (gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

fs::path event_file_path(const fs::path& dir, std::string_view suffix) {
  if (suffix.empty() || suffix.find('/') != std::string_view::npos) {
    throw std::invalid_argument("TensorBoard event file suffix '" + std::string(suffix) +
                                "' must be non-empty and hold no '/'");
  }
  const auto seconds = static_cast<long long>(unix_seconds_now());
  return dir / ("events.out.tfevents." + std::to_string(seconds) + "." + host_name() + "." +
                std::to_string(getpid()) + "." + std::string(suffix));
}

std::runtime_error io_error(const std::string& what, const fs::path& path, int error) {
  return std::runtime_error(what + " " + path.string() + ": " + std::strerror(error));
}

}  // namespace

TensorBoardWriter::TensorBoardWriter(const fs::path& dir, std::string_view suffix) {
  const fs::path first = event_file_path(dir, suffix);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    throw std::runtime_error("cannot create TensorBoard log directory " + dir.string() + ": " +
                             ec.message());
  }
  // "x": fail instead of overwriting another writer's file. A second writer of this process
  // within the same second (a resumed run's, a test's) takes the next free name.
  for (int n = 0; n < 100 && !file_; ++n) {
    path_ = n == 0 ? first : fs::path(first.string() + "." + std::to_string(n));
    file_.reset(std::fopen(path_.c_str(), "wbx"));
    if (!file_ && errno != EEXIST) break;
  }
  if (!file_) throw io_error("cannot create TensorBoard event file", path_, errno);

  Event event;
  event.set_wall_time(unix_seconds_now());
  event.set_file_version("brain.Event:2");
  write_record(event.SerializeAsString());
}

TensorBoardWriter::~TensorBoardWriter() = default;

void TensorBoardWriter::add_scalar(std::string_view tag, float value, int64_t step,
                                   double wall_time_s) {
  Event event;
  event.set_wall_time(wall_time_s);
  event.set_step(step);
  auto* summary_value = event.mutable_summary()->add_value();
  summary_value->set_tag(std::string(tag));
  summary_value->set_simple_value(value);
  const std::string bytes = event.SerializeAsString();

  std::lock_guard<std::mutex> lock(mutex_);
  write_record(bytes);
}

void TensorBoardWriter::add_session_start(int64_t step, double wall_time_s) {
  Event event;
  event.set_wall_time(wall_time_s);
  event.set_step(step);
  event.mutable_session_log()->set_status(tensorboard_proto::SessionLog::START);
  const std::string bytes = event.SerializeAsString();

  std::lock_guard<std::mutex> lock(mutex_);
  write_record(bytes);
}

void TensorBoardWriter::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (std::fflush(file_.get()) != 0) {
    throw io_error("cannot flush TensorBoard event file", path_, errno);
  }
}

void TensorBoardWriter::write_record(const std::string& event_bytes) {
  const std::string record = encode_record(event_bytes);
  if (std::fwrite(record.data(), 1, record.size(), file_.get()) != record.size()) {
    throw io_error("cannot write TensorBoard event file", path_, errno);
  }
}

}  // namespace ga3c::metrics
