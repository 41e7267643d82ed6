#include "ps/sync_load.h"

#include <exception>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <thread>

namespace ga3c::ps {

SyncLoad::SyncLoad(ParameterServer& server, int threads)
    : server_(server),
      updates_(threads, std::vector<float>(server.num_params())),
      pulled_(threads, std::vector<float>(server.num_params())) {
  for (int t = 0; t < threads; ++t) {
    std::mt19937 rng(static_cast<uint32_t>(t + 1));
    std::uniform_real_distribution<float> value(-1e-3f, 1e-3f);
    for (float& u : updates_[t]) u = value(rng);
  }
}

void SyncLoad::run(int syncs_per_thread) {
  std::mutex error_mutex;
  std::exception_ptr error;
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < updates_.size(); ++t) {
    pool.emplace_back([&, t] {
      try {
        for (int i = 0; i < syncs_per_thread; ++i) {
          for (int s = 0; s < server_.num_shards(); ++s) {
            const ShardRange& r = server_.layout()[s];
            server_.push(s, updates_[t].data() + r.offset, r.size);
          }
          for (int s = 0; s < server_.num_shards(); ++s) {
            const ShardRange& r = server_.layout()[s];
            server_.pull(s, pulled_[t].data() + r.offset, r.size);
          }
          server_.report(100, 0, true);
        }
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    });
  }
  for (auto& thread : pool) thread.join();
  if (error) std::rethrow_exception(error);
}

int64_t resident_kib() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      int64_t kib = -1;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 12, '\n');
  }
  return -1;
}

}  // namespace ga3c::ps
