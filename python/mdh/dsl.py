"""The MDH DSL: out_view . md_hom(f, (c1 .. cD)) . inp_view, as HL-IR.

    matvec = mdh.computation(
        out_view[f32](w=[lambda i, k: (i,)]),
        md_hom[1024, 512](mul, (cc, pw(add))),
        inp_view[f32, f32](M=[lambda i, k: (i, k)], v=[lambda i, k: (k,)]),
        name="matvec")
    print(matvec.hl_ir())

Index functions are traced to affine maps (mdh._affine), scalar functions
to arith/math ops (mdh._scalar); the result is the text of a `func.func`
around one `mdh.compute` (and the `mdh.combiner`s it uses), as in
docs/hl-ir.md. The verifier of the dialect has the last word: whatever the
DSL lets through is checked again when the text is parsed.
"""

import functools
import re

from . import _scalar
from ._affine import DSLError, mlir_map, trace_index_function
from ._scalar import ELEMENT_TYPES, ScalarType, TraceError

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


# --- Combine operators ---------------------------------------------------------


class Operator:
    """A builtin reduction operator (`add`, `max`, ...). Also callable on
    traced scalars, so that `md_hom(sizes, mul, (cc, pw(add)))` reads like
    the talk."""

    def __init__(self, name, scalar):
        self.name = name
        self._scalar = scalar

    def __call__(self, *args):
        if self._scalar is None:
            raise TraceError(f"mdh.{self.name} is a combine operator only; it has no scalar form")
        return self._scalar(*args)

    def __repr__(self):
        return f"mdh.{self.name}"


add = Operator("add", lambda a, b: a + b)
mul = Operator("mul", lambda a, b: a * b)
max_ = Operator("max", _scalar.maximum)
min_ = Operator("min", _scalar.minimum)
maxsi = Operator("maxsi", _scalar.maximum)
minsi = Operator("minsi", _scalar.minimum)
maxui = Operator("maxui", None)
minui = Operator("minui", None)
and_ = Operator("and", lambda a, b: a & b)
or_ = Operator("or", lambda a, b: a | b)
xor = Operator("xor", lambda a, b: a ^ b)
OPERATORS = {o.name: o for o in (add, mul, max_, min_, maxsi, minsi, maxui, minui, and_, or_, xor)}


class Combiner:
    """A custom combine operator (`mdh.combiner`) over the tuple of all
    yielded values; see `combiner`."""

    def __init__(self, fn, types, identity, name):
        self.fn = fn
        self.types = list(types)
        self.identity = identity
        self.name = name
        if not _IDENTIFIER.match(name):
            raise DSLError(f"combiner name {name!r} is not an identifier")
        for t in self.types:
            if t not in ELEMENT_TYPES:
                raise DSLError(f"combiner @{name}: {t!r} is not an element type of the dialect")
        if identity is not None and len(identity) != len(self.types):
            raise DSLError(
                f"combiner @{name}: identity has {len(identity)} values for {len(self.types)} types"
            )

    def __repr__(self):
        return f"<mdh.combiner @{self.name} ({', '.join(map(str, self.types))})>"

    def hl_ir(self):
        f, args, results = _scalar.trace(
            self.fn, self.types + self.types, None, f"combiner @{self.name}"
        )
        yield_line = _scalar.finish(f, results, self.types, f"combiner @{self.name}")
        head = f"mdh.combiner @{self.name} associative commutative ({', '.join(map(str, self.types))})"
        if self.identity is not None:
            values = ", ".join(_scalar.format_constant(v, t) for v, t in zip(self.identity, self.types))
            head += f" identity [{values}]"
        block = ", ".join(f"{a.name}: {a.type}" for a in args)
        body = "".join(f"  {line}\n" for line in f.lines + [yield_line])
        return f"{head} {{\n^bb0({block}):\n{body}}}\n"


def combiner(*types, identity=None, name=None):
    """Decorates `fn(left..., right...) -> combined` as a custom combine
    operator over values of `types`; the DSL promises the dialect that it is
    associative and commutative (it cannot check that).

        @mdh.combiner(mdh.f32, mdh.i32)
        def argmax(v0, i0, v1, i1):
            take = (v1 > v0) | ((v1 == v0) & (i1 < i0))
            return mdh.select(take, v1, v0), mdh.select(take, i1, i0)
    """
    if len(types) == 1 and isinstance(types[0], (list, tuple)):
        types = tuple(types[0])
    if not types:
        raise DSLError("combiner needs the element types of its tuple")

    def decorate(fn):
        return Combiner(fn, types, identity, name or fn.__name__)

    return decorate


class Combine:
    """One dimension's combine operator: cc, pw(op) or ps(op)."""

    def __init__(self, kind, op=None):
        self.kind = kind
        if op is None and kind != "cc":
            raise DSLError(f"{kind} needs an operator, e.g. {kind}(add)")
        if isinstance(op, str):
            if op not in OPERATORS:
                raise DSLError(
                    f"unknown reduction operator {op!r}; expected one of {', '.join(OPERATORS)} or an mdh.combiner"
                )
            op = OPERATORS[op]
        if op is not None and not isinstance(op, (Operator, Combiner)):
            raise DSLError(
                f"{kind}({op!r}): the operator must be a builtin (mdh.add, mdh.max_, ...) or an mdh.combiner"
            )
        self.op = op

    def text(self):
        if self.kind == "cc":
            return "cc"
        op = f"@{self.op.name}" if isinstance(self.op, Combiner) else self.op.name
        return f"{self.kind}({op})"

    def __repr__(self):
        return self.text()


cc = Combine("cc")


def pw(op):
    """Point-wise combination along a dimension with `op`."""
    return Combine("pw", op)


def ps(op):
    """Inclusive prefix sum (scan) along a dimension with `op`."""
    return Combine("ps", op)


# --- Views ---------------------------------------------------------------------


class buffer:
    """A view's buffer with an explicit shape (and optionally type), where
    the shape the index functions reach is not the buffer's:
    `x=buffer([lambda i: i, lambda i: i + 2], shape=(130,))`."""

    def __init__(self, maps, shape=None, type=None):
        self.maps = maps
        self.shape = None if shape is None else tuple(int(s) for s in shape)
        self.type = type


class View:
    def __init__(self, kind, types, buffers):
        self.kind = kind  # "input" or "output"
        self.buffers = []  # (name, type, [index functions], shape or None)
        if len(types) == 1 and len(buffers) > 1:
            types = types * len(buffers)
        if types and len(types) != len(buffers):
            raise DSLError(
                f"{kind} view: {len(types)} element types for {len(buffers)} buffers"
            )
        for position, (name, spec) in enumerate(buffers.items()):
            shape = None
            type_ = types[position] if types else None
            if isinstance(spec, buffer):
                shape, type_, spec = spec.shape, spec.type or type_, spec.maps
            if type_ is None:
                raise DSLError(
                    f"{kind} {name!r} has no element type; write {kind[:3]}_view[f32](...) "
                    "or buffer(..., type=f32)"
                )
            if type_ not in ELEMENT_TYPES:
                raise DSLError(
                    f"{kind} {name!r}: {type_!r} is not an element type of the dialect "
                    f"({', '.join(t.name for t in ELEMENT_TYPES)})"
                )
            maps = list(spec) if isinstance(spec, (list, tuple)) else [spec]
            if not maps:
                raise DSLError(f"{kind} {name!r} has no index function")
            self.buffers.append((name, type_, maps, shape))

    def __repr__(self):
        names = ", ".join(f"{n}: {t}" for n, t, _, _ in self.buffers)
        return f"<mdh {self.kind} view {names}>"


class _ViewMaker:
    def __init__(self, kind, types=()):
        self.kind = kind
        self.types = types

    def __getitem__(self, types):
        return _ViewMaker(self.kind, types if isinstance(types, tuple) else (types,))

    def __call__(self, **buffers):
        return View(self.kind, list(self.types), buffers)


inp_view = _ViewMaker("input")
inp_view.__doc__ = "inp_view[T1, T2, ...](name=[index functions], ...)"
out_view = _ViewMaker("output")
out_view.__doc__ = "out_view[T1, ...](name=[index functions], ...)"


class MdHom:
    def __init__(self, sizes, f, combine):
        sizes = (sizes,) if isinstance(sizes, int) else tuple(sizes)
        if not sizes:
            raise DSLError("md_hom needs at least one dimension size")
        for s in sizes:
            if isinstance(s, bool) or not isinstance(s, int) or s < 1:
                raise DSLError(f"md_hom sizes must be positive integers, got {sizes}")
        combine = (combine,) if isinstance(combine, Combine) else tuple(combine)
        for c in combine:
            if not isinstance(c, Combine):
                raise DSLError(f"md_hom combine operators must be cc, pw(op) or ps(op), got {c!r}")
        if len(combine) != len(sizes):
            raise DSLError(
                f"md_hom has {len(sizes)} dimensions {sizes} but {len(combine)} combine operators"
            )
        if not callable(f):
            raise DSLError(f"md_hom's scalar function must be callable, got {f!r}")
        self.sizes, self.f, self.combine = sizes, f, combine


class _MdHomMaker:
    def __getitem__(self, sizes):
        return functools.partial(MdHom, sizes)

    def __call__(self, sizes, f, combine):
        return MdHom(sizes, f, combine)


md_hom = _MdHomMaker()
md_hom.__doc__ = "md_hom(sizes, f, (c1, ..., cD)) or md_hom[sizes](f, (c1, ..., cD))"


# --- Computations -------------------------------------------------------------


def _memref(shape, type_):
    dims = "".join(f"{s}x" for s in shape)
    return f"memref<{dims}{type_}>"


PRECISIONS = ("ieee", "tf32")


class Computation:
    """One `mdh.compute` in a `func.func` named `name`, with one memref
    argument per input buffer, then per output buffer. `precision="tf32"`
    lets f32 inputs be read as TF32 (tensor cores on NVIDIA sm_80 and later;
    docs/semantics.md, "Precision")."""

    def __init__(self, *parts, name="mdh_kernel", precision="ieee"):
        views = {"input": None, "output": None}
        hom = None
        for part in parts:
            if isinstance(part, View):
                if views[part.kind] is not None:
                    raise DSLError(f"two {part.kind} views")
                views[part.kind] = part
            elif isinstance(part, MdHom):
                if hom is not None:
                    raise DSLError("two md_hom")
                hom = part
            else:
                raise DSLError(f"a computation is out_view, md_hom and inp_view; got {part!r}")
        if hom is None or views["output"] is None:
            raise DSLError("a computation needs an md_hom and an out_view")
        if not _IDENTIFIER.match(name):
            raise DSLError(f"computation name {name!r} is not an identifier")
        if precision not in PRECISIONS:
            raise DSLError(
                f"precision {precision!r} is not one of {', '.join(PRECISIONS)}"
            )
        self.name = name
        self.precision = precision
        self.hom = hom
        self.input_view = views["input"] or View("input", [], {})
        self.output_view = views["output"]
        rank = len(hom.sizes)
        seen = set()
        self.inputs, self.outputs = [], []
        for view, into in ((self.input_view, self.inputs), (self.output_view, self.outputs)):
            for name_, type_, fns, shape in view.buffers:
                if name_ in seen:
                    raise DSLError(f"buffer name {name_!r} is used twice")
                seen.add(name_)
                maps = []
                for position, fn in enumerate(fns):
                    what = f"index function #{position} of {view.kind} {name_!r}"
                    exprs, _ = trace_index_function(fn, rank, what)
                    maps.append(exprs)
                shape = shape if shape is not None else self._infer_shape(name_, view.kind, maps)
                into.append((name_, type_, shape, maps))
        for name_, _, shape, maps in self.inputs + self.outputs:
            for position, exprs in enumerate(maps):
                if len(exprs) != len(shape):
                    raise DSLError(
                        f"index function #{position} of {name_!r} gives {len(exprs)} indices, "
                        f"but the buffer has rank {len(shape)}"
                    )
        for c in hom.combine:
            if isinstance(c.op, Combiner) and c.op.name == self.name:
                raise DSLError(
                    f"combiner @{c.op.name} has the name of the computation; rename one of them"
                )
        self._text = None

    def _infer_shape(self, name, kind, maps):
        ranks = {len(m) for m in maps}
        if len(ranks) != 1:
            raise DSLError(f"the index functions of {kind} {name!r} give different numbers of indices")
        shape = []
        for d in range(ranks.pop()):
            lo = min(m[d].interval(self.hom.sizes)[0] for m in maps)
            hi = max(m[d].interval(self.hom.sizes)[1] for m in maps)
            if lo < 0:
                raise DSLError(
                    f"{kind} {name!r}: index {d} can be negative ({min(m[d].show() for m in maps)} "
                    f"reaches {lo}); no buffer shape fits"
                )
            shape.append(hi + 1)
        return tuple(shape)

    @property
    def sizes(self):
        return self.hom.sizes

    def _scalar_function(self):
        arg_types = [t for _, t, _, maps in self.inputs for _ in maps]
        out_types = [t for _, t, _, maps in self.outputs for _ in maps]
        what = f"the scalar function of {self.name!r}"
        f, args, results = _scalar.trace(self.hom.f, arg_types, len(self.sizes), what)
        yield_line = _scalar.finish(f, results, out_types, what)
        return args, f.lines + [yield_line]

    def combiners(self):
        found = []
        for c in self.hom.combine:
            if isinstance(c.op, Combiner) and c.op not in found:
                found.append(c.op)
        return found

    def hl_ir(self):
        """The HL-IR text: the combiners, then the func.func."""
        if self._text is not None:
            return self._text
        rank = len(self.sizes)
        text = "".join(c.hl_ir() + "\n" for c in self.combiners())
        args = ", ".join(f"%{n}: {_memref(s, t)}" for n, t, s, _ in self.inputs + self.outputs)
        text += f"func.func @{self.name}({args}) {{\n"
        text += (
            f'  mdh.compute "{self.name}" sizes({", ".join(map(str, self.sizes))}) '
            f"combine({', '.join(c.text() for c in self.hom.combine)})"
            + (f" precision({self.precision})" if self.precision != "ieee" else "")
            + "\n"
        )

        def operands(buffers):
            return ",\n          ".join(
                f"%{n} : {_memref(s, t)} [{', '.join(mlir_map(m, rank) for m in maps)}]"
                for n, t, s, maps in buffers
            )

        if self.inputs:
            text += f"      ins({operands(self.inputs)})\n"
        text += f"      outs({operands(self.outputs)}) {{\n"
        args, lines = self._scalar_function()
        text += f"  ^bb0({', '.join(f'{a.name}: {a.type}' for a in args)}):\n"
        text += "".join(f"    {line}\n" for line in lines)
        text += "  }\n  return\n}\n"
        self._text = text
        return text

    def __str__(self):
        return self.hl_ir()

    def __repr__(self):
        return f"<mdh.Computation {self.name} sizes={self.sizes}>"


def computation(*parts, name="mdh_kernel", precision="ieee"):
    """Builds a Computation from out_view, md_hom and inp_view (any
    order)."""
    return Computation(*parts, name=name, precision=precision)


def kernel(fn=None, *, name=None, precision="ieee"):
    """Decorator: a function returning (out_view, md_hom, inp_view) becomes
    the Computation named after it.

        @mdh.kernel
        def matvec():
            return (out_view[f32](w=[lambda i, k: i]),
                    md_hom[I, K](mul, (cc, pw(add))),
                    inp_view[f32, f32](M=[lambda i, k: (i, k)], v=[lambda i, k: k]))
    """

    def make(fn):
        parts = fn()
        if not isinstance(parts, (tuple, list)):
            raise DSLError(f"@mdh.kernel {fn.__name__} must return (out_view, md_hom, inp_view)")
        return Computation(*parts, name=name or fn.__name__, precision=precision)

    return make if fn is None else make(fn)


__all__ = [
    "DSLError", "TraceError", "ScalarType", "Combiner", "Computation", "add", "mul",
    "max_", "min_", "maxsi", "minsi", "maxui", "minui", "and_", "or_", "xor",
    "combiner", "cc", "pw", "ps", "buffer", "inp_view", "out_view", "md_hom",
    "computation", "kernel",
]
