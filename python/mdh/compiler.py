"""compile(): a computation lowered for a target, runnable on NumPy arrays.

The HL-IR text of the DSL goes through the C API: `mdhDefaultConfig` for
the heuristic's configuration (when none is given), `mdhHostCompile` for the
host (OpenMP) target, `mdhLowerToCLIR` and the emitters for the printed
forms. Every failure raises MDHError with the C API's diagnostics.
"""

import json
import threading

import numpy as np

from . import _capi
from ._capi import MDHError, MlirStringRef
from .dsl import Computation

HOST_TARGETS = ("openmp",)
GPU_TARGETS = ("cuda", "hip")


def _family(target):
    return target.split(",", 1)[0].split(":", 1)[0].strip()


def _dtypes(type_):
    """The NumPy dtypes that hold buffers of the element type `type_`."""
    if type_.name == "bf16":
        # NumPy has no bfloat16; ml_dtypes' (when installed) or the raw bits.
        names = ["bfloat16", "uint16"]
        found = []
        for name in names:
            try:
                found.append(np.dtype(name))
            except TypeError:
                pass
        return found
    return [np.dtype(type_.dtype)]


def _numpy_version():
    parts = []
    for part in np.__version__.split(".")[:2]:
        digits = "".join(c for c in part if c.isdigit())
        parts.append(int(digits or 0))
    return tuple(parts)


# From NumPy 2.1 on, np.from_dlpack reads DLPack 1.0's read-only flag.
_NUMPY_READS_DLPACK_READ_ONLY = _numpy_version() >= (2, 1)


# DLPack device types the host reads: kDLCPU, kDLCUDAHost, kDLROCMHost.
_DLPACK_HOST_DEVICES = (1, 3, 11)


def _as_array(obj, name, type_, shape):
    """A NumPy view of `obj`'s memory, never a copy, and whether it came
    through DLPack. Takes NumPy arrays, objects with __array_interface__ or
    __array_struct__, the buffer protocol (memoryview, array.array,
    bytearray, ...) and __dlpack__ (PyTorch CPU tensors, ...); anything else
    (a list, which would need a copy) is refused."""
    if isinstance(obj, np.ndarray):
        return obj, False
    if hasattr(obj, "__array_interface__") or hasattr(obj, "__array_struct__"):
        # These describe existing memory: asarray wraps it, it never copies.
        return np.asarray(obj), False
    try:
        buffer = memoryview(obj)
    except TypeError:
        buffer = None
    if buffer is not None:
        return np.asarray(buffer), False
    if hasattr(obj, "__dlpack__"):
        from_dlpack = getattr(np, "from_dlpack", None)
        if from_dlpack is None:
            raise TypeError(f"{name!r} is a DLPack object, but NumPy {np.__version__} has no from_dlpack (1.22 or later has)")
        device = getattr(obj, "__dlpack_device__", None)
        if device is not None:
            kind, index = device()
            if int(kind) not in _DLPACK_HOST_DEVICES:
                raise TypeError(
                    f"{name!r} ({type(obj).__name__}) is not in host memory (DLPack device type "
                    f"{int(kind)}, device {index}); copy it to the host first"
                )
        try:
            return from_dlpack(obj), True
        except (BufferError, RuntimeError, TypeError, ValueError) as error:
            raise TypeError(
                f"{name!r} ({type(obj).__name__}) cannot be read as a host array through DLPack: {error}"
            ) from error
    raise TypeError(
        f"{name!r} must be an array of shape {tuple(shape)} and dtype {_dtypes(type_)[0]} "
        "(NumPy, or an object with the buffer protocol, __array_interface__ or __dlpack__), "
        f"got {type(obj).__name__}"
    )


class Kernel:
    """A compiled computation. Call it on arrays: the inputs in the order of
    the input view, then optionally the outputs (allocated, zeroed, when left
    out); keywords name buffers. NumPy arrays, or any object with the buffer
    protocol, __array_interface__ or __dlpack__, used in place (never
    copied). Returns the outputs, the objects given or the arrays allocated
    (one when there is one output)."""

    def __init__(self, computation, target, config, num_threads):
        if not isinstance(computation, Computation):
            raise TypeError(f"compile() takes an mdh.Computation, got {type(computation).__name__}")
        family = _family(target)
        if family not in HOST_TARGETS + GPU_TARGETS:
            raise MDHError(
                f"unknown target {target!r}; expected openmp, openmp:host, cuda[:chip] or "
                "hip[:chip], optionally with ,fact=value overrides"
            )
        self.computation = computation
        self.target = target
        self.family = family
        self.num_threads = num_threads
        self._lock = threading.Lock()
        self._context = _capi.Context()
        self._lib = self._context.lib
        self._host = None
        self._hl_ir = computation.hl_ir()
        if config is None:
            self.config = self._default_config()
        elif isinstance(config, dict):
            self.config = json.dumps(config, indent=2)
        elif isinstance(config, str):
            self.config = config
        else:
            raise TypeError(f"config must be None, a dict or JSON text, got {type(config).__name__}")
        if family in HOST_TARGETS:
            module = self._parse()
            try:
                handle = self._lib.mdhHostCompile(
                    module.handle, MlirStringRef.of(target), MlirStringRef.of(self.config), num_threads
                )
            finally:
                module.close()
            if not handle.ptr:
                self._context.fail(f"compiling {computation.name!r} for {target!r} failed")
            self._host = handle

    # --- what was compiled ---

    @property
    def library(self):
        """The path of the C API library this kernel was compiled with."""
        return self._lib.path

    @property
    def config_dict(self):
        return json.loads(self.config)

    def _parse(self):
        return self._context.parse(self._hl_ir)

    def _default_config(self):
        # The target attribute that the spec names, as the scheduling pass
        # builds it; then the heuristic's configuration for it.
        lowered = self._parse()
        original = self._parse()
        try:
            spec = self.target.replace('"', "")
            lowered.run_pipeline(f'builtin.module(mdh-hl-to-ll{{target="{spec}"}})')
            schedule = lowered.find("mdh_ll.schedule")
            compute = original.find("mdh.compute")
            if schedule is None or compute is None:
                raise MDHError("internal error: no mdh_ll.schedule after mdh-hl-to-ll")
            target = self._lib.mlirOperationGetAttributeByName(schedule, MlirStringRef.of("target"))
            sink = _capi._TextSink()
            if not self._lib.mdhDefaultConfig(compute, target, sink.callback, None).value:
                self._context.fail("the default heuristic failed")
            return sink.text()
        finally:
            lowered.close()
            original.close()

    def hl_ir(self):
        """The HL-IR as the dialect prints it."""
        module = self._parse()
        try:
            return str(module)
        finally:
            module.close()

    def _lowered(self):
        module = self._parse()
        result = self._lib.mdhLowerToCLIR(
            module.handle, MlirStringRef.of(self.target), MlirStringRef.of(self.config)
        )
        if not result.value:
            module.close()
            self._context.fail(f"lowering to CL-IR for {self.target!r} failed")
        return module

    def cl_ir(self):
        """The CL-IR for the target and configuration (mdhLowerToCLIR)."""
        module = self._lowered()
        try:
            return str(module)
        finally:
            module.close()

    def source(self):
        """The C (openmp), CUDA or HIP source of the kernel."""
        emitter = {"openmp": "mdhEmitC", "cuda": "mdhEmitCUDA", "hip": "mdhEmitHIP"}[self.family]
        module = self._lowered()
        try:
            return _capi.emit(module, getattr(self._lib, emitter), emitter)
        finally:
            module.close()

    def llvm_ir(self):
        """The LLVM IR the host JIT compiled (host targets; needs a library
        with mdhHostModuleGetLLVMIR)."""
        if self._host is None:
            raise MDHError(f"no LLVM IR for target {self.target!r}: only host kernels are JIT-compiled")
        fn = self._lib.mdhHostModuleGetLLVMIR
        if fn is None:
            raise MDHError(f"{self.library} has no mdhHostModuleGetLLVMIR; rebuild it")
        sink = _capi._TextSink()
        fn(self._host, sink.callback, None)
        return sink.text()

    # --- running ---

    def _check(self, array, name, type_, shape, output):
        array, dlpack = _as_array(array, name, type_, shape)
        allowed = _dtypes(type_)
        if array.dtype not in allowed:
            raise TypeError(
                f"{name!r} has dtype {array.dtype}, but the buffer holds {type_} "
                f"(expected dtype {' or '.join(map(str, allowed))})"
            )
        if array.shape != tuple(shape):
            raise ValueError(
                f"{name!r} has shape {array.shape}, but the buffer has shape {tuple(shape)} "
                f"(the computation's function signature; a view's buffer takes the extent its "
                f"index functions reach unless declared with mdh.buffer([...], shape=...))"
            )
        if not array.flags["C_CONTIGUOUS"]:
            raise ValueError(
                f"{name!r} is not C-contiguous (strides {array.strides}); pass np.ascontiguousarray({name})"
            )
        if not array.flags["ALIGNED"]:
            raise ValueError(f"{name!r} is not aligned for {type_}")
        # NumPy before 2.1 marks every DLPack import read-only, having no
        # flag to read (legacy DLPack cannot say; exporters such as NumPy
        # refuse to export read-only memory), so only its flag counts there.
        writable = array.flags["WRITEABLE"] or (dlpack and not _NUMPY_READS_DLPACK_READ_ONLY)
        if output and not writable:
            raise ValueError(f"output {name!r} is read-only")
        return array

    def __call__(self, *arrays, **named):
        if self._host is None:
            raise MDHError(
                f"running on target {self.target!r} is not supported by the Python package yet; "
                "use target='openmp' (source() prints the GPU code)"
            )
        comp = self.computation
        buffers = comp.inputs + comp.outputs
        if len(arrays) > len(buffers):
            raise TypeError(f"{comp.name} takes at most {len(buffers)} arrays, got {len(arrays)}")
        given = dict(zip((b[0] for b in buffers), arrays))
        for key, value in named.items():
            if key not in {b[0] for b in buffers}:
                raise TypeError(f"{comp.name} has no buffer {key!r}")
            if key in given:
                raise TypeError(f"buffer {key!r} given twice")
            given[key] = value
        pointers = []
        outputs = []
        for position, (name, type_, shape, _) in enumerate(buffers):
            output = position >= len(comp.inputs)
            array = given.get(name)
            if array is None:
                if not output:
                    raise TypeError(f"{comp.name} is missing input {name!r}")
                array = np.zeros(shape, dtype=_dtypes(type_)[0])
            view = self._check(array, name, type_, shape, output)
            if output:
                outputs.append(array)
            pointers.append(view.ctypes.data)
        c_pointers = (_capi.ctypes.c_void_p * len(pointers))(*pointers)
        with self._lock:
            result = self._lib.mdhHostModuleRun(
                self._host, MlirStringRef.of(comp.name), c_pointers, len(pointers)
            )
        if not result.value:
            self._context.fail(f"running {comp.name!r} failed")
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def close(self):
        """Releases the compiled code (also done when the kernel is
        collected)."""
        if self._host is not None:
            self._lib.mdhHostModuleDestroy(self._host)
            self._host = None
        if self._context is not None:
            self._context.close()
            self._context = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self):
        return f"<mdh.Kernel {self.computation.name} target={self.target!r} library={self.library!r}>"


def compile(computation, target="openmp", config=None, num_threads=0):
    """Compiles `computation` for `target` (openmp, openmp:host, cuda[:chip],
    hip[:chip], with ,fact=value overrides) with `config` (None: the default
    heuristic's; a dict or JSON text of docs/config-json.md). Host targets
    are JIT-compiled and run on NumPy arrays (or buffer-protocol and DLPack
    objects, in place); GPU targets give their source and IR only (running
    them is not supported yet). `num_threads`: OpenMP threads per run, 0 for
    the runtime's choice."""
    return Kernel(computation, target, config, num_threads)
