#include "metrics/csv_writer.h"

#include <cstdlib>
#include <fstream>
#include <memory>

#include <unistd.h>

namespace ga3c::metrics {
namespace {

// The index of `name` among the comma-separated fields of header, or -1.
int column_of(const std::string& header, const std::string& name) {
  int index = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = header.find(',', start);
    if (header.substr(start, comma - start) == name) return index;
    if (comma == std::string::npos) return -1;
    start = comma + 1;
    ++index;
  }
}

// Field `index` of a row, as an integer; false when it has no such field or it is no integer.
bool integer_field(const std::string& row, int index, int64_t& value) {
  std::size_t start = 0;
  for (int i = 0; i < index; ++i) {
    start = row.find(',', start);
    if (start == std::string::npos) return false;
    ++start;
  }
  const std::string field = row.substr(start, row.find(',', start) - start);
  char* end = nullptr;
  value = std::strtoll(field.c_str(), &end, 10);
  return !field.empty() && *end == '\0';
}

struct LineFree {
  void operator()(char* p) const { std::free(p); }
};

}  // namespace

void CsvWriter::check_header(const std::string& path, const std::string& header) {
  std::ifstream in(path);
  std::string first;
  if (!in || !std::getline(in, first) || first == header) return;
  throw CsvHeaderError(path + " has the columns " + first + ", but this ga3c writes " + header +
                       "; go on with the ga3c that started the run, or start a new run");
}

CsvWriter::CsvWriter(const std::string& path, const std::string& header, bool append,
                     int64_t resume_frames)
    : path_(path) {
  if (append) check_header(path, header);
  file_ = std::fopen(path.c_str(), append ? "r+" : "w");
  if (file_ == nullptr && append) file_ = std::fopen(path.c_str(), "w");
  if (file_ == nullptr) throw std::runtime_error("cannot write " + path);
  // Where the kept rows end: after the last whole row at or before resume_frames.
  long keep = 0;
  if (append) {
    const int frames = column_of(header, "frames");
    char* raw = nullptr;
    std::size_t capacity = 0;
    long offset = 0;
    bool is_header = true;
    bool past_checkpoint = false;
    for (ssize_t n; (n = ::getline(&raw, &capacity, file_)) > 0; offset += n) {
      const std::string line(raw, static_cast<std::size_t>(n));
      if (line.back() != '\n') break;  // cut short by a crash
      int64_t row_frames = 0;
      past_checkpoint =
          past_checkpoint || (!is_header && frames >= 0 &&
                              integer_field(line.substr(0, line.size() - 1), frames, row_frames) &&
                              row_frames > resume_frames);
      if (past_checkpoint) {
        ++dropped_rows_;
        continue;
      }
      is_header = false;
      keep = offset + n;
    }
    std::unique_ptr<char, LineFree> owned(raw);
  }
  if (ftruncate(fileno(file_), keep) != 0) {
    std::fclose(file_);
    throw std::runtime_error("cannot drop the rows past the checkpoint from " + path);
  }
  std::fseek(file_, 0, SEEK_END);
  if (keep == 0) std::fputs((header + "\n").c_str(), file_);
}

CsvWriter::~CsvWriter() {
  if (file_ != nullptr) std::fclose(file_);
}

}  // namespace ga3c::metrics
