#!/bin/bash
# Measures perft(10) CPU time under release-profile variants.
cd "$(dirname "$0")/.."
for variant in "fat 1 abort" "off 16 unwind" "thin 1 abort" "fat 1 unwind" "fat 16 abort"; do
  set -- $variant
  dir=target/profile-$1-$2-$3
  CARGO_PROFILE_RELEASE_LTO=$1 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=$2 CARGO_PROFILE_RELEASE_PANIC=$3 \
    CARGO_TARGET_DIR=$dir cargo build --release -q -p shashki-cli 2>/dev/null
  for i in 1 2 3 4 5 6 7; do
    /usr/bin/time -f "%U" $dir/release/shashki perft 10 2>&1 >/dev/null
  done | sort -n | sed -n 4p | sed "s/^/lto=$1 cgu=$2 panic=$3 median_user_s=/"
done
