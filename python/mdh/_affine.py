"""Index functions: Python lambdas traced to affine maps.

A lambda `lambda i, k: (i, 2 * k + 1)` is called once on symbolic iteration
indices; the arithmetic on them builds affine expressions. Sums, products
by integer constants, and `//` and `%` by positive integer constants are
affine (`floordiv`, `mod`); everything else (a product of two indices, `/`,
`**`, comparisons, `abs`, floats, a truth value) raises NotAffineError, whose
message names the expression as the lambda wrote it.
"""

import inspect


class DSLError(ValueError):
    """A computation that cannot be expressed in HL-IR."""


class NotAffineError(DSLError):
    """An index function that is not affine."""


class _Refused(Exception):
    """Raised inside a traced lambda; carries the offending expression."""

    def __init__(self, expression, why):
        super().__init__(expression)
        self.expression = expression
        self.why = why


class AffineExpr:
    """sum(coeff * atom) + const, where an atom is an iteration index or a
    `floordiv`/`mod` of an expression by a positive constant."""

    def __init__(self, names, terms=None, const=0):
        self.names = names  # the lambda's parameter names, for messages
        self.terms = terms or {}  # atom key -> (atom, coeff)
        self.const = const

    # Atoms are ("dim", position) or (op, AffineExpr, constant).
    @staticmethod
    def dim(names, position):
        atom = ("dim", position)
        return AffineExpr(names, {_key(atom): (atom, 1)})

    def _lift(self, other, op):
        if isinstance(other, AffineExpr):
            return other
        if isinstance(other, bool) or not isinstance(other, int):
            raise _Refused(f"{self.show()} {op} {other!r}", "only integer constants are affine")
        return AffineExpr(self.names, const=other)

    def _combine(self, other, sign):
        terms = dict(self.terms)
        for key, (atom, coeff) in other.terms.items():
            old = terms.get(key, (atom, 0))[1]
            if old + sign * coeff:
                terms[key] = (atom, old + sign * coeff)
            else:
                terms.pop(key, None)
        return AffineExpr(self.names, terms, self.const + sign * other.const)

    def _scale(self, factor):
        if factor == 0:
            return AffineExpr(self.names)
        terms = {k: (a, c * factor) for k, (a, c) in self.terms.items()}
        return AffineExpr(self.names, terms, self.const * factor)

    def __add__(self, other):
        return self._combine(self._lift(other, "+"), 1)

    def __radd__(self, other):
        return self._lift(other, "+")._combine(self, 1)

    def __sub__(self, other):
        return self._combine(self._lift(other, "-"), -1)

    def __rsub__(self, other):
        return self._lift(other, "-")._combine(self, -1)

    def __neg__(self):
        return self._scale(-1)

    def __pos__(self):
        return self

    def __mul__(self, other):
        other = self._lift(other, "*")
        if not other.terms:
            return self._scale(other.const)
        if not self.terms:
            return other._scale(self.const)
        raise _Refused(
            f"{self.show(True)} * {other.show(True)}",
            "a product of two iteration indices is not affine",
        )

    __rmul__ = __mul__

    def _divmod(self, other, op, mlir_op):
        if isinstance(other, AffineExpr):
            if other.terms:
                raise _Refused(
                    f"{self.show(True)} {op} {other.show(True)}",
                    f"{op} by an iteration index is not affine",
                )
            other = other.const
        if isinstance(other, bool) or not isinstance(other, int) or other <= 0:
            raise _Refused(
                f"{self.show(True)} {op} {other!r}",
                f"{op} is affine only by a positive integer constant",
            )
        if not self.terms:
            value = self.const // other if op == "//" else self.const % other
            return AffineExpr(self.names, const=value)
        if other == 1:
            return self if op == "//" else AffineExpr(self.names)
        atom = (mlir_op, self, other)
        return AffineExpr(self.names, {_key(atom): (atom, 1)})

    def __floordiv__(self, other):
        return self._divmod(other, "//", "floordiv")

    def __mod__(self, other):
        return self._divmod(other, "%", "mod")

    def _refuse_binary(op, why):
        def refuse(self, other):
            shown = other.show(True) if isinstance(other, AffineExpr) else repr(other)
            raise _Refused(f"{self.show(True)} {op} {shown}", why)

        return refuse

    def _refuse_rbinary(op, why):
        def refuse(self, other):
            raise _Refused(f"{other!r} {op} {self.show(True)}", why)

        return refuse

    __truediv__ = _refuse_binary("/", "true division is not affine; use // by a constant")
    __rtruediv__ = _refuse_rbinary("/", "true division is not affine")
    __rfloordiv__ = _refuse_rbinary("//", "division by an iteration index is not affine")
    __rmod__ = _refuse_rbinary("%", "modulo by an iteration index is not affine")
    __pow__ = _refuse_binary("**", "a power of an iteration index is not affine")
    __rpow__ = _refuse_rbinary("**", "a power of an iteration index is not affine")
    __and__ = _refuse_binary("&", "bitwise operations are not affine")
    __or__ = _refuse_binary("|", "bitwise operations are not affine")
    __xor__ = _refuse_binary("^", "bitwise operations are not affine")
    __lshift__ = _refuse_binary("<<", "shifts are not affine")
    __rshift__ = _refuse_binary(">>", "shifts are not affine")
    __lt__ = _refuse_binary("<", "comparisons are not affine")
    __le__ = _refuse_binary("<=", "comparisons are not affine")
    __gt__ = _refuse_binary(">", "comparisons are not affine")
    __ge__ = _refuse_binary(">=", "comparisons are not affine")
    __eq__ = _refuse_binary("==", "comparisons are not affine")
    __ne__ = _refuse_binary("!=", "comparisons are not affine")
    __hash__ = object.__hash__

    def _refuse_unary(form, why):
        def refuse(self, *args):
            raise _Refused(form.format(self.show()), why)

        return refuse

    __abs__ = _refuse_unary("abs({})", "abs is not affine")
    __bool__ = _refuse_unary("bool({})", "a truth value (if, and, or, not) is not affine")
    __int__ = _refuse_unary("int({})", "conversions are not affine")
    __float__ = _refuse_unary("float({})", "a float is not affine")
    __index__ = _refuse_unary("{} used as a Python integer", "iteration indices are symbolic")
    __round__ = _refuse_unary("round({})", "rounding is not affine")
    __floor__ = _refuse_unary("math.floor({})", "math.floor is not affine; use // by a constant")
    __ceil__ = _refuse_unary("math.ceil({})", "math.ceil is not affine")
    __invert__ = _refuse_unary("~{}", "bitwise operations are not affine")
    __trunc__ = _refuse_unary("math.trunc({})", "math.trunc is not affine")

    # --- printing ---

    def render(self, names, paren=False, python=False):
        """The expression with iteration indices called `names`; with
        `python`, in Python's operators (`//`, `%`) for messages."""
        parts = []
        for atom, coeff in self.terms.values():
            if atom[0] == "dim":
                text = names[atom[1]]
            else:
                op = {"floordiv": "//", "mod": "%"}[atom[0]] if python else atom[0]
                text = f"({atom[1].render(names, True, python)} {op} {atom[2]})"
            parts.append((text, coeff))
        terms = [(text if abs(c) == 1 else f"{text} * {abs(c)}", c > 0) for text, c in parts]
        if self.const or not terms:
            terms.append((str(abs(self.const)), self.const >= 0))
        # Positive terms first, so that the text starts with a minus only
        # when everything is negative.
        terms.sort(key=lambda t: not t[1])
        out = terms[0][0] if terms[0][1] else f"-{terms[0][0]}"
        for text, positive in terms[1:]:
            out += f" + {text}" if positive else f" - {text}"
        if paren and len(terms) > 1:
            return f"({out})"
        return out

    def show(self, paren=False):
        """The expression in the lambda's own names, for messages."""
        return self.render(self.names, paren, python=True)

    def interval(self, sizes):
        """[lo, hi] of the expression over the box [0, sizes)."""
        lo = hi = self.const
        for atom, coeff in self.terms.values():
            if atom[0] == "dim":
                alo, ahi = 0, sizes[atom[1]] - 1
            else:
                ilo, ihi = atom[1].interval(sizes)
                if atom[0] == "floordiv":
                    alo, ahi = ilo // atom[2], ihi // atom[2]
                elif 0 <= ilo and ihi < atom[2]:
                    alo, ahi = ilo, ihi
                else:
                    alo, ahi = 0, atom[2] - 1
            a, b = coeff * alo, coeff * ahi
            lo += min(a, b)
            hi += max(a, b)
        return lo, hi


def _key(atom):
    if atom[0] == "dim":
        return f"d{atom[1]}"
    dims = [f"d{i}" for i in range(64)]
    return f"({atom[1].render(dims)}) {atom[0]} {atom[2]}"


def describe(fn):
    """'<lambda> at file.py:12 (lambda i, k: (i, k))' for messages."""
    name = getattr(fn, "__qualname__", None) or repr(fn)
    code = getattr(fn, "__code__", None)
    where = f" at {code.co_filename}:{code.co_firstlineno}" if code else ""
    try:
        source = inspect.getsource(fn).strip()
        if len(source) < 120 and "\n" not in source:
            return f"{name}{where} ({source})"
    except (OSError, TypeError):
        pass
    return f"{name}{where}"


def trace_index_function(fn, rank, what):
    """Calls `fn` on `rank` symbolic indices; returns its results as a list
    of AffineExpr and the parameter names. `what` names the map in
    messages ("index function #0 of input 'M'")."""
    if not callable(fn):
        raise DSLError(f"{what} must be a function of the iteration indices, got {fn!r}")
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        params = None
    if params is not None:
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            names = [f"d{i}" for i in range(rank)]
        elif len(params) != rank:
            raise DSLError(
                f"{what}, {describe(fn)}, takes {len(params)} parameters, but "
                f"the computation has {rank} dimensions"
            )
        else:
            names = [p.name for p in params]
    else:
        names = [f"d{i}" for i in range(rank)]
    dims = [AffineExpr.dim(names, i) for i in range(rank)]
    try:
        result = fn(*dims)
        if not isinstance(result, (tuple, list)):
            result = (result,)
        exprs = []
        for position, value in enumerate(result):
            if isinstance(value, AffineExpr):
                exprs.append(value)
            elif isinstance(value, int) and not isinstance(value, bool):
                exprs.append(AffineExpr(names, const=value))
            else:
                raise _Refused(repr(value), f"result #{position} is not an index expression")
    except _Refused as refused:
        raise NotAffineError(
            f"{what}, {describe(fn)}, is not affine: {refused.expression} ({refused.why})"
        ) from None
    return exprs, names


def mlir_map(exprs, rank):
    dims = [f"d{i}" for i in range(rank)]
    results = ", ".join(e.render(dims) for e in exprs)
    return f"affine_map<({', '.join(dims)}) -> ({results})>"
