#!/usr/bin/env bash
# cargo, as `make mutants` runs it when MUTANTS_JOBS > 1 (scripts/mutants.sh).
#
# cargo-mutants tests each mutant in a copy of the tree, one copy per job. In
# one shared target folder two copies' builds of a crate land under one name
# (cargo names a workspace's crates by their path inside the workspace, not
# by where the workspace lies), so one copy's tests could run the other's
# mutant and call it missed. Each copy gets a target folder of its own (a
# slot), kept between runs so that the dependencies are built once per slot.
set -euo pipefail
real="${MUTANTS_REAL_CARGO:?}"
slots="${MUTANTS_SLOTS:?}"
case "$PWD" in
  "${TMPDIR:-/tmp}"/cargo-mutants-*) ;;
  *) exec "$real" "$@" ;; # cargo-mutants reading the tree itself: no build
esac
copy="${PWD#"${TMPDIR:-/tmp}"/}"
copy="${TMPDIR:-/tmp}/${copy%%/*}"
mkdir -p "$slots"
exec 9>"$slots/lock"
flock 9
slot=""
for n in 1 2 3 4 5 6 7 8; do
  if [[ -f "$slots/$n.copy" && "$(cat "$slots/$n.copy")" == "$copy" ]]; then slot=$n; break; fi
done
if [[ -z "$slot" ]]; then
  for n in 1 2 3 4 5 6 7 8; do
    # a slot is free when the copy it served is gone (cargo-mutants removes
    # its copies when it ends)
    if [[ ! -f "$slots/$n.copy" || ! -d "$(cat "$slots/$n.copy")" ]]; then
      echo "$copy" >"$slots/$n.copy"
      slot=$n
      break
    fi
  done
fi
[[ -n "$slot" ]] || { echo "mutants-cargo: no free slot for $copy" >&2; exit 1; }
# A new slot starts from the dependencies a one-job run built, not from nothing.
if [[ ! -d "$slots/$slot/target" && -d "${MUTANTS_SEED_TARGET:-}" ]]; then
  mkdir -p "$slots/$slot"
  cp -a "$MUTANTS_SEED_TARGET" "$slots/$slot/target"
fi
flock -u 9
export CARGO_TARGET_DIR="$slots/$slot/target"
exec "$real" "$@"
