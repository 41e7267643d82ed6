// The episode returns a run directory's episodes.csv already holds, so that a resumed run's
// mean of the last 100 returns, its best such mean and its --target-return stop go on from the
// stopped run's episodes instead of from none (the checkpoint holds no returns; the file is
// the run's record of them, cut back to the checkpoint's frames before it is read).
#pragma once

#include <string>
#include <vector>

namespace ga3c::metrics {

// The `return` column of the CSV file at path, in file order. Empty when the file is missing,
// empty or has no `return` column; a row whose return is not a number is skipped (the
// CsvWriter has already dropped a last row cut short by a crash). Never throws but bad_alloc.
std::vector<double> recorded_returns(const std::string& path);

}  // namespace ga3c::metrics
