#include "checkpoint/checkpoint_directory.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_fixture.h"
#include "checkpoint/file_size_limit.h"
#include "checksum/crc32c.h"

namespace ga3c::checkpoint {
namespace {

namespace fs = std::filesystem;
using testing::identical;
using testing::make_checkpoint;

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("checkpoint_directory_test_" + name);
  fs::remove_all(dir);
  return dir / "checkpoints";
}

std::vector<std::string> file_names(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

TEST(CheckpointFileName, SortsByFramesAndParsesBack) {
  EXPECT_EQ(checkpoint_file_name(4000, 0), "ckpt-000000004000-ps0.ga3c");
  EXPECT_LT(checkpoint_file_name(9000, 0), checkpoint_file_name(10000, 0));
  const auto name = parse_checkpoint_file_name("ckpt-000123456789-ps12.ga3c");
  ASSERT_TRUE(name.has_value());
  EXPECT_EQ(name->frames, 123456789);
  EXPECT_EQ(name->ps_rank, 12);
  for (const char* other : {"ckpt-4000-ps0.ga3c", "ckpt-000000004000-ps00.ga3c",
                            "ckpt-000000004000-ps0.ga3c.tmp.a1b2c3", "ckpt-000000004000-ps.ga3c",
                            "ckpt--000000004000-ps0.ga3c", "config.toml", ""}) {
    EXPECT_FALSE(parse_checkpoint_file_name(other).has_value()) << other;
  }
}

TEST(WriteCheckpoint, KeepsTheLastKOfItsOwnRank) {
  const fs::path dir = fresh_dir("keep_last");
  for (int64_t frames = 1000; frames <= 5000; frames += 1000) {
    write_checkpoint(dir.string(), make_checkpoint(frames, 1, 2), 3);
  }
  for (int64_t frames = 1000; frames <= 4000; frames += 1000) {
    const WrittenCheckpoint written =
        write_checkpoint(dir.string(), make_checkpoint(frames, 0, 2), 2);
    EXPECT_EQ(written.path, (dir / checkpoint_file_name(frames, 0)).string());
    EXPECT_TRUE(written.warnings.empty());
  }
  EXPECT_EQ(file_names(dir),
            (std::vector<std::string>{"ckpt-000000003000-ps0.ga3c", "ckpt-000000003000-ps1.ga3c",
                                      "ckpt-000000004000-ps0.ga3c", "ckpt-000000004000-ps1.ga3c",
                                      "ckpt-000000005000-ps1.ga3c"}));
  EXPECT_THROW(write_checkpoint(dir.string(), make_checkpoint(6000), 0), std::invalid_argument);
}

TEST(WriteCheckpoint, AfterAResumeFromOlderFilesKeepsTheNewSave) {
  // Frames 3000 is corrupt, so the run resumed from 2000 and now saves 2500: keep_last = 1
  // must keep 2500, not the corrupt file that sorts after it.
  const fs::path dir = fresh_dir("resumed");
  for (int64_t frames : {2000, 3000}) write_checkpoint(dir.string(), make_checkpoint(frames), 5);
  fs::resize_file(dir / checkpoint_file_name(3000, 0), 10);
  write_checkpoint(dir.string(), make_checkpoint(2500), 1);
  EXPECT_EQ(file_names(dir), (std::vector<std::string>{checkpoint_file_name(2500, 0),
                                                       checkpoint_file_name(3000, 0)}));
  EXPECT_EQ(find_latest_complete(dir.string()).checkpoint->frames, 2500);
}

TEST(WriteCheckpoint, NeverOverwritesACheckpoint) {
  const fs::path dir = fresh_dir("never_overwrites");
  const Checkpoint first = make_checkpoint(4000);
  write_checkpoint(dir.string(), first, 3);
  Checkpoint second = first;
  second.episodes += 1;
  EXPECT_THROW(write_checkpoint(dir.string(), second, 3), CheckpointError);
  EXPECT_TRUE(identical(read_checkpoint((dir / checkpoint_file_name(4000, 0)).string()), first));
  EXPECT_EQ(file_names(dir).size(), 1u);
}

TEST(FindLatestComplete, ReturnsTheNewestCheckpoint) {
  const fs::path dir = fresh_dir("newest");
  EXPECT_FALSE(find_latest_complete(dir.string()).checkpoint.has_value());  // no directory
  fs::create_directories(dir);
  EXPECT_FALSE(find_latest_complete(dir.string()).checkpoint.has_value());  // empty
  for (int64_t frames : {1000, 3000, 2000}) {
    write_checkpoint(dir.string(), make_checkpoint(frames), 5);
  }
  std::ofstream(dir / "notes.txt") << "not a checkpoint";
  const LatestCheckpoint latest = find_latest_complete(dir.string());
  ASSERT_TRUE(latest.checkpoint.has_value());
  EXPECT_TRUE(identical(*latest.checkpoint, make_checkpoint(3000)));
  EXPECT_EQ(latest.paths, std::vector<std::string>{(dir / checkpoint_file_name(3000, 0)).string()});
  EXPECT_TRUE(latest.skipped.empty());
}

TEST(FindLatestComplete, SkipsATruncatedNewestFile) {
  const fs::path dir = fresh_dir("truncated");
  write_checkpoint(dir.string(), make_checkpoint(1000), 5);
  write_checkpoint(dir.string(), make_checkpoint(2000), 5);
  const fs::path newest = dir / checkpoint_file_name(2000, 0);
  fs::resize_file(newest, fs::file_size(newest) / 2);
  const LatestCheckpoint latest = find_latest_complete(dir.string());
  ASSERT_TRUE(latest.checkpoint.has_value());
  EXPECT_EQ(latest.checkpoint->frames, 1000);
  ASSERT_EQ(latest.skipped.size(), 1u);
  EXPECT_EQ(latest.skipped[0].rfind(newest.string() + ": truncated (", 0), 0u) << latest.skipped[0];
}

// A newer ga3c's file is whole: passing it over would resume from before it and replace the
// history logged since (issue 27).
TEST(FindLatestComplete, StopsAtANewestFileOfAnotherFormatVersion) {
  const fs::path dir = fresh_dir("future_version");
  write_checkpoint(dir.string(), make_checkpoint(10200), 5);
  std::string bytes = encode_checkpoint(make_checkpoint(20352));
  bytes[8] = static_cast<char>(kFormatVersion + 1);
  const uint32_t header_crc = checksum::crc32c(std::string_view(bytes).substr(0, 24));
  for (int i = 0; i < 4; ++i) bytes[24 + i] = static_cast<char>(header_crc >> (8 * i));
  const fs::path newest = dir / checkpoint_file_name(20352, 0);
  std::ofstream(newest, std::ios::binary) << bytes;
  try {
    find_latest_complete(dir.string());
    FAIL() << "a newer format version was passed over";
  } catch (const CheckpointVersionError& e) {
    EXPECT_EQ(std::string(e.what()),
              newest.string() + ": format version " + std::to_string(kFormatVersion + 1) +
                  " is newer than the one this ga3c reads (" + std::to_string(kFormatVersion) +
                  "); read it with the newer ga3c that wrote it");
  }
}

TEST(FindLatestComplete, SkipsTemporariesCorruptAndRenamedFiles) {
  const fs::path dir = fresh_dir("corrupt");
  write_checkpoint(dir.string(), make_checkpoint(1000), 5);
  write_checkpoint(dir.string(), make_checkpoint(2000), 5);
  const fs::path corrupt = dir / checkpoint_file_name(2000, 0);
  {
    std::fstream f(corrupt, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.put('\x5A');
  }
  fs::copy_file(dir / checkpoint_file_name(1000, 0), dir / checkpoint_file_name(3000, 0));
  std::ofstream(dir / (checkpoint_file_name(4000, 0) + ".tmp.Ab12Cd")) << "partial";
  const LatestCheckpoint latest = find_latest_complete(dir.string());
  ASSERT_TRUE(latest.checkpoint.has_value());
  EXPECT_EQ(latest.checkpoint->frames, 1000);
  EXPECT_EQ(latest.skipped.size(), 3u);
  EXPECT_TRUE(any_contains(latest.skipped, ".tmp.Ab12Cd: leftover temporary"));
  EXPECT_TRUE(any_contains(latest.skipped, corrupt.string() + ": checksum mismatch"));
  EXPECT_TRUE(any_contains(latest.skipped, "ckpt-000000003000-ps0.ga3c: holds frames 1000"));
}

TEST(FindLatestComplete, NeedsTheFileOfEveryRank) {
  const fs::path dir = fresh_dir("every_rank");
  for (int rank : {0, 1}) write_checkpoint(dir.string(), make_checkpoint(1000, rank, 2), 3);
  write_checkpoint(dir.string(), make_checkpoint(2000, 1, 2), 3);  // rank 0 died before 2000
  const LatestCheckpoint latest = find_latest_complete(dir.string());
  ASSERT_TRUE(latest.checkpoint.has_value());
  EXPECT_EQ(latest.checkpoint->frames, 1000);
  EXPECT_EQ(latest.checkpoint->shards.size(), 4u);
  EXPECT_EQ(latest.paths.size(), 2u);
  ASSERT_EQ(latest.skipped.size(), 1u);
  EXPECT_EQ(latest.skipped[0], (dir / "ckpt-000000002000-ps*.ga3c").string() +
                                   ": incomplete: 1 of 2 parameter-server rank files (missing "
                                   "rank 0); use an earlier checkpoint");
}

TEST(FindLatestComplete, SurvivesAWriterThatFailsOrDiesMidway) {
  const fs::path dir = fresh_dir("writer_dies");
  write_checkpoint(dir.string(), make_checkpoint(1000, 0, 1, algo::OptimizerKind::kAdam, 50000), 3);
  for (auto on_limit : {testing::OnLimit::kFail, testing::OnLimit::kDie}) {
    const int status = testing::run_with_file_size_limit(100000, on_limit, [&] {
      try {
        write_checkpoint(dir.string(),
                         make_checkpoint(2000, 0, 1, algo::OptimizerKind::kAdam, 50000), 1);
      } catch (const CheckpointError&) {
        return 0;
      }
      return 2;
    });
    if (on_limit == testing::OnLimit::kFail) {
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
      EXPECT_EQ(file_names(dir), std::vector<std::string>{checkpoint_file_name(1000, 0)});
    } else {
      ASSERT_TRUE(WIFSIGNALED(status)) << status;
    }
  }
  // The killed writer left its temporary; the older checkpoint, which keep_last = 1 would
  // have removed after a complete save, is intact.
  const LatestCheckpoint latest = find_latest_complete(dir.string());
  ASSERT_TRUE(latest.checkpoint.has_value());
  EXPECT_EQ(latest.checkpoint->frames, 1000);
  EXPECT_EQ(file_names(dir).size(), 2u);
  EXPECT_TRUE(any_contains(latest.skipped, "leftover temporary"));
}

TEST(ReadCompleteCheckpoint, MergesTheOtherRanksFiles) {
  const fs::path dir = fresh_dir("read_complete");
  for (int rank : {0, 1, 2}) write_checkpoint(dir.string(), make_checkpoint(1000, rank, 3), 3);
  const Checkpoint c = read_complete_checkpoint((dir / checkpoint_file_name(1000, 1)).string());
  EXPECT_EQ(c.shards.size(), 6u);
  fs::remove(dir / checkpoint_file_name(1000, 2));
  try {
    read_complete_checkpoint((dir / checkpoint_file_name(1000, 0)).string());
    FAIL() << "no error";
  } catch (const CheckpointError& e) {
    EXPECT_EQ(std::string(e.what()),
              (dir / checkpoint_file_name(1000, 2)).string() +
                  ": cannot open (No such file or directory); check the path");
  }
}

}  // namespace
}  // namespace ga3c::checkpoint
