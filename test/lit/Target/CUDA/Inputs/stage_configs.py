#!/usr/bin/env python3
# Writes configurations with `"stages": 2` (double-buffered shared tiles,
# docs/tuning-parameters.md "Stages"): N configurations of every kernel of
# SRC drawn from the target's search space (mdh-space-sample, seed SEED),
# each given two stages where it copies an input to shared memory and the
# verifier accepts it (twice the shared memory may exceed the limit: those
# are dropped). Prints how many were kept, and how many of them walk a
# dimension in several shared tiles per block (the ones that pipeline).
#
# usage: stage_configs.py MDH_OPT SAMPLER SRC.mlir TARGET SEED N OUT_PREFIX
# (writes OUT_PREFIX.<s>.<k>.json)
import glob
import json
import os
import subprocess
import sys
import tempfile


def main():
    mdh_opt, sampler, src, target, seed, n, prefix = sys.argv[1:8]
    staged = pipelined = total = 0
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sampler, src, target, seed, os.path.join(tmp, "s"),
                        n], check=True, stdout=subprocess.DEVNULL)
        for path in sorted(glob.glob(os.path.join(tmp, "s.*.json"))):
            total += 1
            config = json.load(open(path))
            out = prefix + os.path.basename(path)[1:]
            if any(i["regions"][1] == "shared" for i in config["inputs"]):
                config["stages"] = 2
                with open(out, "w") as f:
                    json.dump(config, f, indent=1)
                check = subprocess.run(
                    [mdh_opt, src, "--mdh-hl-to-ll=target=%s config=%s "
                     "config-fallback=heuristic" % (target, out), "-o",
                     os.devnull], stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE, text=True)
                if check.returncode == 0:
                    staged += 1
                    # The innermost dimension of level 1's order that a
                    # block walks in several tiles; two whole ones or more
                    # pipeline (GPUPipeline.cpp).
                    t0, t1 = config["tiles"][0], config["tiles"][1]
                    walked = [d for d in config["orders"][1] if t1[d] < t0[d]]
                    pipelined += bool(walked) and t0[walked[-1]] // t1[walked[-1]] >= 2
                    continue
                assert "shared memory per block" in check.stderr, check.stderr
                del config["stages"]
            # One stage: the kernel file's other computations still need a
            # configuration.
            with open(out, "w") as f:
                json.dump(config, f, indent=1)
    print("%d configurations, %d with 2 stages, %d of them pipelined"
          % (total, staged, pipelined))


if __name__ == "__main__":
    main()
