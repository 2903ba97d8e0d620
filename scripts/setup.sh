#!/usr/bin/env bash
# Install what Bagless needs to build, run and test on Debian 12.
# Idempotent: every step is skipped when its result is already there.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# A Node.js that scripts/node.sh installed comes first (the Makefile does the same).
export PATH="$ROOT/.tools/node/bin:$HOME/.cargo/bin:$PATH"

log() { echo "setup: $*"; }

APT_PACKAGES=(
  libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libayatana-appindicator3-dev
  libsoup-3.0-dev libjavascriptcoregtk-4.1-dev build-essential pkg-config
  libssl-dev xvfb xauth webkit2gtk-driver dbus-daemon dbus-bin
  # The players' phones in Chromium too (issue 56: most phones at a table
  # run Chrome): Debian's own browser and its WebDriver.
  chromium chromium-driver
)

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then SUDO=(sudo); fi

# 0. The tools built from source (tauri-driver for the end-to-end tests,
# cargo-mutants for make test's mutation step and make mutants) need only
# cargo: they build in the background, one after the other, while the
# system packages and the UI's dependencies download (steps 1-3), and are
# waited for at the end. A fresh machine gains the downloads' minutes.
command -v cargo >/dev/null || { echo "setup: cargo not found: install Rust (rustup) first" >&2; exit 1; }
TOOLS_LOG="$(mktemp -t bagless-setup-tools.XXXXXX)"
install_tools() {
  if command -v tauri-driver >/dev/null; then
    log "tauri-driver present"
  else
    log "installing tauri-driver"
    cargo install tauri-driver --version '^2' --locked
  fi
  if command -v cargo-mutants >/dev/null; then
    log "cargo-mutants present"
  else
    log "installing cargo-mutants"
    cargo install cargo-mutants --version '^27' --locked
  fi
}
install_tools >"$TOOLS_LOG" 2>&1 &
TOOLS_PID=$!
# Stopped with the setup, should a step fail on the way.
trap 'pkill -TERM -P "$TOOLS_PID" 2>/dev/null; kill "$TOOLS_PID" 2>/dev/null || true' EXIT

# 1. System packages, with Python's venv when Node.js has to be installed
# through it (step 2).
mapfile -t NODE_APT < <("$ROOT/scripts/node.sh" --apt-packages)
missing=()
for pkg in "${APT_PACKAGES[@]}" "${NODE_APT[@]}"; do
  dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$pkg")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  log "installing system packages: ${missing[*]}"
  "${SUDO[@]}" apt-get update
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
else
  log "system packages present"
fi

# 2. A Node.js that the UI's tools accept (their engines in
# ui/package-lock.json): the one on PATH, or one installed into .tools/node.
"$ROOT/scripts/node.sh"

# 3. UI dependencies, from the lock file.
UI="$ROOT/ui"
if [[ ! -d "$UI/node_modules" || "$UI/package-lock.json" -nt "$UI/node_modules/.package-lock.json" ]]; then
  log "npm ci in ui/"
  (cd "$UI" && npm ci --no-audit --no-fund)
else
  log "ui/node_modules up to date"
fi

# 4. The tools of step 0, waited for.
if wait "$TOOLS_PID"; then
  trap - EXIT
  grep '^setup:' "$TOOLS_LOG" || true
  rm -f "$TOOLS_LOG"
else
  trap - EXIT
  cat "$TOOLS_LOG" >&2
  rm -f "$TOOLS_LOG"
  echo "setup: installing tauri-driver or cargo-mutants failed (above)" >&2
  exit 1
fi
