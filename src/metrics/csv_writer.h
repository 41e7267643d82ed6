// An append-only CSV file with a fixed header; rows may come from any thread.
#pragma once

#include <cstdint>
#include <cstdio>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace ga3c::metrics {

// A file that holds rows under another header than the one to be appended: what() names the
// file, both headers and the fix.
class CsvHeaderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CsvWriter {
 public:
  // Creates (truncates) path and writes the header line. With append (a resumed run), adds to
  // the file instead, writing the header only into an empty file, dropping a last row cut
  // short by a crash (its fields are lost either way; a cut row would break readers), and
  // dropping every row from the first whose `frames` column exceeds resume_frames: the run
  // goes on from a checkpoint at resume_frames, and what a stopped run wrote after it belongs
  // to a history the resumed run replaces (as TensorBoard's restart marker purges it).
  // Throws CsvHeaderError when an appended file has another header (check_header says so
  // before anything is changed), std::runtime_error naming the path when it cannot be opened
  // or cut.
  CsvWriter(const std::string& path, const std::string& header, bool append = false,
            int64_t resume_frames = std::numeric_limits<int64_t>::max());
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  // Throws CsvHeaderError when path exists, is not empty and its first line is not header;
  // a missing or unreadable file passes (the constructor reports those).
  static void check_header(const std::string& path, const std::string& header);

  // Appends one row formatted by fmt (a trailing newline is added).
  template <typename... Args>
  void row(fmt::format_string<Args...> format, Args&&... args) {
    const std::string line = fmt::format(format, std::forward<Args>(args)...) + "\n";
    std::lock_guard lock(mutex_);
    std::fputs(line.c_str(), file_);
  }

  void flush() {
    std::lock_guard lock(mutex_);
    std::fflush(file_);
  }
  const std::string& path() const { return path_; }
  // Whole rows the constructor dropped from an appended file because they lay past
  // resume_frames (0 for a new file).
  int64_t dropped_rows() const { return dropped_rows_; }

 private:
  std::string path_;
  int64_t dropped_rows_ = 0;
  std::mutex mutex_;
  std::FILE* file_ = nullptr;  // guarded by mutex_ after construction
};

}  // namespace ga3c::metrics
