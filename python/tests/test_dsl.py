"""The DSL: HL-IR text that mdh-opt accepts and prints back the same, and a
clear message for every computation it refuses."""

import re

import pytest

import mdh
from mdh import (
    add, cc, f32, i8, i32, inp_view, md_hom, mul, out_view, ps, pw, select,
)

import argmax
import matmul
import matvec
import mcc
import prefix_sum

EXAMPLES = {
    "matvec": lambda: matvec.matvec(13, 7),
    "matmul": lambda: matmul.matmul(13, 7, 11),
    "mcc": lambda: mcc.mcc(2, 3, 5, 7, 3, 3, 11),
    "prefix_sum": lambda: prefix_sum.prefix_sum(3, 17),
    "argmax": lambda: argmax.argmax(5, 17),
}


def round_trips(mdh_opt, text):
    """mdh-opt parses and verifies `text`, and its output parses back to
    the same text."""
    first = mdh_opt(text)
    assert first.returncode == 0, first.stderr
    second = mdh_opt(first.stdout)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
    return first.stdout


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_round_trip(mdh_opt, name):
    printed = round_trips(mdh_opt, EXAMPLES[name]().hl_ir())
    assert f'mdh.compute "{name}"' in printed


def test_matvec_text():
    text = matvec.matvec(13, 7).hl_ir()
    assert "func.func @matvec(%M: memref<13x7xf32>, %v: memref<7xf32>, %w: memref<13xf32>)" in text
    assert 'mdh.compute "matvec" sizes(13, 7) combine(cc, pw(add))' in text
    assert "%v : memref<7xf32> [affine_map<(d0, d1) -> (d1)>]" in text
    assert "arith.mulf %arg0, %arg1 : f32" in text


def test_mcc_shape_is_inferred_from_the_views():
    comp = mcc.mcc(2, 3, 5, 7, 3, 3, 11)  # stride 2
    assert comp.inputs[0][2] == (2, 2 * 2 + 3, 2 * 4 + 3, 11)
    assert "(d0, d1 * 2 + d4, d2 * 2 + d5, d6)" in comp.hl_ir()


def test_argmax_combiner_and_index(mdh_opt):
    text = argmax.argmax(5, 17).hl_ir()
    assert "mdh.combiner @max_with_index associative commutative (f32, i32) identity [0xFF800000 : f32, 0 : i32]" in text
    assert "combine(cc, pw(@max_with_index))" in text
    assert "mdh.index 1" in text and "arith.index_cast" in text


@pytest.mark.parametrize("T", mdh.ELEMENT_TYPES, ids=str)
def test_every_element_type(mdh_opt, T):
    comp = mdh.computation(
        out_view[T](r=[lambda k: ()]),
        md_hom(13, mul, (pw(add),)),
        inp_view[T, T](x=[lambda k: k], y=[lambda k: 12 - k]),
        name="dot",
    )
    printed = round_trips(mdh_opt, comp.hl_ir())
    assert f"memref<{T}>" in printed and f"memref<13x{T}>" in printed


def test_precision_tf32(mdh_opt):
    comp = mdh.computation(
        out_view[f32](C=[lambda i, j, k: (i, j)]),
        md_hom((16, 8, 8), mul, (cc, cc, pw(add))),
        inp_view[f32, f32](A=[lambda i, j, k: (i, k)], B=[lambda i, j, k: (k, j)]),
        name="mm",
        precision="tf32",
    )
    printed = round_trips(mdh_opt, comp.hl_ir())
    assert "combine(cc, cc, pw(add)) precision(tf32)" in printed
    # A tensor-core schedule on sm_80: mma m16n8k8 in LL-IR.
    lowered = mdh_opt(printed, "--mdh-hl-to-ll=target=cuda:sm_80")
    assert lowered.returncode == 0, lowered.stderr
    assert "mma m16n8k8" in lowered.stdout


def test_precision_is_checked():
    with pytest.raises(mdh.DSLError, match="precision 'fp16' is not one of ieee, tf32"):
        mdh.computation(
            out_view[f32](y=[lambda i: i]),
            md_hom(4, lambda x: x, (cc,)),
            inp_view[f32](x=[lambda i: i]),
            precision="fp16",
        )


def test_affine_forms(mdh_opt):
    comp = mdh.computation(
        out_view[f32](y=[lambda i: i]),
        md_hom[10](lambda a, b, c: a + b * 2 - c, (cc,)),
        inp_view[f32](x=[lambda i: 2 * (i // 3) + i % 4, lambda i: 20 - 2 * i, lambda i: -i + 9]),
        name="affine",
    )
    text = comp.hl_ir()
    assert "((d0 floordiv 3) * 2 + (d0 mod 4))" in text
    assert "(20 - d0 * 2)" in text and "(9 - d0)" in text
    assert comp.inputs[0][2] == (21,)
    round_trips(mdh_opt, text)


def test_scalar_operations(mdh_opt):
    def f(a, b, n):
        big = (a > b) & ~(a != 0.5) | (b <= -1)
        x = select(big, mdh.exp(a) / mdh.sqrt(abs(b) + 1), mdh.maximum(a, b) % 3)
        y = mdh.cast(n, f32) * mdh.tanh(x) ** 2 - mdh.log(1 + a * a)
        m = (n * 3 + 1) // 2 - (n % 5) ^ (n << 1) >> 2
        m = select(m >= 0, m, -m) & 0x7F
        k = mdh.cast(mdh.index(0), i32) + mdh.cast(mdh.floor(mdh.sin(y) + mdh.cos(y)), i32)
        return mdh.cast(mdh.cast(y, mdh.f64), f32), mdh.cast(m, i8) + 1, k + mdh.const(2, i32)

    comp = mdh.computation(
        out_view(y=mdh.buffer([lambda i: i], type=f32), m=mdh.buffer([lambda i: i], type=i8),
                 k=mdh.buffer([lambda i: i], type=i32)),
        md_hom(7, f, cc),
        inp_view[f32, f32, i32](a=[lambda i: i], b=[lambda i: 6 - i], n=[lambda i: i]),
        name="scalars",
    )
    text = round_trips(mdh_opt, comp.hl_ir())
    for op in ("arith.cmpf ogt", "arith.cmpf une", "arith.select", "math.exp", "math.sqrt",
               "math.absf", "arith.maximumf", "arith.remf", "arith.sitofp", "math.tanh",
               "math.powf", "math.log", "arith.divsi", "arith.remsi", "arith.shli",
               "arith.shrsi", "arith.xori", "arith.trunci", "mdh.index 0", "arith.fptosi",
               "arith.extf", "arith.truncf", "math.floor"):
        assert op in text, op


def test_prefix_sum_and_explicit_shape(mdh_opt):
    comp = mdh.computation(
        out_view[f32](y=[lambda i: i]),
        md_hom[8](lambda l, c, r: (l + c + r) / 3, (cc,)),
        inp_view[f32](x=mdh.buffer([lambda i: i, lambda i: i + 1, lambda i: i + 2], shape=(12,))),
        name="jacobi",
    )
    assert "memref<12xf32>" in round_trips(mdh_opt, comp.hl_ir())
    assert "ps(add)" in prefix_sum.prefix_sum(3, 5).hl_ir()


def test_kernel_decorator():
    @mdh.kernel
    def scale():
        return (out_view[f32](y=[lambda i: i]), md_hom[5](lambda x: 2 * x, (cc,)),
                inp_view[f32](x=[lambda i: i]))

    assert isinstance(scale, mdh.Computation) and scale.name == "scale"

    @mdh.kernel(name="other")
    def ignored():
        return (out_view[f32](y=[lambda i: i]), md_hom[5](lambda x: x, (cc,)),
                inp_view[f32](x=[lambda i: i]))

    assert "func.func @other(" in ignored.hl_ir()


# --- Rejections ----------------------------------------------------------------


def matvec_with(index_fn=None, f=mul, combine=(cc, pw(add))):
    return mdh.computation(
        out_view[f32](w=[lambda i, k: i]),
        md_hom[3, 4](f, combine),
        inp_view[f32, f32](M=[index_fn or (lambda i, k: (i, k))], v=[lambda i, k: k]),
        name="mv",
    )


NOT_AFFINE = [
    (lambda i, k: (i * k, k), r"i \* k \(a product of two iteration indices is not affine\)"),
    (lambda i, k: (i / 2, k), r"i / 2 \(true division is not affine; use // by a constant\)"),
    (lambda i, k: (i ** 2, k), r"i \*\* 2 \(a power"),
    (lambda i, k: (abs(i - k), k), r"abs\(i - k\) \(abs is not affine\)"),
    (lambda i, k: (i if i > k else k, k), r"i > k \(comparisons are not affine\)"),
    (lambda i, k: (i + 0.5, k), r"i \+ 0.5 \(only integer constants are affine\)"),
    (lambda i, k: (k // i, k), r"k // i \(// by an iteration index is not affine\)"),
    (lambda i, k: (i % -3, k), r"i % -3 \(% is affine only by a positive integer constant\)"),
    (lambda i, k: ("i", k), r"'i' \(result #0 is not an index expression\)"),
    (lambda i, k: ([0, 1][i], k), r"i used as a Python integer"),
]


@pytest.mark.parametrize("fn, message", NOT_AFFINE)
def test_not_affine(fn, message):
    with pytest.raises(mdh.NotAffineError) as e:
        matvec_with(fn)
    text = str(e.value)
    assert text.startswith("index function #0 of input 'M', ")
    assert "<lambda> at " in text and "test_dsl.py" in text  # names the lambda
    assert re.search(message, text), text


def refuses(make, message, error=mdh.DSLError):
    with pytest.raises(error) as e:
        comp = make()
        comp.hl_ir()  # scalar functions are traced when the text is made
    assert re.search(message, str(e.value)), str(e.value)


def test_wrong_arity_of_an_index_function():
    refuses(lambda: matvec_with(lambda i: i), r"<lambda> at .*takes 1 parameters, but the computation has 2 dimensions")


SCALAR_ERRORS = [
    (lambda m, v: m if m > 0 else v, r"has no truth value: if, while, and, or, not"),
    (lambda m, v: m * mdh.cast(v, i32), r"operands of '\*' have different types f32 and i32; convert one with mdh.cast"),
    (lambda m, v: mdh.cast(m, i32) / 2, r"'/' on i32 values; use // for integer division"),
    (lambda m, v: m & v, r"operator '&' is not defined on floating-point values \(f32\)"),
    (lambda m, v: (m, v), r"yields 2 values, but 1 are needed \(f32\)"),
    (lambda m, v: mdh.cast(m, mdh.f64), r"yields f64 as value #0, but it must be f32; convert it with mdh.cast"),
    (lambda m, v: m + mdh.cast(mdh.index(2), f32), r"mdh.index\(2\): the computation has dimensions 0..1"),
    (lambda m, v: select(m, m, v), r"select: the condition must be a comparison result \(i1\)"),
    (lambda m, v: mdh.cast(m, i8) + 300, r"constant 300 does not fit into i8"),
    (lambda m, v: mdh.cast(m, i32) + 0.5, r"constant 0.5 is not an integer, but the value has type i32"),
    (lambda m: m, r"cannot be called on 2 scalars"),
    (lambda m, v: "x", r"yields 'x' as value #0, which is not a scalar"),
    (lambda m, v: mdh.exp(mdh.cast(m, i32)), r"mdh.exp needs a floating-point value, got i32"),
]


@pytest.mark.parametrize("f, message", SCALAR_ERRORS)
def test_scalar_function_errors(f, message):
    refuses(lambda: matvec_with(f=f), r"^the scalar function of 'mv'.*" + message, mdh.TraceError)


def test_index_outside_a_trace():
    refuses(lambda: mdh.index(0), r"mdh.index may only be called inside a traced scalar function")


STRUCTURE_ERRORS = [
    (lambda: matvec_with(combine=(cc,)), r"md_hom has 2 dimensions \(3, 4\) but 1 combine operators"),
    (lambda: md_hom((3, 0), mul, (cc, cc)), r"md_hom sizes must be positive integers, got \(3, 0\)"),
    (lambda: md_hom(3, mul, ("cc",)), r"combine operators must be cc, pw\(op\) or ps\(op\), got 'cc'"),
    (lambda: pw("plus"), r"unknown reduction operator 'plus'; expected one of add, mul, max"),
    (lambda: pw(len), r"pw\(<built-in function len>\): the operator must be a builtin"),
    (lambda: mdh.computation(md_hom(3, mul, (cc,)), inp_view[f32](x=[lambda i: i])),
     r"a computation needs an md_hom and an out_view"),
    (lambda: mdh.computation(out_view[f32](x=[lambda i: i]), md_hom(3, lambda a: a, (cc,)),
                             inp_view[f32](x=[lambda i: i])), r"buffer name 'x' is used twice"),
    (lambda: mdh.computation(out_view[f32](y=[lambda i: i]), md_hom(3, lambda a: a, (cc,)),
                             inp_view[f32](x=[lambda i: i - 1])),
     r"input 'x': index 0 can be negative \(i - 1 reaches -1\); no buffer shape fits"),
    (lambda: mdh.computation(out_view[f32](y=[lambda i: i]), md_hom(3, lambda a, b: a, (cc,)),
                             inp_view[f32](x=[lambda i: i, lambda i: (i, i)])),
     r"the index functions of input 'x' give different numbers of indices"),
    (lambda: mdh.computation(out_view[f32](y=[lambda i: i]), md_hom(3, lambda a: a, (cc,)),
                             inp_view[f32](x=mdh.buffer([lambda i: (i, i)], shape=(3,)))),
     r"index function #0 of 'x' gives 2 indices, but the buffer has rank 1"),
    (lambda: inp_view[mdh.ScalarType("i1", "bool", 1, "bool")](x=[lambda i: i]),
     r"input 'x': mdh.i1 is not an element type of the dialect \(f16, bf16, f32"),
    (lambda: inp_view[f32, f32, f32](x=[lambda i: i], y=[lambda i: i]),
     r"input view: 3 element types for 2 buffers"),
    (lambda: inp_view(x=[lambda i: i]), r"input 'x' has no element type"),
    (lambda: mdh.computation(out_view[f32](y=[lambda i: i]), md_hom(3, lambda a: a, (cc,)),
                             name="my-kernel"), r"computation name 'my-kernel' is not an identifier"),
    (lambda: mdh.combiner(f32, i32, identity=(0.0,))(lambda a, b, c, d: (a, b)),
     r"combiner @<lambda>|combiner name '<lambda>' is not an identifier"),
    (lambda: mdh.combiner(f32, i32, identity=(0.0,), name="c")(lambda a, b, c, d: (a, b)),
     r"combiner @c: identity has 1 values for 2 types"),
]


@pytest.mark.parametrize("make, message", STRUCTURE_ERRORS)
def test_structure_errors(make, message):
    refuses(make, message)


def test_combiner_named_like_the_computation():
    argmax_combiner = mdh.combiner(f32, i32, name="am")(argmax.max_with_index.fn)
    refuses(lambda: mdh.computation(
        out_view[f32, i32](v=[lambda k: ()], p=[lambda k: ()]),
        md_hom(7, lambda x: (x, mdh.cast(mdh.index(0), i32)), (pw(argmax_combiner),)),
        inp_view[f32](x=[lambda k: k]), name="am"),
        r"combiner @am has the name of the computation; rename one of them")


def test_combiner_body_errors():
    @mdh.combiner(f32, i32, name="bad")
    def bad(v0, i0, v1, i1):
        return v0 + i1, i0

    comp = mdh.computation(
        out_view[f32, i32](v=[lambda k: ()], p=[lambda k: ()]),
        md_hom(7, lambda x: (x, 0), (pw(bad),)),
        inp_view[f32](x=[lambda k: k]), name="uses_bad")
    refuses(lambda: comp, r"combiner @bad: operands of '\+' have different types f32 and i32", mdh.TraceError)


def test_verifier_has_the_last_word():
    # The DSL does not check that pw dimensions stay out of output maps; the
    # dialect's verifier does, and compile() carries its diagnostic.
    comp = mdh.computation(
        out_view[f32](w=[lambda i, k: k]), md_hom[3, 4](mul, (cc, pw(add))),
        inp_view[f32, f32](M=[lambda i, k: (i, k)], v=[lambda i, k: k]), name="bad_view")
    with pytest.raises(mdh.MDHError, match=r"error: 'mdh.compute' op index map #0 of output #0 uses "
                       r"dimension 1, which is reduced with pw\(add\)"):
        mdh.compile(comp)
