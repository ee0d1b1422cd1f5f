#!/usr/bin/env bash
# Measures `shashki egtb serve` on loopback: wrk with random positions (req/s, p50/p90/p99),
# 10 000 malformed requests, a flood of bad FENs, and the service's resident memory before and
# after. Needs wrk (Debian: apt-get install wrk) and python3.
# Usage: benches/egtb_serve/load.sh SHASHKI TABLES_DIR MAX_PIECES [PORT]
set -euo pipefail
shashki=$1 dir=$2 pieces=$3 port=${4:-9191}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
"$shashki" egtb serve --bind 127.0.0.1:$port --threads 2 --tablebases "$dir" > "$work/serve.out" &
pid=$!
sleep 1
head -1 "$work/serve.out"
rss() { grep -E 'VmRSS|VmHWM' /proc/$pid/status | tr -s ' \t' ' ' | tr '\n' ' '; echo; }
python3 "$here/fens.py" "$pieces" 1 "$work/paths.txt"
echo "memory at start: $(rss)"
PATHS=$work/paths.txt wrk -t2 -c16 -d20s -s "$here/random.lua" http://127.0.0.1:$port/ | tail -2
echo "memory after the load: $(rss)"
python3 "$here/garbage.py" $port 10000
python3 - "$work/bad.txt" <<'PY'
import random, sys, urllib.parse
random.seed(3)
paths = ['/?fen=' + urllib.parse.quote(''.join(random.choice('WBK:,0123456789-x ') for _ in range(random.randint(0, 40))), safe='') for _ in range(5000)]
open(sys.argv[1], 'w').write('\n'.join(paths) + '\n')
PY
PATHS=$work/bad.txt wrk -t2 -c16 -d10s -s "$here/random.lua" http://127.0.0.1:$port/ | tail -2
echo "memory after the malformed requests: $(rss)"
curl -s -o /dev/null -w "still serving: %{http_code}\n" "http://127.0.0.1:$port/status"
