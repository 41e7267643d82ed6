// ga3c: asynchronous advantage actor-critic in its batched GA3C form.
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "cli/eval_command.h"
#include "cli/export_command.h"
#include "cli/plot_command.h"
#include "cli/sync_bench.h"
#include "cli/train_command.h"
#include "config/number_options.h"
#include "config/printable.h"
#include "config/train_options.h"

namespace {

// CLI11's conversion errors name the value but not where to find the setting's type.
// command: the subcommand being parsed, whose --help lists the settings.
std::string explain(const CLI::ParseError& e, const std::string& command) {
  std::string what = e.what();
  if (e.get_name() == "ConversionError") {
    return what + " (see `ga3c " + command + " --help` for each setting's type)";
  }
  return what;
}

}  // namespace

int main(int argc, char** argv) {
  spdlog::set_pattern("[%H:%M:%S] %^%v%$");
  CLI::App app{"ga3c: asynchronous advantage actor-critic (GA3C) on one machine or under MPI"};
  app.require_subcommand(1);
  CLI::App* train =
      app.add_subcommand("train", "Train an agent; ga3c train --help lists every setting");
  train->fallthrough();
  ga3c::config::TrainOptions options(*train);
  CLI::App* eval = app.add_subcommand(
      "eval", "Play a checkpoint's policy and report its returns; ga3c eval --help");
  ga3c::cli::EvalRequest eval_request;
  ga3c::cli::bind_eval_options(*eval, eval_request);
  CLI::App* export_policy = app.add_subcommand(
      "export", "Write a checkpoint's policy as ONNX or safetensors; ga3c export --help");
  ga3c::cli::ExportRequest export_request;
  ga3c::cli::bind_export_options(*export_policy, export_request);
  CLI::App* plot = app.add_subcommand("plot", "Draw PNG pictures of runs; ga3c plot --help");
  ga3c::plot::PlotRequest plot_request;
  ga3c::cli::bind_plot_options(*plot, plot_request);
  CLI::App* bench = app.add_subcommand("bench", "Benchmarks; ga3c bench sync --help");
  bench->require_subcommand(1);
  CLI::App* bench_sync = bench->add_subcommand(
      "sync",
      "Time one sync (push + pull) with W workers at once, against memcpy; under "
      "mpirun -n P+W: P server ranks and W worker ranks");
  ga3c::cli::SyncBenchOptions sync_options;
  ga3c::cli::add_sync_bench_options(*bench_sync, sync_options);
  ga3c::config::read_numbers_as_toml(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const auto parsed = app.get_subcommands();
    const std::string command = parsed.empty() ? "train" : parsed.back()->get_name();
    std::fprintf(stderr, "ga3c: error: %s\n", ga3c::config::one_line(explain(e, command)).c_str());
    return 2;
  }
  if (*train) return ga3c::cli::run_train_command(options);
  if (*eval) return ga3c::cli::run_eval_command(eval_request);
  if (*export_policy) return ga3c::cli::run_export_command(export_request);
  if (*plot) return ga3c::cli::run_plot_command(plot_request);
  if (*bench_sync) return ga3c::cli::run_sync_bench(sync_options);
  return 0;
}
