#!/usr/bin/env bash
# Every example of the library runs, on small inputs, as a user would start it (engine/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { cargo run -q -p shashki --all-features --example "$@"; }
run analyse -- "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12" 6 | tail -1 \
    | grep -E '^best '
# A bad FEN is an error (exit 2) that names the field.
if run analyse -- "W:W99" 2>"$work/err"; then exit 1; fi
grep -q 'out of range' "$work/err"
printf 'c3-d4\nz9-z9\nquit\n' | run play | grep 'engine plays' >/dev/null
run probe -- --build 3 "$work/tables" "W:WK29,K32:BK1" | grep ': draw' >/dev/null
run pdn_replay -- engine/tests/data/pdn/forms.pdn >/dev/null
run random_pdn -- --games 3 --seed 1 >"$work/random.pdn"
run pdn_replay -- "$work/random.pdn" >/dev/null
run embed >/dev/null
echo "examples: all ran"
