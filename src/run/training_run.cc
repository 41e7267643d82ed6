#include "run/training_run.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "comm/in_process_link.h"
#include "metrics/status_line.h"
#include "model/device.h"
#include "node/ga3c_node.h"
#include "node/math_threads.h"
#include "node/seeds.h"
#include "ps/parameter_server.h"
#include "run/checkpointing.h"
#include "run/interval_report.h"
#include "run/run_setup.h"
#include "run/stop_decision.h"

namespace ga3c::run {

TrainingSummary run_training(const config::TrainConfig& config, metrics::RunRecorder& recorder,
                             const RunStart& start, const std::atomic<bool>* interrupt) {
  node::limit_math_threads();

  const std::shared_ptr<const RunSetup> made =
      start.setup ? start.setup : std::make_shared<const RunSetup>(make_run_setup(config));
  const RunSetup& setup = *made;
  ps::ParameterServer server(setup.initial, setup.server);
  const auto& make_net = setup.make_net;
  spdlog::info("{}: {} observations, {} actions, {} parameters in {} shard(s), {} worker(s)",
               config.env_id, setup.spec.to_string(), setup.num_actions, setup.initial.size(),
               server.num_shards(), config.workers);
  const RunIdentity identity = run_identity(setup, config, start.config_toml, 1);
  // A deterministic run's worker goes on from its saved state (check_resumable made sure
  // there is one).
  const checkpoint::WorkerState* resumed_worker = nullptr;
  if (start.resume) {
    const checkpoint::Checkpoint& c = *start.resume;
    std::vector<std::pair<int, ps::Shard*>> shards;
    for (int s = 0; s < server.num_shards(); ++s) shards.emplace_back(s, &server.shard(s));
    restore_server(start.resume_path, c, config, shards, &server.counters());
    if (config.deterministic) resumed_worker = &c.workers.front();
    if (!config.deterministic && !c.workers.empty()) {
      spdlog::info("the checkpoint's worker state is left unused: this run is not --deterministic");
    }
    if (!config.deterministic) {
      spdlog::info(
          "agents draw fresh seeds for this stretch: agent_seed({}, worker, agent) "
          "from --seed {} and the checkpoint's {} frames",
          node::stretch_seed(config.seed, config.resumed_at_frames), config.seed,
          config.resumed_at_frames);
    }
  }
  CheckpointSchedule checkpoints(checkpoint_dir(config.run_dir), config.checkpoint_every_s,
                                 config.keep_checkpoints);
  const auto save = [&](const checkpoint::WorkerState* worker) {
    std::vector<std::pair<int, const ps::Shard*>> shards;
    for (int s = 0; s < server.num_shards(); ++s) shards.emplace_back(s, &server.shard(s));
    checkpoints.save(capture(identity, 0, server.layout(), shards,
                             {server.progress(), recorder.wall_seconds()}, worker));
  };

  // The job's frames, counted by every node as it steps them: the exact stamp of every
  // record (a resumed job's count includes what its worker had not reported).
  std::atomic<int64_t> job_frames{start.resume ? start.resume->frames : 0};
  std::vector<std::unique_ptr<comm::InProcessLink>> links;
  std::vector<std::unique_ptr<node::Ga3cNode>> nodes;
  for (int w = 0; w < config.workers; ++w) {
    config::TrainConfig node_config = config;
    node_config.device = model::resolve_device(config.device, w);
    if (node_config.device != "cpu") {
      spdlog::info("worker {}: device {} ({})", w, node_config.device, model::torch_description());
    }
    links.push_back(std::make_unique<comm::InProcessLink>(server));
    nodes.push_back(std::make_unique<node::Ga3cNode>(w, node_config, *links.back(), recorder,
                                                     make_net, node::EnvRunner::EpisodeSink{},
                                                     &job_frames));
  }
  if (config.deterministic) {
    // Saves happen between two agent steps, on the node's thread, where its state is whole.
    node::Ga3cNode& node = *nodes.front();
    if (resumed_worker) node.resume_from(*resumed_worker);
    node.set_save_point([&] {
      if (!checkpoints.due()) return;
      const checkpoint::WorkerState worker = node.worker_state();
      save(&worker);
    });
  }
  for (auto& node : nodes) node->start();

  TrainingSummary summary;
  StopDecision stop(config, recorder.window(), interrupt);
  bool failed = false;  // a node's error ends the whole run, and nothing is saved after it
  using clock = std::chrono::steady_clock;
  auto last_time = clock::now();
  // Status lines and system.csv count the job's frames and episodes, a resumed job's too.
  const ps::GlobalProgress resumed_at = server.progress();
  const auto job_totals = [&] {
    JobTotals t;
    t.frames = resumed_at.frames;
    t.episodes = resumed_at.episodes;
    for (const auto& n : nodes) {
      t.frames += n->counters().frames.load();
      t.episodes += n->counters().episodes.load();
      t.counters += n->snapshot();
      if (t.network.empty()) t.network = n->network_status();
    }
    if (config.ps_apply == ps::ApplyMode::kRacy)
      t.overlapping_applies = server.overlapping_applies();
    return t;
  };
  JobTotals last = job_totals();
  auto all_stopping = [&] {
    for (const auto& n : nodes) {
      if (!n->stopping()) return false;
    }
    return true;
  };
  while (!all_stopping()) {
    const auto deadline = last_time + std::chrono::duration<double>(config.status_interval_s);
    while (clock::now() < deadline && !all_stopping()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      failed = failed ||
               std::any_of(nodes.begin(), nodes.end(), [](const auto& n) { return n->failed(); });
      const bool dead =
          std::any_of(nodes.begin(), nodes.end(), [](const auto& n) { return n->network_dead(); });
      if (stop.should_stop(dead) || failed || server.progress().stop) {
        server.request_stop();
        for (auto& n : nodes) n->stop();
      }
      // Once the workers stop, the final save below is the one to make.
      if (!config.deterministic && checkpoints.due() && !failed && !all_stopping()) save(nullptr);
    }
    const auto now = clock::now();
    const double dt = std::chrono::duration<double>(now - last_time).count();
    const JobTotals t = job_totals();
    report_interval(recorder, config, t, last, dt);
    last = t;
    last_time = now;
  }

  for (auto& node : nodes) {
    node->join();
    const node::NodeCounters& c = node->counters();
    summary.env_s += c.env_ns.load() * 1e-9;
    summary.predict_s += c.predict_ns.load() * 1e-9;
    summary.train_s += c.train_ns.load() * 1e-9;
    summary.sync_s += c.sync_us.load() * 1e-6;
  }
  auto progress = server.progress();
  if (config.deterministic) {
    const checkpoint::WorkerState worker = nodes.front()->worker_state();
    save(&worker);
    progress.frames += worker.unreported_frames;
    progress.episodes += worker.unreported_episodes;
  } else {
    save(nullptr);
  }
  recorder.flush();
  summary.interrupted = stop.interrupted();
  summary.dead_network = stop.dead_network();
  summary.frames = progress.frames;
  summary.episodes = progress.episodes;
  summary.updates = progress.updates;
  summary.wall_s = recorder.wall_seconds();
  summary.mean_return_100 = recorder.window().mean();
  summary.best_mean_return_100 = recorder.window().best_full_mean();
  if (config.ps_apply == ps::ApplyMode::kRacy) {
    summary.overlapping_applies = server.overlapping_applies();
    summary.lost_optimizer_steps = server.lost_optimizer_steps();
  }
  return summary;
}

}  // namespace ga3c::run
