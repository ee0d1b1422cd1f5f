#!/usr/bin/env bash
# Runs fuzz targets with libFuzzer on the stable toolchain (cargo-fuzz, no sanitizer), one after
# the other, each for SECONDS, starting from its committed seeds (fuzz/corpus/NAME, read only:
# new inputs go to a scratch corpus, so the repository stays clean). Prints each target's
# executions; exits non-zero at the first crash (the input is saved in fuzz/artifacts/NAME/).
#
#   bash fuzz/run.sh SECONDS [TARGET...]     (default: every target)
#
# Environment: FUZZ_WORK (scratch corpus, default a temporary directory, removed after; give one
# to keep what a long run found), FUZZ_SEED (libFuzzer -seed, default 1).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:?usage: run.sh SECONDS [TARGET...]}
shift
if [ $# -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
else
    targets=("$@")
fi
work=${FUZZ_WORK:-}
if [ -z "$work" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
# -a: debug assertions and overflow checks in the library, as in its tests.
cargo fuzz build -s none -a
total=0
for target in "${targets[@]}"; do
    mkdir -p "$work/$target"
    log="$work/$target.log"
    status=0
    # -timeout: one input taking this long is a hang (the search target spends milliseconds);
    # -rss_limit_mb: the tablebase target maps files, the search allocates a 1 MB table.
    cargo fuzz run "$target" -s none -a "$work/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -seed="${FUZZ_SEED:-1}" -timeout=60 -rss_limit_mb=4096 \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
    runs=${runs:-0}
    total=$((total + runs))
    echo "fuzz $target: $runs executions in ${seconds} s"
    if [ "$status" -ne 0 ]; then
        grep -E -A30 'panicked|ERROR: libFuzzer|deadly signal|SUMMARY' "$log" | head -60
        echo "fuzz $target: FAILED (status $status); the input is in fuzz/artifacts/$target/"
        exit 1
    fi
done
echo "fuzz: $total executions over ${#targets[@]} targets, no crash"
echo "fuzz: ${#targets[@]} passed, 0 failed"
