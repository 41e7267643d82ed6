#include "plot/csv_table.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "plot/plot_error.h"

namespace ga3c::plot {

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, ',')) fields.push_back(field);
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

}  // namespace

CsvTable CsvTable::read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw PlotInputError("cannot read " + path);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw PlotInputError("cannot read " + path);

  CsvTable table;
  table.path_ = path;
  std::size_t line_start = 0;
  int line_number = 0;
  while (true) {
    const std::size_t end = text.find('\n', line_start);
    if (end == std::string::npos) break;  // no line, or one still being written
    std::string line = text.substr(line_start, end - line_start);
    line_start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto fields = split(line);
    if (line_number == 1) {
      table.header_ = fields;
      table.columns_.resize(fields.size());
      continue;
    }
    if (fields.size() != table.header_.size()) {
      throw PlotInputError(path + " line " + std::to_string(line_number) + ": " +
                           std::to_string(fields.size()) + " fields where the header has " +
                           std::to_string(table.header_.size()));
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
      const char* begin = fields[i].c_str();
      char* parsed_end = nullptr;
      const double value = std::strtod(begin, &parsed_end);
      if (fields[i].empty() || *parsed_end != '\0') {
        throw PlotInputError(path + " line " + std::to_string(line_number) + ": '" + fields[i] +
                             "' in column " + table.header_[i] + " is not a number");
      }
      table.columns_[i].push_back(value);
    }
    ++table.rows_;
  }
  if (table.header_.empty()) {
    throw PlotInputError(path + " has no header line; is it a file that `ga3c train` wrote?");
  }
  return table;
}

const std::vector<double>& CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header_.size(); ++i) {
    if (header_[i] == name) return columns_[i];
  }
  throw PlotInputError(path_ + " has no column '" + name +
                       "'; it was not written by this version of `ga3c train`");
}

}  // namespace ga3c::plot
