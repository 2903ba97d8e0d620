#!/usr/bin/env bash
# Speed and size of Bagless next to an empty Tauri 2 window
# (tests/fixtures/empty-window): start-up to the first screen and idle memory,
# each app started BENCH_RUNS times (default 5), plus the UI's gzipped
# JavaScript (the first screen's too: scripts/first-screen-js.mjs) and the
# release binaries. Prints a table; never fails on a
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
# shellcheck source=scripts/bench-lib.sh
source "$ROOT/scripts/bench-lib.sh"

bench_need_display "$0" "$@"
[[ -d ui/dist/assets ]] || bench_die "ui/dist is missing (run: make ui)"

bench_build_apps
bench_begin
bench_start_driver

echo "bench: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
node scripts/first-screen-js.mjs
node scripts/bench-window.mjs || { tail -n 40 "$BENCH_TMP/driver.log" >&2; bench_die "the measurement failed"; }
