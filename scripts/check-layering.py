#!/usr/bin/env python3
# ===- check-layering.py - Check the #include graph against CMake --------===#
#
# Part of the MDH-MLIR project.
#
# ===---------------------------------------------------------------------===#
#
# Usage: check-layering.py SOURCE_DIR BUILD_DIR
#
# Reads BUILD_DIR/mdh-layering.json (cmake/MDHLayering.cmake: each library
# and tool of the project, its sources and the project targets it links) and
# checks every `#include "..."` of the project's sources and headers:
#
#  - a file of target A may include a header of target B only when A links B,
#    directly or through other targets (so no library includes a header of a
#    library that depends on it, and no include goes unstated in CMake);
#  - a header under lib/ is private to the target of its directory;
#  - every public header under include/mdh/ has exactly one owner (see
#    `owner_of_public_header`);
#  - the declared link graph has no cycle.
#
# Prints one line per violation and exits 1 if there is any.
#
# ===---------------------------------------------------------------------===#

import json
import os
import re
import sys
from collections import defaultdict

INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

# Public headers whose directory holds no library, or several: the target
# that defines what they declare.
OWNER_OVERRIDES = {
    "mdh/InitMDH.h": "MDHRegistration",
    "mdh/Conversion/Passes.h": "MDHPipelines",
    "mdh/Dialect/CL/Passes.h": "MDHCLTransforms",
    "mdh/gpu_loader.h": "MDHGpuLoader",
}

# Headers that any target may include without linking their owner: the pass
# headers declare every pass of their .td file, and the library that defines
# a pass includes them for the pass's generated base class; gpu_runtime.h is
# the C ABI that the GPU runtimes implement and the loader calls.
HEADER_ONLY = {
    "mdh/Conversion/Passes.h",
    "mdh/Dialect/CL/Passes.h",
    "mdh/gpu_runtime.h",
}


def main(argv):
    if len(argv) != 3:
        print(__doc__ or "usage: check-layering.py SOURCE_DIR BUILD_DIR",
              file=sys.stderr)
        return 2
    src = os.path.realpath(argv[1])
    build = os.path.realpath(argv[2])
    with open(os.path.join(build, "mdh-layering.json")) as f:
        targets = json.load(f)

    errors = []

    # Owner of every source file.
    owner = {}
    for name, t in targets.items():
        for s in t["sources"]:
            owner[os.path.realpath(s)] = name

    # Transitive link closure, and cycles.
    closure = {}

    def reach(name, stack):
        if name in closure:
            return closure[name]
        if name in stack:
            errors.append("link cycle: " + " -> ".join(stack + [name]))
            return set()
        result = set()
        for dep in targets[name]["links"]:
            result.add(dep)
            result |= reach(dep, stack + [name])
        closure[name] = result
        return result

    for name in targets:
        reach(name, [])

    # Libraries by the directory of their sources.
    by_dir = defaultdict(set)
    for path, name in owner.items():
        by_dir[os.path.dirname(path)].add(name)

    include_roots = [
        os.path.join(src, "include"),
        os.path.join(src, "runtime", "include"),
    ]

    def owner_of_public_header(rel):
        if rel in OWNER_OVERRIDES:
            return OWNER_OVERRIDES[rel]
        if rel in HEADER_ONLY:
            return "(header only)"
        # include/mdh/<D>/<H>.h belongs to the one target with sources in
        # lib/<D>.
        parts = rel.split("/")
        libdir = os.path.join(src, "lib", *parts[1:-1])
        names = by_dir.get(libdir, set())
        if len(names) == 1:
            return next(iter(names))
        return None

    def resolve(include, from_file):
        """(path, owner) of a project header, or None for other headers."""
        local = os.path.normpath(
            os.path.join(os.path.dirname(from_file), include))
        if os.path.exists(local) and local.startswith(os.path.join(src, "lib")):
            # A private header beside the file.
            return local, ("private", os.path.dirname(local))
        if include.endswith(".inc"):
            return None  # generated; its .h is checked
        for root in include_roots:
            path = os.path.join(root, include)
            if os.path.exists(path):
                if not include.startswith("mdh/"):
                    return None
                o = owner_of_public_header(include)
                if o is None:
                    errors.append(
                        f"{os.path.relpath(path, src)}: no owning library "
                        f"(add it to OWNER_OVERRIDES in {argv[0]})")
                return path, ("public", o)
        return None

    # Headers take the owner of the file that includes them: checked as
    # part of their owner below.
    def check_file(path, target):
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            return
        for include in INCLUDE_RE.findall(text):
            r = resolve(include, path)
            if r is None:
                continue
            hpath, (kind, who) = r
            where = os.path.relpath(path, src)
            if kind == "private":
                if target not in by_dir.get(who, set()):
                    errors.append(
                        f"{where}: includes {os.path.relpath(hpath, src)}, "
                        f"private to {', '.join(sorted(by_dir.get(who, [])))}")
                continue
            if who is None or who == target or include in HEADER_ONLY:
                continue
            if include in HEADER_ONLY:
                continue
            if who not in closure[target]:
                errors.append(f"{where} ({target}): includes \"{include}\" of "
                              f"{who}, which {target} does not link")

    checked = set()
    for path, target in sorted(owner.items()):
        check_file(path, target)
        checked.add(path)
    # Public headers, as their owner.
    for root in include_roots:
        for dirpath, _, files in os.walk(os.path.join(root, "mdh")):
            for f in files:
                if not f.endswith(".h"):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                o = owner_of_public_header(rel)
                if o is None:
                    errors.append(f"{os.path.relpath(path, src)}: no owning "
                                  f"library (add it to OWNER_OVERRIDES)")
                    continue
                if o in targets:
                    check_file(path, o)
    # Private headers under lib/, as the target of their directory.
    for dirpath, _, files in os.walk(os.path.join(src, "lib")):
        names = by_dir.get(dirpath, set())
        for f in files:
            if f.endswith(".h") and len(names) == 1:
                check_file(os.path.join(dirpath, f), next(iter(names)))

    for e in sorted(set(errors)):
        print("check-layering: " + e)
    if errors:
        return 1
    print(f"check-layering: {len(owner)} sources of {len(targets)} targets: "
          "every include follows the declared dependencies")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
