// The job's stop decision besides the parameter server's frame budget (ps::GlobalCounters): a
// signal, the target return over the job's last 100 episodes, or a dead network
// (--stop-on-dead-network). One decision for the in-process loop and MPI server rank 0.
#pragma once

#include <atomic>

#include "config/train_config.h"
#include "metrics/episode_window.h"

namespace ga3c::run {

class StopDecision {
 public:
  // window: the job's last episodes (its recorder's), which must outlive this; interrupt: set
  // by a signal handler, may be null.
  StopDecision(const config::TrainConfig& config, const metrics::EpisodeWindow& window,
               const std::atomic<bool>* interrupt)
      : config_(config), window_(window), interrupt_(interrupt) {}

  // Whether the job should stop now. network_dead: a node's health check found a layer with
  // no live unit (it stops the job only under config.stop_on_dead_network). Remembers why,
  // for the run's summary. Not thread-safe.
  bool should_stop(bool network_dead = false) {
    const bool interrupted = interrupt_ != nullptr && interrupt_->load();
    const bool target_reached =
        config_.target_return > 0 && window_.full() && window_.mean() >= config_.target_return;
    const bool dead = config_.stop_on_dead_network && network_dead;
    interrupted_ = interrupted_ || interrupted;
    dead_network_ = dead_network_ || dead;
    return interrupted || target_reached || dead;
  }
  bool interrupted() const { return interrupted_; }
  bool dead_network() const { return dead_network_; }

 private:
  const config::TrainConfig& config_;
  const metrics::EpisodeWindow& window_;
  const std::atomic<bool>* interrupt_;
  bool interrupted_ = false;
  bool dead_network_ = false;
};

}  // namespace ga3c::run
