#!/usr/bin/env bash
# The library's features (engine/Cargo.toml): every combination of them builds without a warning
# (the explicit powerset, 2^7 checks: no cargo-hack to install), and the smallest build pulls in
# neither C code nor rayon nor memory maps and compiles without a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
# A target directory of its own, removed at the end: 128 builds of the library's metadata would
# otherwise stay in the shared one (CI's disk is small).
export CARGO_TARGET_DIR=target/features
trap 'rm -rf target/features' EXIT
# Checks the library with the features of the comma-separated list; warnings fail too (through
# the output: RUSTFLAGS would rebuild every dependency).
check() {
    echo "features: [$1]"
    local out
    out=$(cargo check -q -p shashki --no-default-features --features "$1" 2>&1) || {
        echo "$out"
        exit 1
    }
    if [[ -n $out ]]; then
        echo "$out"
        exit 1
    fi
}
features=(book parallel encodings tablebases serde tuning puzzles)
count=${#features[@]}
for ((mask = 0; mask < 1 << count; mask++)); do
    chosen=()
    for ((i = 0; i < count; i++)); do
        if ((mask >> i & 1)); then chosen+=("${features[i]}"); fi
    done
    check "$(IFS=,; echo "${chosen[*]}")"
done
# `svg` adds a module and no dependency, and no other part of the library looks at it: it is
# checked alone and with every other feature, not in the powerset (which it would double).
for list in svg book,parallel,encodings,tablebases,serde,tuning,puzzles,svg; do
    check "$list"
done
if cargo tree -p shashki --no-default-features -e normal --prefix none \
    | grep -E '^(zstd-sys|zstd|rayon|memmap2|cc|encoding_rs|serde_json) '; then
    echo "the smallest build of shashki pulls in an optional dependency"
    exit 1
fi
# No C compiler: any build script that compiles C fails with this one.
CC=false CXX=false cargo build -q -p shashki --no-default-features
echo "features: every combination builds; the smallest needs no C compiler"
