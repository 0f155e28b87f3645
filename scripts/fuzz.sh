#!/usr/bin/env bash
#===- fuzz.sh - Build the libFuzzer harnesses and run one ------------------===#
#
# Configures a separate build tree (build-fuzz) with -DMDH_ENABLE_FUZZERS=ON
# (the project's libraries with ASan, UBSan and coverage instrumentation),
# builds the harness asked for, writes its seed corpus and runs it for
# SECONDS (default 300), then prints the executions and the crashes.
# docs/reliability.md, "Fuzzing", says what each harness covers.
#
#   scripts/fuzz.sh parse|config|specs [SECONDS]
#
# Under build-fuzz/fuzz/: seeds/<harness> (rewritten each run), corpus/<harness>
# (what libFuzzer adds, kept across runs), artifacts/<harness> (crash-*,
# timeout-*, oom-* inputs) and <harness>.log.
#
# MDH_FUZZ_BUILD_DIR (default build-fuzz), MDH_JOBS (default 2),
# MDH_BUILD_LOCK (a flock file wrapped around ninja), MDH_SKIP_BUILD=1,
# MDH_FUZZ_TIMEOUT (seconds per input before libFuzzer calls it a hang;
# default 30), MDH_FUZZ_KEEP_GOING=1 (fork mode: record crashes and go on
# instead of stopping at the first), MDH_FUZZ_ARGS (more libFuzzer flags).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MDH_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
JOBS="${MDH_JOBS:-2}"
LOCK=()
if [[ -n "${MDH_BUILD_LOCK:-}" ]]; then LOCK=(flock "$MDH_BUILD_LOCK"); fi

usage() {
  echo "usage: scripts/fuzz.sh parse|config|specs [SECONDS]" >&2
  exit 2
}
(($# >= 1 && $# <= 2)) || usage
HARNESS="$1"
case "$HARNESS" in parse | config | specs) ;; *) usage ;; esac
SECONDS_TO_RUN="${2:-300}"
[[ "$SECONDS_TO_RUN" =~ ^[0-9]+$ ]] || usage
TARGET="fuzz-$HARNESS"

if [[ ! -f /usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.fuzzer-x86_64.a ]]; then
  echo "fuzz: missing libFuzzer (libclang-rt-22-dev); run scripts/setup.sh" >&2
  exit 1
fi

if [[ ! -f "$BUILD/build.ninja" ]]; then
  # -O1 as build-asan (scripts/test-sanitizers.sh): sanitized -O3 compiles
  # much slower.
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DMDH_ENABLE_FUZZERS=ON >/dev/null
fi
if [[ "${MDH_SKIP_BUILD:-0}" != 1 ]]; then
  "${LOCK[@]}" nice -n 10 ninja -C "$BUILD" -j"$JOBS" --quiet "$TARGET"
fi
BIN="$BUILD/bin/$TARGET"

FUZZ="$BUILD/fuzz"
SEEDS="$FUZZ/seeds/$HARNESS"
CORPUS="$FUZZ/corpus/$HARNESS"
ARTIFACTS="$FUZZ/artifacts/$HARNESS"
LOG="$FUZZ/$HARNESS.log"
rm -rf "$SEEDS"
mkdir -p "$SEEDS" "$CORPUS" "$ARTIFACTS"

# IR seeds: every .mlir of examples/ and test/lit/, one seed per
# `// -----` chunk, without the full-line comments (RUN and CHECK lines).
ir_seeds() {
  /usr/bin/python3 - "$ROOT" "$1" <<'EOF'
import hashlib, pathlib, re, sys
root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for path in sorted([*root.glob("examples/**/*.mlir"), *root.glob("test/lit/**/*.mlir")]):
    for chunk in re.split(r"^// -----.*$", path.read_text(), flags=re.M):
        text = "\n".join(l for l in chunk.splitlines()
                         if not l.lstrip().startswith("//")).strip()
        if text:
            data = (text + "\n").encode()
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
EOF
}

# Configuration seeds: those of the fixed computations (FuzzSeeds.cpp) and
# the JSON files of the tests.
config_seeds() {
  MDH_FUZZ_WRITE_SEEDS="$1" "$BIN" >/dev/null 2>&1 || {
    echo "fuzz: $TARGET could not write its seed configurations" >&2
    exit 1
  }
  # Named after their paths: several share a file name.
  (cd "$ROOT" && find test/lit test/unit -name '*.json') | while IFS= read -r f; do
    cp "$ROOT/$f" "$1/${f//\//_}"
  done
}

# Target-spec seeds: the specs the tests pass (target=..., "target": "...").
spec_seeds() {
  {
    printf '%s\n' openmp openmp:host cuda hip cuda:sm_80 hip:gfx90a \
      'cuda:sm_90,warp_size=32,max_threads_per_block=1024' \
      'openmp,cores=4,l3_cache_size=1048576'
    grep -rhoE 'target=[a-z0-9_:,=]+' "$ROOT/test/lit" | sed 's/^target=//'
    grep -rhoE '"target": "[^"]*"' "$ROOT/test" | sed 's/^"target": "//; s/"$//'
  } | sort -u | while IFS= read -r spec; do
    printf '%s' "$spec" >"$1/spec-$(printf '%s' "$spec" | sha1sum | cut -c1-16)"
  done
}

case "$HARNESS" in
  parse) ir_seeds "$SEEDS" ;;
  config) config_seeds "$SEEDS" ;;
  specs) config_seeds "$SEEDS"; spec_seeds "$SEEDS" ;;
esac
echo "fuzz: $TARGET: $(find "$SEEDS" -type f | wc -l) seeds," \
  "$(find "$CORPUS" -type f | wc -l) inputs in the corpus; running ${SECONDS_TO_RUN}s"

ARGS=(-dict="$ROOT/test/fuzz/mdh.dict" -max_total_time="$SECONDS_TO_RUN"
  -timeout="${MDH_FUZZ_TIMEOUT:-30}" -print_final_stats=1
  -artifact_prefix="$ARTIFACTS/")
if [[ "${MDH_FUZZ_KEEP_GOING:-0}" == 1 ]]; then
  ARGS+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
# shellcheck disable=SC2206
ARGS+=(${MDH_FUZZ_ARGS:-})

before="$(find "$ARTIFACTS" -type f | wc -l)"
start="$(date +%s)"
status=0
nice -n 10 "$BIN" "${ARGS[@]}" "$CORPUS" "$SEEDS" >"$LOG" 2>&1 || status=$?
elapsed=$(($(date +%s) - start))
after="$(find "$ARTIFACTS" -type f | wc -l)"

# Non-fork runs print stat::number_of_executed_units; fork runs a status
# line per job, "#<executions>: cov: ...".
execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -n 1)"
if [[ -z "$execs" ]]; then
  execs="$(sed -n 's/^#\([0-9][0-9]*\):* .*/\1/p' "$LOG" | tail -n 1)"
fi
execs="${execs:-0}"
crashes=$((after - before))
echo "fuzz: $TARGET: $execs executions in ${elapsed}s" \
  "($((execs / (elapsed > 0 ? elapsed : 1))) exec/s), $crashes crashes" \
  "(exit $status; log $LOG)"
if ((crashes > 0)); then
  find "$ARTIFACTS" -type f -newermt "@$start" -printf '  %p\n'
fi
((crashes == 0 && status == 0)) || exit 1
