#!/usr/bin/env bash
# The Slurm faces of shashki on a real single-node cluster (issue 48; needs root):
#
#   bash .ci/slurm-check.sh [PIECES]     # default 4; 5 by hand (a few minutes more)
#
# 1. Starts the cluster (.ci/slurm-cluster.sh: installs slurm-wlm and munge if missing; when they
#    cannot be installed the check is skipped with a message and exit code 0).
# 2. Builds the tablebases up to PIECES in one process (`egtb build`), then through Slurm
#    (`egtb plan --format slurm`, run from another directory), waits for the queue to drain and
#    compares every file byte for byte.
# 3. Submits the plan again into an empty directory with one slice's job made slow, cancels that
#    job while it runs (`scancel`; the jobs after it are cancelled by their dependency), checks
#    the set is incomplete, runs the same script again and checks the set completes, identical.
# 4. Plays a match split into 4 tasks x 4 games at 10 ms a move (`match --slurm 4`) and checks
#    the merged report counts 16 games and every opening was played twice.
# The daemons are stopped and the temporary directory removed on exit, whatever happens.
# SHASHKI_BIN names the program (default: target/debug/shashki, which `cargo test` builds;
# built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${1:-4}
started=$SECONDS
shashki=${SHASHKI_BIN:-$PWD/target/debug/shashki}
if [[ ! -x $shashki ]]; then
    cargo build -p shashki-cli
fi
shashki=$(cd "$(dirname "$shashki")" && pwd)/$(basename "$shashki")
work=$(mktemp -d /tmp/shashki-slurm-check.XXXXXX)
cluster=$work/cluster
cleanup() {
    bash .ci/slurm-cluster.sh stop "$cluster" || true
    rm -rf "$work"
}
trap cleanup EXIT
say() { echo "slurm-check [$((SECONDS - started)) s]: $*"; }

set +e
conf=$(bash .ci/slurm-cluster.sh start "$cluster")
code=$?
set -e
if ((code == 3)); then
    echo "slurm-check: SKIPPED: the Slurm packages (slurm-wlm, munge) cannot be installed here"
    exit 0
fi
((code == 0)) || { echo "slurm-check: the cluster did not start" >&2; exit 1; }
eval "$conf"
say "single-node cluster up ($(sinfo --noheader --format='%n %c CPUs %m MB'))"

# Waits until no job of ours is left, at most $1 seconds.
drain() {
    local limit=$1 t0=$SECONDS
    while [[ -n $(squeue --me --noheader) ]]; do
        if ((SECONDS - t0 > limit)); then
            echo "slurm-check: the queue did not drain in $limit s:" >&2
            squeue --me >&2
            exit 1
        fi
        sleep 1
    done
}
# The tables of $1 against the reference: same names, same bytes.
same_tables() {
    local dir=$1 file count=0
    for file in "$work/ref"/*.shtb; do
        cmp -s "$file" "$dir/$(basename "$file")" || {
            echo "slurm-check: $dir/$(basename "$file") differs from the one-process build" >&2
            return 1
        }
        count=$((count + 1))
    done
    [[ $(find "$dir" -maxdepth 1 -name '*.shtb' | wc -l) == "$count" ]] || {
        echo "slurm-check: $dir holds other tables than the one-process build" >&2
        return 1
    }
    echo "$count"
}

# 2. One process, then Slurm.
"$shashki" egtb build --pieces "$pieces" --tablebases "$work/ref" >/dev/null 2>&1
say "one-process build: $(ls "$work/ref" | wc -l) tables up to $pieces pieces"
"$shashki" egtb plan --pieces "$pieces" --format slurm --tablebases "$work/tb" >"$work/plan.sh"
(cd / && bash "$work/plan.sh") | tail -n 1
drain 900
say "Slurm build: $(same_tables "$work/tb") tables byte-identical to the one-process build"

# 3. A job cancelled while it runs, and the script run again. The victim is the last slice with
#    one piece less than the largest: the largest slices wait for it.
victim=$(awk -v n="$((pieces - 1))" '$1 == "slice" { k = $2; gsub(/[^KM]/, "", k); if (length(k) == n) v = $2 } END { print v }' "$work/plan.sh")
cat >"$work/slow-shashki" <<EOF
#!/usr/bin/env bash
# The program, but the build of $victim waits first (so that it can be cancelled while it runs).
if [[ " \$* " == *" --slice $victim "* ]]; then sleep 600; fi
exec $shashki "\$@"
EOF
chmod +x "$work/slow-shashki"
"$shashki" egtb plan --pieces "$pieces" --format slurm --tablebases "$work/tb2" >"$work/plan2.sh"
(cd / && SHASHKI=$work/slow-shashki bash "$work/plan2.sh") | tail -n 1
job=
for _ in $(seq 300); do
    job=$(squeue --me --noheader --states=RUNNING --name="shashki-egtb-$victim" --format=%i)
    [[ -n $job ]] && break
    sleep 1
done
[[ -n $job ]] || { echo "slurm-check: the job of $victim never ran" >&2; exit 1; }
scancel "$job"
drain 900
ready=$("$shashki" egtb status --pieces "$pieces" --slices --tablebases "$work/tb2" | grep -c ' ready$' || true)
total=$(grep -c '^slice ' "$work/plan2.sh")
((ready < total)) || { echo "slurm-check: the set was complete although $victim was cancelled" >&2; exit 1; }
say "cancelled job $job ($victim) while it ran: $ready of $total slices complete"
(cd / && bash "$work/plan2.sh") | tail -n 1
drain 900
say "run again: $(same_tables "$work/tb2") tables byte-identical to the one-process build"

# 4. A match split into 4 tasks of 4 games.
(cd "$work" && "$shashki" match default baseline --movetime 10 --games 16 --concurrency 1 \
    --slurm 4 --out "$work/match") | head -n 1
drain 900
report=$work/match/report.txt
[[ -s $report ]] || { echo "slurm-check: no merged report; the logs:" >&2; tail -n 5 "$work"/match/logs/* >&2; exit 1; }
head -n 2 "$report"
grep -q '^default vs baseline: 16 games ' "$report" || { echo "slurm-check: the merged report does not count 16 games" >&2; exit 1; }
openings=$(cat "$work"/match/task-*.json | grep -o '"opening": [0-9]*' | sort | uniq -c)
[[ $(wc -l <<<"$openings") == 8 ]] && ! grep -qv '^ *2 ' <<<"$openings" || {
    echo "slurm-check: not every one of 8 openings was played twice:" >&2
    echo "$openings" >&2
    exit 1
}
[[ $(cat "$work"/match/task-*.pdn | grep -c '^\[Event ') == 16 ]] || { echo "slurm-check: the tasks' PDN files do not hold 16 games" >&2; exit 1; }
say "split match merged: 16 games, 8 openings each played twice, 16 games in the PDN files"
say "passed"
