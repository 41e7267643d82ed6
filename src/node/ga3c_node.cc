#include "node/ga3c_node.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "algo/schedule.h"
#include "env/registry.h"
#include "model/device.h"
#include "node/policy_lag.h"
#include "node/predictor.h"
#include "node/seeds.h"
#include "node/thread_name.h"

namespace ga3c::node {
namespace {

// The loss settings after `frames` job frames.
LossConfig loss_config(const config::TrainConfig& c, int64_t frames) {
  LossConfig l;
  l.entropy_beta = algo::scheduled(c.entropy_schedule, c.entropy_beta, c.entropy_beta_final, frames,
                                   c.max_frames);
  l.value_weight = c.value_weight;
  l.grad_clip = c.grad_clip;
  l.correction = c.correction;
  l.vtrace.gamma = c.gamma;
  l.vtrace.rho_bar = c.vtrace_rho_bar;
  l.vtrace.c_bar = c.vtrace_c_bar;
  return l;
}

}  // namespace

Ga3cNode::Ga3cNode(int worker, const config::TrainConfig& config, comm::PsLink& link,
                   metrics::RunRecorder& recorder, ParameterSnapshots::NetFactory make_net,
                   EnvRunner::EpisodeSink episode_listener, std::atomic<int64_t>* job_frames)
    : worker_(worker),
      config_(config),
      // Local state: the workers' deltas add up on the server, so --lr-worker-scaling scales
      // each worker's own optimizer (with shared state it scales the server's).
      local_lr_factor_(config.optimizer_state == ps::OptimizerStateMode::kLocal
                           ? ps::lr_worker_factor(config.lr_worker_scaling, config.workers)
                           : 1.0f),
      link_(link),
      recorder_(recorder),
      episode_listener_(std::move(episode_listener)),
      job_frames_(counters_.frames, job_frames),
      device_(config.device),
      snapshots_(std::move(make_net), device_),
      // Every agent has at most one request outstanding.
      predictions_(static_cast<std::size_t>(config.agents)),
      training_(static_cast<std::size_t>(config.max_queue),
                [](const Rollout& r) { return r.size(); }),
      sync_(link, snapshots_.num_params(), config.optimizer_state, config.optimizer),
      params_(snapshots_.num_params()) {
  if (!device_.is_cpu()) {
    if (config.deterministic) {
      throw std::invalid_argument("--deterministic runs on the CPU only; use --device cpu");
    }
    model::set_tf32(config.device, config.tf32);
    const bool shared = config.optimizer_state == ps::OptimizerStateMode::kShared;
    device_model_ =
        std::make_unique<DeviceModel>(device_, params_.size(), config.optimizer, shared);
    if (shared) device_accumulated_.resize(params_.size());
  }
  const env::EnvOptions env_options = config::env_options(config);
  AgentConfig agent_config;
  agent_config.t_max = config.t_max;
  agent_config.gamma = config.gamma;
  agent_config.reward_clip = config.reward_clip;
  agent_config.terminal_on_life_loss = config.terminal_on_life_loss;
  agent_config.state_size = snapshots_.current()->net->state_size();
  const uint64_t seed =
      config.deterministic ? config.seed : stretch_seed(config.seed, config.resumed_at_frames);
  for (int a = 0; a < config.agents; ++a) {
    env::EnvPtr env = env::make_env(config.env_id, env_options);
    if (config.deterministic) {
      auto replay = std::make_unique<ReplayEnv>(std::move(env));
      replay_envs_.push_back(replay.get());
      env = std::move(replay);
    }
    agents_.push_back(
        std::make_unique<Agent>(a, std::move(env), agent_seed(seed, worker, a), agent_config));
  }
  obs_shape_ = env::make_env(config.env_id, env_options)->observation_spec().shape;
  if (config.health_every > 0) {
    health_probe_ = std::make_unique<HealthProbe>(kHealthBatch, obs_shape_);
  }
  // A deterministic node steps its agent on its own thread, without runners.
  for (int t = 0; t < config.env_threads && !config.deterministic; ++t) {
    std::vector<Agent*> mine;
    for (int a = t; a < config.agents; a += config.env_threads) mine.push_back(agents_[a].get());
    runners_.push_back(std::make_unique<EnvRunner>(
        std::move(mine), predictions_, training_,
        [this](const metrics::EpisodeRecord& e) { on_episode(e); }, counters_, job_frames_,
        config.max_frames, [this] { stop(); }));
  }
}

Ga3cNode::~Ga3cNode() {
  // Threads reference this object: stop them before members go away (the sync thread, a
  // member, finishes its exchange as it is destroyed, before the link may go).
  stop();
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void Ga3cNode::resume_from(checkpoint::WorkerState state) { resume_ = std::move(state); }

void Ga3cNode::set_save_point(std::function<void()> hook) { save_point_ = std::move(hook); }

void Ga3cNode::start() {
  {
    std::lock_guard lock(update_mutex_);
    version_ = sync_.pull(params_.data());
    // The job's frame count, for the learning-rate schedule of the first local steps (a
    // resumed job does not start at 0).
    report(false);
    if (resume_) apply_worker_state(*resume_);
    if (device_model_) device_model_->upload(params_.data());
    publish();
    if (config_.sync_overlap) sync_thread_ = std::make_unique<SyncThread>();
  }
  if (config_.deterministic) {
    spawn("serial", [this] { run_serial(); });
    return;
  }
  for (std::size_t e = 0; e < runners_.size(); ++e) {
    spawn(fmt::format("env{}", e), [r = runners_[e].get()] { r->run(); });
  }
  for (int p = 0; p < config_.predictors; ++p) {
    // A batch never holds more than the node's agents (each waits for its own prediction),
    // so a --prediction-batch beyond them would only allocate memory no batch uses.
    spawn(fmt::format("predictor{}", p), [this] {
      run_predictor(predictions_, snapshots_, obs_shape_,
                    std::min(config_.prediction_batch, config_.agents), counters_);
    });
  }
  for (int t = 0; t < config_.trainers; ++t) {
    spawn(fmt::format("trainer{}", t), [this] {
      try {
        run_trainer(
            training_, snapshots_, obs_shape_, config_.min_batch,
            [this] { return loss_config(config_, job_frames_.now()); },
            [this](const torch::Tensor& g, const BatchResult& b) { train_step(g, b); },
            [this](const std::vector<Rollout>& batch) {
              if (health_probe_) health_probe_->offer(batch);
            });
      } catch (const NonFiniteError& e) {
        throw located(e);
      }
    });
  }
}

NonFiniteError Ga3cNode::located(const NonFiniteError& e) {
  std::lock_guard lock(update_mutex_);
  return NonFiniteError(fmt::format(
      "worker {}: {} in the batch of local training step {} (about frame {}); nothing of it "
      "was pushed",
      worker_, e.what(), step_ + 1, job_frames_.now()));
}

void Ga3cNode::run_serial() {
  Agent* agent = agents_.front().get();
  if (!resume_) agent->start();
  BatchPredictor predictor(obs_shape_, 1);
  std::vector<Rollout> batch(1);
  std::vector<float> grad;
  // With one worker the node's frame count is the job's, so the budget is met exactly.
  while (!stopping_ && job_frames_.now() < config_.max_frames) {
    if (save_point_) save_point_();
    {
      BusyTimer busy(counters_.predict_ns);
      predictor.predict(*snapshots_.current(), &agent, 1);
    }
    counters_.prediction_batches.fetch_add(1, std::memory_order_relaxed);
    counters_.predictions.fetch_add(1, std::memory_order_relaxed);
    AgentStep step;
    {
      BusyTimer busy(counters_.env_ns);
      step = agent->on_prediction();
    }
    job_frames_.add(step.frames);
    if (step.episode) on_episode(*step.episode);
    for (Rollout& rollout : step.rollouts) {
      batch[0] = std::move(rollout);
      if (health_probe_) health_probe_->offer(batch);
      BatchResult result;
      try {
        result = compute_gradient(*snapshots_.current(), batch, obs_shape_,
                                  loss_config(config_, job_frames_.now()), grad);
      } catch (const NonFiniteError& e) {
        throw located(e);
      }
      train_step(
          torch::from_blob(grad.data(), {static_cast<int64_t>(grad.size())}, torch::kFloat32),
          result);
    }
  }
  stop();
}

void Ga3cNode::apply_worker_state(const checkpoint::WorkerState& s) {
  if (s.params.size() != params_.size() || s.agents.size() != agents_.size()) {
    throw std::invalid_argument(
        fmt::format("the saved worker has {} parameters and {} agent(s), this node {} and {}",
                    s.params.size(), s.agents.size(), params_.size(), agents_.size()));
  }
  params_ = s.params;
  version_ = s.version;
  step_ = s.local_steps;
  sync_.restore(s);
  // Frames and episodes in the checkpoint's totals that the server has not counted: the
  // next sync reports them, as it would have without the stop.
  reported_frames_ = counters_.frames.load() - s.unreported_frames;
  reported_episodes_ = counters_.episodes.load() - s.unreported_episodes;
  std::vector<float> replayed(agents_.front()->observation_size());
  for (std::size_t i = 0; i < agents_.size(); ++i) {
    const checkpoint::AgentState& a = s.agents[i];
    replay_envs_[i]->restore(a.env, replayed.data());
    agents_[i]->restore(a);
    if (std::memcmp(replayed.data(), a.observation.data(), replayed.size() * sizeof(float)) != 0) {
      throw std::runtime_error(fmt::format(
          "agent {}: replaying its environment's {} actions did not give the saved observation "
          "(the environment is not a function of its seed and actions); start a new run",
          i, a.env.actions.size()));
    }
  }
}

checkpoint::WorkerState Ga3cNode::worker_state() {
  std::lock_guard lock(update_mutex_);
  checkpoint::WorkerState s;
  s.worker = worker_;
  s.params = params_;
  s.version = version_;
  s.local_steps = step_;
  sync_.save(s);
  s.unreported_frames = counters_.frames.load() - reported_frames_;
  s.unreported_episodes = counters_.episodes.load() - reported_episodes_;
  for (std::size_t i = 0; i < agents_.size(); ++i) {
    s.agents.push_back(agents_[i]->state());
    s.agents.back().env = replay_envs_.at(i)->state();
  }
  return s;
}

void Ga3cNode::spawn(std::string thread_name, std::function<void()> body) {
  threads_.emplace_back([this, name = std::move(thread_name), body = std::move(body)] {
    name_this_thread(name);
    guard(body);
  });
}

void Ga3cNode::guard(const std::function<void()>& body) {
  try {
    body();
  } catch (...) {
    {
      std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
    }
    stop();
  }
}

bool Ga3cNode::failed() {
  std::lock_guard lock(error_mutex_);
  return error_ != nullptr;
}

void Ga3cNode::stop() {
  stopping_ = true;
  // Closing every queue wakes each thread wherever it waits; each then leaves its loop.
  predictions_.close();
  training_.close();
  for (auto& runner : runners_) runner->close();
}

void Ga3cNode::join() {
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
  threads_.clear();
  {
    std::lock_guard lock(update_mutex_);
    if (sync_thread_ && sync_thread_->in_flight()) {
      // The exchange in flight ends before the final report uses the link.
      guard([this] {
        sync_thread_->wait();
        complete_sync();
      });
    }
    // A deterministic node's unpushed local steps and unreported frames stay in its worker
    // state, so that a resumed run pushes and reports them with the same sync as a run that
    // did not stop.
    if (!config_.deterministic) {
      // The local steps since the last sync, else lost: the final checkpoint holds them.
      if (step_ > pending_step_ && !failed()) {
        guard([this] {
          start_sync();
          run_exchange();
          complete_sync();
        });
      }
      report(false);
    }
  }
  std::lock_guard lock(error_mutex_);
  if (error_) std::rethrow_exception(error_);
}

std::vector<float> Ga3cNode::parameters() {
  std::lock_guard lock(update_mutex_);
  if (device_model_) device_model_->download(params_.data());
  return params_;
}

metrics::CountersSnapshot Ga3cNode::snapshot() const {
  metrics::CountersSnapshot s;
  s.prediction_batches = counters_.prediction_batches.load();
  s.training_batches = counters_.training_batches.load();
  s.syncs = counters_.syncs.load();
  s.sync_us = counters_.sync_us.load();
  s.lag_milli = counters_.lag_milli.load();
  s.prediction_queue = static_cast<int64_t>(predictions_.size());
  s.training_queue = static_cast<int64_t>(training_.size());
  return s;
}

void Ga3cNode::on_episode(const metrics::EpisodeRecord& e) {
  counters_.episodes.fetch_add(1, std::memory_order_relaxed);
  metrics::EpisodeRecord stamped = e;
  stamped.frames = job_frames_.now();  // the step that ended it is counted
  recorder_.episode(worker_, stamped);
  if (episode_listener_) episode_listener_(stamped);
}

void Ga3cNode::report(bool synced) {
  const int64_t frames = counters_.frames.load();
  const int64_t episodes = counters_.episodes.load();
  const auto progress =
      link_.report(frames - reported_frames_, episodes - reported_episodes_, synced);
  reported_frames_ = frames;
  reported_episodes_ = episodes;
  job_frames_.answered(frames, progress.frames);
  if (progress.stop) stop();
}

void Ga3cNode::publish() {
  if (device_model_) {
    snapshots_.publish(device_model_->params(), version_);
  } else {
    snapshots_.publish(params_.data(), version_);
  }
}

void Ga3cNode::train_step(const torch::Tensor& grad, const BatchResult& batch) {
  std::optional<metrics::TrainRecord> row = apply_gradient(grad, batch);
  if (!row) return;
  if (health_probe_ && row->step % config_.health_every == 0) check_health(*row);
  recorder_.train(*row);
}

void Ga3cNode::check_health(metrics::TrainRecord& row) {
  const auto start = std::chrono::steady_clock::now();
  {
    // On the trainer's time: the check takes the place of a little training.
    BusyTimer busy(counters_.train_ns);
    row.health = health_probe_->check(*snapshots_.current());
  }
  if (!row.health) return;  // the fixed batch is not full yet
  if (spdlog::should_log(spdlog::level::debug)) {
    std::string layers;
    for (const metrics::LayerHealth& l : row.health->layers) {
      layers += fmt::format("{} {}/{}, ", l.name, l.live, l.units);
    }
    spdlog::debug(
        "worker {}: health check at step {}: {}policy spread {:.3g} ({:.1f} ms)", worker_, row.step,
        layers, row.health->policy_spread,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::lock_guard lock(health_mutex_);
  for (const std::string& line : alarm_.update(*row.health, row.frames)) {
    spdlog::warn("worker {}: {}", worker_, line);
  }
  network_dead_ = alarm_.dead();
}

std::string Ga3cNode::network_status() {
  std::lock_guard lock(health_mutex_);
  return alarm_.status();
}

std::optional<metrics::TrainRecord> Ga3cNode::apply_gradient(const torch::Tensor& grad,
                                                             const BatchResult& batch) {
  std::lock_guard lock(update_mutex_);
  if (pushes_stopped()) return std::nullopt;
  const int64_t frames = job_frames_.now();
  const float lr =
      algo::lr_at(config_.lr_schedule, config_.lr, frames, config_.max_frames) * local_lr_factor_;
  counters_.train_ns.fetch_add(batch.compute_ns, std::memory_order_relaxed);
  {
    BusyTimer busy(counters_.train_ns);
    if (device_model_) {
      device_model_->step(grad, lr);
    } else {
      sync_.local_step(params_.data(), grad.data_ptr<float>(), lr);
    }
  }
  ++step_;
  lag_versions_ += batch.acted_version_sum;
  lag_samples_ += batch.samples;
  counters_.training_batches.fetch_add(1, std::memory_order_relaxed);
  counters_.trained_samples.fetch_add(batch.samples, std::memory_order_relaxed);

  metrics::TrainRecord tr;
  tr.frames = frames;
  tr.worker = worker_;
  tr.step = step_;
  tr.batch = batch.samples;
  tr.policy_loss = batch.policy_loss;
  tr.value_loss = batch.value_loss;
  tr.entropy = batch.entropy;
  tr.grad_norm = batch.grad_norm;
  tr.lr = lr;

  if (sync_thread_ && sync_thread_->done()) {
    sync_thread_->wait();
    complete_sync();
  }
  if (step_ % config_.sync_freq == 0 && !pushes_stopped()) {
    BusyTimer blocked(counters_.sync_blocked_ns);
    if (sync_thread_) {
      if (sync_thread_->in_flight()) {  // the previous sync is still out: wait for it
        sync_thread_->wait();
        complete_sync();
      }
      start_sync();
      sync_thread_->submit([this] { run_exchange(); });
    } else {
      start_sync();
      run_exchange();
      complete_sync();
    }
  }
  publish();
  return tr;
}

void Ga3cNode::start_sync() {
  if (device_model_) {
    device_model_->download(params_.data());
    if (!device_accumulated_.empty()) {
      device_model_->take_accumulated(device_accumulated_.data());
      sync_.add_accumulated(device_accumulated_.data());
    }
  }
  const int64_t frames = counters_.frames.load();
  const int64_t episodes = counters_.episodes.load();
  sync_.begin(params_.data(), frames - reported_frames_, episodes - reported_episodes_);
  reported_frames_ = frames;
  reported_episodes_ = episodes;
  pending_lag_versions_ = lag_versions_;
  pending_lag_samples_ = lag_samples_;
  pending_step_ = step_;
  pending_frames_ = frames;
  lag_versions_ = 0;
  lag_samples_ = 0;
}

void Ga3cNode::run_exchange() { exchange_result_ = sync_.exchange(); }

void Ga3cNode::complete_sync() {
  const SyncResult& r = exchange_result_;
  // Local steps taken during an overlapped exchange are on the device only.
  if (device_model_ && step_ > pending_step_) device_model_->download(params_.data());
  sync_.finish(params_.data());
  if (device_model_) device_model_->upload(params_.data());
  version_ = r.version;
  job_frames_.answered(pending_frames_, r.progress.frames);
  const double lag = policy_lag(r.pushed_version - 1, pending_lag_versions_, pending_lag_samples_);
  counters_.syncs.fetch_add(1, std::memory_order_relaxed);
  counters_.sync_us.fetch_add(static_cast<int64_t>((r.push_ms + r.pull_ms) * 1000.0),
                              std::memory_order_relaxed);
  counters_.lag_milli.fetch_add(static_cast<int64_t>(lag * 1000.0), std::memory_order_relaxed);
  metrics::SyncRecord sr;
  sr.frames = job_frames_.now();
  sr.worker = worker_;
  sr.step = pending_step_;
  sr.push_ms = r.push_ms;
  sr.pull_ms = r.pull_ms;
  sr.bytes = r.bytes;
  sr.version = r.version;
  sr.lag = lag;
  recorder_.sync(sr);
  if (r.progress.stop) stop();
}

}  // namespace ga3c::node
