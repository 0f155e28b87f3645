"""Scalar functions: Python functions over scalars traced to arith/math ops.

The scalar function of a computation (and the body of a custom combiner) is
called once on symbolic Values; each operation on them appends one `arith`
or `math` op to the region's text. Python numbers mixed with a Value become
constants of the Value's type. Control flow cannot be traced (a Value has no
truth value): write `select(c, a, b)` instead of `a if c else b`.

Integer `//` and `%` round toward zero, as in C (arith.divsi, arith.remsi);
float `%` is C's fmod (arith.remf).
"""

import struct

from ._affine import DSLError


class ScalarType:
    """An element type of the dialect (or i1/index inside functions)."""

    def __init__(self, name, kind, bits, dtype):
        self.name = name
        self.kind = kind  # "float", "int", "bool" or "index"
        self.bits = bits
        self.dtype = dtype  # the NumPy dtype name of its buffers

    @property
    def is_float(self):
        return self.kind == "float"

    @property
    def is_integer(self):
        return self.kind in ("int", "index", "bool")

    def __repr__(self):
        return f"mdh.{self.name}"

    def __str__(self):
        return self.name


f16 = ScalarType("f16", "float", 16, "float16")
bf16 = ScalarType("bf16", "float", 16, "bfloat16")
f32 = ScalarType("f32", "float", 32, "float32")
f64 = ScalarType("f64", "float", 64, "float64")
i8 = ScalarType("i8", "int", 8, "int8")
i16 = ScalarType("i16", "int", 16, "int16")
i32 = ScalarType("i32", "int", 32, "int32")
i64 = ScalarType("i64", "int", 64, "int64")
i1 = ScalarType("i1", "bool", 1, "bool")
index_type = ScalarType("index", "index", 64, "int64")

ELEMENT_TYPES = (f16, bf16, f32, f64, i8, i16, i32, i64)


class TraceError(DSLError):
    """A scalar function that cannot be traced."""


def _float_bits(value, type_):
    if type_ is f64:
        return struct.unpack("<Q", struct.pack("<d", value))[0], 16
    if type_ is f32:
        return struct.unpack("<I", struct.pack("<f", value))[0], 8
    if type_ is f16:
        return struct.unpack("<H", struct.pack("<e", value))[0], 4
    # bf16: the upper half of the f32, rounded to nearest even.
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    if (bits & 0x7FFFFFFF) > 0x7F800000:  # NaN: keep it quiet
        return (bits >> 16) | 0x40, 4
    bits += 0x7FFF + ((bits >> 16) & 1)
    return (bits >> 16) & 0xFFFF, 4


def format_constant(value, type_):
    """The attribute text of `value` as a `type_` constant (`1.5 : f32`)."""
    if type_.kind == "bool":
        return "true" if value else "false"
    if type_.is_integer:
        if isinstance(value, float) and not value.is_integer():
            raise TraceError(f"constant {value!r} is not an integer, but the value has type {type_}")
        value = int(value)
        if type_.kind == "int":
            low, high = -(1 << (type_.bits - 1)), (1 << type_.bits) - 1
            if not low <= value <= high:
                raise TraceError(f"constant {value} does not fit into {type_}")
        return f"{value} : {type_}"
    value = float(value)
    try:
        bits, digits = _float_bits(value, type_)
    except OverflowError:
        raise TraceError(f"constant {value!r} overflows {type_}") from None
    # The hexadecimal form is exact for every value, inf and NaN included.
    return f"0x{bits:0{digits}X} : {type_}"


class _Function:
    """The text of one region being traced."""

    def __init__(self, dims=None):
        self.lines = []
        self.count = 0
        self.constants = {}
        self.dims = dims  # number of iteration dimensions (mdh.index)

    def fresh(self):
        name = f"%{self.count}"
        self.count += 1
        return name

    def op(self, text, type_):
        name = self.fresh()
        self.lines.append(f"{name} = {text}")
        return Value(self, name, type_)

    def constant(self, value, type_):
        text = format_constant(value, type_)
        if text not in self.constants:
            self.constants[text] = self.op(f"arith.constant {text}", type_)
        return self.constants[text]


_current = []  # the _Function being traced (for index() and const())


class Value:
    """A symbolic scalar of a traced function."""

    __array_priority__ = 1000  # NumPy scalars defer to Value's operators

    def __init__(self, function, name, type_):
        self.function = function
        self.name = name
        self.type = type_

    def __repr__(self):
        return f"<mdh.Value {self.name} : {self.type}>"

    def _coerce(self, other, op):
        if isinstance(other, Value):
            if other.function is not self.function:
                raise TraceError("a value of another traced function is used here")
            if other.type is not self.type:
                raise TraceError(
                    f"operands of '{op}' have different types {self.type} and "
                    f"{other.type}; convert one with mdh.cast"
                )
            return other
        if isinstance(other, (bool, int, float)) or hasattr(other, "dtype"):
            if hasattr(other, "item"):
                other = other.item()
            return self.function.constant(other, self.type)
        raise TraceError(f"cannot use {other!r} in a scalar function (operator '{op}')")

    def _binary(self, other, op, float_op, int_op, reverse=False):
        other = self._coerce(other, op)
        a, b = (other, self) if reverse else (self, other)
        mlir = float_op if self.type.is_float else int_op
        if mlir is None:
            kinds = "floating-point" if self.type.is_float else "integer"
            raise TraceError(f"operator '{op}' is not defined on {kinds} values ({self.type})")
        return self.function.op(f"{mlir} {a.name}, {b.name} : {self.type}", self.type)

    def __add__(self, o):
        return self._binary(o, "+", "arith.addf", "arith.addi")

    def __radd__(self, o):
        return self._binary(o, "+", "arith.addf", "arith.addi", True)

    def __sub__(self, o):
        return self._binary(o, "-", "arith.subf", "arith.subi")

    def __rsub__(self, o):
        return self._binary(o, "-", "arith.subf", "arith.subi", True)

    def __mul__(self, o):
        return self._binary(o, "*", "arith.mulf", "arith.muli")

    def __rmul__(self, o):
        return self._binary(o, "*", "arith.mulf", "arith.muli", True)

    def __truediv__(self, o):
        if not self.type.is_float:
            raise TraceError(f"'/' on {self.type} values; use // for integer division")
        return self._binary(o, "/", "arith.divf", None)

    def __rtruediv__(self, o):
        if not self.type.is_float:
            raise TraceError(f"'/' on {self.type} values; use // for integer division")
        return self._binary(o, "/", "arith.divf", None, True)

    def __floordiv__(self, o):
        return self._binary(o, "//", None, "arith.divsi")

    def __rfloordiv__(self, o):
        return self._binary(o, "//", None, "arith.divsi", True)

    def __mod__(self, o):
        return self._binary(o, "%", "arith.remf", "arith.remsi")

    def __rmod__(self, o):
        return self._binary(o, "%", "arith.remf", "arith.remsi", True)

    def __pow__(self, o):
        return self._binary(o, "**", "math.powf", None)

    def __rpow__(self, o):
        return self._binary(o, "**", "math.powf", None, True)

    def _bitwise(self, o, op, mlir, reverse=False):
        if self.type.is_float:
            raise TraceError(f"operator '{op}' is not defined on floating-point values ({self.type})")
        return self._binary(o, op, None, mlir, reverse)

    def __and__(self, o):
        return self._bitwise(o, "&", "arith.andi")

    __rand__ = __and__

    def __or__(self, o):
        return self._bitwise(o, "|", "arith.ori")

    __ror__ = __or__

    def __xor__(self, o):
        return self._bitwise(o, "^", "arith.xori")

    __rxor__ = __xor__

    def __lshift__(self, o):
        return self._bitwise(o, "<<", "arith.shli")

    def __rshift__(self, o):
        return self._bitwise(o, ">>", "arith.shrsi")

    def __invert__(self):
        if self.type.is_float:
            raise TraceError(f"operator '~' is not defined on floating-point values ({self.type})")
        return self ^ (True if self.type.kind == "bool" else -1)

    def __neg__(self):
        if self.type.is_float:
            return self.function.op(f"arith.negf {self.name} : {self.type}", self.type)
        return 0 - self

    def __pos__(self):
        return self

    def __abs__(self):
        op = "math.absf" if self.type.is_float else "math.absi"
        return self.function.op(f"{op} {self.name} : {self.type}", self.type)

    def _compare(self, other, float_pred, int_pred):
        other = self._coerce(other, float_pred)
        if self.type.is_float:
            text = f"arith.cmpf {float_pred}, {self.name}, {other.name} : {self.type}"
        else:
            text = f"arith.cmpi {int_pred}, {self.name}, {other.name} : {self.type}"
        return self.function.op(text, i1)

    # Ordered float predicates (false on NaN) except !=, which is true on
    # NaN as in Python.
    def __lt__(self, o):
        return self._compare(o, "olt", "slt")

    def __le__(self, o):
        return self._compare(o, "ole", "sle")

    def __gt__(self, o):
        return self._compare(o, "ogt", "sgt")

    def __ge__(self, o):
        return self._compare(o, "oge", "sge")

    def __eq__(self, o):
        return self._compare(o, "oeq", "eq")

    def __ne__(self, o):
        return self._compare(o, "une", "ne")

    __hash__ = object.__hash__

    def __bool__(self):
        raise TraceError(
            f"the traced value {self.name} : {self.type} has no truth value: "
            "if, while, and, or, not and chained comparisons cannot be traced; "
            "use mdh.select(c, a, b) and the operators &, |, ~"
        )

    def __float__(self):
        raise TraceError(f"float() of a traced value ({self.type}); use mdh.cast(x, mdh.f64)")

    def __int__(self):
        raise TraceError(f"int() of a traced value ({self.type}); use mdh.cast(x, mdh.i64)")

    __index__ = __int__


def _tracing(what):
    if not _current:
        raise TraceError(f"{what} may only be called inside a traced scalar function")
    return _current[-1]


def _value(x, like=None, what="value"):
    if isinstance(x, Value):
        return x
    if like is not None:
        return like._coerce(x, what)
    raise TraceError(f"{what}: expected a traced value, got {x!r}")


def select(condition, if_true, if_false):
    """`if_true if condition else if_false` (arith.select)."""
    values = [v for v in (if_true, if_false) if isinstance(v, Value)]
    if not isinstance(condition, Value) or condition.type is not i1:
        raise TraceError("select: the condition must be a comparison result (i1)")
    if not values:
        raise TraceError("select: at least one of the two values must be traced")
    a = _value(if_true, values[0], "select")
    b = _value(if_false, values[0], "select")
    if a.type is not b.type:
        raise TraceError(f"select: the two values have different types {a.type} and {b.type}")
    return condition.function.op(
        f"arith.select {condition.name}, {a.name}, {b.name} : {a.type}", a.type
    )


def cast(x, to, unsigned=False):
    """Converts `x` to the element type `to`: float <-> float (extf/truncf),
    int <-> float (sitofp/fptosi, uitofp/fptoui with unsigned=True), int <->
    int (extsi/trunci, extui), index <-> int (index_cast)."""
    x = _value(x, what="cast")
    src = x.type
    if src is to:
        return x
    f = x.function
    if src.kind == "index" or to.kind == "index":
        if src.is_float or to.is_float:
            via = cast(x, i64) if src.kind == "index" else cast(x, i64, unsigned)
            return cast(via, to, unsigned)
        op = "arith.index_castui" if unsigned else "arith.index_cast"
    elif src.is_float and to.is_float:
        op = "arith.extf" if to.bits > src.bits else "arith.truncf"
        if src.bits == to.bits:  # f16 <-> bf16
            return cast(cast(x, f32), to)
    elif src.is_float:
        op = "arith.fptoui" if unsigned else "arith.fptosi"
    elif to.is_float:
        op = "arith.uitofp" if unsigned or src.kind == "bool" else "arith.sitofp"
    elif to.bits > src.bits:
        op = "arith.extui" if unsigned or src.kind == "bool" else "arith.extsi"
    else:
        op = "arith.trunci"
    return f.op(f"{op} {x.name} : {src} to {to}", to)


def const(value, type_):
    """A constant of type `type_` in the function being traced."""
    return _tracing("mdh.const").constant(value, type_)


def index(dim):
    """The iteration index of dimension `dim` (`mdh.index`), an `index`
    value; convert it with cast(mdh.index(d), mdh.i32)."""
    f = _tracing("mdh.index")
    if f.dims is None:
        raise TraceError("mdh.index may only be used in the scalar function of md_hom")
    if not isinstance(dim, int) or not 0 <= dim < f.dims:
        raise TraceError(f"mdh.index({dim!r}): the computation has dimensions 0..{f.dims - 1}")
    return f.op(f"mdh.index {dim}", index_type)


def _math(name, float_only=True):
    def fn(x):
        x = _value(x, what=f"mdh.{name}")
        if float_only and not x.type.is_float:
            raise TraceError(f"mdh.{name} needs a floating-point value, got {x.type}")
        return x.function.op(f"math.{name} {x.name} : {x.type}", x.type)

    fn.__name__ = name
    fn.__doc__ = f"math.{name} of a floating-point value."
    return fn


exp = _math("exp")
log = _math("log")
sqrt = _math("sqrt")
sin = _math("sin")
cos = _math("cos")
tanh = _math("tanh")
erf = _math("erf")
floor = _math("floor")
ceil = _math("ceil")


def maximum(a, b):
    """The larger of two values (arith.maximumf: NaN propagates;
    arith.maxsi on integers)."""
    a = _value(a, b if isinstance(b, Value) else None, "maximum")
    return a._binary(b, "maximum", "arith.maximumf", "arith.maxsi")


def minimum(a, b):
    """The smaller of two values (arith.minimumf / arith.minsi)."""
    a = _value(a, b if isinstance(b, Value) else None, "minimum")
    return a._binary(b, "minimum", "arith.minimumf", "arith.minsi")


def trace(fn, arg_types, dims, what):
    """Calls `fn` on one Value per type of `arg_types`; returns the region's
    argument names, body lines and yielded Values (Python numbers are left
    as they are)."""
    f = _Function(dims)
    args = []
    for position, type_ in enumerate(arg_types):
        args.append(Value(f, f"%arg{position}", type_))
    _current.append(f)
    try:
        result = fn(*args)
    except TraceError as e:
        raise TraceError(f"{what}: {e}") from None
    except TypeError as e:
        raise TraceError(f"{what} cannot be called on {len(args)} scalars: {e}") from None
    finally:
        _current.pop()
    results = list(result) if isinstance(result, (tuple, list)) else [result]
    return f, args, results


def finish(f, results, types, what):
    """Converts the yielded results to `types` (constants for Python
    numbers); returns the `mdh.yield` line."""
    if len(results) != len(types):
        raise TraceError(f"{what} yields {len(results)} values, but {len(types)} are needed ({', '.join(map(str, types))})")
    names = []
    for position, (value, type_) in enumerate(zip(results, types)):
        if isinstance(value, Value):
            if value.type is not type_:
                raise TraceError(
                    f"{what} yields {value.type} as value #{position}, but it must be "
                    f"{type_}; convert it with mdh.cast"
                )
        elif isinstance(value, (bool, int, float)):
            value = f.constant(value, type_)
        else:
            raise TraceError(f"{what} yields {value!r} as value #{position}, which is not a scalar")
        names.append(value.name)
    if not names:
        return "mdh.yield"
    return f"mdh.yield {', '.join(names)} : {', '.join(map(str, types))}"


# Names exported with math's functions' names would shadow them; the
# package exports these under mdh.<name>.
__all__ = [
    "ScalarType", "Value", "TraceError", "select", "cast", "const", "index",
    "exp", "log", "sqrt", "sin", "cos", "tanh", "erf", "floor", "ceil",
    "maximum", "minimum", "f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64",
]

