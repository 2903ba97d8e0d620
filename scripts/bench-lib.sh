# What scripts/bench.sh and scripts/bench-library.sh share: sourced, not run.
# Starts tauri-driver on a port of its own with a data folder of its own (the
# bench never touches the real library), and ends it and that folder on exit.
#
#   source "$ROOT/scripts/bench-lib.sh"
#   bench_need_display "$0" "$@"   # before anything else: takes a virtual display if there is none
#   bench_begin                    # BENCH_TMP: a temporary folder, removed on exit
#   bench_start_driver             # tauri-driver, its apps' data in $BENCH_TMP/data
#   node scripts/....mjs           # WEBDRIVER_URL, BENCH_DRIVER_PID and BENCH_TMP are exported
#
# The apps started under tauri-driver keep their library in
# $BENCH_TMP/data/org.bagless.desktop/bagless.sqlite (XDG_DATA_HOME).

bench_die() {
  echo "bench: $*" >&2
  exit 1
}

# Windows need a display: take a virtual one when there is none (runs the
# calling script again under xvfb-run). It is kept between the apps' starts,
# as a desktop session's display is: by default Xvfb starts afresh each time
# its last window closes, and GTK then sets up OpenGL again at every start to
# choose its windows' visuals (10 ms of the empty window's start-up here, 30
# of Bagless's: README, "Where a start's time goes"), which a desktop's
# display remembers from its first GTK app (GDK_VISUALS). xvfb-run's own
# screen, with -noreset.
: "${BENCH_XVFB_ARGS:=-screen 0 1280x1024x24 -noreset}"
bench_need_display() {
  if [[ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    command -v xvfb-run >/dev/null || bench_die "no display and no xvfb-run (run: make setup)"
    exec xvfb-run -a -s "$BENCH_XVFB_ARGS" "$@"
  fi
  command -v tauri-driver >/dev/null || bench_die "tauri-driver missing (run: make setup)"
  command -v WebKitWebDriver >/dev/null || bench_die "WebKitWebDriver missing (run: make setup)"
}

bench_port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

BENCH_DRIVER_PID=""
BENCH_TMP=""

bench_cleanup() {
  if [[ -n "$BENCH_DRIVER_PID" ]] && kill -0 "$BENCH_DRIVER_PID" 2>/dev/null; then
    # tauri-driver runs in its own process group (setsid): end it and whatever it started.
    kill -TERM -- "-$BENCH_DRIVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$BENCH_DRIVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$BENCH_DRIVER_PID" 2>/dev/null || true
  fi
  if [[ -n "$BENCH_TMP" ]]; then rm -rf "$BENCH_TMP"; fi
}

# A temporary folder for the run (BENCH_TMP), removed on exit with the driver.
bench_begin() {
  BENCH_TMP="$(mktemp -d -t bagless-bench.XXXXXX)"
  export BENCH_TMP
  mkdir -p "$BENCH_TMP/data" "$BENCH_TMP/cache" "$BENCH_TMP/config"
  trap bench_cleanup EXIT
  trap 'exit 130' INT TERM
}

# tauri-driver on BENCH_PORT (default 4454; 4444 is the end-to-end tests'),
# with XDG folders in BENCH_TMP. Exports WEBDRIVER_URL and BENCH_DRIVER_PID.
bench_start_driver() {
  local port="${BENCH_PORT:-4454}"
  local native_port=$((port + 1))
  bench_port_open "$port" && bench_die "port $port is already in use (set BENCH_PORT)"
  bench_port_open "$native_port" && bench_die "port $native_port is already in use (set BENCH_PORT)"
  XDG_DATA_HOME="$BENCH_TMP/data" XDG_CACHE_HOME="$BENCH_TMP/cache" XDG_CONFIG_HOME="$BENCH_TMP/config" \
    setsid tauri-driver --port "$port" --native-port "$native_port" >"$BENCH_TMP/driver.log" 2>&1 &
  BENCH_DRIVER_PID=$!
  # tauri-driver starts its WebKitWebDriver at once: both must listen.
  for _ in $(seq 1 100); do
    bench_port_open "$port" && bench_port_open "$native_port" && break
    kill -0 "$BENCH_DRIVER_PID" 2>/dev/null || { cat "$BENCH_TMP/driver.log" >&2; bench_die "tauri-driver exited at start"; }
    sleep 0.1
  done
  bench_port_open "$port" && bench_port_open "$native_port" ||
    { cat "$BENCH_TMP/driver.log" >&2; bench_die "tauri-driver did not listen on port $port, or its WebKitWebDriver on port $native_port"; }
  export WEBDRIVER_URL="http://127.0.0.1:$port" BENCH_DRIVER_PID
}

# The app and the `bagless` command, with the empty window in the same cargo
# run (their shared libraries get the same features): once with Bagless's
# release profile, and once as the reference every figure is set beside
# (Cargo.toml's `reference` profile, the release profile as issue 31
# measured it, every Tauri command kept).
bench_build_apps() {
  # As the Makefile builds it: the Tauri commands no capability allows left out.
  REMOVE_UNUSED_COMMANDS="${REMOVE_UNUSED_COMMANDS:-$(cd "$ROOT" && pwd -P)/src-tauri}"
  export REMOVE_UNUSED_COMMANDS
  local features=bagless-desktop/custom-protocol,empty-window/custom-protocol
  cargo build --release -p bagless-desktop -p bagless-cli -p empty-window --features "$features"
  env -u REMOVE_UNUSED_COMMANDS cargo build --profile reference -p bagless-desktop -p bagless-cli -p empty-window --features "$features"
}
