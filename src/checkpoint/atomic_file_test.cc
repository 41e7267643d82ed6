#include "checkpoint/atomic_file.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "checkpoint/checkpoint_error.h"
#include "checkpoint/file_size_limit.h"

namespace ga3c::checkpoint {
namespace {

namespace fs = std::filesystem;
using testing::OnLimit;
using testing::run_with_file_size_limit;

fs::path fresh_dir(const std::string& name) {
  fs::path dir = fs::path(::testing::TempDir()) / ("atomic_file_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<std::string> file_names(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(WriteNewFile, WritesTheBytesAndLeavesNoTemporary) {
  const fs::path dir = fresh_dir("writes");
  const std::string bytes(100000, 'x');
  write_new_file((dir / "a.bin").string(), bytes);
  EXPECT_EQ(contents(dir / "a.bin"), bytes);
  EXPECT_EQ(file_names(dir), std::vector<std::string>{"a.bin"});
  EXPECT_EQ(fs::status(dir / "a.bin").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                fs::perms::others_read);
}

TEST(WriteNewFile, NeverOverwritesAnExistingFile) {
  const fs::path dir = fresh_dir("never_overwrites");
  const std::string path = (dir / "a.bin").string();
  write_new_file(path, "first");
  try {
    write_new_file(path, "second");
    FAIL() << "overwrote";
  } catch (const CheckpointError& e) {
    EXPECT_EQ(std::string(e.what()),
              path +
                  ": already exists and is never overwritten; remove it or write the "
                  "checkpoint under another name");
  }
  EXPECT_EQ(contents(path), "first");
  EXPECT_EQ(file_names(dir), std::vector<std::string>{"a.bin"});
}

TEST(WriteNewFile, ReplacesAnExistingFileWhenAskedToInOneStep) {
  const fs::path dir = fresh_dir("replaces");
  const std::string path = (dir / "a.bin").string();
  write_new_file(path, "first", IfExists::kReplace);  // no file yet: created
  write_new_file(path, "second", IfExists::kReplace);
  EXPECT_EQ(contents(path), "second");
  EXPECT_EQ(file_names(dir), std::vector<std::string>{"a.bin"});
}

TEST(WriteNewFile, AFailureMidwayLeavesNothing) {
  const fs::path dir = fresh_dir("fails_midway");
  const std::string path = (dir / "a.bin").string();
  const int status = run_with_file_size_limit(4096, OnLimit::kFail, [&] {
    try {
      write_new_file(path, std::string(1 << 20, 'x'));
    } catch (const CheckpointError& e) {
      const std::string expected = path + ": cannot write (File too large)";
      return std::string(e.what()).rfind(expected, 0) == 0 ? 0 : 3;
    }
    return 2;  // no error
  });
  ASSERT_TRUE(WIFEXITED(status)) << status;
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_TRUE(file_names(dir).empty());
}

TEST(WriteNewFile, AWriterKilledMidwayLeavesOnlyATemporary) {
  const fs::path dir = fresh_dir("killed_midway");
  const std::string path = (dir / "a.bin").string();
  const int status = run_with_file_size_limit(4096, OnLimit::kDie, [&] {
    write_new_file(path, std::string(1 << 20, 'x'));
    return 0;
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << status;
  EXPECT_EQ(WTERMSIG(status), SIGXFSZ);
  const std::vector<std::string> names = file_names(dir);
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0].rfind("a.bin" + std::string(kTemporaryInfix), 0), 0u) << names[0];
  EXPECT_FALSE(fs::exists(path));
}

TEST(WriteNewFile, NamesAnUnwritableDirectory) {
  const std::string path = "/nonexistent-ga3c-dir/a.bin";
  try {
    write_new_file(path, "x");
    FAIL() << "no error";
  } catch (const CheckpointError& e) {
    EXPECT_EQ(std::string(e.what()),
              path +
                  ": cannot create a temporary file (No such file or directory); check free "
                  "space and permissions in /nonexistent-ga3c-dir");
  }
}

// Pieces small and large (past the buffer) arrive in order; nothing is under the name before
// commit(), and a NewFile dropped without it leaves nothing at all.
TEST(NewFile, StreamsPiecesAndAppearsOnlyWhenCommitted) {
  const fs::path dir = fresh_dir("new_file");
  const std::string path = (dir / "a.gif").string();
  std::string expected;
  {
    NewFile file(path);
    for (int i = 0; i < 5000; ++i) {
      const std::string piece(static_cast<std::size_t>(i % 300), static_cast<char>('a' + i % 26));
      file.append(piece);
      expected += piece;
    }
    const std::string large(200000, 'z');
    file.append(large);
    expected += large;
    file.append("end");
    expected += "end";
    EXPECT_FALSE(fs::exists(path));
    file.commit();
    EXPECT_THROW(file.append("x"), std::logic_error);
  }
  EXPECT_EQ(contents(path), expected);
  EXPECT_EQ(file_names(dir), std::vector<std::string>{"a.gif"});

  const std::string other = (dir / "b.gif").string();
  {
    NewFile file(other);
    file.append(std::string(100000, 'x'));
  }
  EXPECT_EQ(file_names(dir), std::vector<std::string>{"a.gif"});
  NewFile again(path);
  again.append("second");
  EXPECT_THROW(again.commit(), CheckpointError);
  EXPECT_EQ(contents(path), expected);
}

}  // namespace
}  // namespace ga3c::checkpoint
