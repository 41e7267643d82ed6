#include "metrics/csv_fields.h"

namespace ga3c::metrics {

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

std::optional<std::string> field(const std::string& row, int index) {
  if (index < 0) return std::nullopt;
  std::size_t start = 0;
  for (int i = 0; i < index; ++i) {
    start = row.find(',', start);
    if (start == std::string::npos) return std::nullopt;
    ++start;
  }
  return row.substr(start, row.find(',', start) - start);
}

}  // namespace ga3c::metrics
