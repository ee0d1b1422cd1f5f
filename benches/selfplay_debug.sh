#!/usr/bin/env bash
# Self-play under debug assertions and overflow checks (not part of the test run: minutes of CPU).
# Plays GAMES fast games (NODES nodes a move, the built-in openings, both colours) of the engine
# against itself with one search thread, then again with two, in the dev profile, where the
# engine keeps its debug assertions and overflow checks (the workspace Cargo.toml), and reports
# for each: games played, illegal or missing moves (a player that returns no legal move forfeits;
# the match log then shows a decided game still "in progress"), panics and assertion failures (a
# panic ends the match: fewer games than asked). Exits 1 if any was found.
#
#   bash benches/selfplay_debug.sh [GAMES] [NODES]     (default 1000 games, 2000 nodes)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
nodes=${2:-2000}
cargo build -p shashki-cli
bin=target/debug/shashki
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for threads in 1 2; do
    log="$work/games-$threads.tsv"
    err="$work/stderr-$threads.txt"
    status=0
    start=$SECONDS
    nice -n 10 "$bin" match "default,threads=$threads" "default,threads=$threads" \
        --games "$games" --nodes "$nodes" --hash 4 --concurrency 1 --log "$log" \
        >"$work/out-$threads.txt" 2>"$err" || status=$?
    touch "$log"
    played=$(wc -l <"$log")
    # Columns: opening, first player's colour, its score, how the game ended, ...
    forfeits=$(awk -F'\t' '$4 == "game in progress" && $3 != "0.5"' "$log" | wc -l)
    panics=$(grep -c 'panicked' "$err" || true)
    assertions=$(grep -cE 'assertion|overflow' "$err" || true)
    echo "threads $threads: $played games in $((SECONDS - start)) s, $forfeits illegal or missing" \
        "moves, $panics panics ($assertions assertion or overflow failures), exit status $status"
    if [ "$played" -lt "$games" ] || [ "$forfeits" -gt 0 ] || [ "$panics" -gt 0 ] || [ "$status" -ne 0 ]; then
        failed=1
        grep -A20 'panicked' "$err" | head -40 || true
    fi
done
exit $failed
