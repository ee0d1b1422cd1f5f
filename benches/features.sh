#!/usr/bin/env bash
# What each feature of the library costs: for no feature, each feature alone, the default set and
# all features, a clean `cargo build -p shashki` (dev profile) in a fresh target directory —
# wall seconds and CPU seconds (user + system, steadier than wall time on a shared machine) —
# then the size of the `analyse` example (the engine on a FEN) built in release with that set
# (`probe` for `tablebases`, whose example needs it). Prints a Markdown table
# (engine/README.md, "Features").
#
#   bash benches/features.sh [TARGET_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-/tmp/shashki-feature-cost}
echo "| features | clean build: wall s | CPU s | release example | size |"
echo "|---|---:|---:|---|---:|"
for set in "" book parallel encodings tablebases serde tuning puzzles svg default all; do
    case $set in
        default) args=(); name="default (book, parallel, encodings)" ;;
        all) args=(--all-features); name="all" ;;
        "") args=(--no-default-features); name="none" ;;
        *) args=(--no-default-features --features "$set"); name="$set" ;;
    esac
    example=analyse
    [[ $set == tablebases || $set == all ]] && example=probe
    rm -rf "$target" "$target.time"
    /usr/bin/time -f "%e %U %S" -o "$target.time" cargo build -q -p shashki "${args[@]}" \
        --target-dir "$target"
    read -r wall user sys <"$target.time"
    cargo build -q --release -p shashki "${args[@]}" --example "$example" --target-dir "$target"
    size=$(stat -c %s "$target/release/examples/$example")
    printf "| %s | %.0f | %.0f | %s | %.1f MB |\n" "$name" "$wall" "$(echo "$user + $sys" | bc)" \
        "$example" "$(echo "$size / 1000000" | bc -l)"
done
rm -rf "$target" "$target.time"
