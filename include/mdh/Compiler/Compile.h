//===- Compile.h - Compiling HL-IR for a target -----------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The one way to compile the computations of a module for a target, shared
// by mdh-run, mdh-tune and the C API: HL-IR, a target and configurations in
// memory go in; kernels callable with host buffers come out (or, for
// callers that print or emit code, the CL-IR):
//
//   oracle     HL-IR -> reference loops (--mdh-oracle-to-llvm) -> HostJit
//   openmp     HL-IR -> LL-IR -> CL-IR (--mdh-lower-to-clir)
//              -> --mdh-host-to-llvm -> HostJit, on the OpenMP runtime
//   c          the same CL-IR, optimized for C -> translateCLToC
//              -> the C compiler -> HostCLibrary
//   cuda, hip  HL-IR -> GPU CL-IR -> the device pipeline -> GpuKernels on
//              the MDH GPU runtime, or (emulate) the CPU emulation
//              -> HostJit
//
//===----------------------------------------------------------------------===//

#ifndef MDH_COMPILER_COMPILE_H
#define MDH_COMPILER_COMPILE_H

#include "mdh/Runner/GpuKernels.h"
#include "mdh/Runner/HostJit.h"
#include "mdh/Runner/HostKernels.h"
#include "mdh/Runner/OpenMPRuntime.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class OpPassManager;
namespace mdh_ll {
class ConfigSet;
} // namespace mdh_ll

namespace mdh {

/// Where the configuration of each computation comes from (the options of
/// `--mdh-hl-to-ll`). Files and a set in memory are pooled; neither: the
/// heuristic's configuration.
struct ConfigOptions {
  /// JSON configuration files (docs/config-json.md), read by
  /// `--mdh-hl-to-ll`, whose errors point at the first computation.
  std::vector<std::string> files;
  /// Configurations in memory, of the module's context.
  std::shared_ptr<const mdh_ll::ConfigSet> set;
  /// A computation without a configuration takes the heuristic's instead of
  /// being an error (`config-fallback=heuristic`).
  bool fallback = false;
};

/// Adds HL-IR -> LL-IR -> CL-IR (`--mdh-lower-to-clir`) for `target` (a
/// target spec, TargetSpec.h; empty: the `mdh_ll.target` attribute) to
/// `pm`.
void buildLowerToCLIR(OpPassManager &pm, StringRef target,
                      const ConfigOptions &configs);

/// Verifies `module` (HL-IR) and lowers it in place to CL-IR. Errors are
/// diagnostics of the module's context; on failure the module may be
/// partly lowered (callers that must not see that lower a copy).
LogicalResult lowerToCLIR(ModuleOp module, StringRef target,
                          const ConfigOptions &configs);

/// What `compile` builds and how.
struct CompileOptions {
  /// `oracle`, `c`, a host target spec (`openmp`, `openmp:host`, with
  /// `,fact=value` overrides) or a GPU target spec (`cuda[:chip]`,
  /// `hip[:chip]`, with overrides).
  std::string target = "openmp";
  /// openmp, c, cuda, hip: the configurations.
  ConfigOptions configs;
  /// The functions the kernels are called by (`HostKernels::invoke`).
  std::vector<std::string> funcNames;
  /// Drops, before lowering, the kernels (functions holding an
  /// `mdh.compute`) that are not in `funcNames` and that nothing refers to;
  /// for c, which translates every function, every such function.
  bool dropOtherKernels = false;
  /// LLVM's optimization level (c: the C compiler's `-O`).
  unsigned optLevel = 3;
  /// CL-IR optimizations to leave out (pass names), and optional ones to
  /// add (openmp, c).
  std::vector<std::string> disabledPasses, enabledPasses;
  /// openmp, c: the OpenMP runtime the code runs on, loaded (the JIT
  /// resolves `__kmpc_*` in it, the C library links against it).
  const OpenMPRuntime *openmp = nullptr;
  /// c: the C compiler, as `HostCLibrary::findCompiler` takes it (empty:
  /// clang-22), where its command line is printed (null: nowhere) and
  /// where to keep a copy of the C file (empty: nowhere).
  std::string cCompiler;
  raw_ostream *commandLog = nullptr;
  std::string savedCPath;
  /// cuda, hip: run the GPU code on the CPU (`--mdh-gpu-emulate-to-llvm`)
  /// with this seed of the thread orders, instead of on a device through
  /// `gpuRuntime` (open).
  bool emulate = false;
  uint64_t emulationSeed = 1;
  const MdhGpuRuntime *gpuRuntime = nullptr;
  /// Keep the optimized LLVM IR of JIT-compiled code (oracle, openmp,
  /// emulated GPU code) in `CompileResult::llvmIR`.
  bool keepLLVMIR = false;
};

/// What `compile` hands back.
struct CompileResult {
  std::unique_ptr<HostKernels> kernels;
  /// `kernels` as the JIT it is (oracle, openmp, emulated GPU code; null
  /// otherwise), for callers that look functions up (`lookupPacked`).
  HostJit *jit = nullptr;
  /// The optimized LLVM IR, with `CompileOptions::keepLLVMIR`.
  std::string llvmIR;
};

/// Compiles the functions `options.funcNames` of `module` (HL-IR; verified
/// first) for `options.target`: a copy is lowered, `module` is left as it
/// is. Problems of the IR (invalid IR, configurations, a failing lowering
/// or JIT) are reported as diagnostics of the module's context; those of
/// the setting (a missing runtime or C compiler, a failing C compiler or
/// loader) are described in `error`, which is otherwise left empty. The
/// context must know the LLVM IR translations of what the target lowers to
/// (the tools register them with their dialects; the C API registers the
/// host's).
FailureOr<CompileResult> compile(ModuleOp module, const CompileOptions &options,
                                 std::string &error);

/// Bufferizes the tensor computations of `module` in place
/// (`--mdh-bufferize`: memref arguments, results turned into output
/// arguments), so that a runner sees the functions it calls. A no-op
/// without tensor computations; failures are diagnostics of the module's
/// context.
LogicalResult bufferizeTensorComputations(ModuleOp module);

} // namespace mdh
} // namespace mlir

#endif // MDH_COMPILER_COMPILE_H
