#!/usr/bin/env bash
# Installs the .deb on this machine, checks what it put there, drives the
# installed app through its window, then removes the package again.
#
#   tests/package/install.sh [path/to/Bagless_*.deb]   (default: the newest in target/release/bundle/deb)
#
# Needs root or sudo (it runs apt-get), tauri-driver and WebKitWebDriver
# (make setup), and a display or xvfb-run. Build the .deb with `make package`.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

PACKAGE=bagless
die() { echo "package-test: $*" >&2; exit 1; }
log() { echo "package-test: $*"; }

DEB="${1:-}"
if [[ -z "$DEB" ]]; then
  DEB="$(ls -1t target/release/bundle/deb/*.deb 2>/dev/null | head -n 1 || true)"
  [[ -n "$DEB" ]] || die "no .deb in target/release/bundle/deb (build it with: make package)"
fi
[[ -f "$DEB" ]] || die "not a file: $DEB"
DEB="$(cd "$(dirname "$DEB")" && pwd)/$(basename "$DEB")"

SUDO=()
if [[ "$(id -u)" -ne 0 ]]; then
  command -v sudo >/dev/null || die "not root and no sudo: cannot install a package"
  SUDO=(sudo -n)
fi
apt_get() { "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "$@"; }

installed() { dpkg-query -W -f='${Status}' "$PACKAGE" 2>/dev/null | grep -q 'install ok installed'; }
# Removing a Bagless someone installed on purpose would be rude: refuse, except
# in CI, where it can only be left over from an interrupted run.
if installed; then
  [[ -n "${CI:-}${PACKAGE_TEST_REPLACE:-}" ]] ||
    die "the $PACKAGE package is already installed; remove it first (apt-get remove $PACKAGE) or set PACKAGE_TEST_REPLACE=1"
  log "replacing the $PACKAGE package already installed"
fi

TMP="$(mktemp -d -t bagless-package.XXXXXX)"
cleanup() {
  if installed; then
    log "removing $PACKAGE"
    apt_get remove -y "$PACKAGE" >/dev/null || echo "package-test: could not remove $PACKAGE" >&2
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "installing $DEB"
# apt-get (not dpkg -i) so that missing dependencies are installed too.
apt_get install -y --no-install-recommends "$DEB" >"$TMP/apt.log" 2>&1 || { cat "$TMP/apt.log" >&2; die "install failed"; }
installed || die "$PACKAGE is not installed after apt-get install"

# What the package must hold.
for path in /usr/bin/bagless-desktop /usr/bin/bagless /usr/share/applications/Bagless.desktop \
  /usr/share/icons/hicolor/128x128/apps/bagless-desktop.png \
  /usr/share/metainfo/org.bagless.desktop.metainfo.xml /usr/share/doc/bagless/LICENSE; do
  dpkg -L "$PACKAGE" | grep -qx "$path" || die "the package does not install $path"
  [[ -e "$path" ]] || die "$path is missing after the install"
done
grep -qx 'Exec=bagless-desktop' /usr/share/applications/Bagless.desktop || die "the desktop entry does not start bagless-desktop"
# The end-to-end tests' hooks (file choosers and drops read from files) are
# not in the packaged app.
! grep -qa 'BAGLESS_E2E' /usr/bin/bagless-desktop || die "the packaged app carries the end-to-end tests' hooks"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate /usr/share/applications/Bagless.desktop || die "the desktop entry is not valid"
fi

# The command-line tool, found on PATH, on a copy of a real library.
[[ "$(command -v bagless)" == /usr/bin/bagless ]] || die "bagless is not /usr/bin/bagless on PATH (found: $(command -v bagless || echo nothing))"
bagless --help >"$TMP/help.txt" || die "bagless --help failed"
grep -q 'bagless' "$TMP/help.txt" || die "bagless --help printed no usage"
# The crash tests' writer is built for them only, never shipped.
if bagless --library "$TMP/none.sqlite" debug-record-loop --campaign x >/dev/null 2>&1; then
  die "the installed bagless has the debug writer"
fi
cp tests/fixtures/library-schema-1.sqlite "$TMP/bagless.sqlite"
bagless --library "$TMP/bagless.sqlite" list >"$TMP/list.txt" || die "bagless list failed on a library"
grep -q 'Venice, Tuesday group' "$TMP/list.txt" || { cat "$TMP/list.txt" >&2; die "bagless list did not show the library's campaigns"; }
log "bagless runs from PATH"

# The installed app, through its window: it starts on the library and starts
# again on the same data (the e2e smoke spec, with the same harness). It
# paints as it ships, without WebKitGTK's compositor, which WebDriver's
# screenshots wait for: none is taken (E2E_SHOTS=off).
XVFB=()
[[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]] || XVFB=(xvfb-run -a)
"${XVFB[@]}" env E2E_ONLY=smoke E2E_SHOTS=off tests/e2e/run.sh /usr/bin/bagless-desktop || die "the installed app did not show its library"

apt_get remove -y "$PACKAGE" >"$TMP/apt.log" 2>&1 || { cat "$TMP/apt.log" >&2; die "removal failed"; }
! installed || die "$PACKAGE is still installed after apt-get remove"
[[ ! -e /usr/bin/bagless && ! -e /usr/bin/bagless-desktop ]] || die "files left behind after the removal"
log "installed, ran and removed $(basename "$DEB")"
