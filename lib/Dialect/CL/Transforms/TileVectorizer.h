//===- TileVectorizer.h - Register tiles as vector values -------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The rewriter of mdh-cl-vectorize-register-tiles (see
// VectorizeRegisterTiles.cpp): the analysis and driver live there, the
// emission of the vector version of a loop nest in TileVectorizerEmit.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_DIALECT_CL_TRANSFORMS_TILEVECTORIZER_H
#define MDH_LIB_DIALECT_CL_TRANSFORMS_TILEVECTORIZER_H

#include "mdh/Dialect/CL/MDHCLOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::mdh_cl::vectorize {

using mdh::ReductionOp;

struct Val {
  enum Kind { Scalar, Vector, Lanes } kind;
  Value value;
};

/// The identity of builtin operator `op` on `type`; null if there is none.
class Vectorizer {
public:
  Vectorizer(AccumulateOp op, int64_t vectorBits, int64_t maxVectors)
      : op(op), vectorBits(vectorBits), maxVectors(maxVectors),
        b(op.getContext()), loc(op.getLoc()) {}

  /// Rewrites the nest around `op`; false (nothing changed) when it does
  /// not have the shape this pass handles.
  bool run();

private:
  bool analyze();
  /// Builds the vector version of N in front of it (reduction mode when
  /// `laneLoop` is set); false, with nothing changed, when N does not fit.
  bool rewrite();
  LogicalResult emitLaneLoop(ForOp loop, SmallVectorImpl<Value> &accs);
  bool checkFirst(Value first);
  LogicalResult emitBlock(Block &body, SmallVectorImpl<Value> &accs);
  LogicalResult emitOp(Operation &nested, SmallVectorImpl<Value> &accs);
  LogicalResult emitAccumulate(SmallVectorImpl<Value> &accs);
  FailureOr<Val> get(Value v, int instance);
  bool dependsOnPoints(Value v);
  FailureOr<Val> compute(Value v, int instance);
  Value broadcast(Val v);
  Value combine(Value acc, Value oldValue, int instance);

  bool inNest(Value v) {
    Operation *owner = isa<BlockArgument>(v)
                           ? cast<BlockArgument>(v).getOwner()->getParentOp()
                           : v.getDefiningOp();
    return owner && root->isAncestor(owner);
  }
  /// Whether acc dimension `d` is spread over the lanes (point mode).
  bool isLaneDim(unsigned d) { return !laneLoop && d + 1 == shape.size(); }
  /// Instances along acc dimension `d`.
  int64_t extent(unsigned d) { return isLaneDim(d) ? chunks : shape[d]; }
  /// Position of instance `instance` along acc dimension `d`.
  int64_t position(int instance, unsigned d) {
    int64_t rest = instance;
    for (unsigned e = shape.size(); e-- > d + 1;)
      rest /= extent(e);
    return rest % extent(d);
  }

  AccumulateOp op;
  int64_t vectorBits, maxVectors;
  OpBuilder b;
  Location loc;

  Operation *root = nullptr;
  /// The point loop of each acc dimension, and the acc shape.
  SmallVector<ForOp> points;
  SmallVector<int64_t> shape;
  DenseSet<Operation *> reductions;
  ReductionOp combiner;
  int64_t lanes = 0, chunks = 0, instances = 0;
  /// Reduction mode: the reduction loop whose trips become the lanes (the
  /// accumulators then hold partial results per lane); null in point mode.
  ForOp laneLoop;
  /// While N's copy of `laneLoop` is built: the first lane's index, and the
  /// mask of the partial last vector (null for full vectors).
  Value laneBase, mask;

  /// Emitted values per instance (-1: uniform), one scope per new loop.
  SmallVector<DenseMap<std::pair<Value, int>, Val>> scopes;
  DenseMap<Value, Value> newInductionVars;
  DenseMap<Value, bool> pointDependence;
};

/// The identity of builtin operator `op` on `type`; null if there is none.
TypedAttr identityOf(ReductionOp op, Type type);

} // namespace mlir::mdh_cl::vectorize

#endif // MDH_LIB_DIALECT_CL_TRANSFORMS_TILEVECTORIZER_H
