#!/usr/bin/env python3
# Compile checks of the MLIR GPU path over random configurations: for each
# kernel file, the heuristic's configuration and N configurations drawn from
# the chip's search space (mdh-space-sample, fixed seed) go through
#   cuda:<chip>  --mdh-lower-to-cubin   (NVVM -> PTX -> ptxas)
#   hip:<chip>   --mdh-lower-to-amdgpu format=bin (ROCDL -> llvm-mc -> ld.lld)
# and every kernel must come out as an ELF object. Prints one line per file
# and configuration, `<file> <sample|default> binaries=<K> OK|FAIL`, and a
# summary; exits non-zero on any failure.
#
# usage: compile_configs.py MDH_OPT SAMPLER TARGET SEED N FILE...
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile


def pipeline(target, configs):
    vendor, chip = target.split(":")
    config = " config=" + ",".join(configs) if configs else ""
    if vendor == "cuda":
        return "--mdh-lower-to-cubin=chip=%s%s" % (chip, config)
    return "--mdh-lower-to-amdgpu=chip=%s format=bin%s" % (chip, config)


def check(mdh_opt, target, path, label, configs):
    run = subprocess.run([mdh_opt, path, pipeline(target, configs)],
                         capture_output=True, text=True)
    name = os.path.splitext(os.path.basename(path))[0]
    binaries = re.findall(r"^\s*gpu\.binary @(\S+) .*$", run.stdout,
                          re.MULTILINE)
    objects = len(re.findall(r'bin = "\\7FELF', run.stdout))
    launches = set(re.findall(r"gpu\.launch_func @(\w+)::", run.stdout))
    ok = (run.returncode == 0 and binaries and objects == len(binaries) and
          launches <= set(b.strip() for b in binaries))
    line = "%s %s binaries=%d %s" % (name, label, len(binaries),
                                     "OK" if ok else "FAIL")
    if not ok:
        line += "\n" + run.stderr[-2000:]
    return ok, line


def main():
    mdh_opt, sampler, target, seed, n = sys.argv[1:6]
    files = sys.argv[6:]
    jobs = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            jobs.append((path, "default", []))
            prefix = os.path.join(
                tmp, os.path.splitext(os.path.basename(path))[0])
            subprocess.run([sampler, path, target, seed, prefix, n],
                           check=True, stdout=subprocess.DEVNULL)
            for s in range(int(n)):
                jobs.append((path, str(s),
                             sorted(glob.glob("%s.%d.*.json" % (prefix, s)))))
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            results = list(pool.map(
                lambda job: check(mdh_opt, target, *job), jobs))
    for _, line in results:
        print(line)
    failures = sum(not ok for ok, _ in results)
    print("%d configurations, %d failures" % (len(results), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
