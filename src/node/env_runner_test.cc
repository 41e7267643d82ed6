#include "node/env_runner.h"

#include <atomic>
#include <limits>
#include <thread>

#include <gtest/gtest.h>

#include "env/registry.h"

namespace ga3c::node {
namespace {

// A stand-in predictor: answers every request with a uniform policy over CartPole's two
// actions and a value of 0, until the queue is closed.
void predict_uniformly(BlockingQueue<PredictionRequest>& predictions) {
  std::vector<PredictionRequest> batch;
  try {
    while (true) {
      predictions.pop_up_to(8, batch);
      for (auto& req : batch) {
        req.agent->policy_slot()[0] = 0.5f;
        req.agent->policy_slot()[1] = 0.5f;
        req.agent->set_prediction(0.0f, 0);
        req.reply->push(req.agent);
      }
    }
  } catch (const QueueClosed&) {
  }
}

// Two env threads, a stand-in predictor answering with a uniform policy and a stand-in trainer
// taking batches: every frame stepped ends up in exactly one rollout, and closing the queues
// ends every thread.
TEST(EnvRunner, StepsAgentsAsPredictionsArriveAndShutsDownCleanly) {
  BlockingQueue<PredictionRequest> predictions(16);
  BlockingQueue<Rollout> training(100, [](const Rollout& r) { return r.size(); });
  NodeCounters counters;
  JobFrames frames(counters.frames, nullptr);
  std::vector<std::unique_ptr<Agent>> agents;
  for (int a = 0; a < 16; ++a) {
    agents.push_back(
        std::make_unique<Agent>(a, env::make_env("CartPole-v1"), 100 + a, AgentConfig{}));
  }
  std::atomic<int64_t> episodes{0};
  std::vector<std::unique_ptr<EnvRunner>> runners;
  for (int t = 0; t < 2; ++t) {
    std::vector<Agent*> mine;
    for (int a = t; a < 16; a += 2) mine.push_back(agents[a].get());
    runners.push_back(std::make_unique<EnvRunner>(
        mine, predictions, training, [&](const metrics::EpisodeRecord&) { ++episodes; }, counters,
        frames, std::numeric_limits<int64_t>::max(), [] {}));
  }
  std::vector<std::thread> threads;
  for (auto& r : runners) threads.emplace_back([&r] { r->run(); });
  threads.emplace_back([&] { predict_uniformly(predictions); });
  std::atomic<int64_t> trained{0};
  threads.emplace_back([&] {
    std::vector<Rollout> batch;
    try {
      while (true) {
        training.pop_batch(40, batch);
        for (const auto& r : batch) {
          ASSERT_GE(r.size(), 1u);
          ASSERT_LE(r.size(), 5u);
          ASSERT_EQ(r.observations.size(), 4 * r.size());
          trained += static_cast<int64_t>(r.size());
        }
      }
    } catch (const QueueClosed&) {
    }
  });
  while (counters.frames.load() < 20000) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  predictions.close();
  training.close();
  for (auto& r : runners) r->close();
  for (auto& t : threads) t.join();
  EXPECT_GE(counters.frames.load(), 20000);
  EXPECT_GT(episodes.load(), 100);  // random CartPole episodes last about 22 steps
  EXPECT_LE(trained.load(), counters.frames.load());
  EXPECT_GT(trained.load(), counters.frames.load() - 16 * 5 - 100 * 5 - 40);
}

// The budget stops the runners themselves, without a sync (issue 27: the stop waited for the
// parameter server's answer, and a run of 5,000 frames at --sync-freq 1000 stepped 41,848).
// Two runners share the job's count: each finishes the step it began, one frame in CartPole.
TEST(EnvRunner, StopsStepsOnceTheJobsFramesReachTheBudget) {
  BlockingQueue<PredictionRequest> predictions(16);
  BlockingQueue<Rollout> training(1'000'000, [](const Rollout& r) { return r.size(); });
  NodeCounters counters;
  std::atomic<int64_t> job{0};
  JobFrames frames(counters.frames, &job);
  std::vector<std::unique_ptr<Agent>> agents;
  for (int a = 0; a < 8; ++a) {
    agents.push_back(
        std::make_unique<Agent>(a, env::make_env("CartPole-v1"), 7 + a, AgentConfig{}));
  }
  std::atomic<int> spent{0};
  const auto stop = [&] {
    ++spent;
    predictions.close();
    training.close();
  };
  std::vector<std::unique_ptr<EnvRunner>> runners;
  for (int t = 0; t < 2; ++t) {
    std::vector<Agent*> mine;
    for (int a = t; a < 8; a += 2) mine.push_back(agents[a].get());
    runners.push_back(std::make_unique<EnvRunner>(
        mine, predictions, training, [](const metrics::EpisodeRecord&) {}, counters, frames, 5000,
        stop));
  }
  std::vector<std::thread> threads;
  for (auto& r : runners) threads.emplace_back([&r] { r->run(); });
  threads.emplace_back([&] {  // nothing trains, and the runners stop regardless
    predict_uniformly(predictions);
    for (auto& r : runners) r->close();
  });
  for (auto& t : threads) t.join();
  EXPECT_GE(job.load(), 5000);
  EXPECT_LE(job.load(), 5001);
  EXPECT_EQ(counters.frames.load(), job.load());
  EXPECT_GE(spent.load(), 1);
}

}  // namespace
}  // namespace ga3c::node
