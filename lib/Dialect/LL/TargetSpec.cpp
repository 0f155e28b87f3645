//===- TargetSpec.cpp - Target attributes from command-line specs ---------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/Dialect/LL/MDHLLDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace mlir::mdh_ll;

namespace {
/// One `key=value` of a spec.
struct Override {
  StringRef key;
  int64_t value;
};

/// One overridable parameter of a target attribute and where its value
/// goes while the attribute is being assembled.
struct Field {
  StringRef key;
  std::optional<int64_t> *slot;
};
} // namespace

/// Writes each override into its field. Unknown and repeated keys are errors
/// that list the target's keys.
static LogicalResult
applyOverrides(StringRef target, ArrayRef<Override> overrides,
               ArrayRef<Field> fields,
               function_ref<InFlightDiagnostic()> emitError) {
  for (size_t i = 0, e = overrides.size(); i != e; ++i) {
    const Override &o = overrides[i];
    const Field *field =
        llvm::find_if(fields, [&](const Field &f) { return f.key == o.key; });
    if (field == fields.end()) {
      InFlightDiagnostic diag = emitError();
      diag << "unknown key '" << o.key << "' for target '" << target
           << "'; valid keys: ";
      llvm::interleaveComma(fields, diag,
                            [&](const Field &f) { diag << f.key; });
      return diag;
    }
    if (llvm::any_of(overrides.take_front(i),
                     [&](const Override &p) { return p.key == o.key; }))
      return emitError() << "key '" << o.key << "' given twice in the target "
                         << "spec";
    *field->slot = o.value;
  }
  return success();
}

/// Builds `#mdh_ll.cuda` or `#mdh_ll.hip`; the verifier reports an unknown
/// chip with the list of known ones.
template <typename AttrT>
static FailureOr<Attribute>
buildGPUTarget(MLIRContext *context, StringRef target, StringRef chip,
               ArrayRef<Override> overrides,
               function_ref<InFlightDiagnostic()> emitError) {
  std::optional<int64_t> warpSize, maxThreads, shared, maxShared, registers,
      multiprocessors;
  Field fields[] = {{"warp_size", &warpSize},
                    {"max_threads_per_block", &maxThreads},
                    {"shared_memory_per_block", &shared},
                    {"max_shared_memory_per_block", &maxShared},
                    {"registers_per_thread", &registers},
                    {"multiprocessors", &multiprocessors}};
  if (failed(applyOverrides(target, overrides, fields, emitError)))
    return failure();
  AttrT attr = AttrT::getChecked(emitError, context, chip, warpSize, maxThreads,
                                 shared, maxShared, registers, multiprocessors);
  if (!attr)
    return failure();
  return Attribute(attr);
}

static FailureOr<Attribute>
buildOpenMPTarget(MLIRContext *context, bool host, ArrayRef<Override> overrides,
                  function_ref<InFlightDiagnostic()> emitError) {
  OpenMPTargetAttr base = host ? OpenMPTargetAttr::getHost(context)
                               : OpenMPTargetAttr::get(context);
  std::optional<int64_t> vectorWidth = base.getVectorWidth(),
                         vectorRegisters = base.getVectorRegisters(),
                         cores = base.getCores(), l1 = base.getL1CacheSize(),
                         l2 = base.getL2CacheSize(), l3 = base.getL3CacheSize();
  Field fields[] = {{"vector_width", &vectorWidth},
                    {"vector_registers", &vectorRegisters},
                    {"cores", &cores},
                    {"l1_cache_size", &l1},
                    {"l2_cache_size", &l2},
                    {"l3_cache_size", &l3}};
  if (failed(applyOverrides("openmp", overrides, fields, emitError)))
    return failure();
  OpenMPTargetAttr attr = OpenMPTargetAttr::getChecked(
      emitError, context, *vectorWidth, *vectorRegisters, *cores, *l1, *l2, l3);
  if (!attr)
    return failure();
  return Attribute(attr);
}

/// The error for a spec that names no target, with every valid form.
static LogicalResult
emitUnknownTarget(StringRef target,
                  function_ref<InFlightDiagnostic()> emitError) {
  InFlightDiagnostic diag = emitError();
  diag << "unknown target '" << target
       << "'; valid targets: openmp, openmp:host, cuda[:<chip>] (chips: ";
  auto printName = [&](const GPUChip &c) { diag << c.name; };
  llvm::interleaveComma(CUDATargetAttr::getKnownChips(), diag, printName);
  diag << "; default " << CUDATargetAttr::getDefaultChip()
       << "), hip[:<chip>] (chips: ";
  llvm::interleaveComma(HIPTargetAttr::getKnownChips(), diag, printName);
  diag << "; default " << HIPTargetAttr::getDefaultChip() << ")";
  return diag;
}

FailureOr<Attribute>
mlir::mdh_ll::parseTargetSpec(MLIRContext *context, StringRef spec,
                              function_ref<InFlightDiagnostic()> emitError) {
  // By name: this library sits below the dialect's (lib/Dialect/LL/
  // CMakeLists.txt), which registers the dialect in every tool.
  if (!context->getOrLoadDialect("mdh_ll")) {
    emitError() << "the mdh_ll dialect is not registered in this context";
    return failure();
  }

  SmallVector<StringRef> parts;
  spec.split(parts, ',');
  StringRef target = parts.front().trim();

  SmallVector<Override> overrides;
  for (StringRef part : llvm::drop_begin(parts)) {
    auto [key, value] = part.split('=');
    key = key.trim();
    value = value.trim();
    if (key.empty() || !part.contains('='))
      return emitError() << "expected 'key=value' after the target in '" << spec
                         << "', got '" << part.trim() << "'";
    int64_t number;
    // getAsInteger returns true on failure (and on overflow).
    if (value.getAsInteger(/*Radix=*/10, number))
      return emitError() << "expected an integer value for '" << key
                         << "', got '" << value << "'";
    overrides.push_back({key, number});
  }

  auto [name, variant] = target.split(':');
  bool hasVariant = target.contains(':');
  if (name == "openmp") {
    if (hasVariant && variant != "host")
      return emitError() << "unknown openmp variant '" << variant
                         << "'; expected 'openmp' or 'openmp:host'";
    return buildOpenMPTarget(context, hasVariant, overrides, emitError);
  }
  if (name == "cuda" || name == "hip") {
    if (hasVariant && variant.empty())
      return emitError() << "expected a chip after '" << name << ":'";
    if (name == "cuda")
      return buildGPUTarget<CUDATargetAttr>(
          context, name,
          hasVariant ? variant : CUDATargetAttr::getDefaultChip(), overrides,
          emitError);
    return buildGPUTarget<HIPTargetAttr>(
        context, name, hasVariant ? variant : HIPTargetAttr::getDefaultChip(),
        overrides, emitError);
  }
  return emitUnknownTarget(target, emitError);
}
