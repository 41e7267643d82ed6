#include "node/env_runner.h"

#include <algorithm>

namespace ga3c::node {

EnvRunner::EnvRunner(std::vector<Agent*> agents, BlockingQueue<PredictionRequest>& predictions,
                     BlockingQueue<Rollout>& training, EpisodeSink on_episode,
                     NodeCounters& counters, JobFrames& frames, int64_t max_frames,
                     std::function<void()> budget_spent)
    : agents_(std::move(agents)),
      predictions_(predictions),
      training_(training),
      on_episode_(std::move(on_episode)),
      counters_(counters),
      frames_(frames),
      max_frames_(max_frames),
      budget_spent_(std::move(budget_spent)),
      // Each agent has at most one prediction outstanding, so this never blocks a predictor.
      replies_(agents_.empty() ? 1 : agents_.size()) {}

void EnvRunner::run() {
  try {
    for (Agent* agent : agents_) {
      agent->start();
      predictions_.push({agent, &replies_});
    }
    // Requests go to the predictors in chunks of an eighth of the agents: one hand-off per
    // agent was a predictor's wake-up and a prediction batch of its own, and one per whole
    // batch of answers would make stepping and predicting take turns instead of overlapping.
    const std::size_t chunk = std::max<std::size_t>(1, agents_.size() / 8);
    std::vector<Agent*> answered;
    std::vector<PredictionRequest> requests;
    while (true) {
      replies_.pop_up_to(agents_.size(), answered);
      for (Agent* agent : answered) {
        AgentStep step;
        {
          BusyTimer busy(counters_.env_ns);
          step = agent->on_prediction();
        }
        frames_.add(step.frames);
        if (step.episode) on_episode_(*step.episode);
        for (Rollout& rollout : step.rollouts) training_.push(std::move(rollout));
        if (frames_.now() >= max_frames_) {
          budget_spent_();
          return;
        }
        requests.push_back({agent, &replies_});
        if (requests.size() == chunk) predictions_.push_all(requests);
      }
      if (!requests.empty()) predictions_.push_all(requests);
    }
  } catch (const QueueClosed&) {
  }
}

}  // namespace ga3c::node
