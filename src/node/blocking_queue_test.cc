#include "node/blocking_queue.h"

#include <atomic>
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

namespace ga3c::node {
namespace {

using namespace std::chrono_literals;

TEST(BlockingQueue, TwoTrainersOneMinimumBatchOnlyOneGetsIt) {
  // Items weigh their value (samples); 40 samples queued as 8 rollouts of 5.
  BlockingQueue<int> queue(100, [](const int& n) { return static_cast<std::size_t>(n); });
  for (int i = 0; i < 8; ++i) queue.push(5);
  std::atomic<int> got_batch{0}, got_closed{0};
  std::atomic<std::size_t> taken{0};
  auto trainer = [&] {
    std::vector<int> batch;
    try {
      queue.pop_batch(40, batch);
      ++got_batch;
      taken += batch.size();
    } catch (const QueueClosed&) {
      ++got_closed;
    }
  };
  std::thread a(trainer), b(trainer);
  while (got_batch.load() == 0) std::this_thread::sleep_for(1ms);
  std::this_thread::sleep_for(50ms);  // the other trainer must still be waiting
  EXPECT_EQ(got_closed.load(), 0);
  queue.close();
  a.join();
  b.join();
  EXPECT_EQ(got_batch.load(), 1);
  EXPECT_EQ(got_closed.load(), 1);
  EXPECT_EQ(taken.load(), 8u);
  EXPECT_EQ(queue.size(), 0u);
}

TEST(BlockingQueue, BatchWaitersWithDifferentMinimumsAreEachWokenWhenTheirsIsMet) {
  BlockingQueue<int> queue(100, [](const int& n) { return static_cast<std::size_t>(n); });
  std::atomic<int> small_done{0}, large_done{0};
  std::thread large([&] {
    std::vector<int> batch;
    queue.pop_batch(10, batch);
    ++large_done;
  });
  std::thread small([&] {
    std::vector<int> batch;
    queue.pop_batch(3, batch);
    ++small_done;
  });
  std::this_thread::sleep_for(50ms);  // both waiting
  for (int i = 0; i < 3; ++i) queue.push(1);
  while (small_done.load() + large_done.load() == 0) std::this_thread::sleep_for(1ms);
  EXPECT_EQ(large_done.load(), 0);  // 3 samples were there: only the minimum of 3 was met
  for (int i = 0; i < 10; ++i) queue.push(1);
  small.join();
  large.join();
  EXPECT_EQ(small_done.load(), 1);
  EXPECT_EQ(large_done.load(), 1);
  EXPECT_EQ(queue.size(), 0u);
}

TEST(BlockingQueue, PushAllHandsEveryItemOverInOrderAndOneConsumerTakesThemAtOnce) {
  BlockingQueue<int> queue(10);
  std::vector<int> items{1, 2, 3, 4};
  queue.push_all(items);
  EXPECT_TRUE(items.empty());
  std::vector<int> out;
  queue.pop_up_to(10, out);
  EXPECT_EQ(out, (std::vector<int>{1, 2, 3, 4}));
}

TEST(BlockingQueue, PushAllIntoAFullQueueWaitsForRoomAndLosesNothing) {
  BlockingQueue<int> queue(2);
  std::vector<int> got;
  std::thread consumer([&] {
    while (got.size() < 7) got.push_back(queue.pop());
  });
  std::vector<int> items{0, 1, 2, 3, 4, 5, 6};
  queue.push_all(items);
  consumer.join();
  EXPECT_EQ(got, (std::vector<int>{0, 1, 2, 3, 4, 5, 6}));
}

TEST(BlockingQueue, PushAllIntoAFullQueueWakesTheBatchWaiterThatMakesRoom) {
  BlockingQueue<int> queue(2);
  std::size_t taken = 0;
  std::thread trainer([&] {
    std::vector<int> batch;
    while (taken < 6) {
      queue.pop_batch(2, batch);
      taken += batch.size();
    }
  });
  std::this_thread::sleep_for(20ms);  // waiting for its minimum
  std::vector<int> items{0, 1, 2, 3, 4, 5};
  queue.push_all(items);
  trainer.join();
  EXPECT_EQ(taken, 6u);
}

TEST(BlockingQueue, PushAllOnAClosedQueueThrows) {
  BlockingQueue<int> queue(4);
  queue.close();
  std::vector<int> items{1};
  EXPECT_THROW(queue.push_all(items), QueueClosed);
}

TEST(BlockingQueue, PopBatchTakesOnlyUntilTheMinimum) {
  BlockingQueue<int> queue(10, [](const int& n) { return static_cast<std::size_t>(n); });
  for (int n : {3, 3, 3, 3}) queue.push(n);
  std::vector<int> batch;
  queue.pop_batch(5, batch);
  EXPECT_EQ(batch.size(), 2u);
  EXPECT_EQ(queue.size(), 2u);
}

TEST(BlockingQueue, PopUpToTakesWhatIsThereWithoutWaiting) {
  BlockingQueue<int> queue(10);
  queue.push(1);
  queue.push(2);
  std::vector<int> out;
  queue.pop_up_to(5, out);
  EXPECT_EQ(out, (std::vector<int>{1, 2}));
  for (int i = 0; i < 7; ++i) queue.push(i);
  queue.pop_up_to(5, out);
  EXPECT_EQ(out.size(), 5u);
}

TEST(BlockingQueue, CloseWakesBlockedProducersAndConsumers) {
  BlockingQueue<int> full(1);
  full.push(0);
  BlockingQueue<int> empty(1);
  std::atomic<int> closed{0};
  std::thread producer([&] {
    try {
      full.push(1);
    } catch (const QueueClosed&) {
      ++closed;
    }
  });
  std::thread consumer([&] {
    try {
      empty.pop();
    } catch (const QueueClosed&) {
      ++closed;
    }
  });
  std::this_thread::sleep_for(20ms);
  full.close();
  empty.close();
  producer.join();
  consumer.join();
  EXPECT_EQ(closed.load(), 2);
  EXPECT_THROW(full.push(2), QueueClosed);
}

TEST(BlockingQueue, ManyProducersAndConsumersLoseNothing) {
  BlockingQueue<int> queue(8);
  std::atomic<long> sum{0};
  std::vector<std::thread> threads;
  for (int p = 0; p < 4; ++p) {
    threads.emplace_back([&, p] {
      for (int i = 1; i <= 1000; ++i) queue.push(i + p * 1000);
    });
  }
  std::atomic<int> popped{0};
  for (int c = 0; c < 3; ++c) {
    threads.emplace_back([&] {
      std::vector<int> out;
      try {
        while (true) {
          queue.pop_up_to(3, out);
          for (int v : out) sum += v;
          popped += static_cast<int>(out.size());
        }
      } catch (const QueueClosed&) {
      }
    });
  }
  for (int p = 0; p < 4; ++p) threads[p].join();
  while (popped.load() < 4000) std::this_thread::sleep_for(1ms);
  queue.close();
  for (std::size_t t = 4; t < threads.size(); ++t) threads[t].join();
  EXPECT_EQ(sum.load(), 4000L * 4001 / 2);
}

TEST(BlockingQueue, RejectsZeroCapacity) {
  EXPECT_THROW(BlockingQueue<int>(0), std::invalid_argument);
}

}  // namespace
}  // namespace ga3c::node
