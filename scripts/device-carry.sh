#!/usr/bin/env bash
# Prepares the folder that scripts/device-check.sh needs on a lent GPU machine (which has
# CUDA, CMake, ninja, a compiler and PyTorch's LibTorch, but none of ga3c's other libraries
# and no network): Debian 12's .deb files of those libraries, which device-check.sh unpacks
# into a prefix of its own there. Run here, in the repository root of the checkout that the
# `run` tool sends (the lead's), once:
#   scripts/device-carry.sh          # -> .device-carry/debs/*.deb (about 20 MiB)
# It adds /.device-carry/ to .git/info/exclude, so the folder travels only when `carry` names it.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
exclude="$(git rev-parse --git-common-dir)/info/exclude"
grep -qx '/.device-carry/' "$exclude" 2>/dev/null || echo '/.device-carry/' >>"$exclude"
mkdir -p .device-carry/debs
# The build's libraries (-dev: headers, CMake files, link names) and what they load at run
# time, less what every Ubuntu or Debian system has (libc, libstdc++, zlib1g, libudev1...).
packages=(
  libcli11-dev libspdlog-dev libspdlog1.10 libfmt-dev libfmt9
  libgtest-dev libgmock-dev libbenchmark-dev libbenchmark1debian
  libprotobuf-dev libprotobuf32 libprotobuf-lite32 protobuf-compiler libprotoc32
  libcrcutil-dev libcrcutil0 libgif-dev libgif7 zlib1g-dev
  libonnx-dev libonnx1 libonnxifi nlohmann-json3-dev
  libopenmpi-dev libopenmpi3 openmpi-bin openmpi-common libpmix2 libhwloc15
  libevent-core-2.1-7 libevent-pthreads-2.1-7 libfabric1 libibverbs1 librdmacm1
  libnl-3-200 libnl-route-3-200 libnuma1 libpsm-infinipath1 libpsm2-2 libucx0 libmunge2
  libxnvctrl0 libpciaccess0 libltdl7
)
o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64'
apt-get $o update -qq
(cd .device-carry/debs && apt-get $o download -qq "${packages[@]}")
du -sh .device-carry
ls .device-carry/debs | wc -l
