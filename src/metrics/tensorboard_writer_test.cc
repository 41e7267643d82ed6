#include "metrics/tensorboard_writer.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "metrics/proto/tensorboard_event.pb.h"
#include "metrics/tensorboard_record.h"

namespace ga3c::metrics {
namespace {

namespace fs = std::filesystem;
using tensorboard_proto::Event;

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

uint64_t read_le(const std::string& bytes, size_t offset, int width) {
  uint64_t value = 0;
  for (int i = 0; i < width; ++i) {
    value |= uint64_t{static_cast<unsigned char>(bytes[offset + i])} << (8 * i);
  }
  return value;
}

// Parses the framing independently of encode_record (only the CRC function is shared, and it
// has its own tests) and decodes each record as an Event.
std::vector<Event> read_events(const fs::path& path) {
  const std::string bytes = read_bytes(path);
  std::vector<Event> events;
  size_t offset = 0;
  while (offset < bytes.size()) {
    if (bytes.size() - offset < 12) {
      ADD_FAILURE() << "truncated record header at byte " << offset;
      break;
    }
    const uint64_t length = read_le(bytes, offset, 8);
    EXPECT_EQ(read_le(bytes, offset + 8, 4), masked_crc32c(bytes.substr(offset, 8)))
        << "length CRC at byte " << offset;
    if (bytes.size() - offset - 12 < length + 4) {
      ADD_FAILURE() << "truncated record data at byte " << offset;
      break;
    }
    const std::string data = bytes.substr(offset + 12, length);
    EXPECT_EQ(read_le(bytes, offset + 12 + length, 4), masked_crc32c(data))
        << "data CRC at byte " << offset;
    Event event;
    EXPECT_TRUE(event.ParseFromString(data)) << "record at byte " << offset;
    events.push_back(event);
    offset += 12 + length + 4;
  }
  return events;
}

double now_s() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string host_name() {
  char name[256] = {};
  EXPECT_EQ(gethostname(name, sizeof(name) - 1), 0);
  return name;
}

class TensorBoardWriterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // gtest_discover_tests runs each test in its own process: the pid keeps runs apart.
    dir_ = fs::temp_directory_path() /
           ("ga3c_tb_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

TEST_F(TensorBoardWriterTest, WritesFileVersionThenScalars) {
  const double before = now_s();
  fs::path path;
  {
    TensorBoardWriter writer(dir_, "worker0");
    path = writer.path();
    writer.add_scalar("episode/return", 21.5f, 0, 1700000000.25);
    writer.add_scalar("episode/return", -3.0f, 7, 1700000001.5);
    writer.add_scalar("sync/push_ms", 0.1f, 1LL << 40, 1700000002.75);
  }
  const std::vector<Event> events = read_events(path);
  ASSERT_EQ(events.size(), 4u);

  EXPECT_EQ(events[0].file_version(), "brain.Event:2");
  EXPECT_GE(events[0].wall_time(), before);
  EXPECT_LE(events[0].wall_time(), now_s());

  struct Expected {
    const char* tag;
    float value;
    int64_t step;
    double wall_time;
  };
  const Expected expected[] = {{"episode/return", 21.5f, 0, 1700000000.25},
                               {"episode/return", -3.0f, 7, 1700000001.5},
                               {"sync/push_ms", 0.1f, 1LL << 40, 1700000002.75}};
  for (size_t i = 0; i < 3; ++i) {
    const Event& event = events[i + 1];
    ASSERT_TRUE(event.has_summary()) << i;
    ASSERT_EQ(event.summary().value_size(), 1) << i;
    const auto& value = event.summary().value(0);
    EXPECT_EQ(value.tag(), expected[i].tag);
    EXPECT_EQ(value.simple_value(), expected[i].value);
    EXPECT_EQ(event.step(), expected[i].step);
    EXPECT_EQ(event.wall_time(), expected[i].wall_time);
  }
}

TEST_F(TensorBoardWriterTest, WritesTheRestartMarkerAsSessionLogStart) {
  fs::path path;
  {
    TensorBoardWriter writer(dir_, "main");
    path = writer.path();
    writer.add_session_start(4000, 1700000003.5);
    writer.add_scalar("episode/return", 2.0f, 4010, 1700000004.0);
  }
  const std::vector<Event> events = read_events(path);
  ASSERT_EQ(events.size(), 3u);
  ASSERT_TRUE(events[1].has_session_log());
  EXPECT_EQ(events[1].session_log().status(), tensorboard_proto::SessionLog::START);
  EXPECT_EQ(events[1].step(), 4000);
  EXPECT_EQ(events[1].wall_time(), 1700000003.5);
  EXPECT_FALSE(events[1].has_summary());
  EXPECT_EQ(events[2].step(), 4010);
}

TEST_F(TensorBoardWriterTest, FlushMakesRecordsReadableBeforeClose) {
  TensorBoardWriter writer(dir_, "worker0");
  writer.add_scalar("loss", 0.5f, 3, 1.0);
  writer.flush();
  const std::vector<Event> events = read_events(writer.path());
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].summary().value(0).tag(), "loss");
}

TEST_F(TensorBoardWriterTest, FileNameFollowsTensorFlowPattern) {
  const auto before = static_cast<long long>(now_s());
  TensorBoardWriter writer(dir_ / "nested" / "run", "rank3");
  const auto after = static_cast<long long>(now_s());

  EXPECT_EQ(writer.path().parent_path(), dir_ / "nested" / "run");
  const std::string name = writer.path().filename().string();
  const std::string prefix = "events.out.tfevents.";
  const std::string suffix = "." + host_name() + "." + std::to_string(getpid()) + ".rank3";
  ASSERT_GT(name.size(), prefix.size() + suffix.size());
  EXPECT_EQ(name.substr(0, prefix.size()), prefix);
  EXPECT_EQ(name.substr(name.size() - suffix.size()), suffix);
  const std::string seconds =
      name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  ASSERT_EQ(seconds.find_first_not_of("0123456789"), std::string::npos) << name;
  EXPECT_GE(std::stoll(seconds), before);
  EXPECT_LE(std::stoll(seconds), after);
}

TEST_F(TensorBoardWriterTest, ThrowsNamingPathWhenDirectoryCannotBeCreated) {
  fs::create_directories(dir_);
  std::ofstream(dir_ / "plain_file") << "not a directory";
  const fs::path bad = dir_ / "plain_file" / "run";
  try {
    TensorBoardWriter writer(bad, "worker0");
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find(bad.string()), std::string::npos) << error.what();
  }
}

TEST_F(TensorBoardWriterTest, NeverOverwritesAnExistingFileAndTakesTheNextFreeName) {
  // Occupy the names of this second and the next two, whichever the writer picks.
  fs::create_directories(dir_);
  const auto now = static_cast<long long>(now_s());
  std::vector<fs::path> taken;
  for (long long t = now; t <= now + 2; ++t) {
    taken.push_back(dir_ / ("events.out.tfevents." + std::to_string(t) + "." + host_name() + "." +
                            std::to_string(getpid()) + ".worker0"));
    std::ofstream(taken.back()) << "another writer's data";
  }
  fs::path written;
  {
    TensorBoardWriter writer(dir_, "worker0");
    written = writer.path();
  }
  EXPECT_EQ(std::count(taken.begin(), taken.end(), written), 0) << written;
  EXPECT_EQ(written.string().substr(written.string().size() - 2), ".1") << written;
  for (const auto& path : taken) EXPECT_EQ(read_bytes(path), "another writer's data");
}

TEST_F(TensorBoardWriterTest, RejectsSuffixThatIsNotOneFileNameComponent) {
  EXPECT_THROW(TensorBoardWriter(dir_, "rank/3"), std::invalid_argument);
  EXPECT_THROW(TensorBoardWriter(dir_, ""), std::invalid_argument);
}

TEST_F(TensorBoardWriterTest, ConcurrentAddScalarKeepsRecordsWhole) {
  constexpr int kThreads = 4;
  constexpr int kSteps = 500;
  fs::path path;
  {
    TensorBoardWriter writer(dir_, "worker0");
    path = writer.path();
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&writer, t] {
        for (int step = 0; step < kSteps; ++step) {
          writer.add_scalar("thread" + std::to_string(t), static_cast<float>(step * t), step, step);
        }
      });
    }
    for (auto& thread : threads) thread.join();
  }
  const std::vector<Event> events = read_events(path);
  ASSERT_EQ(events.size(), size_t{kThreads * kSteps + 1});
  std::map<std::string, int64_t> next_step;
  for (size_t i = 1; i < events.size(); ++i) {
    const auto& value = events[i].summary().value(0);
    int64_t& expected_step = next_step[value.tag()];
    EXPECT_EQ(events[i].step(), expected_step) << value.tag();
    const int thread = std::stoi(value.tag().substr(6));
    EXPECT_EQ(value.simple_value(), static_cast<float>(expected_step * thread));
    ++expected_step;
  }
  EXPECT_EQ(next_step.size(), size_t{kThreads});
}

}  // namespace
}  // namespace ga3c::metrics
