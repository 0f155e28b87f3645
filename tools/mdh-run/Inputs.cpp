//===- Inputs.cpp - Kernel data from and to NumPy files -------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "Inputs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mdh_run;

static LogicalResult inputError(const Twine &option, const Twine &message) {
  llvm::errs() << "mdh-run: error: " << option << ": " << message << "\n";
  return failure();
}

/// Whether `name` is argK, inK or outK.
static bool isArgumentName(StringRef name) {
  for (StringRef prefix : {"arg", "in", "out"}) {
    StringRef number = name;
    unsigned k;
    if (number.consume_front(prefix) && !number.empty() &&
        llvm::all_of(number, llvm::isDigit) && !number.getAsInteger(10, k))
      return true;
  }
  return false;
}

FailureOr<std::vector<InputSpec>>
mdh_run::loadInputs(ArrayRef<std::string> options) {
  std::vector<InputSpec> specs;
  for (const std::string &value : options) {
    InputSpec spec;
    spec.option = "--input=" + value;
    auto [target, file] = StringRef(value).split('=');
    if (!StringRef(value).contains('=') || !file.starts_with("@") ||
        file.size() == 1)
      return inputError(spec.option,
                        "expected [FUNC.]NAME=@FILE, e.g. --input=in0=@a.npy");
    spec.path = file.drop_front().str();
    // Kernel names may hold dots, argument names do not.
    auto [func, name] = target.rsplit('.');
    if (name.empty() && !func.empty()) {
      name = func;
      func = "";
    }
    spec.func = func.str();
    spec.name = name.str();
    if (!isArgumentName(name) || (target.contains('.') && func.empty()))
      return inputError(spec.option,
                        "unknown argument name '" + target +
                            "'; expected inK (the K-th argument the kernel "
                            "reads) or argK (the K-th argument), optionally "
                            "after the kernel's name and a dot");
    std::string error;
    FailureOr<NpyArray> array = NpyArray::read(spec.path, error);
    if (failed(array))
      return inputError(spec.option, error);
    spec.array = std::make_unique<NpyArray>(std::move(*array));
    specs.push_back(std::move(spec));
  }
  return specs;
}

LogicalResult mdh_run::assignInputs(ArrayRef<InputSpec> inputs,
                                    MutableArrayRef<Kernel> kernels) {
  auto kernelNames = [&] {
    return llvm::join(
        llvm::map_range(kernels, [](Kernel &k) { return k.getName(); }), ", ");
  };
  for (const InputSpec &input : inputs) {
    Kernel *kernel = nullptr;
    if (input.func.empty()) {
      if (kernels.size() != 1)
        return inputError(
            input.option,
            Twine(kernels.size()) + " kernels run (" + kernelNames() +
                "): name one, as in --input=" + kernels.front().getName() +
                "." + input.name + "=@FILE, or pick one with --func");
      kernel = &kernels.front();
    } else {
      auto it = llvm::find_if(
          kernels, [&](Kernel &k) { return k.getName() == input.func; });
      if (it == kernels.end())
        return inputError(input.option,
                          "no kernel '" + input.func +
                              "' runs; kernels run: " + kernelNames());
      kernel = &*it;
    }
    auto *arg = const_cast<KernelArg *>(kernel->lookup(input.name));
    if (!arg)
      return kernel->func.emitError()
             << input.option << ": kernel '" << kernel->getName()
             << "' has no argument '" << input.name
             << "'; its arguments: " << kernel->describeArgs();
    std::string argText =
        (arg->name + " (arg" + Twine(arg->index) + ": ").str();
    llvm::raw_string_ostream(argText) << arg->type << ")";
    if (arg->isOutput)
      return kernel->func.emitError()
             << input.option << ": " << argText << " of '" << kernel->getName()
             << "' is an output: mdh-run fills outputs with a sentinel to "
                "catch elements the kernel does not write, so they take no "
                "--input";
    if (arg->input)
      return kernel->func.emitError()
             << input.option << ": " << argText << " of '" << kernel->getName()
             << "' is given twice, also by " << arg->input->option;
    std::string error;
    if (failed(input.array->checkFits(arg->type, error)))
      return kernel->func.emitError()
             << input.option << " does not fit " << argText << " of '"
             << kernel->getName() << "': " << error;
    arg->input = &input;
  }
  return success();
}

LogicalResult mdh_run::prepareOutputDir(StringRef dir) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return inputError("--output-dir=" + dir,
                      "cannot create the directory: " + ec.message());
  // create_directories accepts an existing file.
  if (!llvm::sys::fs::is_directory(dir))
    return inputError("--output-dir=" + dir, "exists and is not a directory");
  return success();
}

std::string mdh_run::getOutputPath(StringRef dir, Kernel &kernel,
                                   const KernelArg &arg) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, kernel.getName() + "." + arg.name + ".npy");
  return path.str().str();
}
