#include "runtime/env_runner.h"

namespace ga3c::runtime {

EnvRunner::EnvRunner(std::vector<Agent*> agents, BlockingQueue<PredictionRequest>& predictions,
                     BlockingQueue<Rollout>& training, EpisodeSink on_episode,
                     NodeCounters& counters, JobFrames& frames)
    : agents_(std::move(agents)),
      predictions_(predictions),
      training_(training),
      on_episode_(std::move(on_episode)),
      counters_(counters),
      frames_(frames),
      // Each agent has at most one prediction outstanding, so this never blocks a predictor.
      replies_(agents_.empty() ? 1 : agents_.size()) {}

void EnvRunner::run() {
  try {
    for (Agent* agent : agents_) {
      agent->start();
      predictions_.push({agent, &replies_});
    }
    while (true) {
      Agent* agent = replies_.pop();
      AgentStep step;
      {
        BusyTimer busy(counters_.env_ns);
        step = agent->on_prediction();
      }
      frames_.add(step.frames);
      if (step.episode) on_episode_(*step.episode);
      for (Rollout& rollout : step.rollouts) training_.push(std::move(rollout));
      predictions_.push({agent, &replies_});
    }
  } catch (const QueueClosed&) {
  }
}

}  // namespace ga3c::runtime
