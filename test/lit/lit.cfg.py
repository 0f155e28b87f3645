# -*- Python -*-
# lit configuration of the MDH-MLIR test suite.

import os

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
    ToolSubst("mlir-translate", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
