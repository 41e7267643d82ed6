// `ga3c export --checkpoint PATH --out FILE [--format onnx|safetensors] [--force]
// [--rom-dir DIR]`: a checkpoint's policy as an ONNX model (export/onnx_policy.h) or its
// parameters as safetensors (export/safetensors_policy.h), with the metadata of
// run/policy_export.h; docs/export.md shows how to use either.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace ga3c::cli {

struct ExportRequest {
  std::string checkpoint;  // a rank file, a run directory or its checkpoints/ directory
  std::string out;
  std::string format;   // onnx | safetensors; empty: from out's extension (.safetensors), else onnx
  bool force = false;   // replace an existing out
  std::string rom_dir;  // Atari: empty for the run's ROM folder
  std::string log_level = "info";
};

// Binds the export subcommand's options; values land in request after app.parse().
void bind_export_options(CLI::App& command, ExportRequest& request);

// Returns the process exit code: 0 written (one line on stdout names the file), 2 bad input
// (one line on stderr; nothing written), 1 a failure while building or writing the file (the
// file as it was before).
int run_export_command(const ExportRequest& request);

}  // namespace ga3c::cli
