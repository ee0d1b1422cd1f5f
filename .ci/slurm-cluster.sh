#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for tests and measurements (needs root).
#
#   bash .ci/slurm-cluster.sh start DIR   # prints the line to source: export SLURM_CONF=DIR/slurm.conf
#   bash .ci/slurm-cluster.sh stop DIR
#
# `start` installs the Slurm and munge packages if they are missing (exit code 3 when they cannot
# be installed), writes a munge key and a slurm.conf naming this host (`hostname -s`) with its
# cores and memory (`slurmd -C`) at 127.0.0.1 (no name lookup needed), all state, sockets and
# logs under DIR, picks two free TCP ports, and starts munged, slurmctld and slurmd as root; it
# returns once the node accepts jobs.
# `stop` ends those three daemons (by the pids they wrote under DIR), nothing else.
set -euo pipefail
action=${1:?usage: slurm-cluster.sh start|stop DIR}
dir=${2:?usage: slurm-cluster.sh start|stop DIR}

stop() {
    local name pid
    for name in slurmd slurmctld munged; do
        if [[ -s $dir/$name.pid ]]; then
            pid=$(<"$dir/$name.pid")
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.1
            done
            rm -f "$dir/$name.pid"
        fi
    done
}

if [[ $action == stop ]]; then
    stop
    exit 0
fi
[[ $action == start ]] || { echo "usage: slurm-cluster.sh start|stop DIR" >&2; exit 2; }

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends slurm-wlm munge; } >&2; then
        echo "slurm-cluster: the slurm-wlm and munge packages cannot be installed" >&2
        exit 3
    fi
fi
mkdir -p "$dir"/{munge,state,spool,log}
dir=$(cd "$dir" && pwd)
# munged wants its key and directories private to the user it runs as (root here).
chmod 700 "$dir/munge"
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed"

# Two ports nobody listens on (another cluster may run on this machine).
free_port() {
    local port
    for port in $(shuf -i 20000-60000 -n 50); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && [[ $port != "${1:-}" ]]; then
            echo "$port"
            return
        fi
    done
    return 1
}
ctld_port=$(free_port)
slurmd_port=$(free_port "$ctld_port")
host=$(hostname -s)
node=$(slurmd -C | head -1)
cpus=$(sed -n 's/.*CPUs=\([0-9]*\).*/\1/p' <<<"$node")
memory=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$node")
cat >"$dir/slurm.conf" <<EOF
ClusterName=shashki
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=5
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/log/jobcomp.txt
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 120); do
    if sinfo --noheader --format=%T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
        echo "export SLURM_CONF=$SLURM_CONF"
        exit 0
    fi
    sleep 0.5
done
echo "slurm-cluster: the node did not come up; logs in $dir/log" >&2
tail -n 20 "$dir"/log/*.log >&2 || true
stop
exit 1
