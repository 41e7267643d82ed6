#include "comm/worker_status.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace ga3c::comm {
namespace {

constexpr std::size_t kCounters = 9;  // the scalar fields, in declaration order
constexpr std::size_t kPerEpisode = 5;

int64_t as_integer(double v) {
  if (!(std::fabs(v) < 9007199254740992.0) || v != std::floor(v)) {
    throw std::invalid_argument("worker status: " + std::to_string(v) + " is not an integer");
  }
  return static_cast<int64_t>(v);
}

int64_t as_count(double v) {
  if (v < 0) throw std::invalid_argument("worker status: negative count " + std::to_string(v));
  return as_integer(v);
}

}  // namespace

std::vector<double> encode(const WorkerStatus& s) {
  const metrics::CountersSnapshot& c = s.counters;
  std::vector<double> out{static_cast<double>(c.prediction_batches),
                          static_cast<double>(c.training_batches),
                          static_cast<double>(c.syncs),
                          static_cast<double>(c.sync_us),
                          static_cast<double>(c.lag_milli),
                          static_cast<double>(c.prediction_queue),
                          static_cast<double>(c.training_queue),
                          s.interrupted ? 1.0 : 0.0,
                          static_cast<double>(s.frames)};
  out.reserve(kCounters + kPerEpisode * s.episodes_since_last.size());
  for (const auto& e : s.episodes_since_last) {
    out.push_back(e.agent);
    out.push_back(e.episode_return);
    out.push_back(static_cast<double>(e.length));
    out.push_back(static_cast<double>(e.frames));
    out.push_back(e.truncated ? 1.0 : 0.0);
  }
  return out;
}

WorkerStatus decode_worker_status(const double* d, std::size_t n) {
  if (n < kCounters || (n - kCounters) % kPerEpisode != 0) {
    throw std::invalid_argument("worker status of " + std::to_string(n) +
                                " doubles; expected 9 + 5 per episode");
  }
  WorkerStatus s;
  metrics::CountersSnapshot& c = s.counters;
  c.prediction_batches = as_count(d[0]);
  c.training_batches = as_count(d[1]);
  c.syncs = as_count(d[2]);
  c.sync_us = as_count(d[3]);
  c.lag_milli = as_integer(d[4]);
  c.prediction_queue = as_count(d[5]);
  c.training_queue = as_count(d[6]);
  s.interrupted = d[7] != 0.0;
  s.frames = as_count(d[8]);
  for (std::size_t i = kCounters; i < n; i += kPerEpisode) {
    metrics::EpisodeRecord e;
    e.agent = static_cast<int>(as_count(d[i]));
    e.episode_return = d[i + 1];
    e.length = as_count(d[i + 2]);
    e.frames = as_count(d[i + 3]);
    if (d[i + 4] != 0.0 && d[i + 4] != 1.0) {
      throw std::invalid_argument("worker status: truncated flag " + std::to_string(d[i + 4]) +
                                  " is neither 0 nor 1");
    }
    e.truncated = d[i + 4] == 1.0;
    if (!std::isfinite(e.episode_return)) {
      throw std::invalid_argument("worker status: episode return is not finite");
    }
    s.episodes_since_last.push_back(e);
  }
  return s;
}

}  // namespace ga3c::comm
