#!/usr/bin/env bash
# ptxas-report.sh - per example kernel: the default heuristic's tile sizes on
# a CUDA chip next to what `ptxas -v` reports for the kernels the GPU
# pipeline makes of it (registers, spill stores/loads, shared memory).
#
#   bench/ptxas-report.sh [--chip sm_90] [--build build] [examples/x.mlir ...]
#
# Every number is measured by this run: the tiles come from
# `mdh-opt --mdh-hl-to-ll=target=cuda:<chip>`, the rest from
# `mdh-opt --mdh-lower-to-cubin="chip=<chip> ptxas-verbose=1"` (ptxas from PATH or
# /usr/local/cuda/bin). Tile columns list the tile sizes per dimension of
# the levels blocks / shared_tile / threads / register_tile.
set -euo pipefail

chip=sm_90
build=build
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --chip) chip="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
root="$(cd "$(dirname "$0")/.." && pwd)"
[[ ${#files[@]} -gt 0 ]] || files=("$root"/examples/*.mlir)
opt="$root/$build/bin/mdh-opt"
[[ -x "$opt" ]] || { echo "ptxas-report.sh: $opt not found; build mdh-opt first" >&2; exit 1; }
if ! command -v ptxas >/dev/null && [[ ! -x /usr/local/cuda/bin/ptxas ]]; then
  echo "ptxas-report.sh: ptxas (CUDA toolkit) not found on PATH or in /usr/local/cuda/bin" >&2
  exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "chip $chip, $(PATH="$PATH:/usr/local/cuda/bin" ptxas --version | tail -1)"
printf '%-34s %14s %14s %12s %10s %5s %11s %7s\n' kernel blocks shared threads \
  register regs 'spill st/ld' 'smem B'
for f in "${files[@]}"; do
  "$opt" "$f" --mdh-hl-to-ll=target=cuda:"$chip" > "$tmp/ll.mlir" 2> "$tmp/err" ||
    { echo "$(basename "$f"): no schedule: $(head -1 "$tmp/err")"; continue; }
  "$opt" "$f" --mdh-lower-to-cubin="chip=$chip ptxas-verbose=1" > "$tmp/bin.mlir" 2> "$tmp/err" ||
    { echo "$(basename "$f"): no cubin: $(head -1 "$tmp/err")"; continue; }
  python3 - "$tmp/ll.mlir" "$tmp/bin.mlir" <<'PY'
import re, sys
ll, binary = (open(p).read() for p in sys.argv[1:3])
# Tiles per function (computation), level by level.
tiles = {}
for func in re.split(r"\n(?=  func\.func @)", ll):
    m = re.search(r"func\.func @([\w]+)", func)
    if not m:
        continue
    levels = re.findall(r'mdh_ll\.level \d+ "(\w+)" \w+ tiles \[([^\]]*)\]', func)
    tiles[m.group(1)] = {name: t.replace(" ", "") for name, t in levels}
def unescape(s):
    return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), s)
cols = ["blocks", "shared_tile", "threads", "register_tile"]
for m in re.finditer(r'gpu\.binary @(\w+) .*?ptxas_info = "((?:[^"\\]|\\.)*)"', binary):
    kernel, info = m.group(1), unescape(m.group(2))
    func = max((f for f in tiles if kernel.startswith(f + "_")), key=len, default=None)
    t = tiles.get(func, {})
    regs = re.search(r"Used (\d+) registers", info)
    spill = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", info)
    smem = re.search(r"(\d+) bytes smem", info)
    print(f"{kernel:34} {t.get(cols[0], '-'):>14} {t.get(cols[1], '-'):>14}"
          f" {t.get(cols[2], '-'):>12} {t.get(cols[3], '-'):>10}"
          f" {regs.group(1) if regs else '-':>5}"
          f" {spill.group(1) + '/' + spill.group(2) if spill else '-':>11}"
          f" {smem.group(1) if smem else '0':>7}")
PY
done
