#!/usr/bin/env python3
# ===- check_abi.py - Pins the mgpu* ABI against lowered MLIR -------------===#
#
# Part of the MDH-MLIR project.
#
# ===----------------------------------------------------------------------===#
"""Checks that the runtime implements the mgpu* ABI of lowered MLIR.

For every `declare ... @mgpu*` in LLVM IR that upstream mlir-translate
produced, the declaration that clang derives from mdh/gpu_runtime.h must
have the same LLVM types, and every undefined mgpu* symbol of the compiled
objects must be defined by each runtime library. Prints one line per
function, sorted, and exits 1 on any mismatch.
"""

import argparse
import re
import subprocess
import sys

DECLARE = re.compile(r"^declare\s+(.*?)\s*@(mgpu\w+)\((.*)\)")
# Parameter and return attributes clang adds that do not change the type.
ATTRIBUTES = {"noundef", "zeroext", "signext", "nonnull", "noalias",
              "nocapture", "readonly", "writeonly", "dso_local", "local_unnamed_addr"}


def signature(ret, params):
    ret_tokens = [t for t in ret.split() if t not in ATTRIBUTES]
    types = []
    for param in filter(None, (p.strip() for p in params.split(","))):
        tokens = [t for t in param.split() if t not in ATTRIBUTES]
        types.append(tokens[0])
    return "%s(%s)" % (ret_tokens[-1], ", ".join(types))


def declarations(text):
    result = {}
    for line in text.splitlines():
        match = DECLARE.match(line)
        if match:
            result[match.group(2)] = signature(match.group(1), match.group(3))
    return result


def nm(args, path):
    out = subprocess.run(args + [path], check=True, capture_output=True,
                         text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines()
            if line.strip()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clang", required=True)
    parser.add_argument("--nm", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--runtime", action="append", required=True)
    parser.add_argument("--object", action="append", default=[])
    parser.add_argument("lowered", nargs="+", help="LLVM IR from mlir-translate")
    args = parser.parse_args()

    lowered = {}
    failed = False
    for path in args.lowered:
        with open(path) as f:
            for name, sig in declarations(f.read()).items():
                if lowered.setdefault(name, sig) != sig:
                    print("MISMATCH %s: %s in one module, %s in %s"
                          % (name, lowered[name], sig, path))
                    failed = True

    # The header's view: clang's declarations of the same functions.
    source = '#include "mdh/gpu_runtime.h"\nvoid *mdhAbiTable[] = {\n%s};\n' % (
        "".join("  (void *)&%s,\n" % name for name in sorted(lowered)))
    compiled = subprocess.run(
        [args.clang, "-x", "c", "-S", "-emit-llvm", "-O0", "-o", "-",
         "-I" + args.include, "-"], input=source, capture_output=True, text=True)
    if compiled.returncode != 0:
        print("MISSING from mdh/gpu_runtime.h:\n" + compiled.stderr)
        return 1
    header = declarations(compiled.stdout)

    for name in sorted(lowered):
        if header.get(name) != lowered[name]:
            print("MISMATCH %s: lowered MLIR declares %s, the header %s"
                  % (name, lowered[name], header.get(name)))
            failed = True
        else:
            print("%s: %s" % (name, lowered[name]))

    defined = {path: nm([args.nm, "-D", "--defined-only"], path)
               for path in args.runtime}
    for path in args.object:
        undefined = {s for s in nm([args.nm, "--undefined-only"], path)
                     if s.startswith("mgpu")}
        for runtime, symbols in defined.items():
            missing = sorted(undefined - symbols)
            if missing:
                print("UNDEFINED in %s: %s" % (runtime, " ".join(missing)))
                failed = True
        print("object: %d undefined mgpu* symbols, all defined by %d runtimes"
              % (len(undefined), len(defined)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
