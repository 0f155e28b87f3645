"""compile(): a computation lowered for a target, runnable on NumPy arrays.

The HL-IR text of the DSL goes through the C API: `mdhDefaultConfig` for
the heuristic's configuration (when none is given), `mdhHostCompile` for the
host (OpenMP) target, `mdhLowerToCLIR` and the emitters for the printed
forms. Every failure raises MDHError with the C API's diagnostics.
"""

import json
import threading
import warnings

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
        self._gpu = None
        self.tuning = None
        self.tuning_log = None
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

    # --- tuning ---

    def tune(self, budget=10, *, max_evals=None, technique="bandit", seed=1, num_threads=None,
             remeasure=5, progress=None, callback=None):
        """Auto-tunes the computation on this host and returns a new Kernel
        compiled with the best configuration found (host targets only; the
        C API's mdhTune, the driver of mdh-tune). `budget`: seconds of search
        (None: no time limit), `max_evals`: evaluations (None: no limit);
        the search stops at the first one spent, then re-measures the default
        and the best configuration `remeasure` times. `technique`: random,
        annealing, pattern or bandit. `num_threads`: the OpenMP threads the
        configuration is tuned for (None: this kernel's; 0: one per hardware
        thread). `progress`: a progress bar on stderr (None: when stderr is a
        terminal). `callback(mdh.TuneProgress)` is called after every
        evaluation; returning False stops the search. Ctrl-C stops it too,
        keeping the best configuration so far (with a TuningInterrupted
        warning). The result has `config`, `tuning` (the "tuning" object of
        the configuration, with "cancelled") and `tuning_log` (the CSV log
        of mdh-tune --log)."""
        from . import _tune

        threads = self.num_threads if num_threads is None else num_threads
        with self._lock:
            config, log, info, interrupted = _tune.tune_kernel(
                self, budget, max_evals, technique, seed, threads, remeasure, progress, callback
            )
        if interrupted:
            warnings.warn(
                f"tuning {self.computation.name!r} interrupted after {info.get('evaluations', 0)} "
                "evaluations; using the best configuration so far",
                _tune.TuningInterrupted,
                stacklevel=2,
            )
        tuned = Kernel(self.computation, self.target, config, threads)
        tuned.tuning = info
        tuned.tuning_log = log
        return tuned

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

    def _gpu_module(self):
        """The kernels compiled for and loaded on the device, on the first
        run (compiling for a GPU target needs no device: source() and the IR
        work anywhere)."""
        if self._gpu is None:
            module = self._parse()
            try:
                handle = self._lib.mdhGpuCompile(
                    module.handle, MlirStringRef.of(self.target), MlirStringRef.of(self.config)
                )
            finally:
                module.close()
            if not handle.ptr:
                self._context.fail(f"compiling {self.computation.name!r} for a device ({self.target!r}) failed")
            self._gpu = handle
        return self._gpu

    @property
    def device(self):
        """The name of the GPU the kernel runs on (GPU targets; compiles and
        loads the kernel on first use)."""
        if self.family not in GPU_TARGETS:
            return None
        with self._lock:
            gpu = self._gpu_module()
            return _capi._print_with(self._lib.mdhGpuModuleGetDeviceName, gpu)

    def __call__(self, *arrays, **named):
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
            if self._host is not None:
                result = self._lib.mdhHostModuleRun(
                    self._host, MlirStringRef.of(comp.name), c_pointers, len(pointers)
                )
            else:
                # GPU: the buffers are copied to the device and the outputs back.
                result = self._lib.mdhGpuModuleRun(
                    self._gpu_module(), MlirStringRef.of(comp.name), c_pointers, len(pointers)
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
        if self._gpu is not None:
            self._lib.mdhGpuModuleDestroy(self._gpu)
            self._gpu = None
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


def compile(computation, target="openmp:host", config=None, num_threads=0):
    """Compiles `computation` for `target` (openmp:host, the default, schedules
    for this machine; openmp for the fixed generic CPU model; cuda[:chip],
    hip[:chip]; each with ,fact=value overrides) with `config` (None: the default
    heuristic's; a dict or JSON text of docs/config-json.md). Host targets
    are JIT-compiled and run on NumPy arrays (or buffer-protocol and DLPack
    objects, in place); GPU targets give their source and IR anywhere and
    run on a device through the MDH GPU runtime when a driver and a device
    are there (the arrays are copied to the device and the outputs back; the
    first call compiles and loads the kernels, and fails with the driver's
    reason where there is none). `num_threads`: OpenMP threads per run, 0 for
    the runtime's choice."""
    return Kernel(computation, target, config, num_threads)


def tune(computation, budget=10, target="openmp:host", num_threads=0, **options):
    """Compiles `computation` for `target` with the default configuration
    and tunes it (Kernel.tune, which takes `options`); returns the tuned
    Kernel."""
    return compile(computation, target, None, num_threads).tune(budget, **options)
