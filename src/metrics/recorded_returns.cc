#include "metrics/recorded_returns.h"

#include <cstdlib>
#include <fstream>

#include "metrics/csv_fields.h"

namespace ga3c::metrics {

std::vector<double> recorded_returns(const std::string& path) {
  std::vector<double> returns;
  std::ifstream in(path);
  std::string header;
  if (!in || !std::getline(in, header)) return returns;
  const int column = column_of(header, "return");
  for (std::string row; column >= 0 && std::getline(in, row);) {
    const std::optional<std::string> text = field(row, column);
    if (!text || text->empty()) continue;
    char* end = nullptr;
    const double value = std::strtod(text->c_str(), &end);
    if (*end == '\0') returns.push_back(value);
  }
  return returns;
}

}  // namespace ga3c::metrics
