"""Writes a NumPy .npy file without NumPy, for the --input tests of mdh-run.

  npy.py OUT DESCR SHAPE VALUE... [--fortran] [--version N]
         [--dict TEXT] [--magic TEXT] [--truncate N]

DESCR is a dtype as NumPy writes it ('<f4', '|i1', '>f4', ...), SHAPE a
comma-separated list of sizes ('' for a 0-d array), the VALUEs the elements
in row-major (C) order. --fortran writes them in column-major order with
fortran_order True (what numpy.save does for a Fortran-ordered array).
--dict replaces the header dict, --magic the magic string, --truncate drops
that many bytes from the end: malformed files for the error tests.
"""

import argparse
import struct

# struct's codes for the dtypes' kinds and sizes.
CODES = {("f", 2): "e", ("f", 4): "f", ("f", 8): "d",
         ("i", 1): "b", ("i", 2): "h", ("i", 4): "i", ("i", 8): "q",
         ("u", 1): "B", ("u", 2): "H", ("u", 4): "I", ("u", 8): "Q"}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("descr")
    p.add_argument("shape")
    p.add_argument("values", nargs="*")
    p.add_argument("--fortran", action="store_true")
    p.add_argument("--version", type=int, default=1)
    p.add_argument("--dict")
    p.add_argument("--magic", default="\\x93NUMPY")
    p.add_argument("--truncate", type=int, default=0)
    a = p.parse_args()

    shape = [int(s) for s in a.shape.split(",") if s]
    order = ">" if a.descr[0] == ">" else "<"
    code = CODES[(a.descr[1], int(a.descr[2:]))]
    kind = a.descr[1]
    values = [float(v) if kind == "f" else int(v) for v in a.values]

    if a.fortran:
        # values[c] is element (i0, ..., in) in row-major order; write it at
        # its column-major position.
        moved = [None] * len(values)
        for c, v in enumerate(values):
            index, rest = [], c
            for n in reversed(shape):
                index.append(rest % n)
                rest //= n
            index.reverse()
            f, stride = 0, 1
            for i, n in zip(index, shape):
                f += i * stride
                stride *= n
            moved[f] = v
        values = moved

    text = "(" + ", ".join(str(n) for n in shape) + ("," if len(shape) == 1 else "") + ")"
    header = a.dict if a.dict is not None else (
        "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }"
        % (a.descr, "True" if a.fortran else "False", text))
    header = header.encode()
    prefix = 10 if a.version == 1 else 12
    header += b" " * ((64 - (prefix + len(header) + 1) % 64) % 64) + b"\n"
    length = struct.pack("<H" if a.version == 1 else "<I", len(header))
    magic = a.magic.encode().decode("unicode_escape").encode("latin-1")
    data = b"".join(struct.pack(order + code, v) for v in values)
    blob = magic + bytes([a.version, 0]) + length + header + data
    with open(a.out, "wb") as f:
        f.write(blob[:len(blob) - a.truncate])


if __name__ == "__main__":
    main()
