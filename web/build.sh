#!/usr/bin/env bash
# Builds the npm package in web/package/: the library compiled to WebAssembly (profile
# wasm-release), wasm-bindgen's ES module and TypeScript types in web/package/dist/. Needs the
# wasm32-unknown-unknown target and the wasm-bindgen-cli of Cargo.lock's wasm-bindgen version
# (web/README.md says how to install them).
#
# Usage: bash web/build.sh [--no-book] [--out DIR]
#   --no-book  leave the opening book out (the package is smaller; Engine plays without one)
#   --out DIR  write the generated files to DIR instead of web/package/dist
set -euo pipefail
cd "$(dirname "$0")/.."
features=()
out=web/package/dist
while [ $# -gt 0 ]; do
    case "$1" in
        --no-book) features=(--no-default-features --features encodings) ;;
        --out) out="$2"; shift ;;
        *) echo "build.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    echo "build.sh: wasm-bindgen $want is needed (found: ${have:-none});" \
        "cargo install wasm-bindgen-cli --version $want" >&2
    exit 1
fi
cargo build -p shashki-web --lib --target wasm32-unknown-unknown --profile wasm-release \
    "${features[@]}"
rm -rf "$out"
wasm-bindgen --target web --out-dir "$out" --out-name shashki \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm-release/shashki_web.wasm"
# No wasm-opt: Debian's binaryen (version 108) breaks wasm-bindgen's externref table (the module
# then fails to start), and where it works it saves 4 % of the gzipped size (web/README.md).
ls -l "$out"
