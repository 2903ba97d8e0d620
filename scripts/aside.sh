#!/usr/bin/env bash
# A step of `make test` that mostly waits (downloads, a fixed-time run) put
# aside while the steps that need both cores go on, and waited for later:
#   scripts/aside.sh start <name> <command...>   runs it in the background
#   scripts/aside.sh wait <name>                  waits, prints its output,
#                                                 exits with its status
# Its output is kept in target/aside/<name>.log and printed whole when it is
# waited for, so that no two steps' lines mix.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="$ROOT/target/aside"
what="${1:-}" name="${2:-}"
[[ -n "$name" ]] || { echo "usage: $0 start|wait <name> [command...]" >&2; exit 2; }
case "$what" in
  start)
    shift 2
    mkdir -p "$DIR"
    rm -f "$DIR/$name.status"
    # The status is written last: its file says the step ended.
    ( set +e; "$@"; echo $? >"$DIR/$name.status.part"
      mv "$DIR/$name.status.part" "$DIR/$name.status" ) </dev/null >"$DIR/$name.log" 2>&1 &
    echo "$!" >"$DIR/$name.pid"
    echo "aside: $name started in the background"
    ;;
  wait)
    [[ -f "$DIR/$name.pid" ]] || { echo "aside: $name was never started" >&2; exit 1; }
    while [[ ! -f "$DIR/$name.status" ]]; do
      if ! kill -0 "$(cat "$DIR/$name.pid")" 2>/dev/null && [[ ! -f "$DIR/$name.status" ]]; then
        sleep 1
        [[ -f "$DIR/$name.status" ]] || { cat "$DIR/$name.log" >&2; echo "aside: $name stopped without a status" >&2; exit 1; }
      fi
      sleep 1
    done
    status="$(cat "$DIR/$name.status")"
    echo "aside: $name (run in the background):"
    cat "$DIR/$name.log"
    exit "$status"
    ;;
  *) echo "usage: $0 start|wait <name> [command...]" >&2; exit 2 ;;
esac
