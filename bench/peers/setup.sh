#!/usr/bin/env bash
# Sets up the peers that bench/peers/run.py measures ga3c against, each in a virtual environment
# of its own outside the repository: stable-baselines3 A2C (peers-sb3) and Sample Factory APPO
# (peers-sf, which needs gymnasium < 1.0); and EnvPool (peers-envpool), whose Atari throughput
# bench/atari_speed.py measures. Not part of scripts/install-deps.sh nor CI: they are big and
# only these benchmarks use them.
#
#   bench/peers/setup.sh [--prefix DIR]    (default $GA3C_PEERS_PREFIX, else /work/venvs)
#
# Everyone uses Debian's torch 1.13 (python3-torch), the same LibTorch ga3c links: the venvs see
# it through --system-site-packages. Debian's torch calls itself 1.13.0a0, which pip ranks below
# the "torch>=1.13" that stable-baselines3 and Sample Factory require, so pip would fetch a
# torch from PyPI; the venvs are instead filled with `pip install --no-deps` from
# requirements-*.txt beside this script, which pin the whole dependency closure.
# Idempotent: a venv whose stamp matches its requirements file is left alone; apt and pip run
# under nice -n 5.
set -euo pipefail

prefix="${GA3C_PEERS_PREFIX:-/work/venvs}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown argument '$1'; usage: setup.sh [--prefix DIR]" >&2; exit 2 ;;
  esac
done
here="$(cd "$(dirname "$0")" && pwd)"
python=/usr/bin/python3

need_apt=()
for pkg in python3-torch python3-venv python3-pip; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need_apt+=("$pkg")
done
if [[ ${#need_apt[@]} -gt 0 ]]; then
  echo "installing ${need_apt[*]} (apt)"
  nice -n 5 apt-get update -qq
  DEBIAN_FRONTEND=noninteractive nice -n 5 apt-get install -y -qq "${need_apt[@]}"
fi

make_venv() {
  local name="$1" requirements="$here/requirements-$1.txt"
  local venv="$prefix/peers-$name" stamp="$prefix/peers-$name/.ga3c-requirements"
  if [[ -f "$stamp" ]] && cmp -s "$stamp" "$requirements"; then
    echo "peers-$name: up to date ($venv)"
    return
  fi
  echo "peers-$name: installing into $venv"
  rm -rf "$venv"
  mkdir -p "$prefix"
  "$python" -m venv --system-site-packages "$venv"
  nice -n 5 "$venv/bin/pip" install -q --disable-pip-version-check --no-deps -r "$requirements"
  cp "$requirements" "$stamp"
}

make_venv sb3
make_venv sf
make_venv envpool

check() {
  OMP_NUM_THREADS=1 "$prefix/peers-$1/bin/python" -W ignore -c "$2" 2>&1 | grep -v "^WARNING:root"
}
check sb3 'import torch, stable_baselines3, gymnasium, minatar.gym, ale_py.env, cv2
print("peers-sb3: torch", torch.__version__, "stable-baselines3", stable_baselines3.__version__, "gymnasium", gymnasium.__version__)'
check sf 'import torch, gymnasium, minatar.gym, sample_factory.train
from importlib.metadata import version
print("peers-sf: torch", torch.__version__, "sample-factory", version("sample-factory"), "gymnasium", gymnasium.__version__)'
check envpool 'import envpool
print("peers-envpool: envpool", envpool.__version__)'
