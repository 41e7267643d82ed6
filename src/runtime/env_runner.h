// An env thread's work: steps its share of the node's agents as their predictions arrive,
// hands finished rollouts to the trainers and asks the predictors for the next action.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "runtime/agent.h"
#include "runtime/blocking_queue.h"
#include "runtime/job_frames.h"
#include "runtime/node_counters.h"
#include "runtime/rollout.h"

namespace ga3c::runtime {

class EnvRunner;

// One agent waiting for a prediction; the predictor answers on the runner's reply queue.
struct PredictionRequest {
  Agent* agent = nullptr;
  BlockingQueue<Agent*>* reply = nullptr;
};

class EnvRunner {
 public:
  using EpisodeSink = std::function<void(const EpisodeRecord&)>;

  // agents: owned by the node, stepped only by this runner's thread.
  // counters: the node's; env_ns grows with every step. frames: the node's view of the job's
  // frames, which counts every step (and the node's counters.frames with it) before
  // on_episode hears of an episode the step ended.
  EnvRunner(std::vector<Agent*> agents, BlockingQueue<PredictionRequest>& predictions,
            BlockingQueue<Rollout>& training, EpisodeSink on_episode, NodeCounters& counters,
            JobFrames& frames);
  EnvRunner(const EnvRunner&) = delete;
  EnvRunner& operator=(const EnvRunner&) = delete;

  // The thread body: starts every agent and loops until a queue is closed (QueueClosed is
  // the normal exit and is not rethrown). Environment errors propagate.
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
  BlockingQueue<Agent*> replies_;
};

}  // namespace ga3c::runtime
