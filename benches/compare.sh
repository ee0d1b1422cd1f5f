#!/usr/bin/env bash
# Compares the speed of several `shashki` binaries on one search from a position (the start by
# default): every round runs `shashki analyse --depth DEPTH` once with each binary, in turn, so
# that a change of the machine's speed during the series touches them all alike. Prints, per
# binary, the median and the best nodes/s and the median time of the last iteration, its node
# count (equal counts: the same tree), and the median per-round ratio of its nodes/s to the first
# binary's with a 95 % interval for that median; then every round's nodes/s. On a shared machine
# only these ratios compare: the same binary's speed moved by a third within half an hour on the
# project's VM (engine/SEARCH.md, sessions 9 and 10), and interference only ever slows a run
# down, so the best run shows the machine's full speed.
#
# Usage: benches/compare.sh ROUNDS DEPTH BINARY... [-- ANALYSE-ARGS...]
#   e.g. benches/compare.sh 9 20 old/shashki target/release/shashki target/pgo/shashki
#        benches/compare.sh 7 20 target/release/shashki -- --threads 2
set -euo pipefail

if [[ $# -lt 3 ]]; then
  echo "usage: benches/compare.sh ROUNDS DEPTH BINARY... [-- ANALYSE-ARGS...]" >&2
  exit 2
fi
rounds=$1
depth=$2
shift 2
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "compare: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2; }
[[ $depth =~ ^[1-9][0-9]*$ ]] || { echo "compare: DEPTH must be a positive number, not '$depth'" >&2; exit 2; }

binaries=()
while [[ $# -gt 0 && $1 != "--" ]]; do
  [[ -x $1 ]] || { echo "compare: '$1' is not an executable file" >&2; exit 2; }
  binaries+=("$1")
  shift
done
[[ ${1:-} == "--" ]] && shift
extra=("$@")
[[ ${#binaries[@]} -gt 0 ]] || { echo "compare: no binary given" >&2; exit 2; }

# One line per round: nps, nodes and time (ms) of the last iteration, for each binary in the
# order given. Each round starts with the next binary (round r runs binary r, r + 1, … in turn):
# the slot a binary runs in within a round then cancels out (an A/A series of the same binary in
# two slots, always in the same order, differed by 5 %).
count=${#binaries[@]}
for ((round = 0; round < rounds; round++)); do
  results=()
  for ((k = 0; k < count; k++)); do
    j=$(((round + k) % count))
    binary=${binaries[j]}
    output=$("$binary" analyse --depth "$depth" "${extra[@]}") ||
      { echo "compare: '$binary analyse' failed" >&2; exit 1; }
    last=$(grep '^depth' <<< "$output" | tail -n 1) ||
      { echo "compare: '$binary analyse' printed no iteration" >&2; exit 1; }
    results[j]=$(awk '{for (i = 1; i < NF; i++) if ($i == "nps" || $i == "nodes" || $i == "time") v[$i] = $(i + 1); print v["nps"], v["nodes"], v["time"]}' <<< "$last")
  done
  echo "${results[*]}"
done | python3 -c '
import math, statistics, sys
names = sys.argv[1:]
rows = [list(map(float, line.split())) for line in sys.stdin if line.strip()]
if len(rows) == 0 or any(len(row) != 3 * len(names) for row in rows):
    sys.exit("compare: incomplete results (see the errors above)")
for j, name in enumerate(names):
    nps = [row[3 * j] for row in rows]
    times = [row[3 * j + 2] for row in rows]
    ratios = sorted(row[3 * j] / row[0] for row in rows)
    # A 95 % interval for the median ratio: the order statistics k and n + 1 - k, with k from the
    # binomial distribution of how many ratios lie below the median (normal approximation).
    k = max(1, int(len(ratios) / 2 - 0.98 * math.sqrt(len(ratios))))
    interval = f" ({ratios[k - 1]:.3f}-{ratios[-k]:.3f})" if j > 0 else ""
    print(f"{name}: nodes/s median {statistics.median(nps) / 1e6:.2f} M, best {max(nps) / 1e6:.2f} M; "
          f"time median {statistics.median(times):.0f} ms; nodes {rows[0][3 * j + 1]:.0f}; "
          f"ratio to the first {statistics.median(ratios):.3f}{interval}")
print("rounds (M nodes/s):", "  ".join("/".join(f"{row[3 * j] / 1e6:.1f}" for j in range(len(names))) for row in rows))
' "${binaries[@]}"
