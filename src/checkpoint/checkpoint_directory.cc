#include "checkpoint/checkpoint_directory.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <stdexcept>
#include <string_view>

#include "checkpoint/atomic_file.h"
#include "checkpoint/checkpoint_error.h"
#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_set.h"

namespace ga3c::checkpoint {

namespace fs = std::filesystem;

namespace {

// Reads up to max_digits leading digits of s and removes them; nullopt when there are none.
std::optional<int64_t> take_number(std::string_view& s, std::size_t max_digits) {
  std::size_t n = 0;
  int64_t value = 0;
  while (n < s.size() && n < max_digits && s[n] >= '0' && s[n] <= '9') {
    value = value * 10 + (s[n] - '0');
    ++n;
  }
  if (n == 0) return std::nullopt;
  s.remove_prefix(n);
  return value;
}

bool take_prefix(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

std::string set_name(const fs::path& dir, int64_t frames) {
  std::string name = checkpoint_file_name(frames, 0);
  name.replace(name.rfind("ps0"), 3, "ps*");
  return (dir / name).string();
}

// One rank file whose contents must agree with its name: a renamed or copied file would
// otherwise join the wrong set.
Checkpoint read_named(const fs::path& path, const CheckpointName& name) {
  Checkpoint c = read_checkpoint(path.string());
  if (c.frames != name.frames || c.ps_rank != name.ps_rank) {
    throw CheckpointError(path.string(),
                          "holds frames " + std::to_string(c.frames) + " of rank " +
                              std::to_string(c.ps_rank) + ", not what its name says (renamed?)",
                          "restore its original name or use an earlier checkpoint");
  }
  return c;
}

// Rank files by frames, oldest first; files of other names are not checkpoints and ignored,
// except leftover temporaries, which `on_temporary` hears about.
std::map<int64_t, std::map<int, fs::path>> list_rank_files(
    const fs::path& dir, const std::function<void(const fs::path&)>& on_temporary) {
  std::map<int64_t, std::map<int, fs::path>> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file_name = it->path().filename().string();
    if (const auto name = parse_checkpoint_file_name(file_name)) {
      files[name->frames][name->ps_rank] = it->path();
    } else if (file_name.rfind("ckpt-", 0) == 0 &&
               file_name.find(std::string(".ga3c") + std::string(kTemporaryInfix)) !=
                   std::string::npos) {
      on_temporary(it->path());
    }
  }
  if (ec) {
    throw CheckpointError(dir.string(), "cannot list the directory (" + ec.message() + ")",
                          "check the path and its permissions");
  }
  return files;
}

}  // namespace

std::string checkpoint_file_name(int64_t frames, int ps_rank) {
  char name[64];
  std::snprintf(name, sizeof name, "ckpt-%012lld-ps%d.ga3c", static_cast<long long>(frames),
                ps_rank);
  return name;
}

std::optional<CheckpointName> parse_checkpoint_file_name(const std::string& file_name) {
  std::string_view s = file_name;
  if (!take_prefix(s, "ckpt-")) return std::nullopt;
  const auto frames = take_number(s, 18);
  if (!frames || !take_prefix(s, "-ps")) return std::nullopt;
  const auto rank = take_number(s, 9);
  if (!rank || s != ".ga3c") return std::nullopt;
  const CheckpointName name{*frames, static_cast<int>(*rank)};
  // Only the spelling checkpoint_file_name makes: no stray zeros, one file per (frames, rank).
  if (checkpoint_file_name(name.frames, name.ps_rank) != file_name) return std::nullopt;
  return name;
}

WrittenCheckpoint write_checkpoint(const std::string& dir, const Checkpoint& checkpoint,
                                   int keep_last) {
  if (keep_last < 1) {
    throw std::invalid_argument("keep_last must be at least 1, got " + std::to_string(keep_last));
  }
  const std::string bytes = encode_checkpoint(checkpoint);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    throw CheckpointError(dir, "cannot create the directory (" + ec.message() + ")",
                          "choose a writable run directory");
  }
  WrittenCheckpoint written;
  written.path =
      (fs::path(dir) / checkpoint_file_name(checkpoint.frames, checkpoint.ps_rank)).string();
  write_new_file(written.path, bytes);

  // The new checkpoint is complete: from here on a problem is a warning, not a failed save.
  std::map<int64_t, std::map<int, fs::path>> files;
  try {
    files = list_rank_files(dir, [](const fs::path&) {});
  } catch (const CheckpointError& e) {
    written.warnings.push_back(e.what());
  }
  // This rank's files up to the new one, newest first. Newer ones can only be left from before
  // a resume that passed them over as broken: they are not ours to count or remove.
  std::vector<fs::path> own;
  for (auto it = files.rbegin(); it != files.rend(); ++it) {
    if (it->first > checkpoint.frames) continue;
    if (const auto f = it->second.find(checkpoint.ps_rank); f != it->second.end()) {
      own.push_back(f->second);
    }
  }
  for (std::size_t i = static_cast<std::size_t>(keep_last); i < own.size(); ++i) {
    if (!fs::remove(own[i], ec) && ec) {
      written.warnings.push_back(own[i].string() + ": cannot remove old checkpoint (" +
                                 ec.message() + "); remove it by hand to free space");
    }
  }
  return written;
}

LatestCheckpoint find_latest_complete(const std::string& dir) {
  LatestCheckpoint latest;
  std::error_code ec;
  if (!fs::exists(dir, ec) && !ec) return latest;  // a failed check fails to list below
  const auto files = list_rank_files(dir, [&](const fs::path& temp) {
    latest.skipped.push_back(temp.string() +
                             ": leftover temporary of an interrupted write, skipped; it can "
                             "be deleted");
  });
  for (auto group = files.rbegin(); group != files.rend(); ++group) {
    std::vector<Checkpoint> parts;
    std::vector<std::string> paths;
    try {
      for (const auto& [rank, path] : group->second) {
        parts.push_back(read_named(path, {group->first, rank}));
        paths.push_back(path.string());
      }
      latest.checkpoint = merge_ranks(std::move(parts), set_name(dir, group->first));
      latest.paths = std::move(paths);
      return latest;
    } catch (const CheckpointVersionError&) {
      throw;
    } catch (const CheckpointError& e) {
      latest.skipped.push_back(e.what());
    }
  }
  return latest;
}

Checkpoint read_complete_checkpoint(const std::string& path) {
  Checkpoint first = read_checkpoint(path);
  const fs::path dir = fs::path(path).parent_path();
  std::vector<Checkpoint> parts;
  for (int rank = 0; rank < first.num_ps_ranks; ++rank) {
    if (rank == first.ps_rank) continue;
    parts.push_back(
        read_named(dir / checkpoint_file_name(first.frames, rank), {first.frames, rank}));
  }
  const std::string name = first.num_ps_ranks == 1 ? path : set_name(dir, first.frames);
  parts.push_back(std::move(first));
  return merge_ranks(std::move(parts), name);
}

}  // namespace ga3c::checkpoint
