//===- Tuning.cpp - C API for the MDH-MLIR tuning search space ------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Tuning.h"

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/MDHLLAttributes.h"
#include "mdh/TuningSpace/MDHSpace.h"
#include "mdh/TuningSpace/SearchSpace.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Wrap.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/SmallString.h"

#include <cmath>
#include <random>
#include <string>

using namespace mlir;

namespace {
/// What an MdhSearchSpace points to: the space and what it was built for,
/// which configFromPoint and configToJSON read again.
struct SearchSpaceHandle {
  mdh::ComputeOp op;
  mdh_ll::TargetAttrInterface target;
  mdh::tuning::SearchSpace space;
};
} // namespace

DEFINE_C_API_PTR_METHODS(MdhSearchSpace, SearchSpaceHandle)

/// The `mdh.compute` and the target attribute that `cOp` and `cTarget`
/// stand for, verified; reports why not through the context's diagnostic
/// handlers and fails.
static LogicalResult unwrapComputation(MlirOperation cOp, MlirAttribute cTarget,
                                       mdh::ComputeOp &op,
                                       mdh_ll::TargetAttrInterface &target) {
  Attribute attr = unwrap(cTarget);
  if (mlirOperationIsNull(cOp)) {
    // No location to report at; the target's context, if any, gets the
    // message.
    if (attr)
      emitError(UnknownLoc::get(attr.getContext()))
          << "expected an 'mdh.compute' operation, got a null operation";
    return failure();
  }
  Operation *operation = unwrap(cOp);
  op = dyn_cast<mdh::ComputeOp>(operation);
  if (!op)
    return emitError(operation->getLoc())
           << "expected an 'mdh.compute' operation, got '"
           << operation->getName() << "'";
  // The tuning rules assume verified HL-IR (as the lowerings do); IR built
  // or edited through the C API may not be.
  if (failed(verify(operation)))
    return failure();
  if (!attr)
    return op->emitError() << "expected a target attribute (#mdh_ll.openmp, "
                              "#mdh_ll.cuda or #mdh_ll.hip), got a null "
                              "attribute";
  target = dyn_cast<mdh_ll::TargetAttrInterface>(attr);
  if (!target)
    return op->emitError() << "expected a target attribute (#mdh_ll.openmp, "
                              "#mdh_ll.cuda or #mdh_ll.hip), got "
                           << attr;
  return success();
}

/// Passes the JSON text of `config` for `op` on `target` to `callback`, in
/// one call.
static void printConfig(const mdh_ll::Config &config, mdh::ComputeOp op,
                        mdh_ll::TargetAttrInterface target,
                        MlirStringCallback callback, void *userData) {
  std::string text;
  llvm::raw_string_ostream os(text);
  mdh_ll::printConfigJSON(mdh_ll::configToJSON(config, op, target), os);
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}

//===----------------------------------------------------------------------===//
// Search space
//===----------------------------------------------------------------------===//

MdhSearchSpace mdhSearchSpaceCreate(MlirOperation computeOp,
                                    MlirAttribute target) {
  mdh::ComputeOp op;
  mdh_ll::TargetAttrInterface asmTarget;
  if (failed(unwrapComputation(computeOp, target, op, asmTarget)))
    return wrap(static_cast<SearchSpaceHandle *>(nullptr));
  FailureOr<mdh::tuning::SearchSpace> space =
      mdh::tuning::buildSpace(op, asmTarget, mdh::tuning::SpaceOptions(),
                              [&] { return op->emitError(); });
  if (failed(space))
    return wrap(static_cast<SearchSpaceHandle *>(nullptr));
  return wrap(new SearchSpaceHandle{op, asmTarget, std::move(*space)});
}

void mdhSearchSpaceDestroy(MdhSearchSpace space) { delete unwrap(space); }

MlirOperation mdhSearchSpaceGetOperation(MdhSearchSpace space) {
  return wrap(unwrap(space)->op.getOperation());
}

MlirAttribute mdhSearchSpaceGetTarget(MdhSearchSpace space) {
  return wrap(Attribute(unwrap(space)->target));
}

bool mdhSearchSpaceIsEmpty(MdhSearchSpace space) {
  return unwrap(space)->space.empty();
}

bool mdhSearchSpaceGetSize(MdhSearchSpace space, uint64_t *size) {
  std::optional<uint64_t> size64 = unwrap(space)->space.size64();
  if (!size64)
    return false;
  *size = *size64;
  return true;
}

double mdhSearchSpaceGetSizeLog10(MdhSearchSpace space) {
  const llvm::APInt &size = unwrap(space)->space.size();
  if (size.isZero())
    return -HUGE_VAL;
  // The leading 64 bits as a double (53 significant bits) times 2^shift:
  // no overflow however many trees the chain has.
  unsigned shift = size.getActiveBits() > 64 ? size.getActiveBits() - 64 : 0;
  double leading = static_cast<double>(size.lshr(shift).getZExtValue());
  return std::log10(leading) + shift * std::log10(2.0);
}

void mdhSearchSpacePrintSize(MdhSearchSpace space, MlirStringCallback callback,
                             void *userData) {
  llvm::SmallString<32> text;
  unwrap(space)->space.size().toStringUnsigned(text, /*Radix=*/10);
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}

intptr_t mdhSearchSpaceGetNumParameters(MdhSearchSpace space) {
  return unwrap(space)->space.dimension();
}

MlirStringRef mdhSearchSpaceGetParameterName(MdhSearchSpace space,
                                             intptr_t pos) {
  const mdh::tuning::SearchSpace &s = unwrap(space)->space;
  return wrap(s.name(s.tunableParameters()[pos]));
}

intptr_t mdhSearchSpaceGetNumTrees(MdhSearchSpace space) {
  return unwrap(space)->space.numTrees();
}

MlirLogicalResult mdhSearchSpaceSampleConfig(MdhSearchSpace space,
                                             uint64_t seed,
                                             MlirStringCallback callback,
                                             void *userData) {
  SearchSpaceHandle &h = *unwrap(space);
  if (h.space.empty()) {
    h.op->emitError() << "cannot sample a configuration: the search space is "
                         "empty";
    return wrap(failure());
  }
  std::mt19937_64 rng(seed);
  mdh::tuning::Config point = h.space.sample(rng);
  printConfig(mdh::tuning::configFromPoint(point, h.op, h.target), h.op,
              h.target, callback, userData);
  return wrap(success());
}

MlirLogicalResult mdhSearchSpaceConfigFromUnitCube(MdhSearchSpace space,
                                                   const double *coords,
                                                   intptr_t numCoords,
                                                   MlirStringCallback callback,
                                                   void *userData) {
  SearchSpaceHandle &h = *unwrap(space);
  intptr_t dimension = h.space.dimension();
  if (numCoords != dimension) {
    h.op->emitError() << "expected a point of the " << dimension
                      << "-dimensional unit cube of the search space, got "
                      << numCoords << " coordinate(s)";
    return wrap(failure());
  }
  for (intptr_t k = 0; k < numCoords; ++k) {
    if (std::isnan(coords[k])) {
      h.op->emitError() << "unit-cube coordinate " << k << " ('"
                        << h.space.name(h.space.tunableParameters()[k])
                        << "') is NaN";
      return wrap(failure());
    }
  }
  if (h.space.empty()) {
    h.op->emitError() << "cannot map a unit-cube point: the search space is "
                         "empty";
    return wrap(failure());
  }
  mdh::tuning::Config point =
      h.space.fromUnitCube(llvm::ArrayRef<double>(coords, numCoords));
  printConfig(mdh::tuning::configFromPoint(point, h.op, h.target), h.op,
              h.target, callback, userData);
  return wrap(success());
}

//===----------------------------------------------------------------------===//
// Configurations
//===----------------------------------------------------------------------===//

MlirLogicalResult mdhDefaultConfig(MlirOperation computeOp,
                                   MlirAttribute target,
                                   MlirStringCallback callback,
                                   void *userData) {
  mdh::ComputeOp op;
  mdh_ll::TargetAttrInterface asmTarget;
  if (failed(unwrapComputation(computeOp, target, op, asmTarget)))
    return wrap(failure());
  printConfig(mdh::tuning::defaultConfig(op, asmTarget), op, asmTarget,
              callback, userData);
  return wrap(success());
}

MlirLogicalResult mdhVerifyConfig(MlirOperation computeOp, MlirAttribute target,
                                  MlirStringRef json) {
  mdh::ComputeOp op;
  mdh_ll::TargetAttrInterface asmTarget;
  if (failed(unwrapComputation(computeOp, target, op, asmTarget)))
    return wrap(failure());
  auto emitError = [&] { return op->emitError(); };
  FailureOr<mdh_ll::Config> config =
      mdh_ll::configFromJSON(unwrap(json), op, asmTarget, emitError);
  if (failed(config))
    return wrap(failure());
  return wrap(mdh::tuning::verifyConfig(op, asmTarget, *config, emitError));
}
