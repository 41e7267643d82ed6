// PsLink for one process: direct calls into a ParameterServer shared by every node.
#pragma once

#include "comm/ps_link.h"
#include "ps/parameter_server.h"

namespace ga3c::comm {

class InProcessLink final : public PsLink {
 public:
  // server must outlive the link.
  explicit InProcessLink(ps::ParameterServer& server) : server_(server) {}

  const std::vector<ps::ShardRange>& layout() const override { return server_.layout(); }
  int64_t push(int shard, const float* data) override {
    return server_.push(shard, data, server_.layout().at(shard).size);
  }
  int64_t pull(int shard, float* out) override {
    return server_.pull(shard, out, server_.layout().at(shard).size);
  }
  ps::GlobalProgress report(int64_t frames, int64_t episodes, bool synced) override {
    return server_.report(frames, episodes, synced);
  }

 private:
  ps::ParameterServer& server_;
};

}  // namespace ga3c::comm
