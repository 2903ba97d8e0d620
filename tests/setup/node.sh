#!/usr/bin/env bash
# The setup's Node.js step (scripts/node.sh) on a machine whose node will not
# do: first with no node on PATH, then with a node 18 first on PATH. Each time
# the first run must install a Node.js that the UI's tools accept, `npm ci`
# (engine-strict) and the UI build must succeed with it, and a second run must
# install nothing. Two cheap cases check the messages when Python cannot
# install it. Everything runs on a copy of ui/ in a temporary folder, so
# ui/node_modules and .tools/ stay as they are; pip's and npm's download
# caches are shared.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
passed=0 failed=0
fail() { echo "FAIL: $*" >&2; failed=$((failed + 1)); }
ok() { echo "ok: $*"; passed=$((passed + 1)); }

# A folder of links to every command on PATH but those whose names match
# the patterns given (node and its tools always), to stand for PATH.
commands_but() {
  local dir="$1" d f name pattern
  shift
  local -a skip=(node nodejs npm npx corepack "$@") links=() dirs=()
  local -A seen=()
  IFS=: read -ra dirs <<<"$PATH"
  for d in "${dirs[@]}"; do
    [[ -d "$d" ]] || continue
    for f in "$d"/*; do
      name="${f##*/}"
      [[ -z "${seen[$name]:-}" && -x "$f" && ! -d "$f" ]] || continue
      for pattern in "${skip[@]}"; do
        # shellcheck disable=SC2053 # a pattern, not a string
        [[ "$name" == $pattern ]] && continue 2
      done
      seen[$name]=1
      links+=("$f")
    done
  done
  mkdir -p "$dir"
  ln -s -t "$dir" "${links[@]}"
}

# A project with only what the Node.js step and the UI build read.
project() {
  local dir="$1" f
  mkdir -p "$dir/scripts" "$dir/ui"
  cp "$ROOT/scripts/node.sh" "$dir/scripts/"
  for f in "$ROOT"/ui/*; do
    case "${f##*/}" in node_modules | dist) ;; *) cp -R "$f" "$dir/ui/" ;; esac
  done
}

# install NAME PATH [build]: the two runs of the step, and (with `build`)
# `npm ci` and the UI build in between. The install is the same whatever
# node was found before it, so one case builds the UI.
install() {
  local name="$1" path="$2" build="${3:-}" dir="$WORK/$1" out="$WORK/$1.1" start=$SECONDS v
  project "$dir"
  echo "== $name: first run"
  if ! PATH="$path" "$dir/scripts/node.sh" 2>&1 | tee "$out"; then
    fail "$name: scripts/node.sh failed"
    return
  fi
  grep -q "installing Node.js" "$out" || fail "$name: the first run did not install Node.js"
  # With the tools' folder first on PATH, as the Makefile has it.
  local tools="$dir/.tools/node/bin:$path"
  v="$(PATH="$tools" node --version)" || { fail "$name: no node in $dir/.tools/node/bin"; return; }
  [[ "$(PATH="$tools" command -v node)" == "$dir/.tools/node/bin/node" ]] || fail "$name: the node first on PATH is not the installed one"
  [[ "$(PATH="$tools" command -v npm)" == "$dir/.tools/node/bin/npm" && "$(PATH="$tools" command -v npx)" == "$dir/.tools/node/bin/npx" ]] \
    || fail "$name: npm or npx is not the installed one"
  if [[ -n "$build" ]]; then
  echo "== $name: npm ci and the UI build with node $v"
  if (cd "$dir/ui" && PATH="$tools" npm ci --engine-strict --prefer-offline --no-audit --no-fund && PATH="$tools" npm run build); then
    [[ -s "$dir/ui/dist/index.html" ]] && ok "$name: node $v installed, npm ci (engine-strict) and the UI build pass" \
      || fail "$name: the UI build wrote no dist/index.html"
  else
    fail "$name: npm ci or the UI build failed with node $v"
  fi
  (cd "$dir/ui" && PATH="$tools" npx --no-install vite --version) || fail "$name: npx does not run"
  else
    PATH="$tools" npm --version >/dev/null || fail "$name: npm does not run"
    PATH="$tools" npx --version >/dev/null || fail "$name: npx does not run"
  fi

  echo "== $name: second run"
  touch "$WORK/stamp"
  out="$WORK/$name.2"
  PATH="$path" "$dir/scripts/node.sh" 2>&1 | tee "$out" || fail "$name: the second run failed"
  if grep -q "installing" "$out" || [[ -n "$(find "$dir/.tools" -newer "$WORK/stamp" -print -quit)" ]]; then
    fail "$name: the second run installed something"
  elif grep -qF "node $v present ($dir/.tools/node/bin/node)" "$out"; then
    ok "$name: the second run installs nothing"
  else
    fail "$name: the second run did not find the installed node"
  fi
  echo "== $name: $((SECONDS - start)) s"
}

commands_but "$WORK/bin"
if PATH="$WORK/bin" command -v node >/dev/null; then
  fail "node is still on the test's PATH"
  exit 1
fi

# No node at all.
install no-node "$WORK/bin" build

# A node 18 first on PATH (Debian 12's own is 18.20).
mkdir -p "$WORK/node18"
printf '#!/bin/sh\necho v18.20.4\n' >"$WORK/node18/node"
chmod +x "$WORK/node18/node"
install node-18 "$WORK/node18:$WORK/bin"
if grep -qF "node v18.20.4 ($WORK/node18/node) will not do: the UI's tools need Node.js" "$WORK/node-18.1"; then
  ok "node 18: turned down, with the versions the tools need"
else
  fail "node 18: the first run did not say why node 18 will not do"
fi

# No python3: the message names it and the command that installs it.
commands_but "$WORK/nopython" 'python*'
project "$WORK/nopython-project"
if PATH="$WORK/nopython" "$WORK/nopython-project/scripts/node.sh" >"$WORK/nopython.out" 2>&1; then
  fail "no python3: scripts/node.sh succeeded"
elif grep -q 'python3 not found.*apt-get install python3 python3-venv`' "$WORK/nopython.out" \
  && [[ "$(PATH="$WORK/nopython" "$WORK/nopython-project/scripts/node.sh" --apt-packages | xargs)" == "python3 python3-venv" ]]; then
  ok "no python3: $(cat "$WORK/nopython.out")"
else
  fail "no python3: $(cat "$WORK/nopython.out")"
fi

# A python3 without ensurepip, as Debian's is until python3-venv is installed.
mkdir -p "$WORK/noensurepip/ensurepip"
echo 'raise ImportError("no ensurepip here")' >"$WORK/noensurepip/ensurepip/__init__.py"
project "$WORK/novenv-project"
if PYTHONPATH="$WORK/noensurepip" PATH="$WORK/node18:$WORK/bin" "$WORK/novenv-project/scripts/node.sh" >"$WORK/novenv.out" 2>&1; then
  fail "no python3-venv: scripts/node.sh succeeded"
elif grep -q 'python3-venv is missing.*apt-get install python3-venv`' "$WORK/novenv.out" \
  && [[ "$(PYTHONPATH="$WORK/noensurepip" PATH="$WORK/node18:$WORK/bin" "$WORK/novenv-project/scripts/node.sh" --apt-packages)" == "python3-venv" ]] \
  && [[ ! -e "$WORK/novenv-project/.tools" ]]; then
  ok "no python3-venv: $(tail -n 1 "$WORK/novenv.out")"
else
  fail "no python3-venv: $(cat "$WORK/novenv.out")"
fi

echo "== all: $SECONDS s"
echo "setup: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
