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
# A release page leaves out the functions' names (23 of the 61 MB; 3.6 MB of gzip) and the
# producers' list; a debug page keeps them for the browser console's backtraces.
strip=()
if [ "$profile" != dev ]; then
    strip=(--remove-name-section --remove-producers-section)
fi
wasm-bindgen --target web --no-typescript "${strip[@]}" --out-dir "$out" --out-name shashki-game \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$folder/shashki-game.wasm"
cp web/site/index.html "$out/"
bash web/build.sh --out "$out/engine/dist"
cp web/package/index.js web/package/worker.js web/package/engine-worker.js "$out/engine/"
du -sh "$out"
