#include "metrics/csv_writer.h"

#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>

#include <unistd.h>

#include "metrics/csv_fields.h"

namespace ga3c::metrics {
namespace {

// Field `index` of a row, as an integer; false when it has no such field or it is no integer.
bool integer_field(const std::string& row, int index, int64_t& value) {
  const std::optional<std::string> text = field(row, index);
  if (!text || text->empty()) return false;
  char* end = nullptr;
  value = std::strtoll(text->c_str(), &end, 10);
  return *end == '\0';
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
