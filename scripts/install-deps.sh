#!/usr/bin/env bash
# Installs everything ga3c needs to build and test on Debian 12. Safe to run again.
set -euo pipefail
packages=(
  build-essential cmake git python3 python3-pip ccache
  libtorch-dev libopenblas0-pthread libopenmpi-dev openmpi-bin
  libjemalloc-dev  # the training binaries allocate with jemalloc (cmake/ga3c_malloc.cmake)
  libcli11-dev libspdlog-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libprotobuf-dev protobuf-compiler libcrcutil-dev
  gnuplot-nox  # `ga3c plot` draws with it (its pngcairo terminal; no X11)
  libgif-dev  # `ga3c eval --record` writes animated GIFs with giflib
  clang libclang-rt-dev  # libFuzzer, for the -DGA3C_FUZZ=ON build of the checkpoint fuzzer
  clang-format clang-tidy  # test.sh --sanitizers checks the style and runs .clang-tidy
  zlib1g-dev  # ALE's ROM loading
  libonnx-dev nlohmann-json3-dev  # `ga3c export`: ONNX's schema and checker; safetensors' header
  munge slurmctld slurmd slurm-client  # the slurm label's one-node cluster (scripts/slurm-local.sh)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q "${missing[@]}"
fi
# Reference implementations the tests run beside ours (gymnasium; minatar without its
# plotting and torch extras, which the reference environments do not use).
python3 -m pip install -q --disable-pip-version-check -r "$(dirname "$0")/../tests/reference/requirements.txt"
python3 -m pip install -q --disable-pip-version-check --no-deps minatar==1.0.15
# The Arcade Learning Environment (GPL-2.0, README "Atari and the GPL"), built from source for
# the ALE/<Game>-v5 environments; a ga3c built without it refuses ALE/ ids.
"$(dirname "$0")/install-ale.sh"
