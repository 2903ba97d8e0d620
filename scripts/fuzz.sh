#!/usr/bin/env bash
# The import parser's fuzz target (fuzz/fuzz_targets/import_parser.rs) under
# libFuzzer for a bounded time: `scripts/fuzz.sh SECONDS`.
#
# It builds the target as `cargo fuzz build --sanitizer none` does (the same
# coverage instrumentation, on stable; no sanitizer: the parser is safe Rust,
# so a crash is a panic, which libFuzzer catches) with cargo alone, so that a
# fresh machine does not have to build and install cargo-fuzz first (`cargo
# fuzz run --sanitizer none import_parser` still works for whoever has it).
# It starts from the exports in fuzz/seeds/ and keeps what it finds in
# fuzz/corpus/ (not committed); a failing input lands in fuzz/artifacts/.
set -euo pipefail

SECONDS_TO_RUN="${1:-60}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/fuzz"
TARGET_TRIPLE="$(rustc -vV | sed -n 's/^host: //p')"

# cargo-fuzz's flags for `--sanitizer none` (0.13), less its one codegen
# unit, which only makes the build slower.
RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
-Cllvm-args=-simplifycfg-branch-fold-threshold=0 \
-Cllvm-args=-sanitizer-coverage-stack-depth \
--cfg fuzzing -Cdebug-assertions"
export RUSTFLAGS
export CARGO_PROFILE_RELEASE_DEBUG=line-tables-only

cd "$FUZZ"
# The target triple keeps the instrumentation off the build scripts and
# proc macros, as cargo-fuzz does.
cargo build --release --target "$TARGET_TRIPLE" --bin import_parser

mkdir -p corpus/import_parser artifacts/import_parser
"$FUZZ/target/$TARGET_TRIPLE/release/import_parser" \
  -artifact_prefix="$FUZZ/artifacts/import_parser/" \
  -max_total_time="$SECONDS_TO_RUN" -print_final_stats=1 \
  corpus/import_parser seeds/import_parser
