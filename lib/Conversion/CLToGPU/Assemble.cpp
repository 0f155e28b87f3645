//===- Assemble.cpp - GPU assembly to binaries with the vendor tools ------===//
//
// Part of the MDH-MLIR project.
//
// `--mdh-gpu-assemble`: PTX -> cubin with the CUDA toolkit's `ptxas`, AMDGPU
// assembly -> code object with `llvm-mc` and `ld.lld`. Upstream's
// `gpu-module-to-binary{format=bin}` does the same, but looks for `ld.lld`
// only under `<toolkit>/llvm/bin`, which Debian's layout (device libraries
// under /usr/lib/x86_64-linux-gnu, lld under /usr/lib/llvm-22) does not
// have; running the tools here also keeps `ptxas -v`'s report.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHGPUASSEMBLE
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;

#ifndef MDH_LLVM_TOOLS_DIR
#define MDH_LLVM_TOOLS_DIR ""
#endif

/// The tool at `given`, or the first of `names` found on PATH, then in
/// `dirs`; null when there is none.
static std::optional<std::string>
findTool(StringRef given, ArrayRef<StringRef> names, ArrayRef<StringRef> dirs) {
  if (!given.empty()) {
    if (llvm::sys::fs::can_execute(given))
      return given.str();
    return std::nullopt;
  }
  for (StringRef name : names)
    if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
      return *path;
  for (StringRef name : names)
    if (llvm::ErrorOr<std::string> path =
            llvm::sys::findProgramByName(name, dirs))
      return *path;
  return std::nullopt;
}

namespace {
/// A temporary file, removed when this goes out of scope.
struct TempFile {
  LogicalResult create(StringRef suffix) {
    return success(
        !llvm::sys::fs::createTemporaryFile("mdh-gpu", suffix, path));
  }
  SmallString<128> path;
  ~TempFile() { llvm::sys::fs::remove(path); }
};
} // namespace

/// Runs `tool` with `args` (args[0] is the program name); its stdout and
/// stderr go to `output`. Reports a failure at `at` with the tool's output.
static LogicalResult runTool(Operation *at, StringRef tool,
                             ArrayRef<StringRef> args, std::string &output) {
  TempFile log;
  if (failed(log.create("log")))
    return at->emitError("cannot create a temporary file");
  std::optional<StringRef> redirects[] = {std::nullopt, log.path.str(),
                                          log.path.str()};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(tool, args, /*Env=*/std::nullopt,
                                     redirects, /*SecondsToWait=*/0,
                                     /*MemoryLimit=*/0, &message);
  if (auto buffer = llvm::MemoryBuffer::getFile(log.path))
    output = (*buffer)->getBuffer().str();
  if (rc == 0)
    return success();
  InFlightDiagnostic diag = at->emitError("'") << tool << "' failed";
  if (!message.empty())
    diag << " (" << message << ")";
  if (!StringRef(output).trim().empty())
    diag << ":\n" << StringRef(output).trim();
  return diag;
}

static LogicalResult writeFile(Operation *at, StringRef path,
                               StringRef contents) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    return at->emitError("cannot write '") << path << "': " << error;
  file->os() << contents;
  file->keep();
  return success();
}

static FailureOr<std::string> readFile(Operation *at, StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return at->emitError("cannot read '") << path << "'";
  return (*buffer)->getBuffer().str();
}

namespace {
struct MDHGPUAssemble : mdh::impl::MDHGPUAssembleBase<MDHGPUAssemble> {
  using Base::Base;

  /// PTX -> cubin; `info` gets the report of `ptxas -v`.
  FailureOr<std::string> assemblePtx(Operation *at, NVVM::NVVMTargetAttr target,
                                     StringRef ptx, std::string &info) {
    std::optional<std::string> tool =
        findTool(ptxas, {"ptxas"}, {"/usr/local/cuda/bin"});
    if (!tool)
      return at->emitError(
                 "cannot make a cubin: ptxas (CUDA toolkit) was not found ")
             << (ptxas.empty()
                     ? "on PATH or in /usr/local/cuda/bin; pass its path as "
                       "ptxas=<path>"
                     : "at ptxas=" + ptxas);
    TempFile in, out;
    if (failed(in.create("ptx")) || failed(out.create("cubin")))
      return at->emitError("cannot create a temporary file");
    if (failed(writeFile(at, in.path, ptx)))
      return failure();
    std::string arch = ("-arch=" + target.getChip()).str();
    SmallVector<StringRef> args = {"ptxas", arch};
    if (ptxasVerbose)
      args.push_back("-v");
    args.append({"-o", out.path.str(), in.path.str()});
    if (failed(runTool(at, *tool, args, info)))
      return failure();
    return readFile(at, out.path);
  }

  /// AMDGPU assembly -> relocatable object -> code object.
  FailureOr<std::string>
  assembleAmdgpu(Operation *at, ROCDL::ROCDLTargetAttr target, StringRef isa) {
    SmallVector<StringRef> dirs;
    if (StringRef(MDH_LLVM_TOOLS_DIR).size())
      dirs.push_back(MDH_LLVM_TOOLS_DIR);
    std::optional<std::string> mc =
        findTool(llvmMc, {"llvm-mc-22", "llvm-mc"}, dirs);
    if (!mc)
      return at->emitError("cannot make a code object: llvm-mc was not found")
             << (llvmMc.empty() ? "; pass its path as llvm-mc=<path>"
                                : " at llvm-mc=" + llvmMc);
    std::optional<std::string> lld =
        findTool(ldLld, {"ld.lld-22", "ld.lld"}, dirs);
    if (!lld)
      return at->emitError("cannot make a code object: ld.lld was not found")
             << (ldLld.empty() ? "; pass its path as ld-lld=<path>"
                               : " at ld-lld=" + ldLld);
    TempFile in, obj, out;
    if (failed(in.create("s")) || failed(obj.create("o")) ||
        failed(out.create("hsaco")))
      return at->emitError("cannot create a temporary file");
    if (failed(writeFile(at, in.path, isa)))
      return failure();
    std::string triple = ("-triple=" + target.getTriple()).str();
    std::string cpu = ("-mcpu=" + target.getChip()).str();
    std::string attrs = ("-mattr=" + target.getFeatures()).str();
    SmallVector<StringRef> args = {"llvm-mc", triple, cpu, "-filetype=obj"};
    if (!target.getFeatures().empty())
      args.push_back(attrs);
    args.append({"-o", obj.path.str(), in.path.str()});
    std::string output;
    if (failed(runTool(at, *mc, args, output)) ||
        failed(
            runTool(at, *lld,
                    {"ld.lld", "-shared", obj.path.str(), "-o", out.path.str()},
                    output)))
      return failure();
    return readFile(at, out.path);
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    WalkResult result = getOperation().walk([&](gpu::BinaryOp binary) {
      SmallVector<Attribute> objects;
      for (Attribute attr : binary.getObjects()) {
        auto object = cast<gpu::ObjectAttr>(attr);
        if (object.getFormat() != gpu::CompilationTarget::Assembly) {
          objects.push_back(object);
          continue;
        }
        std::string info;
        FailureOr<std::string> bin;
        if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget()))
          bin = assemblePtx(binary, nvvm, object.getObject(), info);
        else if (auto rocdl =
                     dyn_cast<ROCDL::ROCDLTargetAttr>(object.getTarget()))
          bin = assembleAmdgpu(binary, rocdl, object.getObject());
        else
          bin = binary.emitError("cannot assemble an object for target ")
                << object.getTarget();
        if (failed(bin))
          return WalkResult::interrupt();
        NamedAttrList properties;
        if (DictionaryAttr old = object.getProperties())
          properties.append(old.getValue());
        if (ptxasVerbose && !info.empty())
          properties.set("ptxas_info", StringAttr::get(ctx, info));
        objects.push_back(gpu::ObjectAttr::get(
            ctx, object.getTarget(), gpu::CompilationTarget::Binary,
            StringAttr::get(ctx, *bin),
            properties.empty() ? nullptr : properties.getDictionary(ctx),
            object.getKernels()));
      }
      binary.setObjectsAttr(ArrayAttr::get(ctx, objects));
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
