// Writing a file so that a crash, a kill or a power loss never leaves a partial file under its
// name: the bytes go to a temporary file in the same directory, which is flushed to disk and
// then linked under the final name in one step.
#pragma once

#include <string>
#include <string_view>

namespace ga3c::checkpoint {

// Temporaries are named <path> + kTemporaryInfix + six random characters; a process killed
// while writing leaves one behind, which readers skip.
inline constexpr std::string_view kTemporaryInfix = ".tmp.";

// What commit() does when the final name exists already: fail (checkpoints, GIFs), or put the
// new file in its place in one rename (`ga3c export --force`).
enum class IfExists { kRefuse, kReplace };

// A new file written in pieces with write_new_file's guarantees: the pieces go to a temporary
// beside `path` (through a small buffer, so a long stream holds little memory), and commit()
// puts the whole under `path`; destroyed without commit(), it removes the temporary.
// Errors are CheckpointError naming `path`, the reason and the fix, as write_new_file's.
class NewFile {
 public:
  // Creates the temporary.
  explicit NewFile(std::string path, IfExists if_exists = IfExists::kRefuse);
  ~NewFile();
  NewFile(const NewFile&) = delete;
  NewFile& operator=(const NewFile&) = delete;

  void append(std::string_view bytes);
  // Flushes to disk and links the temporary under path (which fails rather than replaces when
  // path exists, unless IfExists::kReplace: then it is renamed over it), removes the temporary
  // and flushes the directory. Call at most once.
  void commit();

 private:
  void write_buffer();

  std::string path_;
  IfExists if_exists_;
  std::string temp_;
  int fd_ = -1;
  std::string buffer_;
  bool committed_ = false;
};

// Creates `path` holding `bytes`: write a temporary, fsync it, hard-link it to `path` (which
// fails rather than replaces when `path` exists), remove the temporary, fsync the directory.
// On failure nothing is left under `path` and the temporary is removed; a process killed
// midway leaves at most the temporary. Needs a filesystem with hard links (ext4, xfs, NFS,
// Lustre, GPFS). Throws CheckpointError naming `path`, the reason and the fix (also when
// `path` already exists, unless if_exists is IfExists::kReplace).
void write_new_file(const std::string& path, std::string_view bytes,
                    IfExists if_exists = IfExists::kRefuse);

}  // namespace ga3c::checkpoint
