#!/usr/bin/env bash
# Builds the game's static site in web/site/dist/: the Bevy game compiled to WebAssembly
# (WebGL2; profile wasm-game, or the dev profile with --dev), wasm-bindgen's loader, index.html,
# and the engine package (web/build.sh) in dist/engine/, whose Worker runs the game's searches.
# Serve the folder with any static web server, e.g. python3 -m http.server -d web/site/dist 8000
#
# Usage: bash web/site/build.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/../.."
profile=wasm-game
folder=wasm-game
if [ "${1:-}" = "--dev" ]; then
    profile=dev
    folder=debug
fi
out=web/site/dist
cargo build -p shashki-game --bin shashki-game --target wasm32-unknown-unknown --profile "$profile"
rm -rf "$out"
mkdir -p "$out/engine"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name shashki-game \
    "target/wasm32-unknown-unknown/$folder/shashki-game.wasm"
cp web/site/index.html "$out/"
# Which build this is (the e2e test reads it: a debug build's frames are too slow to time).
printf '{"profile": "%s"}\n' "$profile" > "$out/build.json"
bash web/build.sh --out "$out/engine/dist"
cp web/package/index.js web/package/worker.js web/package/engine-worker.js "$out/engine/"
du -sh "$out"
