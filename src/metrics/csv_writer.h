// An append-only CSV file with a fixed header; rows may come from any thread.
#pragma once

#include <cstdio>
#include <unistd.h>
#include <mutex>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace ga3c::metrics {

class CsvWriter {
 public:
  // Creates (truncates) path and writes the header line; with append (a resumed run), adds
  // to the file instead, writing the header only into an empty file and dropping a last row
  // cut short by a crash (its fields are lost either way; a cut row would break readers).
  // Throws std::runtime_error naming the path when it cannot be opened.
  CsvWriter(const std::string& path, const std::string& header, bool append = false)
      : path_(path) {
    file_ = std::fopen(path.c_str(), append ? "r+" : "w");
    if (file_ == nullptr && append) file_ = std::fopen(path.c_str(), "w");
    if (file_ == nullptr) throw std::runtime_error("cannot write " + path);
    std::fseek(file_, 0, SEEK_END);
    long end = std::ftell(file_);
    while (end > 0) {
      std::fseek(file_, end - 1, SEEK_SET);
      if (std::fgetc(file_) == '\n') break;
      --end;
    }
    if (end > 0 && ftruncate(fileno(file_), end) != 0) {
      throw std::runtime_error("cannot drop the cut-short last row of " + path);
    }
    std::fseek(file_, 0, SEEK_END);
    if (end <= 0) {
      if (ftruncate(fileno(file_), 0) != 0) throw std::runtime_error("cannot write " + path);
      std::fputs((header + "\n").c_str(), file_);
    }
  }
  ~CsvWriter() {
    if (file_ != nullptr) std::fclose(file_);
  }
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

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

 private:
  std::string path_;
  std::mutex mutex_;
  std::FILE* file_ = nullptr;  // guarded by mutex_ after construction
};

}  // namespace ga3c::metrics
