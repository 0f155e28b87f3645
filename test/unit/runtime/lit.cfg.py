# -*- Python -*-
# lit configuration of the GPU runtime tests (run by CTest as
# mdh-gpu-runtime): real MLIR lowered by upstream tools, linked with the
# runtime, run against the mock drivers.

import ctypes
import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "MDH-GPU-runtime"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.runtime_obj_dir
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py"]

# The sanitizers' options, for a sanitized build (docs/reliability.md).
llvm_config.with_system_environment(["HOME", "TMP", "TEMP", "ASAN_OPTIONS",
                                     "UBSAN_OPTIONS"])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# ptxas, for gpu-module-to-binary{format=bin}.
llvm_config.with_environment(
    "PATH", os.path.join(os.path.dirname(config.cuda_include_dir), "bin"),
    append_path=True)
llvm_config.use_default_substitutions()
# The mocks read these; a test sets what it needs.
for name in ["MDH_MOCK_TRACE", "MDH_MOCK_DEVICES", "MDH_MOCK_FAIL",
             "MDH_MOCK_KERNELS", "MDH_CUDA_RUNTIME", "MDH_HIP_RUNTIME",
             "LD_LIBRARY_PATH"]:
    config.environment.pop(name, None)

obj = config.runtime_obj_dir
config.substitutions += [
    ("%clang", config.c_compiler),
    ("%python", sys.executable),
    ("%runtime_include", config.runtime_include_dir),
    ("%runtime_lib_dir", config.runtime_lib_dir),
    ("%mock_cuda_dir", os.path.join(obj, "mock-cuda")),
    ("%mock_hip_dir", os.path.join(obj, "mock-hip")),
    ("%cuda_include", config.cuda_include_dir),
    ("%cuda_stub", config.cuda_driver_stub),
    ("%hip_library", config.hip_library),
    ("%probe", os.path.join(obj, "mdh-gpu-runtime-probe")),
    ("%llvm_tools_dir", config.llvm_tools_dir),
    ("%mdh_run", os.path.join(config.mdh_obj_root, "bin", "mdh-run")),
    ("%examples", os.path.join(config.mdh_src_root, "examples")),
]
# Compile and link flags of a program that calls a lowered host function:
# linked with the runtime, which is bound to the mock at run time.
for kind, mock in [("cuda", "mock-cuda"), ("hip", "mock-hip")]:
    config.substitutions.append((
        "%%link_%s" % kind,
        "-Wno-override-module -I%s -L%s -lmdh_%s_runtime -Wl,-rpath,%s "
        "-Wl,-rpath-link,%s" % (config.runtime_include_dir,
                                config.runtime_lib_dir, kind,
                                config.runtime_lib_dir,
                                os.path.join(obj, mock))))

# A sanitized build (scripts/test-sanitizers.sh): the runtime libraries
# import the sanitizer runtimes, which the uninstrumented mlir-runner gets
# preloaded (%mlir_runner).
runner = "mlir-runner"
if config.sanitized:
    config.available_features.add("sanitized")
    preload = os.environ.get("MDH_SANITIZER_PRELOAD")
    if preload:
        runner = "env LD_PRELOAD=%s mlir-runner" % preload
config.substitutions.append(("%mlir_runner", runner))

if config.have_hip_runtime:
    config.available_features.add("hip-runtime")


def loadable(name):
    try:
        ctypes.CDLL(name)
        return True
    except OSError:
        return False


# Where the NVIDIA driver is installed, "no driver" cannot be tested.
if loadable("libcuda.so.1"):
    config.available_features.add("system-cuda-driver")
if os.path.exists("/dev/kfd"):
    config.available_features.add("amd-gpu")
