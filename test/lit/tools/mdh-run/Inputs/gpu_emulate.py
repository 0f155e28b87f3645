#!/usr/bin/env python3
# Differential test of the GPU path on the CPU (DESIGN §6 (b)) over random
# configurations: for each kernel file, draws N configurations from the
# target's search space (mdh-space-sample, fixed seed), runs
#   mdh-run FILE --target=T --emulate --config=... --check=full
# (HL -> LL -> GPU CL-IR -> gpu.launch -> the emulation with shuffled thread
# orders and poisoned shared memory, checked at every output point against
# the f64 reference), and prints one line per kernel and configuration:
#   <file> <sample> <kernel> kernels=<K> <OK|FAIL>
# where K is the number of GPU kernels (CL-IR phases) of the schedule: more
# than one means a reduction or scan across blocks.
#
# usage: gpu_emulate.py MDH_RUN MDH_OPT SAMPLER TARGET SEED N FILE...
import glob
import os
import re
import subprocess
import sys
import tempfile


def main():
    mdh_run, mdh_opt, sampler, target, seed, n = sys.argv[1:7]
    files = sys.argv[7:]
    failures = runs = multi = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            name = os.path.splitext(os.path.basename(path))[0]
            prefix = os.path.join(tmp, name)
            subprocess.run([sampler, path, target, seed, prefix, n],
                           check=True, stdout=subprocess.DEVNULL)
            for s in range(int(n)):
                configs = sorted(glob.glob("%s.%d.*.json" % (prefix, s)))
                arg = ",".join(configs)
                clir = subprocess.run(
                    [mdh_opt, path,
                     "--mdh-lower-to-clir=target=%s config=%s" % (target, arg)],
                    capture_output=True, text=True, check=True).stdout
                # Phases per function, in file order (one kernel each).
                phases = [len(re.findall(r"mdh_cl\.phase", body))
                          for body in clir.split("func.func")[1:]]
                run = subprocess.run(
                    [mdh_run, path, "--target=" + target, "--emulate",
                     "--config=" + arg, "--check=full", "--reps=1",
                     "--seed=%d" % (s + 1)],
                    capture_output=True, text=True)
                lines = [l for l in run.stdout.splitlines()
                         if not l.startswith("#")]
                if run.returncode != 0 or len(lines) != len(phases):
                    failures += 1
                    print("%s %d FAIL (exit %d)\n%s%s" %
                          (name, s, run.returncode, run.stdout, run.stderr))
                    continue
                for line, k in zip(lines, phases):
                    fields = line.split()
                    runs += 1
                    multi += k > 1
                    print("%s %d %s kernels=%d %s" %
                          (name, s, fields[0], k, fields[-1]))
                    failures += fields[-1] != "OK"
    print("%d runs, %d with several kernels, %d failures" %
          (runs, multi, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
