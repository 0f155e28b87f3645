#!/usr/bin/env python3
# The 16-bit float code of the C emitter, bit by bit against exact rounding.
#
# Writes a kernel whose outputs are every conversion to and from f16 and bf16
# and their arithmetic, prints it as C (`mdh-opt --mdh-lower-to-clir
# --emit-c`), and runs it on inputs built around the rounding boundaries of
# both formats: every f16 value and the midpoints to its neighbours (and one
# float or double ulp either side), bf16 midpoints, doubles and 64-bit
# integers just past a midpoint (where rounding twice, through float, goes
# wrong), subnormals, overflow, infinities and NaN. The expected bits come
# from exact rational arithmetic here (round to nearest, ties to even), not
# from a compiler. Prints "OK: N points x M results" or the mismatches.
#
# usage: half_conversions.py MDH_OPT CC WORKDIR
import math
import os
import random
import struct
import subprocess
import sys
from fractions import Fraction

F16 = (11, -14, 15)   # precision, emin, emax
BF16 = (8, -126, 127)
INF = float("inf")


def round_to(value, fmt):
    """`value` (an int, a float or a Fraction) rounded to nearest even in
    `fmt`, as a float (+-inf on overflow)."""
    p, emin, emax = fmt
    num, den = value.as_integer_ratio()
    if num == 0:
        return 0.0
    sign = -1 if num < 0 else 1
    num = abs(num)
    # e = floor(log2(num / den)), at least emin (subnormals).
    e = num.bit_length() - den.bit_length()
    if (num << max(0, -e)) < (den << max(0, e)):
        e -= 1
    e = max(e, emin)
    # num / den in units of the last place, 2^(e - p + 1).
    shift = e - p + 1
    top, bottom = num << max(0, -shift), den << max(0, shift)
    n, rem = divmod(top, bottom)
    if 2 * rem > bottom or (2 * rem == bottom and n % 2 == 1):
        n += 1
    largest = (2 ** p - 1) * 2 ** (emax - p + 1)
    if n * 2 ** shift > largest if shift >= 0 else n > largest * 2 ** -shift:
        return sign * INF
    return sign * math.ldexp(n, shift)


def bits16(value, fmt):
    """The bit pattern of a value representable in `fmt` (or +-inf)."""
    if fmt is F16:
        return struct.unpack("<H", struct.pack("<e", value))[0]
    return struct.unpack("<I", struct.pack("<f", value))[0] >> 16


def expect(x, fmt):
    """Bits of the exact real `x` (float, int or Fraction) rounded to `fmt`;
    None for NaN (any NaN is accepted)."""
    if isinstance(x, float):
        if math.isnan(x):
            return None
        if math.isinf(x):
            return bits16(x, fmt)
        negative = math.copysign(1, x) < 0
    else:
        negative = x < 0
    r = round_to(x, fmt)
    if r == 0:
        return 0x8000 if negative else 0
    return bits16(r, fmt)


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def from16(b, fmt):
    if fmt is F16:
        return struct.unpack("<e", struct.pack("<H", b))[0]
    return struct.unpack("<f", struct.pack("<I", b << 16))[0]


def next_after(x, toward, single):
    """The float (single) or double neighbour of x."""
    if single:
        b = struct.unpack("<i", struct.pack("<f", x))[0]
        b += 1 if (toward > x) == (x >= 0) else -1
        return struct.unpack("<f", struct.pack("<i", b))[0]
    return math.nextafter(x, toward)


def boundary_floats(fmt, single):
    """Every finite value of `fmt` (sampled for bf16), the midpoints to the
    next value, and one ulp of float/double either side of them."""
    out = []
    # Every subnormal and the largest values of f16; a sample elsewhere.
    codes = (list(range(0, 0x400)) + list(range(0x400, 0x7b00, 11)) +
             list(range(0x7b00, 0x7c00))) if fmt is F16 else \
        list(range(0, 0x7f80, 23)) + [0x7f7f]
    for b in codes:
        v = from16(b, fmt)
        w = from16(b + 1, fmt)
        mid = (v + w) / 2
        for x in (v, mid, next_after(mid, INF, single),
                  next_after(mid, -INF, single)):
            out += [x, -x]
    return out


KERNEL = """\
func.func @half_ops(%f: memref<{n}xf32>, %d: memref<{n}xf64>,
    %l: memref<{n}xi64>, %u: memref<{n}xi64>, %i: memref<{n}xi32>,
    %s: memref<{n}xi16>, %h: memref<{n}xf16>, %g: memref<{n}xf16>,
    %b: memref<{n}xbf16>, %c: memref<{n}xbf16>,
    %o0: memref<{n}xf16>, %o1: memref<{n}xbf16>, %o2: memref<{n}xf16>,
    %o3: memref<{n}xbf16>, %o4: memref<{n}xf16>, %o5: memref<{n}xbf16>,
    %o6: memref<{n}xbf16>, %o7: memref<{n}xbf16>, %o8: memref<{n}xf16>,
    %o9: memref<{n}xf32>, %o10: memref<{n}xf64>, %o11: memref<{n}xf16>,
    %o12: memref<{n}xf16>, %o13: memref<{n}xbf16>, %o14: memref<{n}xbf16>,
    %o15: memref<{n}xi32>, %o16: memref<{n}xbf16>, %o17: memref<{n}xf16>) {{
  mdh.compute sizes({n}) combine(cc)
      ins({ins})
      outs({outs}) {{
  ^bb0(%xf: f32, %xd: f64, %xl: i64, %xu: i64, %xi: i32, %xs: i16, %xh: f16,
       %xg: f16, %xb: bf16, %xc: bf16):
    %r0 = arith.truncf %xf : f32 to f16
    %r1 = arith.truncf %xf : f32 to bf16
    %r2 = arith.truncf %xd : f64 to f16
    %r3 = arith.truncf %xd : f64 to bf16
    %r4 = arith.sitofp %xl : i64 to f16
    %r5 = arith.sitofp %xl : i64 to bf16
    %r6 = arith.uitofp %xu : i64 to bf16
    %r7 = arith.uitofp %xi : i32 to bf16
    %r8 = arith.sitofp %xs : i16 to f16
    %r9 = arith.extf %xh : f16 to f32
    %r10 = arith.extf %xb : bf16 to f64
    %r11 = arith.addf %xh, %xg : f16
    %r12 = arith.divf %xh, %xg : f16
    %r13 = arith.mulf %xb, %xc : bf16
    %r14 = arith.subf %xb, %xc : bf16
    %r15 = arith.fptosi %xg : f16 to i32
    %r16 = arith.uitofp %xs : i16 to bf16
    %r17 = arith.uitofp %xs : i16 to f16
    mdh.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11,
        %r12, %r13, %r14, %r15, %r16, %r17 : f16, bf16, f16, bf16, f16, bf16,
        bf16, bf16, f16, f32, f64, f16, f16, bf16, bf16, i32, bf16, f16
  }}
  return
}}
"""

IN_TYPES = ["f32", "f64", "i64", "i64", "i32", "i16", "f16", "f16", "bf16",
            "bf16"]
OUT_TYPES = ["f16", "bf16", "f16", "bf16", "f16", "bf16", "bf16", "bf16",
             "f16", "f32", "f64", "f16", "f16", "bf16", "bf16", "i32", "bf16",
             "f16"]
C_TYPES = {"f32": "float", "f64": "double", "i64": "int64_t",
           "i32": "int32_t", "i16": "int16_t", "f16": "uint16_t",
           "bf16": "uint16_t"}


def main():
    mdh_opt, cc, work = sys.argv[1:4]
    rng = random.Random(5)

    # Inputs, each list padded to n by repeating.
    floats = boundary_floats(F16, True) + boundary_floats(BF16, True)
    floats += [f32(rng.uniform(-70000, 70000)) for _ in range(2000)]
    floats += [0.0, -0.0, INF, -INF, float("nan"), 65504.0, 65519.99,
               65520.0, 3.4028234663852886e38, 1e-45, -1e-45, 2.0 ** -25,
               2.0 ** -25 * 1.5, 2.0 ** -24 * 1.5]
    doubles = boundary_floats(F16, False) + boundary_floats(BF16, False)
    doubles += [1e300, -1e300, 1e-300, 3.4028235677973366e38,
                3.4028235677973362e38, 2.0 ** -150, 2.0 ** -149 * 1.5,
                float("nan"), INF]
    longs, unsigned = [], []
    for e in range(9, 64):
        for delta in (0, 1, -1):
            for k in (2 ** e + 2 ** (e - 8), 2 ** e + 3 * 2 ** (e - 8),
                      2 ** e + 2 ** (e - 9), 2 ** e - 1):
                v = k + delta
                if 0 <= v < 2 ** 63:
                    longs += [v, -v]
                if 0 <= v < 2 ** 64:
                    unsigned.append(v)
    longs += [-(2 ** 63), 2 ** 63 - 1, 65519, 65520, 65536, -65520]
    unsigned += [2 ** 64 - 1, 2 ** 63, 2 ** 63 + 2 ** 55 + 1]
    ints = [v for v in unsigned if v < 2 ** 32] + [2 ** 32 - 1, 2 ** 31]
    shorts = list(range(-32768, 32768, 7)) + [32767]
    halves = list(range(0, 0x10000, 3))
    bhalves = list(range(1, 0x10000, 3))
    floats = [f32(x) for x in floats]
    n = max(len(floats), len(doubles), len(halves))
    rng.shuffle(floats)

    def pad(xs):
        return [xs[k % len(xs)] for k in range(n)]
    floats, doubles, longs, unsigned, ints, shorts = map(
        pad, (floats, doubles, longs, unsigned, ints, shorts))
    h = pad(halves)
    g = pad([rng.randrange(0, 0x10000) for _ in range(n)])
    b = pad(bhalves)
    c = pad([rng.randrange(0, 0x10000) for _ in range(n)])
    # fptosi needs finite values that fit: the divisors' list, limited.
    g = [x if abs(from16(x, F16)) < 2 ** 31 and
         not math.isnan(from16(x, F16)) and
         not math.isinf(from16(x, F16)) else 0x3c00 for x in g]

    def signed64(v):
        return v - 2 ** 64 if v >= 2 ** 63 else v

    def signed32(v):
        return v - 2 ** 32 if v >= 2 ** 31 else v

    def exact(v16, fmt):
        x = from16(v16, fmt)
        return None if math.isnan(x) else x

    def arith(op, x, y, fmt):
        if x is None or y is None:
            return None
        if any(math.isinf(v) for v in (x, y)) or (op == "/" and y == 0):
            r = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
                 "/": lambda: (x / y if y != 0 else
                               (float("nan") if x == 0 or math.isnan(x) else
                                math.copysign(INF, x) * math.copysign(1, y)))}
            try:
                v = r[op]()
            except (OverflowError, ZeroDivisionError):
                return None
            return expect(v, fmt)
        fx, fy = Fraction(x), Fraction(y)
        v = {"+": lambda: fx + fy, "-": lambda: fx - fy,
             "*": lambda: fx * fy, "/": lambda: fx / fy}[op]()
        if v == 0:
            # The sign of an exact zero: x + y is -0 only for -0 + -0.
            neg = {"+": math.copysign(1, x) < 0 and math.copysign(1, y) < 0,
                   "-": math.copysign(1, x) < 0 and math.copysign(1, y) > 0,
                   "*": (math.copysign(1, x) < 0) != (math.copysign(1, y) < 0),
                   "/": (math.copysign(1, x) < 0) != (math.copysign(1, y) < 0)
                   }[op]
            return 0x8000 if neg else 0
        return expect(v, fmt)

    expected = []  # per output: list of bits (None: NaN) or exact values
    expected.append([expect(x, F16) for x in floats])
    expected.append([expect(x, BF16) for x in floats])
    expected.append([expect(x, F16) for x in doubles])
    expected.append([expect(x, BF16) for x in doubles])
    expected.append([expect(signed64(v), F16) for v in longs])
    expected.append([expect(signed64(v), BF16) for v in longs])
    expected.append([expect(v, BF16) for v in unsigned])
    expected.append([expect(v, BF16) for v in ints])
    expected.append([expect(v, F16) for v in shorts])
    expected.append([exact(v, F16) for v in h])
    expected.append([exact(v, BF16) for v in b])
    expected.append([arith("+", exact(x, F16), exact(y, F16), F16)
                     for x, y in zip(h, g)])
    expected.append([arith("/", exact(x, F16), exact(y, F16), F16)
                     for x, y in zip(h, g)])
    expected.append([arith("*", exact(x, BF16), exact(y, BF16), BF16)
                     for x, y in zip(b, c)])
    expected.append([arith("-", exact(x, BF16), exact(y, BF16), BF16)
                     for x, y in zip(b, c)])
    expected.append([int(from16(v, F16)) for v in g])
    expected.append([expect(v % 2 ** 16, BF16) for v in shorts])
    expected.append([expect(v % 2 ** 16, F16) for v in shorts])

    ins = ",\n          ".join(
        "%%%s : memref<%dx%s> [affine_map<(k) -> (k)>]" % (name, n, t)
        for name, t in zip("fdluishgbc", IN_TYPES))
    outs = ",\n           ".join(
        "%%o%d : memref<%dx%s> [affine_map<(k) -> (k)>]" % (k, n, t)
        for k, t in enumerate(OUT_TYPES))
    os.makedirs(work, exist_ok=True)
    mlir = os.path.join(work, "half_ops.mlir")
    with open(mlir, "w") as f:
        f.write(KERNEL.format(n=n, ins=ins, outs=outs))
    c_src = os.path.join(work, "half_ops.c")
    subprocess.run([mdh_opt, mlir, "--mdh-lower-to-clir=target=openmp",
                    "--emit-c", "-o", c_src], check=True)

    fmt_of = {"f32": "f", "f64": "d", "i64": "Q", "i32": "I", "i16": "h",
              "f16": "H", "bf16": "H"}
    drv = ["#include <math.h>", "#include <stdint.h>", "#include <stdio.h>",
           "#include <stdlib.h>", "#include <string.h>",
           "void half_ops(%s);" % ", ".join(
               ("const " if k < len(IN_TYPES) else "") + C_TYPES[t] + " *"
               for k, t in enumerate(IN_TYPES + OUT_TYPES)),
           "static void load(const char *name, void *p, size_t bytes) {",
           "  char path[4096];",
           "  snprintf(path, sizeof path, \"%s/%s\", DIR, name);",
           "  FILE *f = fopen(path, \"rb\");",
           "  if (!f || fread(p, 1, bytes, f) != bytes) {",
           "    printf(\"FAIL cannot read %s\\n\", path);",
           "    exit(1);",
           "  }",
           "  fclose(f);",
           "}"]

    def array(name, t, values, ctype=None):
        with open(os.path.join(work, name + ".bin"), "wb") as f:
            f.write(struct.pack("<%d%s" % (n, fmt_of.get(t, t)), *values))
        drv.append("static %s %s[%d];" % (ctype or C_TYPES[t], name, n))
    for name, t, values in zip(
            "fdluishgbc", IN_TYPES,
            (floats, doubles, [v % 2 ** 64 for v in longs], unsigned,
             [v % 2 ** 32 for v in ints], shorts, h, g, b, c)):
        array("in_" + name, t, values)
    for k, (t, values) in enumerate(zip(OUT_TYPES, expected)):
        if t in ("f16", "bf16"):
            array("want%d" % k, "i", [-1 if v is None else v for v in values],
                  "int32_t")
        elif t == "i32":
            array("want%d" % k, "i", values, "int32_t")
        else:
            array("want%d" % k, "d",
                  [float("nan") if v is None else v for v in values],
                  "double")
        drv.append("static %s out%d[%d];" % (C_TYPES[t], k, n))
    drv.append("int main(void) {")
    drv.append("  int bad = 0;")
    for x in "fdluishgbc":
        drv.append("  load(\"in_%s.bin\", in_%s, sizeof in_%s);" % (x, x, x))
    for k in range(len(OUT_TYPES)):
        drv.append("  load(\"want%d.bin\", want%d, sizeof want%d);"
                   % (k, k, k))
    drv.append("  half_ops(%s);" % ", ".join(
        ["in_" + x for x in "fdluishgbc"] +
        ["out%d" % k for k in range(len(OUT_TYPES))]))
    for k, t in enumerate(OUT_TYPES):
        drv.append("  for (int i = 0; i < %d; ++i) {" % n)
        if t == "f16":
            ok = ("want%d[i] < 0 ? ((out%d[i] & 0x7c00) == 0x7c00 && "
                  "(out%d[i] & 0x3ff)) : out%d[i] == want%d[i]") % ((k,) * 5)
        elif t == "bf16":
            ok = ("want%d[i] < 0 ? ((out%d[i] & 0x7f80) == 0x7f80 && "
                  "(out%d[i] & 0x7f)) : out%d[i] == want%d[i]") % ((k,) * 5)
        elif t == "i32":
            ok = "out%d[i] == want%d[i]" % (k, k)
        else:
            ok = ("isnan(want%d[i]) ? isnan(out%d[i]) : (out%d[i] == "
                  "want%d[i] && signbit(out%d[i]) == signbit(want%d[i]))"
                  % ((k,) * 6))
        drv.append("    if (!(%s) && bad++ < 20)" % ok)
        drv.append("      printf(\"FAIL result %d point %%d: %%g, expected "
                   "%%g\\n\", i, (double)out%d[i], (double)want%d[i]);"
                   % (k, k, k))
        drv.append("  }")
    drv.append("  if (!bad) printf(\"OK: %d points x %d results\\n\");"
               % (n, len(OUT_TYPES)))
    drv.append("  return bad != 0;")
    drv.append("}")
    drv_src = os.path.join(work, "driver.c")
    with open(drv_src, "w") as f:
        f.write("\n".join(drv) + "\n")
    exe = os.path.join(work, "half_ops")
    subprocess.run([cc, "-std=c11", "-O2", "-Wall", "-Werror",
                    '-DDIR="%s"' % work, c_src, drv_src, "-lm", "-o", exe],
                   check=True)
    r = subprocess.run([exe], capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    sys.exit(r.returncode)


if __name__ == "__main__":
    main()
