"""Linalg IR of the example kernels for the MLIR-based peers of run.py.

Two forms of the same computation:

  tensor  a `func.func @main` taking the inputs as tensors and returning the
          outputs (IREE compiles this form);
  memref  a `func.func @main` taking the inputs and then the outputs as
          memrefs, writing the outputs (upstream mlir-opt-22 lowers this
          form; it is called through ctypes with the expanded memref ABI).

Named ops where linalg has one (dot, matvec, matmul, batch_matmul,
conv_2d_nhwc_fhwc, depthwise_conv_2d_nhwc_hwc, reduce), linalg.generic
otherwise. Only the standard
library: this module runs under every peer's Python.

`dims` are bench.py's peer dimensions (peer_dims), `kind` the mdh.compute
name. bf16 inputs arrive as i16 bit patterns (NumPy has no bf16 dtype) and
are bitcast to bf16 inside the IR, which costs nothing.
"""

from peer_common import CONTRACTIONS, contraction, conv_dims

F32_NEG_INF = "0xFF800000"


def _t(shape, elt):
    return ("tensor" if _FORM == "tensor" else "memref") + "<" + "".join(
        f"{d}x" for d in shape) + elt + ">"


_FORM = "tensor"


def _maps(*maps):
    return "[" + ", ".join(f"affine_map<{m}>" for m in maps) + "]"


def signature(kind, dims):
    """(input (shape, elt) list, output (shape, elt) list) of the kernel."""
    f32, i32 = "f32", "i32"
    if kind == "dot":
        return [([dims[0]], f32)] * 2, [([], f32)]
    if kind == "int_dot":
        return [([dims[0]], i32)] * 2, [([], i32)]
    if kind == "max_reduction":
        return [([dims[0]], f32)], [([], f32)]
    if kind == "argmax":
        return [([dims[0]], f32)], [([], f32), ([], i32)]
    if kind == "jacobi1d":
        return [([dims[0] + 2], f32)], [([dims[0]], f32)]
    if kind == "prefix_sum":
        return [([dims[0]], f32)], [([dims[0]], f32)]
    if kind == "matvec":
        M, K = dims
        return [([M, K], f32), ([K], f32)], [([M], f32)]
    if kind in ("matmul", "matmul_f16", "matmul_bf16"):
        M, N, K = dims
        elt = {"matmul": f32, "matmul_f16": "f16", "matmul_bf16": "i16"}[kind]
        return [([M, K], elt), ([K, N], elt)], [([M, N], f32)]
    if kind == "matmul_t":
        M, N, K = dims
        return [([K, M], f32), ([N, K], f32)], [([M, N], f32)]
    if kind == "bmatmul":
        B, M, N, K = dims
        return [([B, M, K], f32), ([B, K, N], f32)], [([B, M, N], f32)]
    if kind == "mcc":
        N, P, Q, K, R, S, C, st, H, W = dims
        return ([([N, H, W, C], f32), ([K, R, S, C], f32)],
                [([N, P, Q, K], f32)])
    if kind == "mcc_capsule":
        N, P, Q, K, I, J, R, S, C, M, st, H, W = dims
        return ([([N, H, W, C, I, M], f32), ([K, R, S, C, M, J], f32)],
                [([N, P, Q, K, I, J], f32)])
    # The kinds of bench/kernels/ (bench.py's _beyond_examples_layout).
    if kind == "mcc_dilated":
        N, P, Q, K, R, S, C, st, dil, H, W = dims
        return ([([N, H, W, C], f32), ([K, R, S, C], f32)],
                [([N, P, Q, K], f32)])
    if kind == "depthwise":
        N, P, Q, C, R, S, st, dil, H, W = dims
        return ([([N, H, W, C], f32), ([R, S, C], f32)],
                [([N, P, Q, C], f32)])
    if kind == "bmatmul_nt":
        B, M, N, K = dims
        return [([B, M, K], f32), ([B, N, K], f32)], [([B, M, N], f32)]
    if kind in CONTRACTIONS:
        spec, size, _ = contraction(kind, dims)
        operands, out = spec.split("->")
        return ([([size[c] for c in o], f32) for o in operands.split(",")],
                [([size[c] for c in out], f32)])
    if kind == "row_argmax":
        M, N = dims
        return [([M, N], f32)], [([M], f32), ([M], i32)]
    raise KeyError(kind)


def _body_mul_add(elt_in):
    """Body of a generic contraction: out += in0 * in1 in f32."""
    if elt_in == "f32":
        return ("  %p = arith.mulf %a, %b : f32\n"
                "  %s = arith.addf %acc, %p : f32\n"
                "  linalg.yield %s : f32\n")
    raise KeyError(elt_in)


def build(kind, dims, form):
    """The module text of `kind` in `form` ('tensor' or 'memref'), or raises
    KeyError if this kernel has no linalg form here."""
    global _FORM
    _FORM = form
    ins, outs = signature(kind, dims)
    if kind == "prefix_sum" and form == "memref":
        raise KeyError("linalg has no scan op (upstream)")
    in_types = [_t(s, e) for s, e in ins]
    out_types = [_t(s, e) for s, e in outs]
    # A bf16 input is i16 bits: bitcast (tensor form only: a memref has no
    # bitcast of its element type, so the memref form casts in the body).
    lines = []
    args = [f"%in{i}: {t}" for i, t in enumerate(in_types)]
    if form == "tensor":
        header = (f"func.func @main({', '.join(args)}) -> "
                  f"({', '.join(out_types)}) {{")
    else:
        args += [f"%out{i}: {t}" for i, t in enumerate(out_types)]
        header = f"func.func @main({', '.join(args)}) {{"
    lines.append(header)
    ops = []
    inits = []  # SSA names of the initialized outputs

    def init(i, value, elt):
        if form == "tensor":
            ops.append(f"%e{i} = tensor.empty() : {out_types[i]}")
            ops.append(f"%c{i} = arith.constant {value} : {elt}")
            ops.append(f"%f{i} = linalg.fill ins(%c{i} : {elt}) outs(%e{i} : "
                       f"{out_types[i]}) -> {out_types[i]}")
            inits.append(f"%f{i}")
        else:
            ops.append(f"%c{i} = arith.constant {value} : {elt}")
            ops.append(f"linalg.fill ins(%c{i} : {elt}) outs(%out{i} : "
                       f"{out_types[i]})")
            inits.append(f"%out{i}")

    def res(n):
        """`%r = ` (tensor form) and the `-> types` suffix."""
        if form == "tensor":
            names = ", ".join(f"%r#{i}" for i in range(n)) if n > 1 else "%r"
            lhs = "%r = " if n == 1 else f"%r:{n} = "
            types = ", ".join(out_types[:n])
            return lhs, " -> " + (types if n == 1 else f"({types})"), names
        return "", "", ""

    ins_s = ", ".join(f"%in{i}" for i in range(len(ins)))
    ins_t = ", ".join(in_types)

    def outs_clause(n=1):
        return (", ".join(inits[:n]), ", ".join(out_types[:n]))

    if kind in ("dot", "int_dot"):
        init(0, "0" if kind == "int_dot" else "0.0", outs[0][1])
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(f"{lhs}linalg.dot ins({ins_s} : {ins_t}) outs({o} : {ot})"
                   f"{arrow}")
    elif kind == "matvec":
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(f"{lhs}linalg.matvec ins({ins_s} : {ins_t}) outs({o} : "
                   f"{ot}){arrow}")
    elif kind in ("matmul", "matmul_f16") or (kind == "matmul_bf16"
                                              and form == "tensor"):
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        src, src_t = ins_s, ins_t
        if kind == "matmul_bf16":
            bf = [_t(s, "bf16") for s, _ in ins]
            for i in range(2):
                ops.append(f"%bf{i} = arith.bitcast %in{i} : {in_types[i]} "
                           f"to {bf[i]}")
            src, src_t = "%bf0, %bf1", ", ".join(bf)
        ops.append(f"{lhs}linalg.matmul ins({src} : {src_t}) outs({o} : {ot})"
                   f"{arrow}")
    elif kind == "matmul_bf16":  # memref form: cast in a generic body
        init(0, "0.0", "f32")
        o, ot = outs_clause()
        ops.append(
            "linalg.generic {indexing_maps = " +
            _maps("(i, j, k) -> (i, k)", "(i, j, k) -> (k, j)",
                  "(i, j, k) -> (i, j)") +
            ', iterator_types = ["parallel", "parallel", "reduction"]}\n'
            f"  ins({ins_s} : {ins_t}) outs({o} : {ot}) {{\n"
            "^bb0(%a: i16, %b: i16, %acc: f32):\n"
            "  %ab = arith.bitcast %a : i16 to bf16\n"
            "  %bb = arith.bitcast %b : i16 to bf16\n"
            "  %af = arith.extf %ab : bf16 to f32\n"
            "  %bf = arith.extf %bb : bf16 to f32\n"
            "  %p = arith.mulf %af, %bf : f32\n"
            "  %s = arith.addf %acc, %p : f32\n"
            "  linalg.yield %s : f32\n}")
        names = ""
    elif kind == "matmul_t":
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(
            f"{lhs}linalg.matmul indexing_maps = " +
            _maps("(i, j, k) -> (k, i)", "(i, j, k) -> (j, k)",
                  "(i, j, k) -> (i, j)") +
            f"\n  ins({ins_s} : {ins_t}) outs({o} : {ot}){arrow}")
    elif kind == "bmatmul":
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(f"{lhs}linalg.batch_matmul ins({ins_s} : {ins_t}) "
                   f"outs({o} : {ot}){arrow}")
    elif kind in ("mcc", "mcc_dilated"):
        st, dil = conv_dims(kind, dims)[7:9]
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(
            f"{lhs}linalg.conv_2d_nhwc_fhwc {{dilations = dense<{dil}> : "
            f"tensor<2xi64>, strides = dense<{st}> : tensor<2xi64>}}\n"
            f"  ins({ins_s} : {ins_t}) outs({o} : {ot}){arrow}")
    elif kind == "depthwise":
        st, dil = dims[6:8]
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(
            f"{lhs}linalg.depthwise_conv_2d_nhwc_hwc {{dilations = "
            f"dense<{dil}> : tensor<2xi64>, strides = dense<{st}> : "
            "tensor<2xi64>}\n"
            f"  ins({ins_s} : {ins_t}) outs({o} : {ot}){arrow}")
    elif kind == "bmatmul_nt":
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(
            f"{lhs}linalg.batch_matmul indexing_maps = " +
            _maps("(b, i, j, k) -> (b, i, k)", "(b, i, j, k) -> (b, j, k)",
                  "(b, i, j, k) -> (b, i, j)") +
            f"\n  ins({ins_s} : {ins_t}) outs({o} : {ot}){arrow}")
    elif kind in CONTRACTIONS:
        # A generic with the einsum's maps, its loops in the kernel's order.
        spec, size, reduced = contraction(kind, dims)
        letters = CONTRACTIONS[kind][0]
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        d = "(" + ", ".join(letters) + ")"
        ops.append(
            f"{lhs}linalg.generic {{indexing_maps = " +
            _maps(*(f"{d} -> ({', '.join(m)})" for m in
                    spec.replace("->", ",").split(","))) +
            ", iterator_types = [" +
            ", ".join('"reduction"' if c in reduced else '"parallel"'
                      for c in letters) + "]}\n"
            f"  ins({ins_s} : {ins_t}) outs({o} : {ot}) {{\n"
            "^bb0(%a: f32, %b: f32, %acc: f32):\n" + _body_mul_add("f32") +
            f"}}{arrow}")
    elif kind == "mcc_capsule":
        st = dims[10]
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        d = "(n, p, q, k, i, j, r, s, c, m)"
        ops.append(
            f"{lhs}linalg.generic {{indexing_maps = " +
            _maps(f"{d} -> (n, p * {st} + r, q * {st} + s, c, i, m)",
                  f"{d} -> (k, r, s, c, m, j)", f"{d} -> (n, p, q, k, i, j)") +
            ", iterator_types = [" +
            ", ".join(['"parallel"'] * 6 + ['"reduction"'] * 4) + "]}\n"
            f"  ins({ins_s} : {ins_t}) outs({o} : {ot}) {{\n"
            "^bb0(%a: f32, %b: f32, %acc: f32):\n" + _body_mul_add("f32") +
            f"}}{arrow}")
    elif kind == "max_reduction":
        init(0, F32_NEG_INF, "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        ops.append(
            f"{lhs}linalg.reduce ins({ins_s} : {ins_t}) outs({o} : {ot}) "
            "dimensions = [0]\n"
            "  (%a: f32, %acc: f32) {\n"
            "    %m = arith.maximumf %a, %acc : f32\n"
            "    linalg.yield %m : f32\n  }")
    elif kind == "argmax":
        init(0, F32_NEG_INF, "f32")
        init(1, "0", "i32")
        lhs, arrow, names = res(2)
        o, ot = outs_clause(2)
        # Strictly greater, in index order: the first index of the maximum
        # (the data has no NaN).
        ops.append(
            f"{lhs}linalg.generic {{indexing_maps = " +
            _maps("(d0) -> (d0)", "(d0) -> ()", "(d0) -> ()") +
            ', iterator_types = ["reduction"]}\n'
            f"  ins({ins_s} : {ins_t}) outs({o} : {ot}) {{\n"
            "^bb0(%a: f32, %v: f32, %idx: i32):\n"
            "  %i = linalg.index 0 : index\n"
            "  %ii = arith.index_cast %i : index to i32\n"
            "  %gt = arith.cmpf ogt, %a, %v : f32\n"
            "  %nv = arith.select %gt, %a, %v : f32\n"
            "  %ni = arith.select %gt, %ii, %idx : i32\n"
            "  linalg.yield %nv, %ni : f32, i32\n"
            f"}}{arrow}")
    elif kind == "row_argmax":
        init(0, F32_NEG_INF, "f32")
        init(1, "0", "i32")
        lhs, arrow, names = res(2)
        o, ot = outs_clause(2)
        # As argmax, per row: strictly greater, in column order.
        ops.append(
            f"{lhs}linalg.generic {{indexing_maps = " +
            _maps("(i, k) -> (i, k)", "(i, k) -> (i)", "(i, k) -> (i)") +
            ', iterator_types = ["parallel", "reduction"]}\n'
            f"  ins({ins_s} : {ins_t}) outs({o} : {ot}) {{\n"
            "^bb0(%a: f32, %v: f32, %idx: i32):\n"
            "  %k = linalg.index 1 : index\n"
            "  %ki = arith.index_cast %k : index to i32\n"
            "  %gt = arith.cmpf ogt, %a, %v : f32\n"
            "  %nv = arith.select %gt, %a, %v : f32\n"
            "  %ni = arith.select %gt, %ki, %idx : i32\n"
            "  linalg.yield %nv, %ni : f32, i32\n"
            f"}}{arrow}")
    elif kind == "jacobi1d":
        # Three shifted views of x (slices cost nothing), then pointwise.
        n = dims[0]
        init(0, "0.0", "f32")
        lhs, arrow, names = res(1)
        o, ot = outs_clause()
        vt = [f"tensor<{n}xf32>" if form == "tensor" else
              f"memref<{n}xf32, strided<[1], offset: {i}>>" for i in range(3)]
        for i in range(3):
            op = "tensor.extract_slice" if form == "tensor" else "memref.subview"
            ops.append(f"%x{i} = {op} %in0[{i}] [{n}] [1] : {in_types[0]} to "
                       f"{vt[i]}")
        ops.append(
            f"{lhs}linalg.generic {{indexing_maps = " +
            _maps(*["(d0) -> (d0)"] * 4) +
            ', iterator_types = ["parallel"]}\n'
            f"  ins(%x0, %x1, %x2 : {vt[0]}, {vt[1]}, {vt[2]}) "
            f"outs({o} : {ot}) {{\n"
            "^bb0(%l: f32, %c: f32, %r: f32, %unused: f32):\n"
            "  %three = arith.constant 3.0 : f32\n"
            "  %s0 = arith.addf %l, %c : f32\n"
            "  %s1 = arith.addf %s0, %r : f32\n"
            "  %v = arith.divf %s1, %three : f32\n"
            "  linalg.yield %v : f32\n"
            f"}}{arrow}")
    elif kind == "prefix_sum":  # tensor form: IREE's scan op
        init(0, "0.0", "f32")
        ops.append("%ae = tensor.empty() : tensor<f32>")
        ops.append("%az = arith.constant 0.0 : f32")
        ops.append("%acc = linalg.fill ins(%az : f32) outs(%ae : tensor<f32>)"
                   " -> tensor<f32>")
        ops.append(
            "%r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)\n"
            f"  ins(%in0 : {in_types[0]}) outs({inits[0]}, %acc : "
            f"{out_types[0]}, tensor<f32>) {{\n"
            "^bb0(%a: f32, %b: f32):\n"
            "  %s = arith.addf %a, %b : f32\n"
            "  iree_linalg_ext.yield %s : f32\n"
            f"}} -> {out_types[0]}, tensor<f32>")
        names = "%r#0"
    else:
        raise KeyError(kind)
    if form == "tensor":
        ops.append(f"return {names} : {', '.join(out_types)}")
    else:
        ops.append("return")
    body = "\n".join("  " + line.replace("\n", "\n  ") for line in ops)
    return "\n".join(lines) + "\n" + body + "\n}\n"
