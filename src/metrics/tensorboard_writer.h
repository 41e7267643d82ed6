// Writes scalars as a TensorBoard event file, without TensorFlow.
//
// Format: a sequence of TFRecord records (tensorboard_record.h), each holding one serialized
// Event of TensorFlow's tensorflow/core/util/event.proto (our wire-compatible subset lives in
// metrics/proto/). The first record is Event{wall_time, file_version: "brain.Event:2"}; each
// add_scalar appends Event{wall_time, step, summary{value{tag, simple_value}}}, and
// add_session_start the restart marker Event{wall_time, step, session_log{status: START}}.
// This is what tf.summary and torch.utils.tensorboard write, and what TensorBoard's
// EventAccumulator reads (tests/reference/check_tensorboard.py checks it against the real
// client, and tests/cli/check_tensorboard_resume.py a resumed run).
//
// File: <dir>/events.out.tfevents.<unix seconds>.<hostname>.<pid>.<suffix>. TensorBoard shows
// one run per directory and merges every event file in it, so writers whose tags overlap (e.g.
// one per worker rank) should each get their own directory, or tags that name the rank.
//
// Units: wall_time in seconds since the Unix epoch (fractions allowed); step is the caller's x
// axis (frames, updates, ...); values are stored as float32, as TensorBoard's simple_value.
//
// Errors: std::runtime_error naming the path when the directory cannot be created, the file
// cannot be created (it already exists, or the directory is not writable) or a write fails;
// std::invalid_argument for a suffix that is empty or holds a '/'.
#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace ga3c::metrics {

class TensorBoardWriter {
 public:
  // Creates `dir` if needed and the event file in it, and writes the file_version record.
  // Never overwrites: a file of the same name (same second, host, pid and suffix) is an error.
  TensorBoardWriter(const std::filesystem::path& dir, std::string_view suffix);
  // Flushes and closes; errors at this point are lost, so call flush() first to see them.
  ~TensorBoardWriter();

  TensorBoardWriter(const TensorBoardWriter&) = delete;
  TensorBoardWriter& operator=(const TensorBoardWriter&) = delete;
  TensorBoardWriter(TensorBoardWriter&&) = delete;
  TensorBoardWriter& operator=(TensorBoardWriter&&) = delete;

  // Appends one scalar. Any thread may call; records from concurrent calls never interleave.
  // Buffered: readers see it after flush(), when the buffer fills, or after destruction.
  void add_scalar(std::string_view tag, float value, int64_t step, double wall_time_s);
  // Appends TensorBoard's restart marker, Event{wall_time, step, session_log{status: START}}:
  // a writer that goes on from a checkpoint at `step` writes it before its first scalar, and
  // TensorBoard's reader then discards the points at steps >= step that the directory's earlier
  // event files hold (a stopped or killed run's points past its checkpoint), so that no tag's
  // steps go backwards. Buffered as add_scalar.
  void add_session_start(int64_t step, double wall_time_s);
  // Hands buffered records to the operating system so that TensorBoard can read them.
  void flush();

  const std::filesystem::path& path() const { return path_; }

 private:
  struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };

  // Precondition: mutex_ is held, or the constructor is running.
  void write_record(const std::string& event_bytes);

  std::filesystem::path path_;
  std::mutex mutex_;
  std::unique_ptr<std::FILE, FileCloser> file_;  // guarded by mutex_
};

}  // namespace ga3c::metrics
