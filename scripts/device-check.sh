#!/usr/bin/env bash
# Every GPU check of ga3c in one unattended run (issues 11, 29), for a lent machine with one
# NVIDIA GPU and 16 cores whose python3 holds a CUDA PyTorch (LibTorch inside it), CMake, ninja
# and a compiler, but none of ga3c's other libraries and no network. The GPU steps come first,
# and the CPU unit tests last, only if time is left:
#   1 env      what the machine has (nvidia-smi, torch, compilers)
#   2 deps     unpacks .device-carry/debs (scripts/device-carry.sh made them) into a prefix
#   3 build    configures ga3c against python3's LibTorch (CUDA), Release, ninja, and builds
#              only what the next steps run: ga3c, gpu_test, trainer_step_bench
#   4 gpu      ctest -L gpu: one training step on cuda == cpu; checkpoints across devices
#   5 device   ctest -R cli_device: --device's refusals (exit 2, nothing written)
#   6 trainer  bench: trainer samples/s of the A3C CNN (84x84x4) and MinAtar CNN, cpu vs cuda
#   7 train    bench: MinAtar Breakout `ga3c train` frames/s, PPS, TPS, GPU utilisation
#   8 sync     bench: mpirun -n 17 ga3c bench sync --workers 16 (median ms)
#   9 unit     ctest: the unit tests (no learning, cli, mpi or reference tests), if time is left
# The whole script keeps to DEADLINE_S seconds (default 480, for a `run` timeout of 560): each
# step runs under `timeout -k` with what is left, and a step that would start with under a
# minute left is skipped. Each step's output goes to $WORK/<step>.log; at the end $OUT holds two
# files, what the `run` tool brings back: summary.txt (one line per step: PASS, FAIL, SKIP or
# TIME, seconds; the results tables) and device-check.tar.gz (every log, table and run CSV). A
# failed step does not stop the later ones that do not need it.
#
# The lead, in the repository root of the checkout that `run` sends:
#   scripts/device-carry.sh      # once, here: .device-carry/debs (~13 MiB), git-excluded
#   run(command="OUT=$OUT bash scripts/device-check.sh", carry=[".device-carry"], timeout_s=560)
# Dry run on a machine without a GPU (the GPU steps then report SKIP), reusing a build tree:
#   BUILD=build REUSE_BUILD=1 OUT=/tmp/dc BENCH_SECONDS=5 bash scripts/device-check.sh
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${OUT:-$ROOT/device-check-out}
WORK=${WORK:-/tmp/ga3c-device-check}
DEADLINE_S=${DEADLINE_S:-480}
TORCH_PYTHON=${TORCH_PYTHON:-python3}
BUILD=${BUILD:-$ROOT/build-device}
DEPS=${DEPS:-/tmp/ga3c-deps}
JOBS=${JOBS:-$(nproc)}
BENCH_SECONDS=${BENCH_SECONDS:-30}
SUMMARY=$WORK/summary.txt
declare -A STATUS

# step NAME: runs NAME_step (this script again, `--step NAME`, so that `timeout` can end it and
# everything it started) with its output in $WORK/NAME.log, and records the result.
step() {
  local name=$1
  local start=$SECONDS rc left=$((DEADLINE_S - SECONDS))
  if [ $left -lt 60 ]; then
    STATUS[$name]=TIME
    printf '%-8s %-4s %4ss  (not started: %s s left of %s)\n' "$name" TIME 0 "$left" \
      "$DEADLINE_S" | tee -a "$SUMMARY"
    return 0
  fi
  echo "== $name (at most $left s)"
  timeout -k 10 "$left" bash "$ROOT/scripts/device-check.sh" --step "$name" >"$WORK/$name.log" 2>&1
  rc=$?
  local took=$((SECONDS - start)) result=PASS
  [ $rc -eq 77 ] && result=SKIP
  [ $rc -eq 124 ] || [ $rc -eq 137 ] && result=TIME
  [ "$result" = PASS ] && [ $rc -ne 0 ] && result=FAIL
  STATUS[$name]=$result
  printf '%-8s %-4s %4ss  (%s.log)\n' "$name" "$result" "$took" "$name" | tee -a "$SUMMARY"
  if [ "$result" = FAIL ] || [ "$result" = TIME ]; then
    tail -n 15 "$WORK/$name.log" | sed 's/^/    | /' | tee -a "$SUMMARY"
  fi
  return 0
}
ok() { [ "${STATUS[$1]:-}" = PASS ]; }
have_gpu() { nvidia-smi -L 2>/dev/null | grep -q '^GPU '; }

env_step() {
  nvidia-smi || echo "no nvidia-smi or no GPU"
  "$TORCH_PYTHON" -c 'import torch, sys; print("python", sys.version.split()[0], "torch", torch.__version__, "cuda", torch.version.cuda, "available", torch.cuda.is_available(), "cxx11 abi", torch._C._GLIBCXX_USE_CXX11_ABI); print("cmake prefix", torch.utils.cmake_prefix_path)'
  cmake --version | head -1
  ninja --version || true
  c++ --version | head -1
  nvcc --version | tail -1 || true
  nproc
  free -g
}

deps_step() {
  if [ ! -d "$ROOT/.device-carry/debs" ]; then
    echo "no .device-carry/debs: using the system's libraries (run scripts/device-carry.sh here)"
    return 0
  fi
  rm -rf "$DEPS" && mkdir -p "$DEPS"
  for f in "$ROOT"/.device-carry/debs/*.deb; do dpkg-deb -x "$f" "$DEPS" || return 1; done
  # zlib1g-dev's link name points at Debian 12's zlib (/lib/.../libz.so.1.2.13): this
  # machine's own libz.so.1 instead.
  local lib=$DEPS/usr/lib/x86_64-linux-gnu z
  if [ ! -e "$lib/libz.so" ]; then
    z=$(ls /lib/x86_64-linux-gnu/libz.so.1 /usr/lib/x86_64-linux-gnu/libz.so.1 2>/dev/null | head -1)
    [ -n "$z" ] && ln -sf "$z" "$lib/libz.so"
  fi
  ls "$DEPS/usr/bin"
}

# The carried libraries' environment (after deps_step): compilers and CMake find headers,
# CMake configs and libraries there; Open MPI and PMIx are relocated to the prefix.
use_deps() {
  [ -d "$DEPS/usr" ] || return 0
  local lib=$DEPS/usr/lib/x86_64-linux-gnu
  export PATH=$DEPS/usr/bin:$PATH
  export LD_LIBRARY_PATH=$lib:$lib/openmpi/lib:$lib/pmix2/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export CPATH=$DEPS/usr/include${CPATH:+:$CPATH}
  export OPAL_PREFIX=$DEPS/usr
  export PMIX_INSTALL_PREFIX=$lib/pmix2
  export PMIX_MCA_mca_base_component_path=$lib/pmix2/lib/pmix
  export OMPI_MCA_mca_base_component_path=$lib/openmpi/lib/openmpi3
  DEPS_CMAKE=(-DCMAKE_PREFIX_PATH="${TORCH_PREFIX:-};$DEPS/usr"
              -DMPI_CXX_COMPILER="$DEPS/usr/bin/mpicxx.openmpi"
              -DMPIEXEC_EXECUTABLE="$DEPS/usr/bin/mpirun.openmpi")
}

build_step() {
  # REUSE_BUILD=1: build the existing $BUILD as configured (a dry run's own build tree).
  if [ -n "${REUSE_BUILD:-}" ]; then
    cmake --build "$BUILD" -j "$JOBS" --target ga3c gpu_test trainer_step_bench
    return
  fi
  local generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  cmake -S "$ROOT" -B "$BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DGA3C_WITH_ALE=OFF -DPython3_EXECUTABLE="$(command -v python3)" \
    "${DEPS_CMAKE[@]}" ${EXTRA_CMAKE:-} || return 1
  cmake --build "$BUILD" -j "$JOBS" --target ga3c gpu_test trainer_step_bench
}

unit_step() {
  cmake --build "$BUILD" -j "$JOBS" || return 1
  (cd "$BUILD" && ctest -LE 'learning|cli|mpi|gpu|reference' -j "$JOBS" --timeout 300 \
     --output-on-failure)
}

gpu_step() {
  (cd "$BUILD" && ctest -L gpu --timeout 300 --output-on-failure) || return 1
  have_gpu || return 77  # ctest reported them skipped
}

device_cli_step() { (cd "$BUILD" && ctest -R '^cli_device$' --output-on-failure); }

trainer_step() {
  local b=$BUILD/bench/trainer_step_bench
  for net in a3c-cnn minatar-cnn; do
    "$b" --device cpu --network "$net" --threads "$(( JOBS > 1 ? JOBS / 2 : 1 ))" --seconds 8 || return 1
    if have_gpu; then
      for threads in 1 2 4; do
        "$b" --device cuda --network "$net" --threads "$threads" --seconds 8 || return 1
      done
    fi
  done
  have_gpu || return 77
}

# train_run NAME SECONDS ARGS...: `ga3c train` on MinAtar Breakout for SECONDS (then SIGINT,
# which stops it with a checkpoint), GPU utilisation sampled meanwhile; appends a table row.
train_run() {
  local name=$1 seconds=$2
  shift 2
  local dir=$WORK/runs/$name smi_pid=""
  rm -rf "$dir"
  if have_gpu; then
    nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits -lms 250 \
      >"$WORK/smi-$name.txt" 2>/dev/null &
    smi_pid=$!
  fi
  timeout -k 10 -s INT "$seconds" "$BUILD/ga3c" train --env MinAtar/Breakout-v0 --run-dir "$dir" \
    --max-frames 1000000000 --status-interval 2 --checkpoint-every 0 --quiet "$@"
  local rc=$?
  [ -n "$smi_pid" ] && kill "$smi_pid" 2>/dev/null
  [ $rc -eq 0 ] || [ $rc -eq 124 ] || return 1
  "$TORCH_PYTHON" - "$name" "$dir/system.csv" "$WORK/smi-$name.txt" "$*" >>"$WORK/train-table.txt" <<'PY'
import csv, os, sys
name, system, smi, args = sys.argv[1:5]
rows = list(csv.DictReader(open(system)))[2:]  # the first two intervals warm up
mean = lambda k: sum(float(r[k]) for r in rows) / max(len(rows), 1)
util = "-"
if os.path.exists(smi):
    vals = [float(v) for v in open(smi).read().split() if v.strip().isdigit()]
    vals = vals[len(vals) // 5:]
    util = f"{sum(vals) / len(vals):.0f}%" if vals else "-"
print(f"| {name} | {mean('fps'):.0f} | {mean('pps'):.0f} | {mean('tps'):.0f} | {util} | {args} |")
PY
}

train_step() {
  local s=$BENCH_SECONDS
  echo "| run | frames/s | PPS | TPS | GPU util | flags |" >"$WORK/train-table.txt"
  echo "| --- | --- | --- | --- | --- | --- |" >>"$WORK/train-table.txt"
  train_run cpu-default "$s" --device cpu || return 1
  train_run cpu-16cores "$s" --device cpu --agents 256 --env-threads 4 --predictors 4 \
    --trainers 8 || return 1
  if have_gpu; then
    train_run cuda-16cores "$s" --device cuda --agents 256 --env-threads 8 --predictors 2 \
      --trainers 2 --prediction-batch 256 --min-batch 160 --max-queue 320 || return 1
    train_run cuda-4workers "$s" --device cuda --workers 4 --agents 128 --env-threads 3 \
      --predictors 1 --trainers 1 --prediction-batch 128 --min-batch 80 || return 1
  fi
  cat "$WORK/train-table.txt"
  have_gpu || return 77
}

sync_step() {
  local mpirun
  mpirun=$(command -v mpirun.openmpi || command -v mpirun) || { echo "no mpirun"; return 77; }
  # A bare image has no ssh or rsh, which Open MPI's default launcher needs even on one host
  # (plm isolated starts the ranks itself), and the Debian file that turns UCX and OFI off stays
  # in /etc/openmpi when the prefix moves: name the shared-memory transports outright.
  OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader \
    "$mpirun" --allow-run-as-root --oversubscribe --mca plm isolated -n 17 "$BUILD/ga3c" \
    bench sync --workers 16 --network a3c-cnn
}

# The parent finds LibTorch once (importing torch takes seconds) and exports it to every step.
setup() {
  DEPS_CMAKE=(-DCMAKE_PREFIX_PATH="${TORCH_PREFIX:-}")
  use_deps
}

if [ "${1:-}" = --step ]; then
  [ "$2" = env ] || [ "$2" = deps ] || setup
  case $2 in
    device) device_cli_step ;;
    *) "$2_step" ;;
  esac
  exit
fi

rm -rf "$WORK" && mkdir -p "$WORK" "$OUT"
: >"$SUMMARY"
# What comes back, whatever happens from here on: the summary and one archive of the rest.
pack() {
  cp "$SUMMARY" "$OUT/summary.txt"
  tar -czf "$OUT/device-check.tar.gz" -C "$WORK" --exclude='*.ga3c' --exclude='events.*' \
    --exclude='*.gif' . 2>/dev/null
}
trap pack EXIT
TORCH_PREFIX=$("$TORCH_PYTHON" -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null)
export TORCH_PREFIX
step env
step deps
step build
if ok build; then
  step gpu
  step device
  step trainer
  step train
  step sync
  step unit
fi
{
  echo
  echo "trainer samples/s:"
  grep -h '^trainer_step_bench' "$WORK/trainer.log" 2>/dev/null | sed 's/^/  /'
  echo "MinAtar Breakout, ${BENCH_SECONDS}s each:"
  cat "$WORK/train-table.txt" 2>/dev/null
  echo "sync:"
  grep -h 'median' "$WORK/sync.log" 2>/dev/null | sed 's/^/  /'
  echo "total $SECONDS s of $DEADLINE_S"
} | tee -a "$SUMMARY"
grep -qE ' (FAIL|TIME) ' "$SUMMARY" && exit 1
exit 0
