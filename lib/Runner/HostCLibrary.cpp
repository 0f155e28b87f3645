//===- HostCLibrary.cpp - CL-IR compiled as C into a shared library -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/HostCLibrary.h"

#include "mdh/Target/C/TranslateToC.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <dlfcn.h>
#include <utility>

using namespace mlir;
using namespace mlir::mdh;

//===----------------------------------------------------------------------===//
// The compiler
//===----------------------------------------------------------------------===//

/// Whether `path` is a file this process may execute.
static bool isExecutableFile(StringRef path) {
  return llvm::sys::fs::is_regular_file(path) &&
         llvm::sys::fs::can_execute(path);
}

FailureOr<std::string> HostCLibrary::findCompiler(StringRef requested,
                                                  std::string &error) {
  if (!requested.empty()) {
    if (requested.contains('/')) {
      if (!llvm::sys::fs::exists(requested)) {
        error = ("C compiler '" + requested + "' does not exist").str();
        return failure();
      }
      if (!isExecutableFile(requested)) {
        error =
            ("C compiler '" + requested + "' is not an executable file").str();
        return failure();
      }
      return requested.str();
    }
    llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(requested);
    if (!found) {
      error = ("C compiler '" + requested + "' not found on PATH").str();
      return failure();
    }
    return *found;
  }
  if (llvm::ErrorOr<std::string> found =
          llvm::sys::findProgramByName("clang-22"))
    return *found;
  for (StringRef path : {"/usr/bin/clang-22", "/usr/lib/llvm-22/bin/clang"})
    if (isExecutableFile(path))
      return path.str();
  error = "no C compiler: clang-22 is not on PATH, in /usr/bin or in "
          "/usr/lib/llvm-22/bin (Debian: apt-get install clang-22); name one "
          "with --cc";
  return failure();
}

/// `args` as one line a POSIX shell reads back as the same arguments.
static std::string shellQuote(ArrayRef<std::string> args) {
  std::string line;
  for (const std::string &arg : args) {
    if (!line.empty())
      line += ' ';
    bool plain = !arg.empty() && llvm::all_of(arg, [](char c) {
      return llvm::isAlnum(c) || StringRef("_-+=/.,:%@").contains(c);
    });
    if (plain) {
      line += arg;
      continue;
    }
    line += '\'';
    for (char c : arg)
      line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

//===----------------------------------------------------------------------===//
// Calls through the C ABI
//===----------------------------------------------------------------------===//

namespace {
using Caller = void (*)(void *function, void *const *args);

/// Calls `function` as `void (void *, ..., void *)` with `sizeof...(I)`
/// pointers: every parameter of the C ABI is a pointer to the first element
/// of a memref.
template <size_t... I>
void callWith(void *function, void *const *args, std::index_sequence<I...>) {
  using Fn = void (*)(decltype((void)I, static_cast<void *>(nullptr))...);
  reinterpret_cast<Fn>(function)(args[I]...);
}

template <size_t... N>
constexpr std::array<Caller, sizeof...(N)>
makeCallers(std::index_sequence<N...>) {
  return {[](void *function, void *const *args) {
    callWith(function, args, std::make_index_sequence<N>());
  }...};
}

/// `callers[n]` calls a function of `n` pointer parameters.
constexpr auto callers =
    makeCallers(std::make_index_sequence<HostCLibrary::kMaxArguments + 1>());
} // namespace

//===----------------------------------------------------------------------===//
// HostCLibrary
//===----------------------------------------------------------------------===//

FailureOr<std::unique_ptr<HostCLibrary>>
HostCLibrary::create(ModuleOp module, ArrayRef<StringRef> funcNames,
                     const HostCOptions &options, std::string &error) {
  error.clear();
  SmallVector<std::pair<std::string, unsigned>> wanted;
  for (StringRef name : funcNames) {
    auto func = module.lookupSymbol<func::FuncOp>(name);
    if (!func)
      return module.emitError("no function named '") << name << "'";
    if (func.getNumArguments() > kMaxArguments)
      return func.emitError("the C target runs functions with at most ")
             << kMaxArguments << " arguments, this one has "
             << func.getNumArguments();
    wanted.push_back({name.str(), func.getNumArguments()});
  }

  // Translate first: refused input creates no files.
  std::string source;
  {
    llvm::raw_string_ostream os(source);
    if (failed(translateCLToC(module, os)))
      return failure();
  }

  if (!options.savePath.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream file(options.savePath, ec, llvm::sys::fs::OF_Text);
    if (!ec) {
      file << source;
      file.close();
      ec = file.error();
    }
    if (ec) {
      error = "cannot write '" + options.savePath + "': " + ec.message();
      return failure();
    }
  }

  // The C file, the library and the compiler's output are temporary files,
  // removed on return (once loaded, the library stays mapped) and, should
  // mdh-run be interrupted or crash, by its signal handlers.
  SmallString<128> cPath, libPath, logPath;
  SmallVector<std::string> created;
  llvm::scope_exit cleanup([&] {
    for (const std::string &path : created) {
      llvm::sys::fs::remove(path);
      llvm::sys::DontRemoveFileOnSignal(path);
    }
  });
  for (auto [path, suffix] : {std::pair(&cPath, "c"), std::pair(&libPath, "so"),
                              std::pair(&logPath, "txt")}) {
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("mdh-run-c", suffix, *path)) {
      error = "cannot create a temporary file: " + ec.message();
      return failure();
    }
    created.push_back(path->str().str());
    llvm::sys::RemoveFileOnSignal(*path);
  }

  {
    std::error_code ec;
    llvm::raw_fd_ostream file(cPath, ec, llvm::sys::fs::OF_Text);
    if (!ec) {
      file << source;
      file.close();
      ec = file.error();
    }
    if (ec) {
      error = ("cannot write '" + cPath + "': " + ec.message()).str();
      return failure();
    }
  }

  std::vector<std::string> command = {options.compiler,
                                      "-std=c11",
                                      "-O" + std::to_string(options.optLevel),
                                      "-march=native",
                                      "-fopenmp=libomp",
                                      "-fPIC",
                                      "-shared"};
  if (options.openmp) {
    // Link against the libomp this process has loaded (its directory), so
    // the library's OpenMP calls reach the runtime whose thread count
    // --threads sets.
    StringRef runtimeDir =
        llvm::sys::path::parent_path(options.openmp->getPath());
    if (!runtimeDir.empty())
      command.push_back(("-L" + runtimeDir).str());
  }
  command.insert(command.end(),
                 {"-o", libPath.str().str(), cPath.str().str(), "-lm"});
  if (options.commandLog) {
    *options.commandLog << "# " << shellQuote(command) << "\n";
    options.commandLog->flush();
  }

  SmallVector<StringRef> argv(command.begin(), command.end());
  std::optional<StringRef> redirects[] = {StringRef(""), logPath.str(),
                                          logPath.str()};
  std::string execError;
  bool executionFailed = false;
  int rc = llvm::sys::ExecuteAndWait(options.compiler, argv,
                                     /*Env=*/std::nullopt, redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &execError, &executionFailed);
  if (executionFailed || rc != 0) {
    std::string output;
    if (auto buffer = llvm::MemoryBuffer::getFile(logPath))
      output = (*buffer)->getBuffer().rtrim().str();
    llvm::raw_string_ostream os(error);
    if (executionFailed)
      os << "cannot run the C compiler '" << options.compiler
         << "': " << execError;
    else if (rc < 0)
      os << "the C compiler '" << options.compiler
         << "' crashed: " << execError;
    else
      os << "the C compiler '" << options.compiler << "' failed (exit code "
         << rc << ") on the generated C code";
    os << "\n  command: " << shellQuote(command);
    if (!output.empty())
      os << "\n" << output;
    return failure();
  }

  void *handle = dlopen(libPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *message = dlerror();
    error = ("cannot load the compiled C library: " +
             Twine(message ? message : "unknown error"))
                .str();
    return failure();
  }
  std::unique_ptr<HostCLibrary> library(new HostCLibrary());
  library->handle = handle;

  // The library's OpenMP runtime (the first one among its dependencies) must
  // be the process's: otherwise a second runtime with its own threads and
  // thread count would run the kernels.
  if (options.openmp) {
    void *own = dlsym(handle, "omp_get_max_threads");
    void *expected = options.openmp->getAddressOfSymbol("omp_get_max_threads");
    if (own && own != expected) {
      Dl_info info;
      StringRef other = dladdr(own, &info) && info.dli_fname
                            ? StringRef(info.dli_fname)
                            : StringRef("another library");
      error = ("the compiled C library uses the OpenMP runtime '" + other +
               "', not the one loaded from '" + options.openmp->getPath() +
               "' (--libomp)")
                  .str();
      return failure();
    }
  }

  for (auto &[name, numArguments] : wanted) {
    void *address = dlsym(handle, name.c_str());
    if (!address) {
      error = "the compiled C library has no function '" + name + "'";
      return failure();
    }
    library->functions[name] = {address, numArguments};
  }
  return library;
}

HostCLibrary::~HostCLibrary() {
  if (handle)
    dlclose(handle);
}

llvm::Error HostCLibrary::invoke(StringRef funcName,
                                 ArrayRef<HostBuffer *> buffers) {
  auto it = functions.find(funcName);
  if (it == functions.end())
    return llvm::createStringError("no function '" + funcName +
                                   "' in the compiled C library");
  const Function &function = it->second;
  if (buffers.size() != function.numArguments)
    return llvm::createStringError(
        llvm::formatv("'{0}' takes {1} arguments, got {2} buffers", funcName,
                      function.numArguments, buffers.size())
            .str());
  SmallVector<void *, kMaxArguments> args;
  for (HostBuffer *buffer : buffers)
    args.push_back(buffer->data());
  callers[function.numArguments](function.address, args.data());
  return llvm::Error::success();
}
