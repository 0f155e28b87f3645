#!/usr/bin/env python3
# Emits CUDA or HIP for every kernel file with the heuristic's configuration
# and with N configurations drawn from the target's search space
# (mdh-space-sample, fixed seed), and joins all of it into one translation
# unit (bundle.py), so that one nvcc/hipcc run compiles everything.
#
# usage: emit_configs.py MDH_OPT SAMPLER TARGET SEED N OUT FILE...
# (TARGET: cuda:<chip> or hip:<chip>; OUT: the bundled .cu/.hip file)
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    mdh_opt, sampler, target, seed, n, out = sys.argv[1:7]
    files = sys.argv[7:]
    emit = "--emit-cuda" if target.startswith("cuda") else "--emit-hip"
    emitted = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, path in enumerate(files):
            prefix = os.path.join(tmp, "f%d" % k)
            subprocess.run([sampler, path, target, seed, prefix, n],
                           check=True, stdout=subprocess.DEVNULL)
            samples = [[]] + [sorted(glob.glob("%s.%d.*.json" % (prefix, s)))
                              for s in range(int(n))]
            for s, configs in enumerate(samples):
                config = " config=" + ",".join(configs) if configs else ""
                dest = "%s.%d.src" % (prefix, s)
                # The default configuration as users get it (optimized CL-IR);
                # random ones as the pipeline leaves them, since nvcc takes
                # minutes per file on their unrolled register tiles (the
                # optimized random configurations are assembled by ptxas in
                # test/lit/Conversion/Pipelines/gpu-configs-*.test).
                raw = ["--emit-unoptimized"] if configs else []
                subprocess.run([mdh_opt, path, "--mdh-lower-to-clir=target=%s%s" %
                                (target, config), emit, "-o", dest] + raw,
                               check=True)
                emitted.append(dest)
        with open(out, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "bundle.py")] +
                           emitted, check=True, stdout=f)
    print("%d files emitted" % len(emitted))


if __name__ == "__main__":
    main()
