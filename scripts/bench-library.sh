#!/usr/bin/env bash
# How Bagless's costs grow with the library (issue 31): libraries of 1, 21
# and 101 games, built here from the committed fixtures (nothing large is
# committed), each measured with the release `bagless` command and in the
# window beside the empty Tauri window (tests/fixtures/empty-window).
#
#   scripts/bench-library.sh        (make bench runs it after scripts/bench.sh)
#
#   BENCH_RUNS            runs of each measure, the median kept (default 5)
#   BENCH_LIBRARY_SIZES   the libraries, in games (default "1 21 101")
#   BENCH_SETTLE_MS       idle time in the window before memory is read (default 3000)
#   BENCH_SKIP_BUILD=1    measure the binaries already built, as they are (the
#                         release app and command, target/reference/empty-window)
#   BENCH_KEEP_21=<path>  keep a copy of the library of 21 games there (make bench
#                         times every IPC command on it afterwards)
#   BENCH_LIBRARIES=<dir> keep the libraries built there, and take them from
#                         there the next time (building 101 games takes minutes)
#   BENCH_KEEP_STATIC=<dir> keep the static copies of the screens there (to time
#                         the copy with a part taken out: what its look costs)
#   BENCH_WINDOW_ONLY=1   measure only the window (start-up and memory), not
#                         the command
#
# The libraries: 1 game = tests/fixtures/risk-20000-events.bagless.json
# imported once; N > 1 games = the 5,000-event campaign of
# tests/fixtures/library-5000-events.sqlite plus N-1 imports of that RISK
# game (the next library starts from a copy of the one before). Each is
# built once, in a temporary folder, and copied for each measure; the user's
# library is never touched (the window's data folder is XDG_DATA_HOME in
# that folder). The window is started into the game played last, a RISK
# game (the last import), and, on the libraries with the campaign, into the
# campaign's diary too (the start issue 31 measured: the last campaign's
# diary), each in turns with the empty window. The command has no
# subcommand that only opens one game:
# `export` of the last game (which reads it whole) stands for it.
#
# Prints one table: rows = the measures, columns = the libraries and the
# empty window; start-up and memory as x of the empty window started in
# turn with Bagless on that library. Never fails on a figure, only when
# something cannot be measured. Figures taken while other builds run on the
# machine are slower and noisier: look at the load average printed first.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"
# shellcheck source=scripts/bench-lib.sh
source "$ROOT/scripts/bench-lib.sh"

bench_need_display "$0" "$@"
[[ -d ui/dist/assets ]] || bench_die "ui/dist is missing (run: make ui)"

RUNS="${BENCH_RUNS:-5}"
read -r -a SIZES <<<"${BENCH_LIBRARY_SIZES:-1 21 101}"
RISK_EXPORT="$ROOT/tests/fixtures/risk-20000-events.bagless.json"
CAMPAIGN_LIBRARY="$ROOT/tests/fixtures/library-5000-events.sqlite"
BAGLESS="$ROOT/target/release/bagless"
READY='[data-testid="risk-name"]'
DIARY_READY='[data-testid="diary-name"]'

if [[ "${BENCH_SKIP_BUILD:-}" != 1 ]]; then
  bench_build_apps
fi
for binary in "$BAGLESS" target/release/bagless-desktop target/reference/empty-window; do
  [[ -x "$binary" ]] || bench_die "$binary is missing (run without BENCH_SKIP_BUILD)"
done

bench_begin
RESULTS="$BENCH_TMP/results"
: >"$RESULTS"
record() { echo "$1 $2 $3" >>"$RESULTS"; }
now_ns() { date +%s%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "bench: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

# --- The libraries -----------------------------------------------------------

# Imports the RISK export into the library in folder $1, $2 times; prints the
# last new game's id. The copies taken before each import are dropped. Each
# import is of another game: the export's creation given a time of its own
# (the same file imported again would be the same game, already there).
IMPORTED=0
import_risk() {
  local dir="$1" times="$2" out="" i variant="$BENCH_TMP/risk-variant.bagless.json"
  for ((i = 0; i < times; i++)); do
    IMPORTED=$((IMPORTED + 1))
    local stamp
    stamp="$(printf '2026-11-%02dT%02d:%02d:00Z' $((1 + IMPORTED / 1440)) $((IMPORTED / 60 % 24)) $((IMPORTED % 60)))"
    sed '0,/"recorded_at": "2026-11-21T20:30:00Z"/s//"recorded_at": "'"$stamp"'"/' "$RISK_EXPORT" >"$variant"
    out="$("$BAGLESS" --library "$dir/bagless.sqlite" import "$variant")" \
      || bench_die "import into $dir failed: $out"
    rm -rf "$dir/backups"
  done
  sed -n 's/.*id \([^),]*\)).*/\1/p' <<<"$out" | head -n 1
}

# The campaign in the library in folder $1 (the libraries beyond one game
# hold one: the fixture's), listed first by `bagless list`; listed from a
# copy, which the command may bring up to date.
campaign_in() {
  local scratch="$BENCH_TMP/campaign-list" out
  rm -rf "$scratch"
  mkdir -p "$scratch"
  cp "$1/bagless.sqlite" "$scratch/bagless.sqlite"
  out="$("$BAGLESS" --library "$scratch/bagless.sqlite" list)" || bench_die "bagless list failed on the library in $1: $out"
  rm -rf "$scratch"
  sed -n '/^Campaigns:/,/^[^ ]/ s/.*(id \([^)]*\)).*/\1/p' <<<"$out" | head -n 1
}

declare -A LAST_GAME
previous=""
for size in "${SIZES[@]}"; do
  dir="$BENCH_TMP/libraries/$size"
  mkdir -p "$dir"
  started=$(now_ns)
  if ((size == 1)); then
    imports=1
  elif [[ -n "$previous" ]]; then
    cp "$BENCH_TMP/libraries/$previous/bagless.sqlite" "$dir/bagless.sqlite"
    imports=$((size - previous))
  else
    cp "$CAMPAIGN_LIBRARY" "$dir/bagless.sqlite"
    imports=$((size - 1))
  fi
  kept="${BENCH_LIBRARIES:+$BENCH_LIBRARIES/$size}"
  if [[ -n "$kept" && -f "$kept/bagless.sqlite" && -s "$kept/last-game" ]]; then
    cp "$kept/bagless.sqlite" "$dir/bagless.sqlite"
    LAST_GAME[$size]="$(cat "$kept/last-game")"
    ((size == 1)) || previous="$size"
    record size "$size" "$(stat -c %s "$dir/bagless.sqlite")"
    echo "bench: library of $size games taken from $kept"
    continue
  fi
  LAST_GAME[$size]="$(import_risk "$dir" "$imports")"
  [[ -n "${LAST_GAME[$size]}" ]] || bench_die "no game id in the import's answer"
  rm -rf "$dir/backups"
  ((size == 1)) || previous="$size"
  seconds=$(awk -v a="$started" -v b="$(now_ns)" 'BEGIN { printf "%.0f", (b - a) / 1e9 }')
  record build "$size" "$seconds"
  record size "$size" "$(stat -c %s "$dir/bagless.sqlite")"
  echo "bench: library of $size games built in $seconds s ($imports imports), $(du -h "$dir/bagless.sqlite" | cut -f1)"
  if [[ -n "$kept" ]]; then
    mkdir -p "$kept"
    cp "$dir/bagless.sqlite" "$kept/bagless.sqlite"
    echo "${LAST_GAME[$size]}" >"$kept/last-game"
  fi
  if ((size == 21)) && [[ -n "${BENCH_KEEP_21:-}" ]]; then
    mkdir -p "$(dirname "$BENCH_KEEP_21")"
    cp "$dir/bagless.sqlite" "$BENCH_KEEP_21"
  fi
done

# --- The command -------------------------------------------------------------

# Runs "$@" BENCH_RUNS times with the library of $size copied to $WORK, the
# median in ms recorded as measure $1; each run's exit code must match $2
# (0, or "0|1").
# PREPARE (a function name, optional) runs untimed before each run.
WORK="$BENCH_TMP/work"
fresh_copy() {
  rm -rf "$WORK"
  mkdir -p "$WORK"
  cp "$BENCH_TMP/libraries/$size/bagless.sqlite" "$WORK/bagless.sqlite"
}
time_command() {
  local measure="$1" expected="$2" prepare="$3" i start end rc
  shift 3
  local times=()
  fresh_copy
  for ((i = 0; i < RUNS; i++)); do
    [[ -z "$prepare" ]] || "$prepare"
    start=$(now_ns)
    rc=0
    "$@" >"$BENCH_TMP/command.out" 2>&1 || rc=$?
    end=$(now_ns)
    [[ "$rc" =~ ^($expected)$ ]] || { cat "$BENCH_TMP/command.out" >&2; bench_die "$measure on $size games: exit code $rc, not $expected"; }
    times+=("$(((end - start) / 1000))")
  done
  local ms
  ms=$(printf '%s\n' "${times[@]}" | median | awk '{ printf "%.1f", $1 / 1000 }')
  record "$measure" "$size" "$ms"
  echo "bench: $size games, $measure: $ms ms (median of $RUNS)"
}
no_export() { rm -f "$BENCH_TMP/game.bagless.json"; }
no_backup() { rm -f "$BENCH_TMP/backup-run.sqlite"; }
before_restore() { fresh_copy; }
SEALED=""
sealed_backup() {
  rm -rf "$WORK/backups"
  "$BAGLESS" --library "$WORK/bagless.sqlite" backup >/dev/null
  SEALED="$(ls "$WORK"/backups/bagless-manual-*.sqlite)"
  [[ -f "$SEALED.seal" ]] || bench_die "the backup was not sealed"
}
fresh_sealed_backup() { fresh_copy; sealed_backup; }
restore_sealed() { "$BAGLESS" --library "$WORK/bagless.sqlite" restore "$SEALED" "$@"; }

for size in "${SIZES[@]}"; do
  [[ "${BENCH_WINDOW_ONLY:-}" != 1 ]] || break
  lib="$WORK/bagless.sqlite"
  time_command list 0 "" "$BAGLESS" --library "$lib" list
  # Timed whether or not it finds problems (the committed campaign may
  # break a rule a later Bagless added: the check reads it all the same).
  time_command check "0|1" "" "$BAGLESS" --library "$lib" check
  if grep -q '^PROBLEM' "$BENCH_TMP/command.out"; then
    echo "bench: $size games, the check found $(grep -c '^PROBLEM' "$BENCH_TMP/command.out") problem(s): $(grep -m1 '^PROBLEM' "$BENCH_TMP/command.out" | cut -c1-160)"
  fi
  time_command export 0 no_export "$BAGLESS" --library "$lib" export "${LAST_GAME[$size]}" "$BENCH_TMP/game.bagless.json"
  time_command backup 0 no_backup "$BAGLESS" --library "$lib" backup "$BENCH_TMP/backup-run.sqlite"
  "$BAGLESS" --library "$BENCH_TMP/libraries/$size/bagless.sqlite" backup "$BENCH_TMP/backup-$size.sqlite" >/dev/null
  # Without --yes and no one to ask, restore shows what the backup holds
  # (copied beside the library and checked) and stops: the preview.
  time_command preview 2 "" "$BAGLESS" --library "$lib" restore "$BENCH_TMP/backup-$size.sqlite"
  grep -q "holds" "$BENCH_TMP/command.out" || { cat "$BENCH_TMP/command.out" >&2; bench_die "the preview showed nothing"; }
  time_command restore 0 before_restore "$BAGLESS" --library "$lib" restore "$BENCH_TMP/backup-$size.sqlite" --yes
  # The same from a backup Bagless sealed (`bagless backup` into the
  # library's backups folder, as the day's copy is): believed unchanged
  # without its games checked again.
  time_command preview_sealed 2 sealed_backup restore_sealed
  grep -q "holds" "$BENCH_TMP/command.out" || { cat "$BENCH_TMP/command.out" >&2; bench_die "the sealed preview showed nothing"; }
  time_command restore_sealed 0 fresh_sealed_backup restore_sealed --yes
  rm -rf "$WORK" "$BENCH_TMP/backup-$size.sqlite"
done

# --- The window --------------------------------------------------------------

bench_start_driver
APP_DATA="$BENCH_TMP/data/org.bagless.desktop"
for size in "${SIZES[@]}"; do
  mkdir -p "$APP_DATA"
  rm -rf "$APP_DATA"/bagless.sqlite* "$APP_DATA/backups"
  cp "$BENCH_TMP/libraries/$size/bagless.sqlite" "$APP_DATA/bagless.sqlite"
  BENCH_RUNS="$RUNS" BENCH_COLUMN="$size" BENCH_RESULTS="$RESULTS" \
    BENCH_LAST_GAME="risk:${LAST_GAME[$size]}" BENCH_READY="$READY" \
    node scripts/bench-library.mjs || { tail -n 40 "$BENCH_TMP/driver.log" >&2; bench_die "the window's measurement failed"; }
  if ((size > 1)); then
    campaign="$(campaign_in "$BENCH_TMP/libraries/$size")"
    [[ -n "$campaign" ]] || bench_die "no campaign in the library of $size games"
    BENCH_RUNS="$RUNS" BENCH_COLUMN="$size" BENCH_RESULTS="$RESULTS" BENCH_SCREEN=diary \
      BENCH_LAST_GAME="$campaign" BENCH_READY="$DIARY_READY" \
      node scripts/bench-library.mjs || { tail -n 40 "$BENCH_TMP/driver.log" >&2; bench_die "the window's measurement of the diary failed"; }
  fi
done

# --- The table ---------------------------------------------------------------

echo ""
echo "bench: libraries of ${SIZES[*]} games (one 20,000-event RISK game each; beyond 1, the 5,000-event campaign too);"
echo "bench: median of $RUNS runs; start-up, first frames and memory as x of the empty window's, started in turn with each library"
awk -v sizes="${SIZES[*]}" '
  { v[$1, $2] = $3 }
  function cell(m, s, unit, scale,   x, e, text) {
    if (!((m, s) in v)) return "-"
    x = v[m, s] / scale
    text = sprintf(unit == "ms" ? "%.0f %s" : "%.1f %s", x, unit)
    if ((m, "empty-beside-" s) in v && v[m, "empty-beside-" s] > 0)
      text = text sprintf(" (%.2fx)", v[m, s] / v[m, "empty-beside-" s])
    return text
  }
  function empty(m, unit, scale,   i, n, sum) {
    n = 0; sum = 0
    for (i = 1; i <= ns; i++) if ((m, "empty-beside-" s[i]) in v) { sum += v[m, "empty-beside-" s[i]]; n++ }
    if (!n) return "-"
    return sprintf(unit == "ms" ? "%.0f %s" : "%.1f %s", sum / n / scale, unit)
  }
  function row(name, m, unit, scale, target,   i, line) {
    line = name
    for (i = 1; i <= ns; i++) line = line "\t" cell(m, s[i], unit, scale)
    line = line "\t" (m ~ /^(diary_)?(startup|ready|drawn|frame)$/ || m == "pss" || m == "rss" ? empty(m, unit, scale) : "-")
    rows[++nr] = line "\t" target
  }
  END {
    ns = split(sizes, s, " ")
    head = "measure"
    for (i = 1; i <= ns; i++) head = head "\t" s[i] (s[i] == 1 ? " game" : " games")
    rows[++nr] = head "\tempty window\tissue 31 asks"
    row("start-up into the last game (RISK): its name shown (the copy kept, else its own screen)", "startup", "ms", 1, "<= 1.1x at 21 and 101")
    row("  its own screen, ready to play (polled after the copy)", "ready", "ms", 1, "-")
    row("  its own screen painted (page timeline; beside the first frame of the empty window)", "drawn", "ms", 1, "-")
    row("  its first frame (paint timing, in the page)", "frame", "ms", 1, "-")
    row("  the same screen, static (HTML and CSS)", "static", "ms", 1, "(the floor for its look)")
    row("  its first frame, static", "static_frame", "ms", 1, "-")
    row("start-up into the campaign diary: its name shown", "diary_startup", "ms", 1, "<= 1.1x at 21 and 101 (the start it measured)")
    row("  its own screen, ready to play", "diary_ready", "ms", 1, "-")
    row("  its own screen painted", "diary_drawn", "ms", 1, "-")
    row("  its first frame", "diary_frame", "ms", 1, "-")
    row("  the same diary, static", "diary_static", "ms", 1, "(the floor for its look)")
    row("  its first frame, static", "diary_static_frame", "ms", 1, "-")
    row("idle memory, PSS", "pss", "MB", 1024, "<= 1.15x small, 1.2x at 101")
    row("idle memory, RSS", "rss", "MB", 1024, "-")
    row("bagless list", "list", "ms", 1, "< 50 ms at 101")
    row("bagless check", "check", "ms", 1, "-")
    row("bagless export of the last game", "export", "ms", 1, "(opening: < 10 ms)")
    row("bagless backup", "backup", "ms", 1, "-")
    row("bagless restore, preview", "preview", "ms", 1, "< 1 s at 21")
    row("bagless restore --yes", "restore", "ms", 1, "< 1 s at 21")
    row("preview, a sealed backup", "preview_sealed", "ms", 1, "< 1 s at 21")
    row("restore --yes, a sealed backup", "restore_sealed", "ms", 1, "< 1 s at 21")
    row("library file", "size", "MB", 1048576, "-")
    row("building the library", "build", "s", 1, "-")
    for (r = 1; r <= nr; r++) {
      n = split(rows[r], c, "\t")
      for (j = 1; j <= n; j++) if (length(c[j]) > w[j]) w[j] = length(c[j])
    }
    for (r = 1; r <= nr; r++) {
      n = split(rows[r], c, "\t")
      line = "|"
      for (j = 1; j <= n; j++) line = line " " sprintf("%-" w[j] "s", c[j]) " |"
      print line
      if (r == 1) {
        line = "|"
        for (j = 1; j <= n; j++) { d = ""; for (k = 0; k < w[j] + 2; k++) d = d "-"; line = line d "|" }
        print line
      }
    }
  }
' "$RESULTS"
