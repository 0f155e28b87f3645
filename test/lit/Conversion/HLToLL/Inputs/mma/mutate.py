#!/usr/bin/env python3
# Writes one configuration of CONFIGS (the first of an `emit-config` set)
# with a change: `set PATH JSON` assigns a field (PATH: keys and indices
# separated by dots, e.g. tiles.3.0), `mma` adds "mma": "m16n8k16" (`mma-tf32`: "m16n8k8").
#
# usage: mutate.py CONFIGS OUT (set PATH JSON | mma | mma-tf32)...
import json
import sys


def main():
    src, out = sys.argv[1:3]
    config = json.load(open(src))
    if "configurations" in config:
        config = config["configurations"][0]
    args = sys.argv[3:]
    while args:
        if args[0] in ("mma", "mma-tf32"):
            config["mma"] = "m16n8k8" if args[0] == "mma-tf32" else "m16n8k16"
            args = args[1:]
            continue
        assert args[0] == "set", args
        path, value = args[1].split("."), json.loads(args[2])
        node = config
        for key in path[:-1]:
            node = node[int(key)] if isinstance(node, list) else node[key]
        last = path[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
        args = args[3:]
    json.dump(config, open(out, "w"), indent=1)


if __name__ == "__main__":
    main()
