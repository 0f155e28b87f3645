#!/usr/bin/env python3
"""The MLIR text of a random case of gen.py (issue 19): the combiner, the
function and its `mdh.compute`, printed from the case dict."""

WIDTH = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}


def is_float(t):
    return t in ("f16", "bf16", "f32", "f64")


def affine_text(e):
    k = e[0]
    if k == "d":
        return "d%d" % e[1]
    if k == "c":
        return str(e[1])
    if k == "+":
        if e[2][0] == "c" and e[2][1] < 0:
            return "(%s - %d)" % (affine_text(e[1]), -e[2][1])
        return "(%s + %s)" % (affine_text(e[1]), affine_text(e[2]))
    a = affine_text(e[1])
    if k == "*":
        if e[2] < 0:
            return "(-(%s * %d))" % (a, -e[2])
        return "(%s * %d)" % (a, e[2])
    return "(%s %s %d)" % (a, "floordiv" if k == "fd" else "mod", e[2])


def memref(buf):
    return "memref<%s%s>" % ("".join("%dx" % s for s in buf["shape"]),
                             buf["type"])


def map_text(m, dims):
    return "affine_map<(%s) -> (%s)>" % (
        ", ".join("d%d" % d for d in range(dims)),
        ", ".join(affine_text(e) for e in m))


FLOAT_BITS = {"-inf": {"f16": "0xFC00", "bf16": "0xFF80",
                       "f32": "0xFF800000", "f64": "0xFFF0000000000000"},
              "inf": {"f16": "0x7C00", "bf16": "0x7F80",
                      "f32": "0x7F800000", "f64": "0x7FF0000000000000"}}


def const_text(value, t):
    if is_float(t):
        if isinstance(value, str):
            return "%s : %s" % (FLOAT_BITS[value][t], t)
        return "%r : %s" % (float(value), t)
    return "%d : %s" % (value, t)


def int_limits(t, unsigned):
    w = WIDTH[t]
    return (0, -1) if unsigned else (-(1 << (w - 1)), (1 << (w - 1)) - 1)


def identity(group, types):
    """The identity of a group, as (component, value) pairs."""
    if group["kind"] == "op":
        c = group["comps"][0]
        t, o = types[c], group["op"]
        v = {"addf": 0.0, "mulf": 1.0, "maximumf": "-inf", "minimumf": "inf",
             "addi": 0, "muli": 1, "ori": 0, "xori": 0, "andi": -1,
             "poly": 0, "maxui": 0, "minui": -1}.get(o)
        if o in ("maxsi", "minsi"):
            lo, hi = int_limits(t, False)
            v = lo if o == "maxsi" else hi
        return [(c, v)]
    out = []
    for c, d, u in zip(group["order"], group["dirs"], group["unsigned"]):
        t = types[c]
        if is_float(t):
            out.append((c, "-inf" if d == "max" else "inf"))
        else:
            lo, hi = int_limits(t, u)
            out.append((c, lo if d == "max" else hi))
    return out


def combiner_text(comb):
    types = comb["types"]
    n = len(types)
    lines = []
    head = "mdh.combiner @%s associative commutative (%s)" % (
        comb["name"], ", ".join(types))
    if comb["identity"]:
        ident = dict(p for g in comb["groups"] for p in identity(g, types))
        head += " identity [%s]" % ", ".join(
            const_text(ident[c], types[c]) for c in range(n))
    lines.append(head + " {")
    lines.append("^bb0(%s):" % ", ".join(
        ["%%l%d: %s" % (i, t) for i, t in enumerate(types)] +
        ["%%r%d: %s" % (i, t) for i, t in enumerate(types)]))
    res = {}
    k = [0]

    def emit(text):
        name = "%%t%d" % k[0]
        k[0] += 1
        lines.append("  %s = %s" % (name, text))
        return name

    for g in comb["groups"]:
        if g["kind"] == "op":
            c = g["comps"][0]
            t, o = types[c], g["op"]
            l, r = "%%l%d" % c, "%%r%d" % c
            if o == "poly":  # l + r + l * r
                s = emit("arith.addi %s, %s : %s" % (l, r, t))
                p = emit("arith.muli %s, %s : %s" % (l, r, t))
                res[c] = emit("arith.addi %s, %s : %s" % (s, p, t))
            else:
                res[c] = emit("arith.%s %s, %s : %s" % (o, l, r, t))
            continue
        # Right wins if it is larger in the lexicographic order.
        better = None
        for c, d, u in reversed(list(zip(g["order"], g["dirs"],
                                         g["unsigned"]))):
            t = types[c]
            l, r = "%%l%d" % c, "%%r%d" % c
            if is_float(t):
                gt = emit("arith.cmpf %s, %s, %s : %s" % (
                    "ogt" if d == "max" else "olt", r, l, t))
                eq = emit("arith.cmpf oeq, %s, %s : %s" % (r, l, t))
            else:
                p = ("u" if u else "s") + ("gt" if d == "max" else "lt")
                gt = emit("arith.cmpi %s, %s, %s : %s" % (p, r, l, t))
                eq = emit("arith.cmpi eq, %s, %s : %s" % (r, l, t))
            if better is None:
                better = gt
            else:
                tie = emit("arith.andi %s, %s : i1" % (eq, better))
                better = emit("arith.ori %s, %s : i1" % (gt, tie))
        for c in g["comps"]:
            res[c] = emit("arith.select %s, %%r%d, %%l%d : %s" % (
                better, c, c, types[c]))
    lines.append("  mdh.yield %s : %s" % (
        ", ".join(res[c] for c in range(n)), ", ".join(types)))
    lines.append("}")
    return "\n".join(lines)


def op_text(o):
    name, t = o["op"], o["type"]
    args = ", ".join("%" + a for a in o["args"])
    if name == "arith.constant":
        if t == "index":
            return "arith.constant %d : index" % o["value"]
        return "arith.constant " + const_text(o["value"], t)
    if name == "mdh.index":
        return "mdh.index %d" % o["dim"]
    if name in ("arith.cmpf", "arith.cmpi"):
        return "%s %s, %s : %s" % (name, o["pred"], args, o["src"])
    if "src" in o:
        return "%s %s : %s to %s" % (name, args, o["src"], t)
    return "%s %s : %s" % (name, args, t)


def emit(case):
    dims = len(case["sizes"])
    lines = []
    if case["combiner"]:
        lines.append(combiner_text(case["combiner"]))
        lines.append("")
    ins, outs = case["inputs"], case["outputs"]
    params = ["%%in%d: %s" % (i, memref(b)) for i, b in enumerate(ins)] + \
        ["%%out%d: %s" % (i, memref(b)) for i, b in enumerate(outs)]
    lines.append("func.func @kernel(%s) {" % ", ".join(params))
    comb = ", ".join(c if c == "cc" else "%s(%s)" % (c, case["op"])
                     for c in case["combine"])
    lines.append('  mdh.compute "random_%d" sizes(%s) combine(%s)' % (
        case["seed"], ", ".join(map(str, case["sizes"])), comb))

    def views(prefix, bufs):
        return ", ".join("%%%s%d : %s [%s]" % (
            prefix, i, memref(b), ", ".join(map_text(m, dims)
                                            for m in b["maps"]))
            for i, b in enumerate(bufs))

    if ins:
        lines.append("      ins(%s)" % views("in", ins))
    lines.append("      outs(%s) {" % views("out", outs))
    args = ["%%a%d: %s" % (k, b["type"]) for k, b in
            enumerate(b for b in ins for _ in b["maps"])]
    if args:
        lines.append("  ^bb0(%s):" % ", ".join(args))
    for o in case["body"]:
        lines.append("    %%%s = %s" % (o["res"], op_text(o)))
    types = [o["type"] for o in outs for _ in o["maps"]]
    lines.append("    mdh.yield %s : %s" % (
        ", ".join("%" + y for y in case["yields"]), ", ".join(types)))
    lines.append("  }")
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"
