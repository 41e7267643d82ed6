// The statistics `ga3c eval` reports over its episodes.
#pragma once

#include <string>
#include <vector>

#include "runtime/evaluation.h"

namespace ga3c::runtime {

struct EvaluationSummary {
  int episodes = 0;
  double mean_return = 0.0;
  double std_return = 0.0;  // population standard deviation (divides by the episode count)
  double min_return = 0.0;
  double max_return = 0.0;
  double mean_length = 0.0;  // steps
};

// Throws std::invalid_argument for no episodes.
EvaluationSummary summarize(const std::vector<EpisodeResult>& episodes);

// "return mean 21.40 std 9.13 min 10 max 41 over 10 episodes, length mean 21.4": returns with
// two decimals, extremes as short as exact.
std::string format_summary(const EvaluationSummary& summary);

}  // namespace ga3c::runtime
