#!/usr/bin/env bash
# Builds the Arcade Learning Environment (ALE) C++ library from the ale-py 0.12.1 source
# distribution on PyPI and installs it, with the ROMs that distribution ships, under PREFIX
# (default /usr/local): the library and its CMake config in PREFIX/lib, headers in
# PREFIX/include/ale, ROMs in PREFIX/share/ale/roms. ga3c's CMake finds it there and then
# builds the ALE/<Game>-v5 environments. ALE is GPL-2.0: a ga3c binary linked with it is
# distributed under the GPL-2.0 terms (see the README); ga3c's own sources stay Apache-2.0.
# Safe to run again: does nothing when this version is already installed.
#   scripts/install-ale.sh [PREFIX]
set -euo pipefail
prefix="${1:-/usr/local}"
version=0.12.1
sha256=c503d574c5983e1063b451201ccb779d935919c0f6bf116fb0f4f8aa4c86d249
config="$prefix/lib/cmake/ale/ale-config-version.cmake"
roms="$prefix/share/ale/roms"

if [ -f "$config" ] && grep -q "PACKAGE_VERSION \"$version\"" "$config" &&
   [ -f "$roms/breakout.bin" ] && [ -f "$roms/.complete" ]; then
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The sdist only: it holds the C++ sources and all ROMs (--no-binary :all: would also refuse
# the build backend's wheels).
python3 -m pip download -q --disable-pip-version-check --no-deps --no-binary=ale-py \
  "ale-py==$version" -d "$work"
tarball="$work/ale_py-$version.tar.gz"
echo "$sha256  $tarball" | sha256sum -c --quiet -
tar -xzf "$tarball" -C "$work"
src="$work/ale_py-$version"

# RelWithDebInfo with -O3 -DNDEBUG: ALE's Release build is a GCC-LTO-only static library (slow
# links, unusable from clang), and without -DNDEBUG it aborts on the negative seeds Gymnasium
# passes. -fPIC so it links into position-independent executables and shared test libraries.
cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O3 -DNDEBUG" -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
  -DBUILD_CPP_LIB=ON -DBUILD_PYTHON_LIB=OFF -DBUILD_VECTOR_LIB=OFF -DSDL_SUPPORT=OFF \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib > "$work/configure.log"
cmake --build "$work/build" -j"$(nproc)" > "$work/build.log"
sudo_cmd=""
mkdir -p "$prefix" 2>/dev/null || true
[ -w "$prefix" ] || sudo_cmd="sudo"
$sudo_cmd cmake --install "$work/build" > "$work/install.log"
$sudo_cmd mkdir -p "$roms"
$sudo_cmd cp "$src"/src/ale/python/roms/*.bin "$roms/"
$sudo_cmd cp "$src/LICENSE.md" "$prefix/share/ale/LICENSE.md"
$sudo_cmd touch "$roms/.complete"
echo "installed ALE $version under $prefix (ROMs in $roms)"
