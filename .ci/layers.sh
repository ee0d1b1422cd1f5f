#!/usr/bin/env bash
# The library's layers import only downwards: rules < formats < {eval, search, book, egtb} <
# protocol. Each line: a layer folder under engine/src and the layers it must not import from.
set -euo pipefail
cd "$(dirname "$0")/../engine/src"
status=0
check() {
    local layer=$1 forbidden=$2
    local hits
    hits=$(grep -rnE "crate::($forbidden)\b" "$layer" || true)
    if [[ -n $hits ]]; then
        echo "layering: $layer/ imports from a layer above it:"
        echo "$hits"
        status=1
    fi
}
check rules 'formats|eval|search|book|egtb|protocol'
check formats 'eval|search|book|egtb|protocol'
check eval 'search|book|egtb|protocol'
check book 'protocol'
check egtb 'search|eval|book|protocol'
check search 'protocol'
check puzzles 'protocol'
[[ $status == 0 ]] && echo "layering: ok"
exit $status
