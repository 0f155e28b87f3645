#!/usr/bin/env python3
# Writes N random tensor-core configurations of every contraction in a
# kernel file (`"mma": "m16n8k16"`, or "m16n8k8" for precision(tf32); on
# `hip` targets "m16n16k16"): block tiles of m (multiples of 16) and n
# (multiples of 8, or 16), warp tiles that divide them, shared tiles of k
# (multiples of 16, or 8), transposed or identity shared copies, and one or
# two stages (double-buffered shared tiles). The
# computation keys and the rest of each file come from a configuration of
# the target's search space (mdh-space-sample), whose tiles are replaced.
#
# usage: mma_configs.py SAMPLER SRC.mlir TARGET SEED N OUT_PREFIX
# (writes OUT_PREFIX.<s>.<k>.json for sample s and computation k)
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile


def roles(text):
    """Per function: (m, n, k) from the output map, and the mma shape."""
    result = []
    for head, body in re.findall(
            r"(mdh\.compute[^\n]*\n[^\n]*)(?:.*?)outs\((.*?)\)\s*\{", text,
            re.DOTALL):
        out = re.search(r"affine_map<\(([^)]*)\) -> \(([^)]*)\)>", body)
        dims = [d.strip() for d in out.group(1).split(",")]
        m, n = [dims.index(r.strip()) for r in out.group(2).split(",")]
        shape = "m16n8k8" if "precision(tf32)" in head else "m16n8k16"
        result.append((m, n, 3 - m - n, shape))
    return result


def multiples(step, limit):
    return [v for v in range(step, limit + 1, step)]


def main():
    sampler, src, target, seed, n, prefix = sys.argv[1:7]
    rng = random.Random(int(seed))
    kernels = roles(open(src).read())
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sampler, src, target, seed, os.path.join(tmp, "s"),
                        "1"], check=True, stdout=subprocess.DEVNULL)
        base = [json.load(open(f))
                for f in sorted(glob.glob(os.path.join(tmp, "s.0.*.json")))]
    assert len(base) == len(kernels), (len(base), len(kernels))
    for s in range(int(n)):
        for k, (config, (m, nn, kk, shape)) in enumerate(zip(base, kernels)):
            if target.startswith("hip"):
                shape = "m16n16k16"
            step = 8 if shape == "m16n8k8" else 16
            nstep = 16 if shape == "m16n16k16" else 8
            sizes = config["sizes"]
            bm = rng.choice(multiples(16, min(64, sizes[m])))
            bn = rng.choice(multiples(nstep, min(64, sizes[nn])))
            wm = rng.choice([v for v in multiples(16, bm) if bm % v == 0])
            wn = rng.choice([v for v in multiples(nstep, bn) if bn % v == 0])
            bk = rng.choice(multiples(step, min(64, sizes[kk])))
            tiles = [[0] * 3 for _ in range(4)]
            for level, (a, b, c) in enumerate(
                    [(bm, bn, sizes[kk]), (bm, bn, bk), (wm, wn, bk),
                     (16, nstep, step)]):
                tiles[level][m], tiles[level][nn], tiles[level][kk] = a, b, c
            out = dict(config)
            out["tiles"] = tiles
            out["assignment_kind"] = ["blocked"] * 4
            out["inputs"] = [
                {"regions": ["in_place", "shared", "in_place", "in_place"],
                 "layouts": ["identity",
                             rng.choice(["identity", "transposed"]),
                             "identity", "identity"]}
                for _ in config["inputs"]]
            out["outputs"] = [{"regions": ["register"] * 4}
                              for _ in config["outputs"]]
            out["mma"] = shape
            # One or two buffers per shared tile (two always fit: at most
            # 2 x 64 x 72 x 4 bytes per input).
            stages = rng.choice([1, 2])
            if stages > 1:
                out["stages"] = stages
            with open("%s.%d.%d.json" % (prefix, s, k), "w") as f:
                json.dump(out, f, indent=1)
    print("%d configurations of %d kernels" % (int(n) * len(kernels),
                                               len(kernels)))


if __name__ == "__main__":
    main()
