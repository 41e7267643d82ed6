// An env thread's work: steps its share of the node's agents as their predictions arrive,
// hands finished rollouts to the trainers and asks the predictors for the next action.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "node/agent.h"
#include "node/blocking_queue.h"
#include "node/job_frames.h"
#include "node/node_counters.h"
#include "node/rollout.h"

namespace ga3c::node {

class EnvRunner;

// One agent waiting for a prediction; the predictor answers on the runner's reply queue.
struct PredictionRequest {
  Agent* agent = nullptr;
  BlockingQueue<Agent*>* reply = nullptr;
};

class EnvRunner {
 public:
  using EpisodeSink = std::function<void(const metrics::EpisodeRecord&)>;

  // agents: owned by the node, stepped only by this runner's thread.
  // counters: the node's; env_ns grows with every step. frames: the node's view of the job's
  // frames, which counts every step (and the node's counters.frames with it) before
  // on_episode hears of an episode the step ended. Once that view reaches max_frames the
  // runner steps no more and calls budget_spent (the node's stop), whatever the sync
  // frequency and queue sizes: in one process the view is exact, so a job ends within one
  // agent step per env thread of its budget; under MPI the view lags the job by less than
  // one sync interval (job_frames.h), and so may the stop.
  EnvRunner(std::vector<Agent*> agents, BlockingQueue<PredictionRequest>& predictions,
            BlockingQueue<Rollout>& training, EpisodeSink on_episode, NodeCounters& counters,
            JobFrames& frames, int64_t max_frames, std::function<void()> budget_spent);
  EnvRunner(const EnvRunner&) = delete;
  EnvRunner& operator=(const EnvRunner&) = delete;

  // The thread body: starts every agent and loops until a queue is closed (QueueClosed is
  // the normal exit and is not rethrown) or the budget is spent. Environment errors
  // propagate.
  void run();

  // Closes the reply queue, so run() returns even when the predictors are gone.
  void close() { replies_.close(); }

 private:
  std::vector<Agent*> agents_;
  BlockingQueue<PredictionRequest>& predictions_;
  BlockingQueue<Rollout>& training_;
  EpisodeSink on_episode_;
  NodeCounters& counters_;
  JobFrames& frames_;
  const int64_t max_frames_;
  std::function<void()> budget_spent_;
  BlockingQueue<Agent*> replies_;
};

}  // namespace ga3c::node
