#!/usr/bin/env bash
# End-to-end tests through the real window.
#
#   tests/e2e/run.sh [path/to/bagless-desktop]   (default target/release/bagless-desktop)
#
# For each tests/e2e/*.spec.mjs: make a fresh XDG_DATA_HOME, start tauri-driver
# with it (the app inherits it), wait for its port, run the spec with node,
# stop tauri-driver. Fails if any spec fails. Needs a display: run it under
# `xvfb-run -a` when DISPLAY is unset (the Makefile does).
# Screenshots go to target/e2e-artifacts/.
#
# The runs (each spec in each language) are jobs on one queue that
# E2E_JOBS workers (default 2) take in turn (E2E_JOBS=1 runs them one after
# the other): a spec mostly waits on the window, so two share two cores
# well. Each worker has its own ports, data, D-Bus session and path to the
# app (a link of its own, so that looking for its app's process never finds
# the other worker's).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

BIN="${1:-target/release/bagless-desktop}"
[[ "$BIN" = /* ]] || BIN="$ROOT/$BIN"
PORT=4444
NATIVE_PORT=4445
ARTIFACTS="$ROOT/target/e2e-artifacts"
SPEC_TIMEOUT="${E2E_SPEC_TIMEOUT:-300}"

die() { echo "e2e: $*" >&2; exit 1; }
[[ -x "$BIN" ]] || die "app binary not found: $BIN (build it with: make build)"
command -v tauri-driver >/dev/null || die "tauri-driver missing (run: make setup)"
command -v WebKitWebDriver >/dev/null || die "WebKitWebDriver missing (apt package webkit2gtk-driver; run: make setup)"
[[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]] || die "no display: run under xvfb-run -a"
command -v node >/dev/null || die "node missing"
# The phones' spec gives each phone a 360×640 screen of its own.
command -v Xvfb >/dev/null || die "Xvfb missing (apt package xvfb; run: make setup)"

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }
native_open() { (exec 3<>"/dev/tcp/127.0.0.1/$NATIVE_PORT") 2>/dev/null; }

mkdir -p "$ARTIFACTS"
TMP_ROOT="$(mktemp -d -t bagless-e2e.XXXXXX)"
DRIVER_PID=""
LOG=""

kill_driver() {
  if [[ -n "$DRIVER_PID" ]] && kill -0 "$DRIVER_PID" 2>/dev/null; then
    # tauri-driver runs in its own process group (setsid): end it and its
    # WebKitWebDriver and any app it started.
    kill -TERM -- "-$DRIVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$DRIVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$DRIVER_PID" 2>/dev/null || true
    wait "$DRIVER_PID" 2>/dev/null || true
  fi
  DRIVER_PID=""
  # Both ports let go, WebKitWebDriver's too: the next spec's would not
  # listen on a port still held, and its every session would be refused.
  for _ in $(seq 1 50); do { port_open || native_open; } || break; sleep 0.1; done
}
stop_driver() {
  kill_driver
  stop_bus
  [[ -z "${PIDS:-}" ]] || rm -f "$PIDS"
}
WORKERS=()
cleanup() {
  stop_driver
  # Workers still running (the run was stopped): each is stopped, then the
  # driver and bus it last started (they run in sessions of their own, out
  # of its reach once it is gone).
  for worker in "${WORKERS[@]}"; do
    kill -TERM "${worker%%:*}" 2>/dev/null || true
    wait "${worker%%:*}" 2>/dev/null || true
  done
  for pids in "$TMP_ROOT"/*.pids; do
    read -r driver bus <"$pids" || continue
    [[ -n "$driver" ]] && kill -KILL -- "-$driver" 2>/dev/null || true
    [[ -n "${bus:-}" ]] && kill "$bus" 2>/dev/null || true
  done
  if [[ -n "${KEEP_E2E_DATA:-}" ]]; then echo "e2e: data kept in $TMP_ROOT"; else rm -rf "$TMP_ROOT"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Each spec gets a D-Bus session bus of its own, as a desktop session has
# (GTK and WebKit look for one), and no spec's app is found on it by the
# next one. (A second start finds the running window through its data
# folder, not the bus: src-tauri/src/one_window.rs.)
BUS_PID=""
start_bus() {
  if command -v dbus-daemon >/dev/null; then
    local out
    out="$(dbus-daemon --session --fork --print-address=1 --print-pid=1)"
    export DBUS_SESSION_BUS_ADDRESS="$(sed -n 1p <<<"$out")"
    BUS_PID="$(sed -n 2p <<<"$out")"
  fi
}
stop_bus() {
  [[ -n "$BUS_PID" ]] && kill "$BUS_PID" 2>/dev/null || true
  BUS_PID=""
  unset DBUS_SESSION_BUS_ADDRESS
}

start_driver() { # $1 = data home
  local data_home="$1"
  mkdir -p "$data_home" "$data_home.cache" "$data_home.config"
  LOG="$data_home.driver.log"
  # The file choosers of the e2e build read their answer from this file, and
  # paths written to the second are dropped onto its window.
  export BAGLESS_E2E_CHOOSER="$data_home.chooser"
  export BAGLESS_E2E_DROP="$data_home.drop"
  start_bus
  # tauri-driver starts its WebKitWebDriver at once: both must listen. One
  # that did not (its port still held a moment by the last spec's) is
  # started again, once.
  for attempt in 1 2; do
    XDG_DATA_HOME="$data_home" XDG_CACHE_HOME="$data_home.cache" XDG_CONFIG_HOME="$data_home.config" \
      setsid tauri-driver --port "$PORT" --native-port "$NATIVE_PORT" >"$LOG" 2>&1 &
    DRIVER_PID=$!
    # For the cleanup, should this worker be stopped on the way.
    echo "$DRIVER_PID ${BUS_PID:-}" >"$PIDS"
    for _ in $(seq 1 100); do
      port_open && native_open && return 0
      kill -0 "$DRIVER_PID" 2>/dev/null || { cat "$LOG" >&2; die "tauri-driver exited at start"; }
      sleep 0.1
    done
    [[ $attempt -eq 1 ]] || break
    echo "e2e: tauri-driver (port $PORT) or its WebKitWebDriver (port $NATIVE_PORT) did not listen within 10 s: started again" >&2
    kill_driver
  done
  cat "$LOG" >&2
  die "tauri-driver did not listen on port $PORT, or its WebKitWebDriver on port $NATIVE_PORT, within 10 s"
}

shopt -s nullglob
# E2E_ONLY=board runs tests/e2e/board.spec.mjs alone.
SPECS=(tests/e2e/${E2E_ONLY:-*}.spec.mjs)
[[ ${#SPECS[@]} -gt 0 ]] || die "no spec in tests/e2e/"

# Every spec runs once per language (E2E_LOCALES="en" for English only);
# French screenshots go to target/e2e-artifacts/fr/. The runs are jobs on
# one queue, the slowest first, which E2E_JOBS workers (default 2) take in
# turn as each ends its last: a spec mostly waits on the window, so two
# share two cores well, and neither waits idle at the end while the other
# still has a language's worth of specs to go. A worker's output goes to
# a log printed when it ends, its tally to a file.
read -ra LOCALES <<<"${E2E_LOCALES:-en fr}"
[[ ${#LOCALES[@]} -gt 0 ]] || die "no language in E2E_LOCALES"
# The specs that take longest (each over a minute on 2 cores), started first
# so that the run ends with short ones; the rest in name order.
SLOW_FIRST=(ipc-speed seats risk-story story a11y risk board diary seats-chromium memory nation)
JOBS=()
for slow in "${SLOW_FIRST[@]}"; do
  for spec in "${SPECS[@]}"; do
    [[ "$(basename "$spec" .spec.mjs)" = "$slow" ]] || continue
    for locale in "${LOCALES[@]}"; do JOBS+=("$locale $spec"); done
  done
done
for spec in "${SPECS[@]}"; do
  [[ " ${SLOW_FIRST[*]} " = *" $(basename "$spec" .spec.mjs) "* ]] && continue
  for locale in "${LOCALES[@]}"; do JOBS+=("$locale $spec"); done
done
echo 0 >"$TMP_ROOT/queue.next"
# The next job's number, taken under a lock (-1 when none is left).
next_job() {
  local n
  {
    flock 9
    n="$(cat "$TMP_ROOT/queue.next")"
    echo $((n + 1)) >"$TMP_ROOT/queue.next"
  } 9>"$TMP_ROOT/queue.lock"
  if [[ $n -lt ${#JOBS[@]} ]]; then echo "$n"; else echo -1; fi
}

run_worker() { # $1 = its first port, $2 = the worker's number
  PORT="$1"
  NATIVE_PORT=$(($1 + 1))
  PIDS="$TMP_ROOT/worker-$2.pids"
  port_open && die "port $PORT is already in use (another tauri-driver?)"
  (exec 3<>"/dev/tcp/127.0.0.1/$NATIVE_PORT") 2>/dev/null && die "port $NATIVE_PORT is already in use (another WebKitWebDriver?)"
  export WEBDRIVER_URL="http://127.0.0.1:$PORT"
  local bin="$TMP_ROOT/worker-$2/bagless-desktop"
  mkdir -p "$TMP_ROOT/worker-$2"
  ln -s "$BIN" "$bin"
  local passed=0 failed=0 failed_names=() job locale spec
  for (( ; ; )); do
    job="$(next_job)"
    [[ $job -ge 0 ]] || break
    locale="${JOBS[$job]%% *}"
    spec="${JOBS[$job]#* }"
    local name data_home artifacts started
    name="$(basename "$spec" .spec.mjs)"
    data_home="$TMP_ROOT/worker-$2/$name-$locale/data"
    artifacts="$ARTIFACTS"
    [[ "$locale" = en ]] || artifacts="$ARTIFACTS/$locale"
    mkdir -p "$artifacts"
    name="$name ($locale)"
    echo "e2e: $name"
    started=$SECONDS
    start_driver "$data_home"
    if BAGLESS_BIN="$bin" E2E_ARTIFACTS="$artifacts" E2E_DATA_HOME="$data_home" E2E_LOCALE="$locale" \
       timeout --kill-after=10 "$SPEC_TIMEOUT" node --test-reporter=spec "$spec" 2>&1 | tee "$data_home.spec.log"; then
      passed=$((passed + 1))
    else
      local status=${PIPESTATUS[0]}
      failed=$((failed + 1)); failed_names+=("$name")
      # Why it failed, said again at the very end (where a CI log's tail is):
      # that the spec ran out of time (or was killed); the failing tests'
      # messages, their stacks without Node's and the harness's own lines;
      # or, when no test failed (the spec stopped outside one), the last
      # lines it wrote.
      local why
      why=$(sed -n '/failing tests:/,$p' "$data_home.spec.log" | grep -Ev '^ +at (.*node:|(.*/)?harness\.mjs)' || true)
      [[ -n "$why" ]] || why=$(tail -n 15 "$data_home.spec.log")
      {
        echo "e2e: $name:"
        if [[ $status -eq 124 || $status -eq 137 ]]; then
          echo "  stopped: the spec did not end within its time limit (E2E_SPEC_TIMEOUT=${SPEC_TIMEOUT}), or was killed"
        fi
        echo "$why"
      } >>"$TMP_ROOT/worker-$2.failures"
      echo "e2e: $name FAILED; tauri-driver log:" >&2
      tail -n 40 "$LOG" >&2 || true
    fi
    stop_driver
    # Each job's time, printed at the end: which spec to start first.
    printf '%5d s  %s\n' $((SECONDS - started)) "$name" >>"$TMP_ROOT/worker-$2.times"
  done
  printf '%s\n' "$passed" "$failed" "${failed_names[@]}" >"$TMP_ROOT/worker-$2.tally.part"
  mv "$TMP_ROOT/worker-$2.tally.part" "$TMP_ROOT/worker-$2.tally"
}

WORKER_COUNT="${E2E_JOBS:-2}"
[[ $WORKER_COUNT -ge 1 ]] || die "E2E_JOBS must be at least 1"
[[ $WORKER_COUNT -le ${#JOBS[@]} ]] || WORKER_COUNT=${#JOBS[@]}
# The first worker's port (E2E_PORT; the next worker's is 2 above): another
# run on the same machine takes 4444 and 4446.
port="${E2E_PORT:-4444}"
# The first worker says its progress as it goes; the others' logs follow
# when they end, so that no two specs' lines mix.
for ((n = 1; n <= WORKER_COUNT; n++)); do
  if [[ $n -eq 1 ]]; then
    log=-
    ( trap stop_driver EXIT; trap 'exit 130' INT TERM; run_worker "$port" "$n" ) &
  else
    log="$TMP_ROOT/worker-$n.log"
    ( trap stop_driver EXIT; trap 'exit 130' INT TERM; run_worker "$port" "$n" ) >"$log" 2>&1 &
  fi
  WORKERS+=("$!:$log")
  port=$((port + 2))
done
for worker in "${WORKERS[@]}"; do
  wait "${worker%%:*}" || true
  log="${worker##*:}"
  [[ "$log" = - ]] || cat "$log"
done
WORKERS=()

passed=0 failed=0 failed_names=()
for ((n = 1; n <= WORKER_COUNT; n++)); do
  tally="$TMP_ROOT/worker-$n.tally"
  if [[ ! -f "$tally" ]]; then
    failed=$((failed + 1)); failed_names+=("worker $n's run (it stopped before its end)")
    continue
  fi
  mapfile -t lines <"$tally"
  passed=$((passed + lines[0])); failed=$((failed + lines[1]))
  failed_names+=("${lines[@]:2}")
done
# The jobs that ran, the slowest first.
echo "e2e: each spec's time:"
cat "$TMP_ROOT"/worker-*.times 2>/dev/null | sort -rn | sed 's/^/  /' || true
# A job no worker took (a worker stopped on the way) is a failure.
taken="$(cat "$TMP_ROOT/queue.next")"
if [[ $taken -lt ${#JOBS[@]} ]]; then
  failed=$((failed + ${#JOBS[@]} - taken)); failed_names+=("$((${#JOBS[@]} - taken)) specs no worker ran")
fi

echo "e2e: screenshots in $ARTIFACTS"
if [[ $failed -ne 0 ]]; then
  for failures in "$TMP_ROOT"/worker-*.failures; do [[ -f "$failures" ]] && cat "$failures" >&2; done
  echo "e2e: failed specs: ${failed_names[*]}" >&2
fi
echo "e2e: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
