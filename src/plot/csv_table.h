// A numeric CSV file of a run directory (metrics/run_recorder.h): a header line, then rows of
// numbers, read into one column per header name.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ga3c::plot {

class CsvTable {
 public:
  // Reads path. A last line without its newline is left out: it is a row that a training still
  // running is writing. Throws PlotInputError naming the file (and line) when it cannot be
  // read, has no header, or a row has a field that is not a number or the wrong field count.
  static CsvTable read(const std::string& path);

  // The column named name, one value per row. Throws PlotInputError naming the file and the
  // column when the header lacks it.
  const std::vector<double>& column(const std::string& name) const;
  std::size_t rows() const { return rows_; }

 private:
  std::string path_;
  std::vector<std::string> header_;
  std::vector<std::vector<double>> columns_;  // columns_[i] belongs to header_[i]
  std::size_t rows_ = 0;
};

}  // namespace ga3c::plot
