#!/usr/bin/env bash
# The web (issue 53): the library for wasm32-unknown-unknown and a 32-bit target
# (i686-unknown-linux-gnu), with its default features and with `tablebases` (a check of the
# library alone: lean); then the npm package (web/README.md): its release build, its tests under
# node and in headless Chromium; then the game's page (web/site/, a debug build) played in
# headless Chromium. Installs what is missing, as .ci/run does for cargo-fuzz: the two
# Rust targets, gcc-multilib (zstd's C code for i686), wasm-bindgen-cli of Cargo.lock's version,
# node, chromium, the package's node modules. A part whose tools cannot be installed
# (no registry) is skipped with a message; the library's checks never are.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
    command -v apt-get >/dev/null || return 1
    # The package lists of a fresh machine may be missing or old.
    (apt-get update -qq || true) >/dev/null 2>&1
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

for target in wasm32-unknown-unknown i686-unknown-linux-gnu; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
done
if ! printf '#include <string.h>\nint f(void) { return 0; }\n' | cc -m32 -x c -c -o /dev/null - 2>/dev/null; then
    apt_install gcc-multilib
fi
for target in wasm32-unknown-unknown i686-unknown-linux-gnu; do
    for features in default tablebases; do
        echo "library: $target, features $features"
        # Warnings fail too (through the output, as in .ci/features.sh).
        out=$(cargo check -q -p shashki --lib --target "$target" --features "$features" 2>&1) || {
            echo "$out"
            exit 1
        }
        if [[ -n $out ]]; then
            echo "$out"
            exit 1
        fi
    done
done

# The npm package.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
# Without --locked: one of its locked dependencies is no longer in the registry.
if [ "$have" != "$want" ] && ! cargo install wasm-bindgen-cli --version "$want"; then
    echo "wasm-bindgen-cli $want is not available: the npm package's build and tests are skipped"
    exit 0
fi
command -v node >/dev/null || apt_install nodejs npm || true
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "node and npm are not available: the npm package's tests are skipped"
    exit 0
fi
bash web/build.sh
(cd web/package && npm ci --no-audit --no-fund --loglevel=error && npm test)
command -v chromium >/dev/null || apt_install chromium || true
if ! command -v chromium >/dev/null; then
    echo "chromium is not available: the browser tests (package and game page) are skipped"
    exit 0
fi
(cd web/package && CHROMIUM="$(command -v chromium)" npm run test:browser)

# The game's page (web/site/): the debug build of the game for wasm32 (the release build takes
# far longer on two cores), then the page played in headless Chromium (e2e.test.mjs).
started=$SECONDS
bash web/site/build.sh --dev
echo "web site: dev build in $((SECONDS - started)) s"
CHROMIUM="$(command -v chromium)" node --test web/site/test/e2e.test.mjs
# The game's wasm build is large and nothing after this needs it (CI's disk is small).
rm -rf "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/debug"
