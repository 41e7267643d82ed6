#include "node/parameter_snapshots.h"

#include <vector>

#include <gtest/gtest.h>

#include "env/observation_spec.h"

namespace ga3c::node {
namespace {

ParameterSnapshots::NetFactory cartpole_mlp() {
  return [] {
    return model::make_actor_critic(model::NetworkKind::kMlp,
                                    env::ObservationSpec{{4}, env::DType::kFloat32}, 2);
  };
}

TEST(ParameterSnapshots, RewritesOnlyASnapshotNobodyHolds) {
  ParameterSnapshots snapshots(cartpole_mlp());
  const std::size_t n = snapshots.num_params();
  std::vector<float> params(n, 1.0f);
  snapshots.publish(params.data(), 1);
  auto held = snapshots.current();  // a reader keeps version 1
  const ParameterSnapshot* first = held.get();
  params.assign(n, 2.0f);
  snapshots.publish(params.data(), 2);
  params.assign(n, 3.0f);
  snapshots.publish(params.data(), 3);
  // Versions 2 and 3 went to the other two snapshots; the held one is as it was.
  EXPECT_EQ(held->version, 1);
  EXPECT_EQ(held->flat->data()[0], 1.0f);
  EXPECT_EQ(held->flat->data()[n - 1], 1.0f);
  EXPECT_NE(snapshots.current().get(), first);
  held.reset();
  params.assign(n, 4.0f);
  snapshots.publish(params.data(), 4);
  // Released, it is free again (version 2's snapshot was freed before it, and the free list
  // hands out the latest first).
  const auto now = snapshots.current();
  EXPECT_EQ(now.get(), first);
  EXPECT_EQ(now->version, 4);
  EXPECT_EQ(now->flat->data()[0], 4.0f);
}

TEST(ParameterSnapshots, AHolderMayOutliveTheSnapshots) {
  std::shared_ptr<const ParameterSnapshot> kept;
  {
    ParameterSnapshots snapshots(cartpole_mlp());
    std::vector<float> params(snapshots.num_params(), 5.0f);
    snapshots.publish(params.data(), 9);
    kept = snapshots.current();
  }
  EXPECT_EQ(kept->version, 9);
  EXPECT_EQ(kept->flat->data()[0], 5.0f);
}

}  // namespace
}  // namespace ga3c::node
