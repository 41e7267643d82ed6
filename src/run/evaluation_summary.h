// The statistics `ga3c eval` reports over its episodes.
#pragma once

#include <string>
#include <vector>

#include "run/evaluation.h"

namespace ga3c::run {

struct EvaluationSummary {
  int episodes = 0;
  double mean_return = 0.0;
  double std_return = 0.0;  // population standard deviation (divides by the episode count)
  double min_return = 0.0;
  double max_return = 0.0;
  double mean_length = 0.0;  // steps
  int truncated = 0;         // episodes ended by the episode limit
};

// Throws std::invalid_argument for no episodes.
EvaluationSummary summarize(const std::vector<EpisodeResult>& episodes);

// "return mean 21.40 std 9.13 min 10 max 41 over 10 episodes, length mean 21.4, 0 truncated at
// 500 frames": returns with two decimals, extremes as short as exact; max_episode_frames is the
// limit played under ("no episode limit" for 0).
std::string format_summary(const EvaluationSummary& summary, int64_t max_episode_frames);

}  // namespace ga3c::run
