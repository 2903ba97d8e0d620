#!/usr/bin/env bash
# Mutation testing of the four rules crates (cargo-mutants): does any test
# notice when a rule changes?
#
#   scripts/mutants.sh [crate...]        `make mutants`: every mutant of the
#                                        crates' src/rules, src/model and
#                                        src/views (all four crates when none
#                                        is named: hours on 2 cores), in
#                                        MUTANTS_SHARDS (16) shards run in
#                                        turn; a shard run to its end is kept,
#                                        so the next run goes on from there
#   scripts/mutants.sh --summary         the figures of what was run, per crate
#                                        and folder, and the missed mutants no
#                                        ledger lists
#   scripts/mutants.sh --again [crate...] the mutants the shards missed, and the
#                                        timeouts held up, run again at this
#                                        commit (once their tests are written):
#                                        the summary's "after" column
#   scripts/mutants.sh --in-diff         `make test`'s step: a fixed sample of
#                                        the mutants on the lines changed since
#                                        .ci/mutants-base, bounded in time
#
# Outputs land in target/mutants/ (never committed). A missed mutant is
# either given a test or listed in its crate's RULES.md, under "Mutants no
# test catches", by its text without the line number (e.g. `replace < with
# <= in heal_from_hospital`), with why it cannot change a game.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

CRATES=(bov memory nation risk)
OUT="$ROOT/target/mutants"
# The mutants build in copies of the tree, into one target folder of their own
# (kept between runs: the dependencies are built once).
export CARGO_TARGET_DIR="$OUT/build"
# Each copy is built again for every mutant: incremental builds make that a
# recompilation of the mutated crate alone.
export CARGO_INCREMENTAL=1
SHARDS="${MUTANTS_SHARDS:-16}"
# The in-diff step's sample: at most this many mutants, chosen by position
# (every k-th of the sorted list), so that a run tests the same ones on any
# machine, and its bound in time.
IN_DIFF_SAMPLE="${MUTANTS_IN_DIFF_SAMPLE:-8}"
IN_DIFF_SECONDS="${MUTANTS_IN_DIFF_SECONDS:-600}"
# A mutant's tests are stopped after a minute (the unchanged tests of the
# slowest crate take about 11 s here; a mutant that makes a loop endless,
# a `decide` that never ends a game, would otherwise hold its 3 minutes), and
# a property test that fails does not shrink its case (nobody reads it: only
# caught or not counts), which took minutes.
# MUTANTS_JOBS mutants at once (1 by default): with 2, one mutant's tests run
# while the next is built, each job in a target folder of its own.
COMMON=(--timeout 60 --build-timeout 600 --jobs "${MUTANTS_JOBS:-1}" --no-shuffle --colors never)
export PROPTEST_MAX_SHRINK_ITERS=0

die() { echo "mutants: $*" >&2; exit 1; }

# cargo mutants, with a target folder per job when there are several
# (scripts/mutants-cargo.sh says why). cargo-mutants is run by its own name:
# under `cargo mutants`, cargo would set CARGO to itself.
run_mutants() {
  if [[ "${MUTANTS_JOBS:-1}" -gt 1 ]]; then
    rm -f "$OUT/slots"/*.copy
    CARGO="$ROOT/scripts/mutants-cargo.sh" MUTANTS_REAL_CARGO="$(command -v cargo)" \
      MUTANTS_SLOTS="$OUT/slots" MUTANTS_SEED_TARGET="$OUT/build" cargo-mutants mutants "$@"
  else
    cargo mutants "$@"
  fi
}
command -v cargo-mutants >/dev/null || die "cargo-mutants missing (run: make setup)"

examined() { # the files of a crate that are mutated
  local c="$1"
  printf -- '-f\ncrates/bagless-%s/src/rules/**\n-f\ncrates/bagless-%s/src/model/**\n-f\ncrates/bagless-%s/src/views/**\n' "$c" "$c" "$c"
}

# A ledger's "Mutants no test catches" list, one entry (a bullet and the
# lines it runs on) a line.
entries() {
  sed -n '/^### Mutants no test catches/,/^##* [^M]/p' "$1" 2>/dev/null |
    awk '/^- / { if (e != "") print e; e = $0; next } /^  / { e = e " " $0; next } { if (e != "") print e; e = "" } END { if (e != "") print e }'
}

# The mutant's name without its line and column, as a ledger lists it.
strip_position() { sed -E 's/^([^:]+):[0-9]+:[0-9]+: /\1: /'; }

# Missed mutants no crate's RULES.md lists; prints them, returns how many.
unlisted() {
  local missed="$1" n=0 line crate file text
  [[ -s "$missed" ]] || { echo 0; return; }
  while IFS= read -r line; do
    crate="$(sed -E 's#^crates/(bagless-[a-z-]+)/.*#\1#' <<<"$line")"
    # The file as the entry names it, in brackets after the names
    # ("(`model/state/attack.rs`, ..."): a function's name alone would also
    # list its twin of the same name in another file.
    file="$(sed -E 's#^crates/[^/]+/src/([^:]+):.*#\1#' <<<"$line")"
    text="$(strip_position <<<"$line" | sed -E 's/^[^:]+: //')"
    if ! entries "crates/$crate/RULES.md" | grep -F -- "$text" | grep -qF -- "(\`$file\`"; then
      echo "  not caught, not listed: $line" >&2
      n=$((n + 1))
    fi
  done <"$missed"
  echo "$n"
}

# Timeouts that say nothing of the tests: a mutant whose build or tests ran
# more than twice their limit was held up (the run paused, the machine
# starved), not looping. Written to $OUT/suspect.txt, left out of the
# figures and named, to be run again.
suspects() {
  node -e '
    const { readdirSync, readFileSync, existsSync } = require("node:fs");
    const out = process.argv[1];
    const limit = { Build: 600, Test: 60 };
    const names = [];
    for (const crate of process.argv.slice(2).filter((c) => existsSync(`${out}/${c}`))) {
      for (const shard of readdirSync(`${out}/${crate}`, { withFileTypes: true }).filter((d) => d.isDirectory())) {
        const file = `${out}/${crate}/${shard.name}/mutants.out/outcomes.json`;
        if (!existsSync(file)) continue;
        for (const o of JSON.parse(readFileSync(file, "utf8")).outcomes) {
          if (o.summary !== "Timeout" || !o.scenario.Mutant) continue;
          const held = o.phase_results.some((p) => p.process_status === "Timeout" && p.duration > 2 * (limit[p.phase] ?? 60));
          if (held) names.push(o.scenario.Mutant.name);
        }
      }
    }
    process.stdout.write(names.map((n) => n + "\n").join(""));
  ' "$OUT" "${CRATES[@]}" >"$OUT/suspect.txt" || : >"$OUT/suspect.txt"
}

# The missed mutants of a crate's shards.
shard_missed() { cat "$OUT/$1"/shard-*/mutants.out/missed.txt 2>/dev/null || true; }

# The names (without position) the run again of a crate run to its end
# caught or timed out, none of that name missed: a name shared by two
# mutants of one file counts as caught only if both were.
caught_again() {
  local o="$OUT/again/$1/mutants.out" name
  [[ -f "$OUT/again/$1/done" ]] || return 0
  local missed
  missed="$(missed_again "$1")"
  cat "$o/caught.txt" "$o/timeout.txt" 2>/dev/null | strip_position | sort -u | while IFS= read -r name; do
    grep -qxF -- "$name" <<<"$missed" || echo "$name"
  done
}
missed_again() {
  [[ -f "$OUT/again/$1/done" ]] || return 0
  strip_position <"$OUT/again/$1/mutants.out/missed.txt" 2>/dev/null || true
}

summary() {
  local any=0
  suspects
  printf '%-8s %-6s %8s %7s %7s %7s %6s %6s\n' crate folder viable caught timeout missed rate after
  for c in "${CRATES[@]}"; do
    for d in rules model views; do
      local caught=0 missed=0 timeout=0 f
      for f in "$OUT/$c"/shard-*/mutants.out; do
        [[ -d "$f" ]] || continue
        any=1
        caught=$((caught + $(grep -c "^crates/bagless-$c/src/$d/" "$f/caught.txt" 2>/dev/null || true)))
        missed=$((missed + $(grep -c "^crates/bagless-$c/src/$d/" "$f/missed.txt" 2>/dev/null || true)))
        timeout=$((timeout + $(grep -c "^crates/bagless-$c/src/$d/" "$f/timeout.txt" 2>/dev/null || true)))
      done
      timeout=$((timeout - $(grep -c "^crates/bagless-$c/src/$d/" "$OUT/suspect.txt" 2>/dev/null || true)))
      local viable=$((caught + missed + timeout))
      [[ $viable -gt 0 ]] || continue
      # After: the missed mutants and the held-up timeouts run again
      # (--again); one not run again counts as missed still, a held-up
      # timeout not run again is left out.
      local later=0 held=0 still=0 name caught_again missed_again
      caught_again="$(caught_again "$c")"
      missed_again="$(missed_again "$c")"
      while IFS= read -r name; do
        if grep -qxF -- "$name" <<<"$caught_again"; then later=$((later + 1)); fi
      done < <(shard_missed "$c" | grep "^crates/bagless-$c/src/$d/" | strip_position || true)
      while IFS= read -r name; do
        if grep -qxF -- "$name" <<<"$caught_again"; then
          held=$((held + 1))
        elif grep -qxF -- "$name" <<<"$missed_again"; then
          still=$((still + 1))
        fi
      done < <(grep "^crates/bagless-$c/src/$d/" "$OUT/suspect.txt" 2>/dev/null | strip_position || true)
      local after_viable=$((viable + held + still))
      printf '%-8s %-6s %8d %7d %7d %7d %5d%% %5d%%\n' "$c" "$d" "$viable" "$caught" "$timeout" "$missed" \
        $(((caught + timeout) * 100 / viable)) $(((caught + timeout + later + held) * 100 / after_viable))
    done
  done
  [[ $any -eq 1 ]] || echo "(nothing run yet: make mutants)"
  for c in "${CRATES[@]}"; do
    local done_files=("$OUT/$c"/shard-*/done)
    [[ -f "${done_files[0]}" ]] || continue
    echo "$c: ${#done_files[@]} shard(s) run to their end, at $(cut -c1-9 "${done_files[@]}" | sort -u | paste -sd, -)"
  done
  # The missed mutants to account for: the shards' missed but those caught
  # when run again, and those missed again.
  local c2 line caught_now
  for c2 in "${CRATES[@]}"; do
    caught_now="$(caught_again "$c2")"
    while IFS= read -r line; do
      grep -qxF -- "$(strip_position <<<"$line")" <<<"$caught_now" || echo "$line"
    done < <(shard_missed "$c2")
    [[ ! -f "$OUT/again/$c2/done" ]] || cat "$OUT/again/$c2/mutants.out/missed.txt" 2>/dev/null || true
  done | sort -u >"$OUT/missed.txt"

  echo "missed mutants no ledger lists: $(unlisted "$OUT/missed.txt")"
  # The held-up timeouts not yet run again to an answer (--again).
  local left=() again_names=""
  for c2 in "${CRATES[@]}"; do
    again_names+="$(caught_again "$c2")"$'\n'"$(missed_again "$c2")"$'\n'
    if [[ -f "$OUT/again/$c2/done" ]]; then
      again_names+="$(strip_position <"$OUT/again/$c2/mutants.out/unviable.txt" 2>/dev/null || true)"$'\n'
    fi
  done
  while IFS= read -r line; do
    grep -qxF -- "$(strip_position <<<"$line")" <<<"$again_names" || left+=("$line")
  done <"$OUT/suspect.txt"
  if [[ ${#left[@]} -gt 0 ]]; then
    echo "timeouts left out (held up more than twice their limit: the run paused or starved; run them again with --again):"
    printf '  %s\n' "${left[@]}"
  fi
}

whole() {
  local crates=("$@")
  [[ ${#crates[@]} -gt 0 ]] || crates=("${CRATES[@]}")
  # The mutants' builds carry no debug information (nobody runs a debugger
  # on a mutant): each of a crate's test programs links faster, and a
  # mutant's build is most of its time.
  export CARGO_PROFILE_DEV_DEBUG=0
  # cargo-nextest, where the machine has it, stops a mutant's tests at the
  # first that fails: a caught mutant's tests take about 3 s instead of the
  # whole suite's 7 to 14 (BoV, Nation). The tests run are the same.
  local tool=()
  if command -v cargo-nextest >/dev/null; then tool=(--test-tool nextest); fi
  for c in "${crates[@]}"; do
    mapfile -t files < <(examined "$c")
    local baseline=""
    for ((k = 0; k < SHARDS; k++)); do
      local dir="$OUT/$c/shard-$k-of-$SHARDS"
      # A shard run to its end is not run again (a whole crate takes longer
      # than a sitting: the next `make mutants` goes on where this one was
      # stopped); `rm -rf target/mutants/<crate>` starts the crate afresh.
      if [[ -f "$dir/done" ]]; then
        echo "mutants: bagless-$c, shard $k/$SHARDS already run at $(cut -c1-9 "$dir/done")"
        continue
      fi
      echo "mutants: bagless-$c, shard $k/$SHARDS"
      # The crate's run again no longer covers every missed mutant.
      rm -rf "$OUT/again/$c"
      rm -rf "$dir"; mkdir -p "$dir"
      # A missed mutant is not an error here: the summary counts them. The
      # tests are run unchanged once per crate and invocation (the baseline).
      local rc=0
      run_mutants -p "bagless-$c" "${files[@]}" "${COMMON[@]}" "${tool[@]}" \
        --shard "$k/$SHARDS" --sharding round-robin $baseline \
        -o "$dir" || rc=$?
      # 0: all caught; 2: some missed; 3: some timed out (cargo-mutants' own
      # codes). Anything else (stopped, the tests failing unchanged) is not done.
      # A shard none of whose mutants built (the build itself broken) is not done either.
      if ! built "$dir"; then rc=1; fi
      case $rc in 0 | 2 | 3) git rev-parse HEAD >"$dir/done" ;; esac
      baseline="--baseline=skip"
    done
  done
  summary
}

# Whether a run built any of its mutants: one that built none (every mutant
# "unviable") met a broken build, not a shard of mutants that cannot compile.
built() {
  local out="$1/mutants.out"
  [[ -s "$out/caught.txt" || -s "$out/missed.txt" || -s "$out/timeout.txt" || ! -s "$out/unviable.txt" ]]
}

# A mutant's name without its position, as a regular expression matching it
# at any line and column.
name_regex() {
  local file="${1%%: *}" text="${1#*: }"
  printf '^%s:[0-9]+:[0-9]+: %s$' "$(sed 's/[][\.*^$(){}+?|\\]/\\&/g' <<<"$file")" \
    "$(sed 's/[][\.*^$(){}+?|\\]/\\&/g' <<<"$text")"
}

again() {
  local crates=("$@")
  [[ ${#crates[@]} -gt 0 ]] || crates=("${CRATES[@]}")
  export CARGO_PROFILE_DEV_DEBUG=0
  local tool=()
  if command -v cargo-nextest >/dev/null; then tool=(--test-tool nextest); fi
  suspects
  for c in "${crates[@]}"; do
    local names=() args=() files=() name
    mapfile -t names < <({
      cat "$OUT/$c"/shard-*/mutants.out/missed.txt 2>/dev/null || true
      grep "^crates/bagless-$c/" "$OUT/suspect.txt" 2>/dev/null || true
    } | strip_position | sort -u)
    if [[ ${#names[@]} -eq 0 ]]; then
      echo "mutants: bagless-$c, nothing to run again"
      continue
    fi
    for name in "${names[@]}"; do args+=(--re "$(name_regex "$name")"); done
    mapfile -t files < <(printf '%s\n' "${names[@]}" | sed 's/: .*//' | sort -u)
    for name in "${files[@]}"; do args+=(-f "$name"); done
    echo "mutants: bagless-$c, ${#names[@]} missed or held up, run again at $(git rev-parse --short HEAD)"
    rm -rf "$OUT/again/$c"
    mkdir -p "$OUT/again/$c"
    local rc=0
    run_mutants -p "bagless-$c" "${args[@]}" "${COMMON[@]}" "${tool[@]}" --baseline=skip \
      -o "$OUT/again/$c" || rc=$?
    if ! built "$OUT/again/$c"; then rc=1; fi
    case $rc in
      0 | 2 | 3) git rev-parse HEAD >"$OUT/again/$c/done" ;;
      *) rm -rf "$OUT/again/$c" ;;
    esac
  done
  summary
}

in_diff() {
  local base diff n start
  base="$(tr -d '[:space:]' <.ci/mutants-base)"
  if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
    echo "mutants: the base $base is not in this clone's history: step skipped"
    return 0
  fi
  mkdir -p "$OUT/in-diff"
  # The in-diff step builds in the tests' own target folder: the dependencies
  # `make test-rust` built just before are not built again (a fresh machine
  # built them a second time, about 6 minutes on 2 cores, before its first
  # mutant). The mutated copies' own crates get their own artifacts there
  # (their source lies elsewhere), so nothing the tests built is overwritten.
  export CARGO_TARGET_DIR="$ROOT/target"
  diff="$OUT/in-diff/change.diff"
  local paths=()
  for c in "${CRATES[@]}"; do
    paths+=("crates/bagless-$c/src/rules" "crates/bagless-$c/src/model" "crates/bagless-$c/src/views")
  done
  git diff "$base" -- "${paths[@]}" >"$diff"
  if [[ ! -s "$diff" ]]; then
    echo "mutants: no rules line changed since $base"
    return 0
  fi
  local args=()
  for c in "${CRATES[@]}"; do args+=(-p "bagless-$c"); done
  n="$(cargo mutants "${args[@]}" --in-diff "$diff" --list 2>/dev/null | wc -l)"
  if [[ $n -eq 0 ]]; then
    echo "mutants: the change gives no mutant"
    return 0
  fi
  # Every k-th mutant of the list: the same sample on any machine.
  local shards=$(((n + IN_DIFF_SAMPLE - 1) / IN_DIFF_SAMPLE))
  echo "mutants: $n mutants on the lines changed since ${base:0:9}; testing every ${shards}th (at most $IN_DIFF_SAMPLE), for at most ${IN_DIFF_SECONDS}s"
  start=$SECONDS
  rm -rf "$OUT/in-diff/mutants.out"; mkdir -p "$OUT/in-diff"
  # The tests already passed (make test-rust): no baseline run. A caught
  # mutant's tests stop at the first that fails (cargo-nextest, where the
  # machine has it).
  local tool=()
  if command -v cargo-nextest >/dev/null; then tool=(--test-tool nextest); fi
  timeout --signal=INT --kill-after=30 "$IN_DIFF_SECONDS" \
    cargo mutants "${args[@]}" --in-diff "$diff" "${COMMON[@]}" "${tool[@]}" --baseline=skip \
    --shard "0/$shards" --sharding round-robin -o "$OUT/in-diff" >"$OUT/in-diff/log.txt" 2>&1 || true
  local o="$OUT/in-diff/mutants.out"
  local caught missed timeout unviable
  caught=$(wc -l <"$o/caught.txt" 2>/dev/null || echo 0)
  missed=$(wc -l <"$o/missed.txt" 2>/dev/null || echo 0)
  timeout=$(wc -l <"$o/timeout.txt" 2>/dev/null || echo 0)
  unviable=$(wc -l <"$o/unviable.txt" 2>/dev/null || echo 0)
  echo "mutants: in $((SECONDS - start))s: $caught caught, $timeout timed out, $missed missed, $unviable unviable"
  local bad
  bad="$(unlisted "$o/missed.txt")"
  if [[ "$bad" -gt 0 ]]; then
    echo "mutants: $bad missed mutant(s) of the change no test catches and no ledger lists (target/mutants/in-diff/)" >&2
    return 1
  fi
}

case "${1:-}" in
  --summary) summary ;;
  --in-diff) in_diff ;;
  --again)
    shift
    again "$@"
    ;;
  *) whole "$@" ;;
esac
