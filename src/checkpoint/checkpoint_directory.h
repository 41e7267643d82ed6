// Checkpoints in a run's checkpoints/ directory: one file per parameter-server rank and save,
// named ckpt-<frames, zero-padded to 12 digits>-ps<rank>.ga3c so that names sort by frames,
// e.g. checkpoints/ckpt-000000004000-ps0.ga3c. Ranks may share the directory; each writes and
// removes only its own files.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checkpoint/checkpoint.h"

namespace ga3c::checkpoint {

struct CheckpointName {
  int64_t frames = 0;
  int ps_rank = 0;
};

// frames >= 0, ps_rank >= 0.
std::string checkpoint_file_name(int64_t frames, int ps_rank);
// The frames and rank of a name checkpoint_file_name makes (no directory); nullopt otherwise.
std::optional<CheckpointName> parse_checkpoint_file_name(const std::string& file_name);

struct WrittenCheckpoint {
  std::string path;
  std::vector<std::string> warnings;  // older files that could not be removed, one line each
};

// Writes `checkpoint` (one rank's file) into `dir`, created if missing, under
// checkpoint_file_name(checkpoint.frames, checkpoint.ps_rank), atomically (atomic_file.h);
// then, and only then, removes this rank's older files beyond the newest `keep_last` (files of
// more frames than this one, left by a run that resumed from before them, are kept). With
// several ranks, keep_last >= 2 keeps a complete set when one rank dies in the middle of a
// save. One writer per (dir, rank) at a time.
// Throws std::invalid_argument when keep_last < 1 or the checkpoint is inconsistent (as
// encode_checkpoint), CheckpointError when the file cannot be written or already exists.
WrittenCheckpoint write_checkpoint(const std::string& dir, const Checkpoint& checkpoint,
                                   int keep_last);

struct LatestCheckpoint {
  std::optional<Checkpoint> checkpoint;  // merged (checkpoint_set.h); nullopt: none complete
  std::vector<std::string> paths;        // its files, in rank order
  // One line per newer file or set passed over and why (a leftover temporary, a truncated or
  // corrupt file, a missing rank): the caller logs them as warnings.
  std::vector<std::string> skipped;
};

// The newest checkpoint in `dir` whose files are present for every rank and all read back
// intact; damaged and incomplete newer sets are passed over (LatestCheckpoint::skipped). A
// missing directory holds none. Throws CheckpointVersionError when a newer file is intact but
// in a format version this ga3c does not read (resuming before it would roll the run back),
// CheckpointError when `dir` cannot be listed.
LatestCheckpoint find_latest_complete(const std::string& dir);

// The complete checkpoint that the rank file at `path` belongs to: that file and, beside it,
// the other ranks' files of the same frames, merged. Throws CheckpointError when one of them
// is missing, unreadable or inconsistent.
Checkpoint read_complete_checkpoint(const std::string& path);

}  // namespace ga3c::checkpoint
