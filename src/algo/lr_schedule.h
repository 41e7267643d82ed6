// Learning-rate schedules over global environment frames (A3C anneals linearly to 0).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ga3c::algo {

enum class LrSchedule { kConstant, kLinear };

inline LrSchedule parse_lr_schedule(const std::string& name) {
  if (name == "constant") return LrSchedule::kConstant;
  if (name == "linear") return LrSchedule::kLinear;
  throw std::invalid_argument("unknown learning-rate schedule '" + name +
                              "'; use constant or linear");
}

inline std::string to_string(LrSchedule s) {
  return s == LrSchedule::kConstant ? "constant" : "linear";
}

// The learning rate after `frames` environment frames: lr, or lr * (1 - frames / max_frames)
// for kLinear (clamped at 0 past max_frames).
inline float lr_at(LrSchedule schedule, float lr, int64_t frames, int64_t max_frames) {
  if (schedule == LrSchedule::kConstant || max_frames <= 0) return lr;
  const double left = 1.0 - static_cast<double>(frames) / static_cast<double>(max_frames);
  return static_cast<float>(lr * std::max(0.0, left));
}

}  // namespace ga3c::algo
