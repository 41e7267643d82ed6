// Schedules of a setting over global environment frames: the learning rate (A3C anneals it
// linearly to 0) and the entropy weight (annealed from --entropy-beta to
// --entropy-beta-final, as RLlib's entropy_coeff_schedule does piecewise).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ga3c::algo {

enum class Schedule { kConstant, kLinear };

// Throws std::invalid_argument naming `flag` for a name other than constant or linear.
inline Schedule parse_schedule(const std::string& name, const std::string& flag) {
  if (name == "constant") return Schedule::kConstant;
  if (name == "linear") return Schedule::kLinear;
  throw std::invalid_argument("unknown " + flag + " '" + name + "'; use constant or linear");
}

inline std::string to_string(Schedule s) {
  return s == Schedule::kConstant ? "constant" : "linear";
}

// The setting after `frames` environment frames: start for kConstant (or max_frames <= 0);
// for kLinear start + (end - start) * frames / max_frames, held at end past max_frames.
inline float scheduled(Schedule schedule, float start, float end, int64_t frames,
                       int64_t max_frames) {
  if (schedule == Schedule::kConstant || max_frames <= 0) return start;
  const double done = std::min(1.0, static_cast<double>(frames) / static_cast<double>(max_frames));
  return static_cast<float>(start + (static_cast<double>(end) - start) * done);
}

// The learning rate after `frames` environment frames: lr, or lr * (1 - frames / max_frames)
// for kLinear (0 past max_frames).
inline float lr_at(Schedule schedule, float lr, int64_t frames, int64_t max_frames) {
  if (schedule == Schedule::kConstant || max_frames <= 0) return lr;
  const double left = 1.0 - static_cast<double>(frames) / static_cast<double>(max_frames);
  return static_cast<float>(lr * std::max(0.0, left));
}

}  // namespace ga3c::algo
