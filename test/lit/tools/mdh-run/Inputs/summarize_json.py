"""Reads the --json document of mdh-run and prints one line per kernel with
its fields, after checking that the document is valid JSON and that
min <= median <= max: for FileCheck."""

import json
import sys

doc = json.load(open(sys.argv[1]))
print("run target=%s seed=%d passed=%s kernels=%d" % (
    doc["target"], doc["seed"], doc["passed"], len(doc["kernels"])))
for k in doc["kernels"]:
    timed = k["median_ms"] is not None
    order = timed and k["min_ms"] <= k["median_ms"] <= k["max_ms"]
    print("kernel %s sizes=%s target=%s threads=%s reps=%d timed=%s "
          "ordered=%s rates=%s check=%s points=%d passed=%s inputs=%s "
          "outputs=%s compile=%s" % (
              k["name"], "x".join(str(n) for n in k["sizes"]), k["target"],
              k["threads"], k["repetitions"], timed, order,
              k["gflop_per_s"] is not None and k["gb_per_s"] is not None,
              k["check"], k["checked_points"], k["passed"],
              ",".join("%s:%s" % (n, p.rsplit("/", 1)[-1])
                       for n, p in sorted(k["inputs"].items())),
              ",".join(p.rsplit("/", 1)[-1] for p in k["output_files"]),
              k["compile_seconds"] == doc["compile_seconds"]))
