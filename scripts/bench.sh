#!/usr/bin/env bash
# Speed and size of Bagless next to an empty Tauri 2 window
# (tests/fixtures/empty-window): start-up to the first screen and idle memory,
# each app started BENCH_RUNS times (default 5), plus the UI's gzipped
# JavaScript and the release binaries. Prints a table; never fails on a
# figure, only when something cannot be measured.
#
#   scripts/bench.sh        (make bench runs it after building the UI and the app)
#
# Figures taken while other builds run on the machine are slower and noisier:
# look at the load average printed first.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

die() { echo "bench: $*" >&2; exit 1; }

# Windows need a display: take a virtual one when there is none.
if [[ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
  command -v xvfb-run >/dev/null || die "no display and no xvfb-run (run: make setup)"
  exec xvfb-run -a "$0" "$@"
fi
command -v tauri-driver >/dev/null || die "tauri-driver missing (run: make setup)"
command -v WebKitWebDriver >/dev/null || die "WebKitWebDriver missing (run: make setup)"
[[ -d ui/dist/assets ]] || die "ui/dist is missing (run: make ui)"

# Both apps in one cargo run, with the same features, so the empty window
# shares every compiled dependency with the app `make build` made.
cargo build --release -p bagless-desktop -p empty-window \
  --features bagless-desktop/custom-protocol,empty-window/custom-protocol

# Ports of their own, so that end-to-end tests running beside this (on 4444)
# do not collide with it.
PORT="${BENCH_PORT:-4454}"
NATIVE_PORT=$((PORT + 1))
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port_open "$PORT" && die "port $PORT is already in use (set BENCH_PORT)"

TMP="$(mktemp -d -t bagless-bench.XXXXXX)"
DRIVER_PID=""
cleanup() {
  if [[ -n "$DRIVER_PID" ]] && kill -0 "$DRIVER_PID" 2>/dev/null; then
    # tauri-driver runs in its own process group (setsid): end it and whatever it started.
    kill -TERM -- "-$DRIVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$DRIVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$DRIVER_PID" 2>/dev/null || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A data folder of its own: the bench never touches the real library.
mkdir -p "$TMP/data" "$TMP/cache" "$TMP/config"
XDG_DATA_HOME="$TMP/data" XDG_CACHE_HOME="$TMP/cache" XDG_CONFIG_HOME="$TMP/config" \
  setsid tauri-driver --port "$PORT" --native-port "$NATIVE_PORT" >"$TMP/driver.log" 2>&1 &
DRIVER_PID=$!
for _ in $(seq 1 100); do
  port_open "$PORT" && break
  kill -0 "$DRIVER_PID" 2>/dev/null || { cat "$TMP/driver.log" >&2; die "tauri-driver exited at start"; }
  sleep 0.1
done
port_open "$PORT" || { cat "$TMP/driver.log" >&2; die "tauri-driver did not listen on port $PORT"; }

echo "bench: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
WEBDRIVER_URL="http://127.0.0.1:$PORT" BENCH_DRIVER_PID="$DRIVER_PID" BENCH_TMP="$TMP" \
  node scripts/bench-window.mjs || { tail -n 40 "$TMP/driver.log" >&2; die "the measurement failed"; }
