#!/usr/bin/env bash
# Measures the tablebase build: for each piece count asked (default 4 and 5), a fresh
# `shashki egtb build --pieces N` into a scratch directory under `/usr/bin/time -v`, then prints
# the wall time, CPU time, peak resident memory, the size on disk, and the size per material class
# (pieces, then men) with its compression ratio against the uncompressed entries (from
# `egtb status --json` and the index sizes of `egtb plan --format json`).
#
# Usage: benches/egtb_build.sh [BINARY] [PIECES...]
#   e.g. benches/egtb_build.sh target/release/shashki 4 5
#        nice -n 10 benches/egtb_build.sh target/release/shashki 6
# Keep the tables with KEEP=DIR (the builds go to DIR/N instead of a temporary directory).
set -euo pipefail

binary=${1:-target/release/shashki}
shift || true
pieces=("$@")
[[ ${#pieces[@]} -gt 0 ]] || pieces=(4 5)
[[ -x $binary ]] || { echo "egtb_build: '$binary' is not an executable file (cargo build --release -p shashki-cli)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "egtb_build: /usr/bin/time (GNU time) is needed for the peak memory" >&2; exit 2; }
command -v python3 >/dev/null || { echo "egtb_build: python3 is needed to read the JSON reports" >&2; exit 2; }

root=${KEEP:-$(mktemp -d)}
mkdir -p "$root"
[[ -n ${KEEP:-} ]] || trap 'rm -rf "$root"' EXIT
echo "binary $binary, $(nproc) cores, $(date -u +%FT%TZ)"
for n in "${pieces[@]}"; do
  [[ $n =~ ^[2-8]$ ]] || { echo "egtb_build: PIECES must be 2..8, not '$n'" >&2; exit 2; }
  dir=$root/$n
  rm -rf "$dir"
  /usr/bin/time -v -o "$root/time-$n.txt" "$binary" egtb build --pieces "$n" --tablebases "$dir" >/dev/null 2>"$root/build-$n.log"
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$root/time-$n.txt")
  user=$(sed -n 's/.*User time (seconds): //p' "$root/time-$n.txt")
  sys=$(sed -n 's/.*System time (seconds): //p' "$root/time-$n.txt")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$root/time-$n.txt")
  echo
  echo "up to $n pieces: wall $wall, cpu ${user}+${sys} s, peak RSS $((rss / 1024)) MB"
  "$binary" egtb status --pieces "$n" --json --tablebases "$dir" >"$root/status-$n.json"
  "$binary" egtb plan --pieces "$n" --format json >"$root/plan-$n.json"
  python3 - "$root/status-$n.json" "$root/plan-$n.json" <<'PY'
import json, sys
status = json.load(open(sys.argv[1]))
plan = json.load(open(sys.argv[2]))
assert len(plan["slices"]) > 0
assert status["ready"] == len(status["tables"]), "not every table is ready"
from collections import defaultdict
from math import comb
# Uncompressed size: one byte per index slot (tables whose distances exceed 253 plies take two,
# counted as one here, so the ratio is a lower bound).
def index_size(material):
    w, b = material.split("-")
    wm, wk, bm, bk = w.count("M"), w.count("K"), b.count("M"), b.count("K")
    free = 32 - wm - bm
    return comb(28, wm) * comb(28, bm) * comb(free, wk) * comb(free - wk, bk)
raw = defaultdict(int); disk = defaultdict(int); count = defaultdict(int)
for t in status["tables"]:
    m = t["material"]
    key = (t["pieces"], m.count("M"))
    raw[key] += index_size(m); disk[key] += t["bytes"]; count[key] += 1
print(f"  {'pieces':>6} {'men':>3} {'tables':>6} {'entries MB':>11} {'file MB':>9} {'ratio':>6}")
for key in sorted(raw):
    print(f"  {key[0]:>6} {key[1]:>3} {count[key]:>6} {raw[key]/1e6:>11.2f} {disk[key]/1e6:>9.2f} {raw[key]/max(disk[key],1):>6.2f}")
tr, td = sum(raw.values()), sum(disk.values())
print(f"  {'all':>6} {'':>3} {sum(count.values()):>6} {tr/1e6:>11.2f} {td/1e6:>9.2f} {tr/td:>6.2f}")
PY
done
