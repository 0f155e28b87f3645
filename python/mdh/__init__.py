"""MDH-MLIR from Python: the MDH DSL, compiled and run on NumPy arrays.

    import numpy as np
    import mdh
    from mdh import f32, cc, pw, add, mul, inp_view, out_view, md_hom

    matvec = mdh.computation(
        out_view[f32](w=[lambda i, k: i]),
        md_hom[13, 7](mul, (cc, pw(add))),
        inp_view[f32, f32](M=[lambda i, k: (i, k)], v=[lambda i, k: k]),
        name="matvec")
    kernel = mdh.compile(matvec, target="openmp")
    w = kernel(M, v)            # == M @ v

The C API library libMDHCAPI.so is found through MDH_LIBRARY_PATH, the
build tree this package sits in, an installed prefix or the loader path;
`mdh.library_path()` says which one is in use.
"""

from ._affine import DSLError, NotAffineError
from ._capi import LibraryNotFoundError, MDHError, find_library, library_path
from ._scalar import (
    ELEMENT_TYPES,
    ScalarType,
    TraceError,
    Value,
    bf16,
    cast,
    ceil,
    const,
    cos,
    erf,
    exp,
    f16,
    f32,
    f64,
    floor,
    i8,
    i16,
    i32,
    i64,
    index,
    log,
    maximum,
    minimum,
    select,
    sin,
    sqrt,
    tanh,
)
from ._tune import ProgressBar, TuneProgress, TuningInterrupted
from .compiler import Kernel, compile, tune
from .dsl import (
    Combiner,
    Computation,
    add,
    and_,
    buffer,
    cc,
    combiner,
    computation,
    inp_view,
    kernel,
    max_,
    maxsi,
    maxui,
    md_hom,
    min_,
    minsi,
    minui,
    mul,
    or_,
    out_view,
    ps,
    pw,
    xor,
)

__version__ = "0.4.0"
