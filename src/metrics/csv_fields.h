// The fields of the CSV rows ga3c writes (no quoting: its fields never hold a comma), for the
// readers that go on from a run's own files.
#pragma once

#include <optional>
#include <string>

namespace ga3c::metrics {

// The index of `name` among the comma-separated fields of header, or -1.
int column_of(const std::string& header, const std::string& name);

// Field `index` of row (without its newline); nullopt when the row has fewer fields.
std::optional<std::string> field(const std::string& row, int index);

}  // namespace ga3c::metrics
