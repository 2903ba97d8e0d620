#!/usr/bin/env bash
# Runs a step of `make test` and writes down how long it took:
#   scripts/timed.sh <times file> <step name> <command...>
# `make test` prints the file at its end, so that the log of a slow run
# says which step took the time.
set -euo pipefail
times="$1" step="$2"
shift 2
mkdir -p "$(dirname "$times")"
start=$(date +%s)
"$@"
printf '%-22s %5d s\n' "$step" "$(( $(date +%s) - start ))" >>"$times"
