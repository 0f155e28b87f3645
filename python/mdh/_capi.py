"""The C API of MDH-MLIR (libMDHCAPI.so) through ctypes.

One shared library holds the project's C API (include/mdh-c/*.h) and the
parts of upstream MLIR's C API its clients need (contexts, parsing,
printing, diagnostics, pass managers). This module finds that library,
declares the functions the package calls and wraps contexts and modules so
that every diagnostic the C++ side reports ends up in a Python exception.
"""

import ctypes
import os
import re
import sys
from pathlib import Path

LIBRARY_NAME = "libMDHCAPI.so"


class MDHError(Exception):
    """A failure reported by the MDH C API; the message holds its
    diagnostics."""


class LibraryNotFoundError(MDHError, OSError):
    """libMDHCAPI.so was not found (or could not be loaded)."""


# --- C structs --------------------------------------------------------------
#
# MLIR's handles are structs holding one pointer; by value they are passed
# like a pointer, and ctypes passes small structs by value correctly.


def _handle(name):
    return type(name, (ctypes.Structure,), {"_fields_": [("ptr", ctypes.c_void_p)]})


MlirContext = _handle("MlirContext")
MlirDialectRegistry = _handle("MlirDialectRegistry")
MlirModule = _handle("MlirModule")
MlirOperation = _handle("MlirOperation")
MlirRegion = _handle("MlirRegion")
MlirBlock = _handle("MlirBlock")
MlirAttribute = _handle("MlirAttribute")
MlirLocation = _handle("MlirLocation")
MlirPassManager = _handle("MlirPassManager")
MlirOpPassManager = _handle("MlirOpPassManager")
MlirIdentifier = _handle("MlirIdentifier")
MdhHostModule = _handle("MdhHostModule")
MdhTuneOptions = _handle("MdhTuneOptions")
MdhGpuModule = _handle("MdhGpuModule")


class MlirStringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    @staticmethod
    def of(text):
        data = text.encode() if isinstance(text, str) else bytes(text)
        ref = MlirStringRef(ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p), len(data))
        ref._keep = data  # the bytes must outlive the call
        return ref

    def text(self):
        if not self.length:
            return ""
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace")


class MlirLogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


class MdhTuneProgress(ctypes.Structure):
    """Where a search stands (mdh-c/Tune.h)."""

    _fields_ = [
        ("evaluations", ctypes.c_uint64),
        ("failures", ctypes.c_uint64),
        ("elapsedSeconds", ctypes.c_double),
        ("budgetSeconds", ctypes.c_double),
        ("maxEvaluations", ctypes.c_uint64),
        ("bestSeconds", ctypes.c_double),
        ("defaultSeconds", ctypes.c_double),
        ("cancelled", ctypes.c_bool),
    ]


# void (*)(MlirStringRef, void *)
StringCallback = ctypes.CFUNCTYPE(None, MlirStringRef, ctypes.c_void_p)
# MlirLogicalResult (*)(MlirDiagnostic, void *). ctypes callbacks cannot
# return structs; MlirLogicalResult is one int8_t, returned like an int8_t.
DiagnosticHandler = ctypes.CFUNCTYPE(ctypes.c_int8, ctypes.c_void_p, ctypes.c_void_p)

# bool (*)(const MdhTuneProgress *, void *)
TuneProgressCallback = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.POINTER(MdhTuneProgress), ctypes.c_void_p)

_SEVERITY = {0: "error", 1: "warning", 2: "note", 3: "remark"}

# name: (result type, argument types)
_SIGNATURES = {
    "mlirContextCreate": (MlirContext, []),
    "mlirContextDestroy": (None, [MlirContext]),
    "mlirDialectRegistryCreate": (MlirDialectRegistry, []),
    "mlirDialectRegistryDestroy": (None, [MlirDialectRegistry]),
    "mlirContextAppendDialectRegistry": (None, [MlirContext, MlirDialectRegistry]),
    "mlirContextAttachDiagnosticHandler": (
        ctypes.c_uint64,
        [MlirContext, DiagnosticHandler, ctypes.c_void_p, ctypes.c_void_p],
    ),
    "mlirDiagnosticPrint": (None, [ctypes.c_void_p, StringCallback, ctypes.c_void_p]),
    "mlirDiagnosticGetLocation": (MlirLocation, [ctypes.c_void_p]),
    "mlirDiagnosticGetSeverity": (ctypes.c_int, [ctypes.c_void_p]),
    "mlirDiagnosticGetNumNotes": (ctypes.c_ssize_t, [ctypes.c_void_p]),
    "mlirDiagnosticGetNote": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_ssize_t]),
    "mlirLocationPrint": (None, [MlirLocation, StringCallback, ctypes.c_void_p]),
    "mlirModuleCreateParse": (MlirModule, [MlirContext, MlirStringRef]),
    "mlirModuleDestroy": (None, [MlirModule]),
    "mlirModuleGetOperation": (MlirOperation, [MlirModule]),
    "mlirOperationPrint": (None, [MlirOperation, StringCallback, ctypes.c_void_p]),
    "mlirOperationGetName": (MlirIdentifier, [MlirOperation]),
    "mlirIdentifierStr": (MlirStringRef, [MlirIdentifier]),
    "mlirOperationGetFirstRegion": (MlirRegion, [MlirOperation]),
    "mlirRegionGetFirstBlock": (MlirBlock, [MlirRegion]),
    "mlirBlockGetFirstOperation": (MlirOperation, [MlirBlock]),
    "mlirOperationGetNextInBlock": (MlirOperation, [MlirOperation]),
    "mlirOperationGetAttributeByName": (MlirAttribute, [MlirOperation, MlirStringRef]),
    "mlirPassManagerCreate": (MlirPassManager, [MlirContext]),
    "mlirPassManagerDestroy": (None, [MlirPassManager]),
    "mlirPassManagerGetAsOpPassManager": (MlirOpPassManager, [MlirPassManager]),
    "mlirPassManagerRunOnOp": (MlirLogicalResult, [MlirPassManager, MlirOperation]),
    "mlirParsePassPipeline": (
        MlirLogicalResult,
        [MlirOpPassManager, MlirStringRef, StringCallback, ctypes.c_void_p],
    ),
    "mdhRegisterAllDialects": (None, [MlirDialectRegistry]),
    "mdhRegisterPasses": (None, []),
    "mdhLowerToCLIR": (MlirLogicalResult, [MlirModule, MlirStringRef, MlirStringRef]),
    "mdhEmitC": (MlirLogicalResult, [MlirModule, StringCallback, ctypes.c_void_p]),
    "mdhEmitCUDA": (MlirLogicalResult, [MlirModule, StringCallback, ctypes.c_void_p]),
    "mdhEmitHIP": (MlirLogicalResult, [MlirModule, StringCallback, ctypes.c_void_p]),
    "mdhHostCompile": (
        MdhHostModule,
        [MlirModule, MlirStringRef, MlirStringRef, ctypes.c_int],
    ),
    "mdhHostModuleDestroy": (None, [MdhHostModule]),
    "mdhHostModuleRun": (
        MlirLogicalResult,
        [MdhHostModule, MlirStringRef, ctypes.POINTER(ctypes.c_void_p), ctypes.c_ssize_t],
    ),
    "mdhDefaultConfig": (
        MlirLogicalResult,
        [MlirOperation, MlirAttribute, StringCallback, ctypes.c_void_p],
    ),
}

# Entry points that a library may lack (older builds); looked up on use.
_OPTIONAL = {
    "mdhHostModuleGetLLVMIR": (None, [MdhHostModule, StringCallback, ctypes.c_void_p]),
    # mdh-c/GPU.h: kernels run on a device
    "mdhGpuCompile": (MdhGpuModule, [MlirModule, MlirStringRef, MlirStringRef]),
    "mdhGpuModuleDestroy": (None, [MdhGpuModule]),
    "mdhGpuModuleGetDeviceName": (None, [MdhGpuModule, StringCallback, ctypes.c_void_p]),
    "mdhGpuModuleRun": (
        MlirLogicalResult,
        [MdhGpuModule, MlirStringRef, ctypes.POINTER(ctypes.c_void_p), ctypes.c_ssize_t],
    ),
    # mdh-c/Tune.h
    "mdhTuneOptionsCreate": (MdhTuneOptions, []),
    "mdhTuneOptionsDestroy": (None, [MdhTuneOptions]),
    "mdhTuneOptionsSetBudgetSeconds": (None, [MdhTuneOptions, ctypes.c_double]),
    "mdhTuneOptionsSetMaxEvaluations": (None, [MdhTuneOptions, ctypes.c_uint64]),
    "mdhTuneOptionsSetTechnique": (None, [MdhTuneOptions, MlirStringRef]),
    "mdhTuneOptionsSetSeed": (None, [MdhTuneOptions, ctypes.c_uint64]),
    "mdhTuneOptionsSetNumThreads": (None, [MdhTuneOptions, ctypes.c_int]),
    "mdhTuneOptionsSetRemeasureRounds": (None, [MdhTuneOptions, ctypes.c_uint]),
    "mdhTuneOptionsSetProgressCallback": (None, [MdhTuneOptions, TuneProgressCallback, ctypes.c_void_p]),
    "mdhTuneOptionsSetCancelFlag": (None, [MdhTuneOptions, ctypes.POINTER(ctypes.c_int)]),
    "mdhTuneOptionsSetLogCallback": (None, [MdhTuneOptions, StringCallback, ctypes.c_void_p]),
    "mdhTune": (
        MlirLogicalResult,
        [
            MlirModule,
            MlirStringRef,
            MlirStringRef,
            MdhTuneOptions,
            StringCallback,
            ctypes.c_void_p,
            ctypes.POINTER(MdhTuneProgress),
        ],
    ),
}


# --- Finding the library ------------------------------------------------------


def _candidates():
    """(path, where) pairs in the order they are tried, without the
    override."""
    package = Path(__file__).resolve().parent
    found = []
    build = os.environ.get("MDH_BUILD_DIR")
    if build:
        found.append((Path(build) / "lib" / LIBRARY_NAME, "MDH_BUILD_DIR"))
    # The source tree (an editable install or PYTHONPATH=python):
    # <repo>/python/mdh -> <repo>/build/lib.
    repo = package.parent.parent
    if (repo / "CMakeLists.txt").is_file() and (repo / "python" / "pyproject.toml").is_file():
        found.append((repo / "build" / "lib" / LIBRARY_NAME, "build tree"))
    # Next to the package (a bundled copy), then <prefix>/lib for an install
    # into <prefix>/lib/pythonX.Y/site-packages/mdh or <prefix>/python/mdh.
    found.append((package / LIBRARY_NAME, "next to the package"))
    for parent in list(package.parents)[:5]:
        found.append((parent / "lib" / LIBRARY_NAME, "installed prefix"))
    return found


def find_library():
    """Returns the path of the library the package would load and how it
    was found, or raises LibraryNotFoundError listing every place tried."""
    override = os.environ.get("MDH_LIBRARY_PATH")
    if override:
        path = Path(override)
        if path.is_dir():
            path = path / LIBRARY_NAME
        if not path.is_file():
            raise LibraryNotFoundError(
                f"MDH_LIBRARY_PATH={override!r}: no file {str(path)!r}; set it "
                f"to {LIBRARY_NAME} or to the folder holding it (build/lib of "
                "an MDH-MLIR build), or unset it to search the build tree"
            )
        return str(path), "MDH_LIBRARY_PATH"
    tried = []
    seen = set()
    for path, where in _candidates():
        if path in seen:
            continue
        seen.add(path)
        if path.is_file():
            return str(path), where
        tried.append(f"  {path} ({where})")
    # Last: the dynamic loader's search path (LD_LIBRARY_PATH, ld.so.cache).
    try:
        ctypes.CDLL(LIBRARY_NAME)
        return LIBRARY_NAME, "loader path"
    except OSError:
        tried.append(f"  {LIBRARY_NAME} on the loader path (LD_LIBRARY_PATH)")
    raise LibraryNotFoundError(
        f"cannot find the MDH-MLIR C API library {LIBRARY_NAME}; tried:\n"
        + "\n".join(tried)
        + "\nbuild it (ninja -C build MDHCAPI) or set MDH_LIBRARY_PATH to it"
    )


class _Library:
    def __init__(self, path, where):
        self.path = path
        self.where = where
        try:
            self.dll = ctypes.CDLL(path)
        except OSError as e:
            raise LibraryNotFoundError(f"cannot load {path} (found via {where}): {e}") from e
        missing = []
        for name, (restype, argtypes) in _SIGNATURES.items():
            try:
                fn = getattr(self.dll, name)
            except AttributeError:
                missing.append(name)
                continue
            fn.restype = restype
            fn.argtypes = argtypes
            setattr(self, name, fn)
        if missing:
            raise LibraryNotFoundError(
                f"{path} (found via {where}) is not the MDH-MLIR C API "
                f"library or is too old: it lacks {', '.join(missing)}"
            )
        for name, (restype, argtypes) in _OPTIONAL.items():
            fn = getattr(self.dll, name, None)
            if fn is not None:
                fn.restype = restype
                fn.argtypes = argtypes
            setattr(self, name, fn)
        self.mdhRegisterPasses()


_library = None


def library():
    """The loaded C API library (loaded on first use)."""
    global _library
    if _library is None:
        path, where = find_library()
        _library = _Library(path, where)
        if os.environ.get("MDH_VERBOSE"):
            print(f"mdh: loaded {path} ({where})", file=sys.stderr)
    return _library


def library_path():
    """The path of the C API library in use, loading it if needed."""
    return library().path


# --- Contexts, modules, diagnostics ------------------------------------------


class _TextSink:
    """Collects the text an MlirStringCallback passes."""

    def __init__(self):
        self.parts = []
        self.callback = StringCallback(lambda ref, _: self.parts.append(ref.text()))

    def text(self):
        return "".join(self.parts)


def _print_with(fn, *args):
    sink = _TextSink()
    fn(*args, sink.callback, None)
    return sink.text()


class Context:
    """An MLIR context with every dialect the project needs and a
    diagnostic handler that records messages for the exceptions raised."""

    def __init__(self):
        self.lib = library()
        self.diagnostics = []
        self.handle = self.lib.mlirContextCreate()
        registry = self.lib.mlirDialectRegistryCreate()
        self.lib.mdhRegisterAllDialects(registry)
        self.lib.mlirContextAppendDialectRegistry(self.handle, registry)
        self.lib.mlirDialectRegistryDestroy(registry)
        self._handler = DiagnosticHandler(self._on_diagnostic)
        self.lib.mlirContextAttachDiagnosticHandler(self.handle, self._handler, None, None)

    def _format(self, diag, indent=""):
        lib = self.lib
        location = _print_with(lib.mlirLocationPrint, lib.mlirDiagnosticGetLocation(diag))
        # The modules are parsed from the HL-IR text (file name "-"): name
        # its line and column as hl-ir:LINE:COL.
        location = re.sub(r'^loc\("-":(\d+):(\d+)\)$', r"hl-ir:\1:\2", location)
        severity = _SEVERITY.get(lib.mlirDiagnosticGetSeverity(diag), "error")
        message = _print_with(lib.mlirDiagnosticPrint, diag)
        lines = [f"{indent}{location}: {severity}: {message}"]
        for i in range(lib.mlirDiagnosticGetNumNotes(diag)):
            note = lib.mlirDiagnosticGetNote(diag, i)
            # MLIR attaches the whole op in generic form to every error;
            # the location already points at it.
            if _print_with(lib.mlirDiagnosticPrint, note).startswith("see current operation"):
                continue
            lines.append(self._format(note, indent + "  "))
        return "\n".join(lines)

    def _on_diagnostic(self, diag, _):
        try:
            self.diagnostics.append(self._format(diag))
        except Exception as e:  # never let an exception cross into C++
            self.diagnostics.append(f"<diagnostic could not be read: {e}>")
        return 1  # handled: nothing is printed to stderr

    def take_diagnostics(self):
        text = "\n".join(self.diagnostics)
        self.diagnostics = []
        return text

    def fail(self, what):
        """Raises MDHError for `what` with the diagnostics reported so
        far."""
        details = self.take_diagnostics()
        raise MDHError(f"{what}:\n{details}" if details else what)

    def parse(self, text):
        module = self.lib.mlirModuleCreateParse(self.handle, MlirStringRef.of(text))
        if not module.ptr:
            self.fail("cannot parse the module")
        return Module(self, module)

    def close(self):
        if self.handle is not None and self.handle.ptr:
            self.lib.mlirContextDestroy(self.handle)
        self.handle = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


class Module:
    """An owned MlirModule."""

    def __init__(self, context, handle):
        self.context = context
        self.handle = handle

    @property
    def operation(self):
        return self.context.lib.mlirModuleGetOperation(self.handle)

    def __str__(self):
        return _print_with(self.context.lib.mlirOperationPrint, self.operation)

    def operations(self, op=None):
        """Every operation nested in `op` (default: the module), in
        pre-order, following the first region of each."""
        lib = self.context.lib
        op = self.operation if op is None else op
        region = lib.mlirOperationGetFirstRegion(op)
        if not region.ptr:
            return
        block = lib.mlirRegionGetFirstBlock(region)
        if not block.ptr:
            return
        nested = lib.mlirBlockGetFirstOperation(block)
        while nested.ptr:
            yield nested
            yield from self.operations(nested)
            nested = lib.mlirOperationGetNextInBlock(nested)

    def find(self, name):
        lib = self.context.lib
        for op in self.operations():
            if lib.mlirIdentifierStr(lib.mlirOperationGetName(op)).text() == name:
                return op
        return None

    def run_pipeline(self, pipeline):
        lib = self.context.lib
        pm = lib.mlirPassManagerCreate(self.context.handle)
        try:
            errors = _TextSink()
            parsed = lib.mlirParsePassPipeline(
                lib.mlirPassManagerGetAsOpPassManager(pm),
                MlirStringRef.of(pipeline),
                errors.callback,
                None,
            )
            if not parsed.value:
                raise MDHError(f"invalid pass pipeline {pipeline!r}: {errors.text()}")
            if not lib.mlirPassManagerRunOnOp(pm, self.operation).value:
                self.context.fail(f"pass pipeline {pipeline!r} failed")
        finally:
            lib.mlirPassManagerDestroy(pm)

    def close(self):
        if self.handle is not None and self.handle.ptr and self.context.handle:
            self.context.lib.mlirModuleDestroy(self.handle)
        self.handle = None


def emit(module, fn, what):
    """Runs the emitter `fn` (mdhEmitC, ...) on `module` and returns its
    text; raises MDHError with the diagnostics on failure."""
    sink = _TextSink()
    if not fn(module.handle, sink.callback, None).value:
        module.context.fail(f"{what} failed")
    return sink.text()
