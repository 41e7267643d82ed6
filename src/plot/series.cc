#include "plot/series.h"

#include <algorithm>
#include <deque>
#include <map>
#include <utility>

namespace ga3c::plot {

namespace {

// Mean of the last `size` values added (of all of them before there are that many).
class WindowMean {
 public:
  explicit WindowMean(std::size_t size) : size_(size) {}
  void add(double value) {
    values_.push_back(value);
    sum_ += value;
    if (values_.size() > size_) {
      sum_ -= values_.front();
      values_.pop_front();
    }
  }
  bool full() const { return values_.size() == size_; }
  double mean() const { return sum_ / static_cast<double>(values_.size()); }

 private:
  std::size_t size_;
  std::deque<double> values_;
  double sum_ = 0;
};

double at(const Episode& e, Axis x) { return x == Axis::frames ? e.frames : e.wall_s; }

// Episodes or syncs split by worker, in worker id order, each in the order of `rows`.
template <typename Row>
std::map<int, std::vector<Row>> by_worker(const std::vector<Row>& rows) {
  std::map<int, std::vector<Row>> split;
  for (const Row& row : rows) split[row.worker].push_back(row);
  return split;
}

Series sync_line(const std::string& run, int worker, const std::vector<Sync>& syncs) {
  Series series;
  series.run = run;
  series.worker = worker;
  WindowMean mean(kSyncWindow);
  for (const Sync& s : syncs) {
    mean.add(s.ms);
    series.x.push_back(s.frames);
    series.y.push_back(mean.mean());
  }
  return series;
}

}  // namespace

Series job_returns(const RunData& run, Axis x) {
  Series series;
  series.run = run.name;
  const auto& episodes = run.episodes;
  WindowMean mean(kReturnWindow);
  // Sum and count of each worker's episodes inside the window.
  std::map<int, std::pair<double, int>> per_worker;
  for (std::size_t i = 0; i < episodes.size(); ++i) {
    mean.add(episodes[i].episode_return);
    auto& added = per_worker[episodes[i].worker];
    added.first += episodes[i].episode_return;
    ++added.second;
    if (i >= kReturnWindow) {
      auto& left = per_worker[episodes[i - kReturnWindow].worker];
      left.first -= episodes[i - kReturnWindow].episode_return;
      --left.second;
    }
    if (!mean.full()) continue;
    double low = 0, high = 0;
    bool first = true;
    for (const auto& [worker, sum_count] : per_worker) {
      if (sum_count.second == 0) continue;
      const double worker_mean = sum_count.first / sum_count.second;
      low = first ? worker_mean : std::min(low, worker_mean);
      high = first ? worker_mean : std::max(high, worker_mean);
      first = false;
    }
    series.x.push_back(at(episodes[i], x));
    series.y.push_back(mean.mean());
    series.low.push_back(low);
    series.high.push_back(high);
  }
  return series;
}

Series seed_returns(const std::vector<const RunData*>& runs, const std::string& label, Axis x) {
  Series series;
  series.run = label;
  // Each run's line as (x, y) points in x order: wall_s can step back a little where rows are
  // ordered by frames.
  std::vector<std::vector<std::pair<double, double>>> lines;
  double start = 0, end = 0;
  for (const RunData* run : runs) {
    const Series line = job_returns(*run, x);
    if (line.x.empty()) return series;  // no x where every run has a mean
    lines.emplace_back();
    for (std::size_t i = 0; i < line.x.size(); ++i) lines.back().emplace_back(line.x[i], line.y[i]);
    std::stable_sort(lines.back().begin(), lines.back().end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    start = lines.size() == 1 ? lines.back().front().first
                              : std::max(start, lines.back().front().first);
    end = lines.size() == 1 ? lines.back().back().first : std::min(end, lines.back().back().first);
  }
  std::vector<double> xs;
  for (const auto& line : lines) {
    for (const auto& point : line) {
      if (point.first >= start && point.first <= end) xs.push_back(point.first);
    }
  }
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  std::vector<std::size_t> latest(lines.size(), 0);  // per line: index of its point at or before x
  for (double at_x : xs) {
    double sum = 0, low = 0, high = 0;
    for (std::size_t r = 0; r < lines.size(); ++r) {
      while (latest[r] + 1 < lines[r].size() && lines[r][latest[r] + 1].first <= at_x) ++latest[r];
      const double y = lines[r][latest[r]].second;
      sum += y;
      low = r == 0 ? y : std::min(low, y);
      high = r == 0 ? y : std::max(high, y);
    }
    series.x.push_back(at_x);
    series.y.push_back(sum / static_cast<double>(lines.size()));
    series.low.push_back(low);
    series.high.push_back(high);
  }
  return series;
}

std::vector<Series> worker_returns(const RunData& run, Axis x) {
  std::vector<Series> lines;
  for (const auto& [worker, episodes] : by_worker(run.episodes)) {
    Series series;
    series.run = run.name;
    series.worker = worker;
    WindowMean mean(kReturnWindow);
    for (const Episode& e : episodes) {
      mean.add(e.episode_return);
      if (!mean.full()) continue;
      series.x.push_back(at(e, x));
      series.y.push_back(mean.mean());
    }
    lines.push_back(std::move(series));
  }
  return lines;
}

Series job_sync(const RunData& run) { return sync_line(run.name, kAllWorkers, run.syncs); }

std::vector<Series> worker_sync(const RunData& run) {
  std::vector<Series> lines;
  for (const auto& [worker, syncs] : by_worker(run.syncs)) {
    lines.push_back(sync_line(run.name, worker, syncs));
  }
  return lines;
}

Series job_fps(const RunData& run) {
  Series series;
  series.run = run.name;
  for (const SystemSample& s : run.system) {
    series.x.push_back(s.wall_s);
    series.y.push_back(s.fps);
  }
  return series;
}

}  // namespace ga3c::plot
