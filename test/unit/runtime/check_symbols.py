#!/usr/bin/env python3
# ===- check_symbols.py - What a GPU runtime library imports and exports --===#
#
# Part of the MDH-MLIR project.
#
# ===----------------------------------------------------------------------===#
"""Checks the dynamic symbols of a runtime library.

Undefined: only driver API functions (names with the given prefix that the
reference driver library exports) and libc (GLIBC-versioned, plus the weak
symbols every shared object has). Defined: only the mgpu* ABI and the
mdhGpu* API. Prints a summary and exits 1 on anything else.
"""

import argparse
import subprocess
import sys

ALWAYS_WEAK = {"_ITM_deregisterTMCloneTable", "_ITM_registerTMCloneTable",
               "__gmon_start__", "__cxa_finalize"}


def symbols(nm, flags, path):
    out = subprocess.run([nm, "-D"] + flags + [path], check=True,
                         capture_output=True, text=True).stdout
    result = []
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 2:
            name, _, version = fields[-1].partition("@")
            result.append((fields[-2], name, version.lstrip("@")))
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nm", required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--reference", required=True,
                        help="the driver library whose API may be imported")
    parser.add_argument("library")
    args = parser.parse_args()

    api = {name for _, name, _ in
           symbols(args.nm, ["--defined-only"], args.reference)}
    driver, libc, bad = [], [], []
    for kind, name, version in symbols(args.nm, ["--undefined-only"],
                                       args.library):
        if name.startswith(args.prefix) and name in api:
            driver.append(name)
        elif version.startswith("GLIBC_") or (kind == "w" and
                                              name in ALWAYS_WEAK):
            libc.append(name)
        else:
            bad.append(name + ("@" + version if version else ""))
    exported = [name for _, name, _ in
                symbols(args.nm, ["--defined-only"], args.library)]
    leaked = [n for n in exported if not n.startswith(("mgpu", "mdhGpu"))]

    for name in bad:
        print("NOT ALLOWED undefined symbol: " + name)
    for name in leaked:
        print("NOT ALLOWED exported symbol: " + name)
    print("imports: %d %s* driver functions, all exported by the reference; "
          "%d libc symbols; %d others"
          % (len(driver), args.prefix, len(libc), len(bad)))
    print("exports: %d mgpu*, %d mdhGpu*, %d others"
          % (sum(n.startswith("mgpu") for n in exported),
             sum(n.startswith("mdhGpu") for n in exported), len(leaked)))
    return 1 if bad or leaked else 0


if __name__ == "__main__":
    sys.exit(main())
