"""worker.py's NumPy and PyTorch peers: numpy_kernel, torch_kernel and
their versions (torch is imported inside the functions)."""

import numpy as np

from peer_common import (CONTRACTIONS, NotApplicable, bf16_bits, contraction,
                         conv_dims)


# ---------------------------------------------------------------------------
# NumPy (OpenBLAS)
# ---------------------------------------------------------------------------


def numpy_version():
    info = f"numpy {np.__version__}"
    try:
        cfg = np.show_config(mode="dicts")
        blas = cfg.get("Build Dependencies", {}).get("blas", {})
        info += f" ({blas.get('name', '?')} {blas.get('version', '')})".rstrip()
    except Exception:  # NumPy < 1.25 has no mode="dicts"
        pass
    return info


def windows(img, outer, P, Q, R, S, st, inner, dil=1):
    """A strided view: img[n, p*st + r*dil, q*st + s*dil, *inner] as
    (n, p, q, r, s, *inner) without copying (img: (N, H, W, *inner))."""
    sN, sH, sW = img.strides[:3]
    return np.lib.stride_tricks.as_strided(
        img, (outer, P, Q, R, S) + tuple(img.shape[3:]),
        (sN, sH * st, sW * st, sH * dil, sW * dil) + img.strides[3:],
        writeable=False)


def numpy_kernel(kind, dims, ins):
    f32 = np.float32
    res = {}
    if kind == "dot":
        x, y = ins
        return lambda: res.__setitem__(0, np.dot(x, y)), lambda: [
            np.asarray(res[0], f32)]
    if kind == "int_dot":  # no BLAS: NumPy's own int32 loop (wraps)
        x, y = ins
        return lambda: res.__setitem__(0, np.dot(x, y)), lambda: [
            np.asarray(res[0], np.int32)]
    if kind == "max_reduction":
        x, = ins
        return lambda: res.__setitem__(0, np.max(x)), lambda: [
            np.asarray(res[0], f32)]
    if kind == "argmax":
        x, = ins

        def run():
            i = np.argmax(x)
            res[0], res[1] = x[i], i
        return run, lambda: [np.asarray(res[0], f32),
                             np.asarray(res[1], np.int32)]
    if kind == "jacobi1d":
        x, = ins
        n = dims[0]
        t = np.empty(n, f32)
        y = np.empty(n, f32)

        def run():
            np.add(x[:-2], x[1:-1], out=t)
            np.add(t, x[2:], out=t)
            np.divide(t, f32(3), out=y)
        return run, lambda: [y]
    if kind == "prefix_sum":
        x, = ins
        y = np.empty_like(x)
        return lambda: np.cumsum(x, out=y), lambda: [y]
    if kind == "matvec":
        A, v = ins
        w = np.empty(dims[0], f32)
        return lambda: np.dot(A, v, out=w), lambda: [w]
    if kind in ("matmul", "matmul_t", "bmatmul"):
        A, B = ins
        if kind == "matmul_t":  # BLAS with both operands transposed
            A, B = A.T, B.T
        C = np.empty(A.shape[:-1] + B.shape[-1:], f32)
        return lambda: np.matmul(A, B, out=C), lambda: [C]
    if kind == "matmul_f16":  # no f16 BLAS: widen, then sgemm
        A, B = ins
        C = np.empty((A.shape[0], B.shape[1]), f32)
        return (lambda: np.matmul(A.astype(f32), B.astype(f32), out=C),
                lambda: [C])
    if kind == "matmul_bf16":  # bf16 bits, widened by a shift, then sgemm
        A, B = (bf16_bits(a) for a in ins)
        C = np.empty((A.shape[0], B.shape[1]), f32)

        def run():
            a = (A.astype(np.uint32) << 16).view(f32)
            b = (B.astype(np.uint32) << 16).view(f32)
            np.matmul(a, b, out=C)
        return run, lambda: [C]
    if kind in ("mcc", "mcc_dilated"):
        # im2col (a strided view, copied by tensordot) + sgemm
        I, F = ins
        N, P, Q, K, R, S, C, st, dil, H, W = conv_dims(kind, dims)

        def run():
            res[0] = np.tensordot(windows(I, N, P, Q, R, S, st, (), dil), F,
                                  axes=([3, 4, 5], [1, 2, 3]))
        return run, lambda: [res[0]]
    if kind == "depthwise":
        # No GEMM in a depthwise convolution: R*S whole-array multiply-adds
        # of a shifted (strided) input view with one filter tap per channel.
        I, F = ins
        N, P, Q, C, R, S, st, dil, H, W = dims
        O = np.empty((N, P, Q, C), f32)
        tmp = np.empty_like(O)

        def tap(r, s):
            h, w = r * dil, s * dil
            return I[:, h:h + (P - 1) * st + 1:st, w:w + (Q - 1) * st + 1:st]

        def run():
            np.multiply(tap(0, 0), F[0, 0], out=O)
            for r in range(R):
                for s in range(S):
                    if r or s:
                        np.multiply(tap(r, s), F[r, s], out=tmp)
                        np.add(O, tmp, out=O)
        return run, lambda: [O]
    if kind == "bmatmul_nt":  # stacked sgemm, B as a transposed view
        A, B = ins
        C = np.empty((A.shape[0], A.shape[1], B.shape[1]), f32)
        Bt = B.transpose(0, 2, 1)
        return lambda: np.matmul(A, Bt, out=C), lambda: [C]
    if kind in CONTRACTIONS:
        # einsum along the path einsum_path picks (found once, untimed):
        # tensordot, i.e. the operands transposed and reshaped to matrices
        # (copies), sgemm, and the result copied to the output's layout.
        A, B = ins
        spec, size, _ = contraction(kind, dims)
        C = np.empty([size[c] for c in spec.split("->")[1]], f32)
        path = np.einsum_path(spec, A, B, optimize="optimal")[0]
        return (lambda: np.einsum(spec, A, B, out=C, optimize=path),
                lambda: [C])
    if kind == "row_argmax":
        x, = ins
        rows = np.arange(x.shape[0])

        def run():
            i = np.argmax(x, axis=1)  # the first maximum of each row
            res[0], res[1] = x[rows, i], i
        return run, lambda: [res[0], res[1].astype(np.int32)]
    if kind == "mcc_capsule":
        I, F = ins
        N, P, Q, K, Ii, J, R, S, C, M, st, H, W = dims

        def run():
            # (n, p, q, r, s, c, i, m) x (k, r, s, c, m, j) -> (n p q i k j)
            t = np.tensordot(windows(I, N, P, Q, R, S, st, ()), F,
                             axes=([3, 4, 5, 7], [1, 2, 3, 4]))
            res[0] = np.ascontiguousarray(t.transpose(0, 1, 2, 4, 3, 5))
        return run, lambda: [res[0]]
    raise NotApplicable(f"no NumPy form of {kind}")


# ---------------------------------------------------------------------------
# PyTorch (CPU: MKL for GEMM, oneDNN for convolution)
# ---------------------------------------------------------------------------


def torch_kernel(kind, dims, ins, threads):
    import torch
    torch.set_num_threads(threads)
    t = [torch.from_numpy(a) for a in ins]
    res = {}
    f32 = torch.float32
    if kind in ("dot", "int_dot"):
        x, y = t
        return (lambda: res.__setitem__(0, torch.dot(x, y)),
                lambda: [res[0].numpy()])
    if kind == "max_reduction":
        x, = t
        return lambda: res.__setitem__(0, torch.max(x)), lambda: [
            res[0].numpy()]
    if kind == "argmax":
        x, = t

        def run():
            res[0] = torch.max(x, 0)  # (values, indices: first maximum)
        return run, lambda: [res[0][0].numpy(),
                             res[0][1].numpy().astype(np.int32)]
    if kind == "jacobi1d":
        x, = t
        n = dims[0]
        tmp = torch.empty(n)
        y = torch.empty(n)

        def run():
            torch.add(x[:-2], x[1:-1], out=tmp)
            tmp.add_(x[2:])
            torch.div(tmp, 3.0, out=y)
        return run, lambda: [y.numpy()]
    if kind == "prefix_sum":
        x, = t
        y = torch.empty_like(x)
        return lambda: torch.cumsum(x, 0, out=y), lambda: [y.numpy()]
    if kind == "matvec":
        A, v = t
        w = torch.empty(dims[0])
        return lambda: torch.mv(A, v, out=w), lambda: [w.numpy()]
    if kind in ("matmul", "matmul_t"):
        A, B = t
        if kind == "matmul_t":
            A, B = A.t(), B.t()
        C = torch.empty(A.shape[0], B.shape[1])
        return lambda: torch.mm(A, B, out=C), lambda: [C.numpy()]
    if kind in ("matmul_f16", "matmul_bf16"):
        # Products and sums in f32, as the kernel's: widen, then mm. (A
        # half/bf16 mm would round its result to 16 bits; CPU torch has no
        # mm with an f32 result.)
        A, B = t
        if kind == "matmul_bf16":
            A, B = A.to(torch.bfloat16), B.to(torch.bfloat16)  # exact
        C = torch.empty(A.shape[0], B.shape[1])
        return (lambda: torch.mm(A.to(f32), B.to(f32), out=C),
                lambda: [C.numpy()])
    if kind == "bmatmul":
        A, B = t
        C = torch.empty(A.shape[0], A.shape[1], B.shape[2])
        return lambda: torch.bmm(A, B, out=C), lambda: [C.numpy()]
    if kind in ("mcc", "mcc_dilated"):
        # NHWC / KRSC memory seen as NCHW / KCRS tensors in channels_last
        # format: no copies; conv2d (oneDNN) returns channels_last too.
        I, F = t
        st, dil = conv_dims(kind, dims)[7:9]
        Ic, Fc = I.permute(0, 3, 1, 2), F.permute(0, 3, 1, 2)
        assert Ic.is_contiguous(memory_format=torch.channels_last)

        def run():
            o = torch.nn.functional.conv2d(Ic, Fc, stride=st, dilation=dil)
            res[0] = o.permute(0, 2, 3, 1).contiguous()  # a no-op if NHWC
        return run, lambda: [res[0].numpy()]
    if kind == "depthwise":
        # conv2d with one group per channel on the NHWC input seen as
        # channels_last NCHW; the RSC filter becomes PyTorch's (C, 1, R, S)
        # inside the timed call (C*R*S floats: a microsecond).
        I, F = t
        N, P, Q, C, R, S, st, dil, H, W = dims
        Ic = I.permute(0, 3, 1, 2)
        assert Ic.is_contiguous(memory_format=torch.channels_last)

        def run():
            w = F.permute(2, 0, 1).contiguous().unsqueeze(1)
            o = torch.nn.functional.conv2d(Ic, w, stride=st, dilation=dil,
                                           groups=C)
            res[0] = o.permute(0, 2, 3, 1).contiguous()  # a no-op if NHWC
        return run, lambda: [res[0].numpy()]
    if kind == "bmatmul_nt":  # bmm on a transposed view (MKL's transb)
        A, B = t
        C = torch.empty(A.shape[0], A.shape[1], B.shape[1])
        Bt = B.transpose(1, 2)
        return lambda: torch.bmm(A, Bt, out=C), lambda: [C.numpy()]
    if kind in CONTRACTIONS:
        # einsum (permutes + bmm), its result copied to the output's layout.
        A, B = t
        spec, size, _ = contraction(kind, dims)
        C = torch.empty([size[c] for c in spec.split("->")[1]])

        def run():
            C.copy_(torch.einsum(spec, A, B))
        return run, lambda: [C.numpy()]
    if kind == "row_argmax":
        x, = t

        def run():
            res[0] = torch.max(x, 1)  # (values, indices: first maximum)
        return run, lambda: [res[0][0].numpy(),
                             res[0][1].numpy().astype(np.int32)]
    if kind == "mcc_capsule":
        # A conv2d over batch (n, i), input channels (c, m), output channels
        # (k, j); the layout changes are part of the timed call.
        I, F = t
        N, P, Q, K, Ii, J, R, S, C, M, st, H, W = dims

        def run():
            x = I.permute(0, 4, 1, 2, 3, 5).reshape(N * Ii, H, W, C * M)
            w = F.permute(0, 5, 1, 2, 3, 4).reshape(K * J, R, S, C * M)
            o = torch.nn.functional.conv2d(x.permute(0, 3, 1, 2),
                                           w.permute(0, 3, 1, 2), stride=st)
            # (n i, k j, p, q) -> (n, p, q, k, i, j)
            res[0] = o.reshape(N, Ii, K, J, P, Q).permute(
                0, 4, 5, 2, 1, 3).contiguous()
        return run, lambda: [res[0].numpy()]
    raise NotApplicable(f"no PyTorch form of {kind}")


def torch_version():
    import re
    import torch
    cfg = torch.__config__.show()
    mkl = re.search(r"Math Kernel Library Version ([\d.]+)", cfg)
    dnn = re.search(r"MKL-DNN v([\d.]+)", cfg)
    return (f"torch {torch.__version__} (MKL {mkl.group(1) if mkl else '?'}"
            f", oneDNN {dnn.group(1) if dnn else '?'}; "
            f"{torch.backends.cpu.get_cpu_capability()})")
