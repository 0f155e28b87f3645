#!/usr/bin/env python3
# Joins several files that `--emit-cuda`/`--emit-hip` printed into one
# translation unit, so that one nvcc/hipcc run (about 2 s each) compiles
# them all: the prelude once, each file's code in a namespace of its own,
# the launch functions without `extern "C"` (their names may repeat).
#
# usage: bundle.py FILE... > all.cu
import sys

prelude_done = False
for k, path in enumerate(sys.argv[1:]):
    text = open(path).read()
    head, sep, code = text.partition("static_assert")
    if not sep:
        sys.exit("%s: not an --emit-cuda/--emit-hip file" % path)
    if not prelude_done:
        sys.stdout.write(head[head.index("#include"):] + sep +
                         code[:code.index(";") + 1] + "\n\n")
        prelude_done = True
    code = code[code.index(";") + 1:]
    sys.stdout.write("namespace mdh_bundle_%d { // %s\n" % (k, path))
    sys.stdout.write(code.replace('extern "C" ', ""))
    sys.stdout.write("} // namespace mdh_bundle_%d\n\n" % k)
