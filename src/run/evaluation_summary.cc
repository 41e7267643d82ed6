#include "run/evaluation_summary.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace ga3c::run {

EvaluationSummary summarize(const std::vector<EpisodeResult>& episodes) {
  if (episodes.empty()) throw std::invalid_argument("no episodes to summarize");
  EvaluationSummary s;
  s.episodes = static_cast<int>(episodes.size());
  s.min_return = s.max_return = episodes[0].episode_return;
  double sum = 0.0, length_sum = 0.0;
  for (const auto& e : episodes) {
    sum += e.episode_return;
    length_sum += static_cast<double>(e.length);
    s.min_return = std::min(s.min_return, e.episode_return);
    s.max_return = std::max(s.max_return, e.episode_return);
    s.truncated += e.truncated;
  }
  s.mean_return = sum / s.episodes;
  s.mean_length = length_sum / s.episodes;
  double squares = 0.0;
  for (const auto& e : episodes) {
    const double deviation = e.episode_return - s.mean_return;
    squares += deviation * deviation;
  }
  s.std_return = std::sqrt(squares / s.episodes);
  return s;
}

std::string format_summary(const EvaluationSummary& s, int64_t max_episode_frames) {
  return fmt::format(
      "return mean {:.2f} std {:.2f} min {:g} max {:g} over {} episode{}, length mean {:.1f}, {}",
      s.mean_return, s.std_return, s.min_return, s.max_return, s.episodes,
      s.episodes == 1 ? "" : "s", s.mean_length,
      max_episode_frames > 0
          ? fmt::format("{} truncated at {} frames", s.truncated, max_episode_frames)
          : std::string("no episode limit"));
}

}  // namespace ga3c::run
