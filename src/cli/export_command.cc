#include "cli/export_command.h"

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

#include <spdlog/spdlog.h>

#include "checkpoint/atomic_file.h"
#include "export/exported_policy.h"
#include "export/onnx_policy.h"
#include "export/safetensors_policy.h"
#include "run/checkpoint_loading.h"
#include "run/policy_export.h"

namespace ga3c::cli {
namespace {

namespace fs = std::filesystem;

std::string format_of(const ExportRequest& request) {
  if (!request.format.empty()) return request.format;
  return fs::path(request.out).extension() == ".safetensors" ? "safetensors" : "onnx";
}

// Refuses an --out that cannot be written or would be lost, before the checkpoint is read.
void check_out_path(const ExportRequest& request) {
  const fs::path p(request.out);
  std::error_code ec;
  if (fs::is_directory(p, ec)) {
    throw std::invalid_argument("--out " + request.out +
                                ": is a directory; name the file to write, e.g. " +
                                (p / ("policy." + format_of(request))).string());
  }
  const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (!fs::is_directory(dir, ec)) {
    throw std::invalid_argument("--out " + request.out + ": directory " + dir.string() +
                                " does not exist; create it or choose another --out");
  }
  if (!request.force && fs::exists(fs::symlink_status(p, ec))) {
    throw std::invalid_argument("--out " + request.out +
                                ": already exists; add --force to replace it, or choose "
                                "another --out");
  }
}

std::string doc_string(const run::LoadedCheckpoint& loaded) {
  return "A ga3c actor-critic policy for " + loaded.checkpoint.env_id + " (" +
         loaded.checkpoint.signature.network + ", " + std::to_string(loaded.checkpoint.frames) +
         " training frames). Inputs: observation, and state_in for a recurrent network (zeros at "
         "an episode's start). Outputs: logits (pi = softmax(logits)), value, and state_out for "
         "a recurrent network. The metadata says how to make the environment it plays.";
}

}  // namespace

void bind_export_options(CLI::App& command, ExportRequest& request) {
  command
      .add_option("--checkpoint", request.checkpoint,
                  "A checkpoint file, RUN/checkpoints/ckpt-<frames>-ps0.ga3c, or a run "
                  "directory or its checkpoints/ directory: the newest complete checkpoint there")
      ->required()
      ->type_name("PATH");
  command.add_option("--out", request.out, "The file to write")->required()->type_name("FILE");
  command
      .add_option("--format", request.format,
                  "onnx: the network's forward pass as an ONNX model (opset 17) with the "
                  "observation scaling inside; safetensors: the parameters by name. Default: "
                  "safetensors for a FILE.safetensors, else onnx")
      ->check(CLI::IsMember({"onnx", "safetensors"}));
  command.add_flag("--force", request.force, "Replace FILE if it exists (in one step)");
  command
      .add_option("--rom-dir", request.rom_dir,
                  "Atari: the folder of ale-py 0.12.1's ROMs, instead of the run's (the "
                  "environment is made to read its action set)")
      ->type_name("DIR");
  command.add_option("--log-level", request.log_level, "trace | debug | info | warn | error | off")
      ->capture_default_str();
  command.footer(
      "Metadata in both formats: the environment and how to make it in Python "
      "(reference_environment), the observation's dtype, shape and layout, the action "
      "meanings, frame skip, sticky actions, episode limit, the network, training frames, and "
      "the ga3c version and commit. docs/export.md: using the files with ONNX Runtime and "
      "PyTorch. Bad input: one line naming the problem, exit 2, nothing written.");
}

int run_export_command(const ExportRequest& request) {
  const std::string format = format_of(request);
  exporting::ExportedPolicy policy;
  run::LoadedCheckpoint loaded;
  try {
    spdlog::set_level(spdlog::level::from_str(request.log_level));
    check_out_path(request);
    loaded = run::load_checkpoint(request.checkpoint);
    policy = run::export_policy(loaded, run::run_config_of(loaded, request.rom_dir));
  } catch (const std::exception& e) {  // bad paths, CheckpointError, UnknownEnvError, RomError
    std::fprintf(stderr, "ga3c export: error: %s\n", e.what());
    return 2;
  }
  try {
    const std::string bytes = format == "safetensors"
                                  ? exporting::safetensors_bytes(policy.parameters, policy.metadata)
                                  : exporting::onnx_policy_bytes(policy, doc_string(loaded));
    checkpoint::write_new_file(
        request.out, bytes,
        request.force ? checkpoint::IfExists::kReplace : checkpoint::IfExists::kRefuse);
    std::printf("%s: %s policy of %s (%s, %lld frames) from %s, %zu bytes\n", request.out.c_str(),
                format == "safetensors" ? "safetensors" : "ONNX", loaded.checkpoint.env_id.c_str(),
                loaded.checkpoint.signature.network.c_str(),
                static_cast<long long>(loaded.checkpoint.frames), loaded.path.c_str(),
                bytes.size());
    std::fflush(stdout);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ga3c export: error: %s\n", e.what());
    return 1;
  }
}

}  // namespace ga3c::cli
