#!/usr/bin/env bash
# Builds the command-line engine `shashki` with profile-guided optimisation (PGO), the way engine
# authors build their release binaries (Stockfish's `make profile-build`):
#   1. an instrumented build,
#   2. a training run (`shashki bench` and a search from the start position) that records which
#      branches and calls the search takes,
#   3. a build optimised with that profile (code layout, inlining, branch weights).
# The search and its results are the same as the plain release build's (the bench's node count is
# printed by both); only the speed differs (engine/SEARCH.md, "Speed round, session 6").
#
# Needs the `llvm-profdata` of the Rust toolchain: `rustup component add llvm-tools`.
# Usage: benches/pgo-build.sh [OUTPUT]   (default OUTPUT: target/pgo/shashki)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
output=${1:-$root/target/pgo/shashki}

sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [[ ! -x $profdata ]]; then
  echo "pgo-build: $profdata not found; install it with: rustup component add llvm-tools" >&2
  exit 2
fi

# RUSTFLAGS replaces the flags of .cargo/config.toml, so the target CPU is repeated here.
cpu_flags="-C target-cpu=native"
work=$root/target/pgo-work
rm -rf "$work/profiles"
mkdir -p "$work/profiles" "$(dirname "$output")"

echo "pgo-build: 1/3 instrumented build" >&2
RUSTFLAGS="$cpu_flags -C profile-generate=$work/profiles" CARGO_TARGET_DIR=$work/generate \
  cargo build --release -q -p shashki-cli

echo "pgo-build: 2/3 training run" >&2
# Only the engine's own runs are kept: build scripts write profiles of their own.
rm -f "$work"/profiles/*.profraw
"$work/generate/release/shashki" bench > /dev/null
"$work/generate/release/shashki" analyse --depth 16 > /dev/null
"$profdata" merge -o "$work/merged.profdata" "$work/profiles"

echo "pgo-build: 3/3 optimised build" >&2
RUSTFLAGS="$cpu_flags -C profile-use=$work/merged.profdata" CARGO_TARGET_DIR=$work/use \
  cargo build --release -q -p shashki-cli
cp "$work/use/release/shashki" "$output.tmp"
mv "$output.tmp" "$output"
echo "pgo-build: $output" >&2
