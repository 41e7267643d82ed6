#include "metrics/status_line.h"

#include <cmath>

#include <fmt/format.h>

namespace ga3c::metrics {

std::string short_count(double v) {
  const double a = std::abs(v);
  if (a < 9999.5) return fmt::format("{:.0f}", v);
  // Three significant digits and a suffix: 12.3k, 123k, 1.23M.
  const char* suffix = "kMGT";
  double scaled = v / 1e3;
  while (std::abs(scaled) >= 999.5 && suffix[1] != '\0') {
    scaled /= 1e3;
    ++suffix;
  }
  const double s = std::abs(scaled);
  const int decimals = s < 9.995 ? 2 : s < 99.95 ? 1 : 0;
  return fmt::format("{:.{}f}{}", scaled, decimals, *suffix);
}

std::string short_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const int64_t s = std::llround(seconds);
  if (s >= 3600) return fmt::format("{}h{:02d}m", s / 3600, static_cast<int>(s % 3600 / 60));
  if (s >= 60) return fmt::format("{}m{:02d}s", s / 60, static_cast<int>(s % 60));
  return fmt::format("{}s", s);
}

std::string format_status(const Status& s) {
  const auto fixed = [](double v) {
    const double a = std::abs(v);
    return a < 9.995    ? fmt::format("{:.2f}", v)
           : a < 999.95 ? fmt::format("{:.1f}", v)
                        : short_count(v);
  };
  std::string line = fmt::format(
      "{:>6} frames {} fps {} ep {} R100 {} pps {} tps {} sync {}ms lag {}",
      short_duration(s.wall_s), short_count(s.frames), short_count(s.fps), short_count(s.episodes),
      fixed(s.mean_return), short_count(s.pps), short_count(s.tps), fixed(s.sync_ms), fixed(s.lag));
  if (s.max_frames > 0 && s.fps > 0) {
    line += " eta " + short_duration((s.max_frames - s.frames) / s.fps);
  }
  if (s.overlapping_applies >= 0) line += " ovl " + short_count(s.overlapping_applies);
  if (!s.network.empty()) line += " " + s.network;
  return line;
}

}  // namespace ga3c::metrics
