#!/usr/bin/env bash
# Builds ga3c and runs its test suite (ctest) in build/.
#   scripts/test.sh               the whole suite
#   scripts/test.sh --sanitizers  then the style (.clang-format) and .clang-tidy's checks, the
#                                 concurrency tests under ThreadSanitizer (build-tsan/)
#                                 and the suite without learning runs and the Slurm jobs
#                                 (the main build runs them) under AddressSanitizer
#                                 (build-asan/), then the checkpoint and config readers' fuzzers
#                                 for GA3C_FUZZ_SECONDS each (default 120; clang, build-fuzz/)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# ccache (installed by install-deps.sh) makes rebuilds of unchanged files nearly free. CI builds
# a fresh clone in another folder: paths are hashed relative to the checkout, and the working
# directory that -g would hash is left out, so its builds hit the cache of earlier checkouts.
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-20G}"
fi
# Where a slow CI run spent its time.
phase() { echo "== test.sh: $1 (${SECONDS} s in)"; }
# What a failed fuzz run found, printed last: CI keeps only the end of the output, where the
# fuzzer that failed first is already scrolled away. Each failing input (at most the 4 KiB the
# fuzzers mutate) comes as base64: `base64 -d > FILE` saves it, `FUZZER FILE` replays it.
fuzz_findings() {
  echo "== test.sh: fuzz findings"
  grep -hE "^==[0-9]+== ?ERROR|runtime error|^SUMMARY|^MS: |Test unit written|^ +#[0-9]+ 0x" \
    "$1/Testing/Temporary/LastTest.log" | head -60 || true
  local found
  for found in "$1"/src/*/fuzz/{crash,leak,timeout,oom,slow-unit}-*; do
    [ -f "$found" ] || continue
    echo "$found ($(stat -c %s "$found") bytes):"
    base64 -w0 "$found"
    echo
  done
}

phase "main build"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}"
cmake --build build -j"$jobs"
# The unit and cli tests two at a time; then the learning runs, whose fates a second training
# beside them can move, the MPI jobs, which oversubscribe the cores on their own, and the Slurm
# jobs, one at a time.
serial="learning|slurm|mpi"
phase "main tests"
(cd build && ctest --output-on-failure -j"$jobs" -LE "$serial" &&
  ctest --output-on-failure -L "$serial")

if [ "${1:-}" = "--sanitizers" ]; then
  phase "style"
  git ls-files '*.cc' '*.h' | xargs clang-format --dry-run --Werror

  phase "ThreadSanitizer build and concurrency tests"
  # LibTorch is not built with ThreadSanitizer, so the TSan build holds the tensor-free parts:
  # queues, agents, node sync and the parameter server.
  cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGA3C_WITH_TORCH=OFF -DGA3C_SANITIZE=thread \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "${launcher[@]}"
  cmake --build build-tsan -j"$jobs"
  (cd build-tsan && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -L concurrency)

  phase "clang-tidy"
  # On every source of the LibTorch-free build (~4.5 minutes on 2 cores); its generated
  # protobuf sources are left out.
  run-clang-tidy -p build-tsan -j"$jobs" -quiet "$PWD/(src|bench)/" > build-tsan/clang-tidy.log 2>&1 \
    || { grep -E "(error|warning):" build-tsan/clang-tidy.log | sort -u; exit 1; }

  phase "AddressSanitizer build and tests"
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGA3C_SANITIZE=address "${launcher[@]}"
  cmake --build build-asan -j"$jobs"
  (cd build-asan && export ASAN_OPTIONS=detect_leaks=1 &&
    ctest --output-on-failure -j"$jobs" -LE "$serial" &&
    ctest --output-on-failure -L mpi -LE "learning|slurm")

  phase "fuzzers"
  # libFuzzer needs clang; only the fuzzers and their seed writers are built there.
  cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DGA3C_WITH_TORCH=OFF -DGA3C_FUZZ=ON -DGA3C_FUZZ_SECONDS="${GA3C_FUZZ_SECONDS:-120}" \
    "${launcher[@]}"
  cmake --build build-fuzz -j"$jobs" \
    --target checkpoint_fuzz checkpoint_fuzz_seeds config_fuzz config_fuzz_seeds
  (cd build-fuzz && ctest --output-on-failure -L fuzz -j"$jobs") || {  # side by side
    fuzz_findings build-fuzz
    exit 1
  }
fi
