// How each MPI worker rank names its files in the shared run directory: worker k's stem gets
// "-w<k>" (episodes-w0.csv, sync-w1.csv; RecorderFiles::suffix). Header-only, so that readers
// without the recorder (`ga3c plot`) use the same names as the writers.
#pragma once

#include <string>

namespace ga3c::metrics {

// worker: the worker index, >= 0.
inline std::string worker_file_suffix(int worker) { return "-w" + std::to_string(worker); }

}  // namespace ga3c::metrics
