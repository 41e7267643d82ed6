// How each MPI worker rank names its files in the shared run directory: worker k's stem gets
// "-w<k>" (episodes-w0.csv, sync-w1.csv; RecorderFiles::suffix). Header-only, so that readers
// without the recorder (`ga3c plot`) use the same names as the writers.
#pragma once

#include <cctype>
#include <string>

namespace ga3c::metrics {

// worker: the worker index, >= 0.
inline std::string worker_file_suffix(int worker) { return "-w" + std::to_string(worker); }

// Whether file_name (no directory) is `<stem>.csv`, which one process writes, or a worker
// rank's `<stem>-w<k>.csv`. A run resumed under another layout holds both kinds.
inline bool is_record_file(const std::string& file_name, const std::string& stem) {
  const std::string ext = ".csv";
  if (file_name.size() < stem.size() + ext.size() || file_name.compare(0, stem.size(), stem) != 0 ||
      file_name.compare(file_name.size() - ext.size(), ext.size(), ext) != 0) {
    return false;
  }
  const std::string middle =
      file_name.substr(stem.size(), file_name.size() - stem.size() - ext.size());
  if (middle.empty()) return true;
  if (middle.size() < 3 || middle.compare(0, 2, "-w") != 0) return false;
  for (std::size_t i = 2; i < middle.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(middle[i]))) return false;
  }
  return true;
}

}  // namespace ga3c::metrics
