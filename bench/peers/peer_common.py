"""What worker.py and its peer modules (peer_*.py) share: the two
exceptions that say why a peer has no result, bf16_bits, the tensor
contractions of bench/kernels/ as einsum subscripts and the convolutions'
dimensions (run_reference.py uses these two too). Only the standard library
at import (NumPy inside bf16_bits): linalg_ir.py, which must run under every
peer's Python, imports it."""


class NotApplicable(Exception):
    """The peer has no sensible form of this kernel."""


class PeerFailure(Exception):
    """The peer's own tools failed (a compiler error, no schedule, ...)."""


# The contractions of bench/kernels/contractions.mlir that the peers build
# from einsum subscripts: kind -> (a letter per mdh.compute dimension, in
# order, "IN0,IN1->OUT"); the dimensions not in OUT are reduced. bench.py's
# peer_layout checks the same maps against each kernel's, and a subscript
# that disagreed with the kernel would show as MDH's wrong result.
CONTRACTIONS = {
    # C[a,b,c,d] = sum_{e,f} A[a,e,b,f] * B[d,f,c,e] (TCCG's abcd-aebf-dfce)
    "tensor_contraction": ("abcdef", "aebf,dfce->abcd"),
    # O[b,s,h,d] = sum_t P[b,h,s,t] * V[b,t,h,d] (attention's context)
    "attention_context": ("bshdt", "bhst,bthd->bshd"),
}


def contraction(kind, dims):
    """(einsum subscripts, {letter: size}, the reduced letters) of a kind
    of CONTRACTIONS with bench.py's peer dimensions (the sizes)."""
    letters, spec = CONTRACTIONS[kind]
    size = dict(zip(letters, dims))
    out = spec.split("->")[1]
    return spec, size, [c for c in letters if c not in out]


def conv_dims(kind, dims):
    """mcc's and mcc_dilated's peer dimensions as N P Q K R S C ST DIL H W
    (bench.py gives mcc none for the dilation, which is 1)."""
    if kind == "mcc":
        return dims[:8] + [1] + dims[8:]
    return list(dims)


def bf16_bits(a):
    """The bf16 bit patterns of a float32 array holding bf16 values."""
    import numpy as np
    return (np.ascontiguousarray(a, np.float32).view(np.uint32) >>
            16).astype(np.uint16)
