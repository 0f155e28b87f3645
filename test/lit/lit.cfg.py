# -*- Python -*-
# lit configuration of the MDH-MLIR test suite.

import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "MDH"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mdh_obj_root, "test", "lit")
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%mdh_src_root", config.mdh_src_root))
config.substitutions.append(("%mdh_obj_root", config.mdh_obj_root))
config.substitutions.append(("%examples", os.path.join(config.mdh_src_root, "examples")))
# The LLVM library directory (libomp for linking host objects).
config.substitutions.append(
    ("%llvm_lib_dir", os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.mdh_tools_dir, append_path=True)
llvm_config.use_default_substitutions()

tool_dirs = [config.mdh_tools_dir, config.llvm_tools_dir]
tools = [
    "mdh-opt",
    ToolSubst("mdh-run", unresolved="ignore"),
    ToolSubst("mdh-tune", unresolved="ignore"),
    ToolSubst("mlir-translate", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
# Draws random configurations from a search space (test/unit/mdh-space).
config.substitutions.append(
    ("%mdh_space_sample",
     os.path.join(config.mdh_obj_root, "test", "unit", "mdh-space",
                  "mdh-space-sample")))

# The packaged upstream mlir-opt (LLVM 22), for the tests that load
# lib/Plugin's libMDHPlugin.so into it (`REQUIRES: upstream-mlir-opt`;
# UNSUPPORTED when it is missing or cannot load plugins).
import shutil
import subprocess

_upstream_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")
if not os.access(_upstream_opt, os.X_OK):
    _upstream_opt = shutil.which("mlir-opt-22")
try:
    _upstream_help = _upstream_opt and subprocess.run(
        [_upstream_opt, "--help"], capture_output=True, text=True,
        timeout=60).stdout
except (OSError, subprocess.TimeoutExpired):
    _upstream_help = ""
if _upstream_help and "--load-dialect-plugin" in _upstream_help:
    config.available_features.add("upstream-mlir-opt")
    # Under scripts/test-sanitizers.sh the sanitized plugin needs the ASan
    # runtime in the uninstrumented mlir-opt: preloaded there only (the
    # project's sanitized tools link their own).
    _preload = os.environ.get("MDH_SANITIZER_PRELOAD")
    config.substitutions.append(
        ("%upstream_mlir_opt",
         "env LD_PRELOAD=%s %s" % (_preload, _upstream_opt) if _preload
         else _upstream_opt))
config.substitutions.append(
    ("%mdh_plugin",
     os.path.join(config.mdh_obj_root, "lib",
                  "libMDHPlugin" + (".dylib" if sys.platform == "darwin"
                                    else ".so"))))

# GPU toolchains, for the tests that assemble GPU code: `ptxas` on PATH or
# in the CUDA toolkit (UNSUPPORTED without it).
import shutil

if shutil.which("ptxas") or shutil.which("ptxas", path="/usr/local/cuda/bin"):
    config.available_features.add("ptxas")
# `mdh-translate --emit-ptx` (lib/Target/PTX), once the tool registers it.
import subprocess

try:
    _translate_help = subprocess.run(
        [os.path.join(config.mdh_tools_dir, "mdh-translate"), "--help"],
        capture_output=True, text=True, timeout=60).stdout
except OSError:
    _translate_help = ""
if "--emit-ptx" in _translate_help:
    config.available_features.add("mdh-translate-emit-ptx")

# GPU compilers for the compile checks of the CUDA/HIP emitters (`nvcc`,
# `hipcc`: UNSUPPORTED without them), on PATH or in the CUDA toolkit.
for _tool, _extra in (("nvcc", "/usr/local/cuda/bin"), ("hipcc", "/opt/rocm/bin")):
    _path = shutil.which(_tool) or shutil.which(_tool, path=_extra)
    if _path:
        config.available_features.add(_tool)
        config.substitutions.append(("%" + _tool, _path))
# The C++ compiler of the GPU emulation test (test/lit/Target/CUDA).
_cxx = shutil.which("clang++-22") or shutil.which(
    "clang++", path=os.path.join(os.path.dirname(config.llvm_tools_dir), "bin"))
if _cxx:
    config.available_features.add("host-cxx")
    config.substitutions.append(("%host_cxx", _cxx))

# UBSan's runtime (Debian: libclang-rt-22-dev), for the C target's test
# under -fsanitize=undefined (`REQUIRES: ubsan`; %ubsan_rt_dir holds the
# shared runtime that a sanitized shared library loads).
_clang = shutil.which("clang-22")
if _clang:
    _rt = subprocess.run([_clang, "-print-runtime-dir"], capture_output=True,
                         text=True).stdout.strip()
    if os.path.exists(os.path.join(_rt, "libclang_rt.ubsan_standalone-x86_64.so")):
        config.available_features.add("ubsan")
        config.substitutions.append(("%ubsan_rt_dir", _rt))

# NumPy, for the tests that load mdh-run's .npy files with it (`REQUIRES:
# numpy`; the others read them with od). Asked of the interpreter that
# %python runs, in a child process so that lit itself does not import it.
try:
    if subprocess.run([sys.executable, "-c", "import numpy"],
                      capture_output=True, timeout=60).returncode == 0:
        config.available_features.add("numpy")
except (OSError, subprocess.TimeoutExpired):
    pass
