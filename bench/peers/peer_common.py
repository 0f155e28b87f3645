"""What worker.py and its peer modules (peer_*.py) share: the two
exceptions that say why a peer has no result, and bf16_bits."""

import numpy as np


class NotApplicable(Exception):
    """The peer has no sensible form of this kernel."""


class PeerFailure(Exception):
    """The peer's own tools failed (a compiler error, no schedule, ...)."""


def bf16_bits(a):
    """The bf16 bit patterns of a float32 array holding bf16 values."""
    return (np.ascontiguousarray(a, np.float32).view(np.uint32) >>
            16).astype(np.uint16)
