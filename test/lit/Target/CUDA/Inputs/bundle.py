#!/usr/bin/env python3
# Joins several files that `--emit-cuda`/`--emit-hip` printed into one
# translation unit, so that one nvcc/hipcc run (about 2 s each) compiles
# them all: every file's includes once (files with f16/bf16 include more),
# the size_t assertion once, each file's code in a namespace of its own,
# the launch functions without `extern "C"` (their names may repeat).
#
# usage: bundle.py FILE... > all.cu
import sys

includes, assertion, bodies = [], None, []
for path in sys.argv[1:]:
    text = open(path).read()
    head, sep, code = text.partition("static_assert")
    if not sep:
        sys.exit("%s: not an --emit-cuda/--emit-hip file" % path)
    for line in head.splitlines():
        if line.startswith("#include") and line not in includes:
            includes.append(line)
    end = code.index(";") + 1
    assertion = assertion or sep + code[:end]
    bodies.append((path, code[end:]))
sys.stdout.write("\n".join(includes) + "\n\n" + assertion + "\n\n")
for k, (path, code) in enumerate(bodies):
    sys.stdout.write("namespace mdh_bundle_%d { // %s\n" % (k, path))
    sys.stdout.write(code.replace('extern "C" ', ""))
    sys.stdout.write("} // namespace mdh_bundle_%d\n\n" % k)
