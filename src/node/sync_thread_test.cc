#include "node/sync_thread.h"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

namespace ga3c::node {
namespace {

TEST(SyncThread, RunsOneJobAtATimeAndRethrowsItsError) {
  SyncThread t;
  EXPECT_FALSE(t.in_flight());
  std::atomic<bool> release{false};
  std::atomic<int> runs{0};
  t.submit([&] {
    while (!release) std::this_thread::yield();
    ++runs;
  });
  EXPECT_TRUE(t.in_flight());
  EXPECT_FALSE(t.done());
  EXPECT_THROW(t.submit([] {}), std::logic_error);
  release = true;
  while (!t.done()) std::this_thread::yield();
  t.wait();
  EXPECT_EQ(runs, 1);
  EXPECT_FALSE(t.in_flight());

  t.submit([] { throw std::runtime_error("link down"); });
  EXPECT_THROW(t.wait(), std::runtime_error);
  t.wait();  // nothing in flight: returns at once
}

TEST(SyncThread, DestructorFinishesTheJobInFlight) {
  std::atomic<bool> ran{false};
  {
    SyncThread t;
    t.submit([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ran = true;
    });
  }
  EXPECT_TRUE(ran);
}

}  // namespace
}  // namespace ga3c::node
