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
  /// Emits the accumulators' vectors from the identity, N, and their store
  /// into the register buffers at the builder's insertion point.
  LogicalResult emitTile();
  /// Whether N computes something that can trap on values it would not
  /// compute in scalar form (integer division by a lane read as zero):
  /// such a nest gets no masked vectors.
  bool mayTrap();
  /// Whether the register buffers are read, apart from N, only by loads at
  /// `iv - lb` of loops with the bounds of the point loops (the flush of
  /// accumulate-in-registers): cells outside a partial tile are never read.
  bool flushReadsInside();
  /// Partial tiles: the mask of the lanes of `instance`'s chunk of the
  /// last tile dimension that lie inside the tile.
  Value chunkMask(int instance);
  LogicalResult emitLaneLoop(ForOp loop, SmallVectorImpl<Value> &accs);
  /// The first whole vectors of the lane loop (lb to lb + span) in groups,
  /// each vector of a group with partial results of its own, when `accs`
  /// are too few independent chains; `end` becomes the end of the groups.
  LogicalResult emitLaneGroups(ForOp loop, Value lb, Value span,
                               SmallVectorImpl<Value> &accs, Value &end);
  bool checkFirst(Value first);
  LogicalResult emitBlock(Block &body, SmallVectorImpl<Value> &accs);
  LogicalResult emitOp(Operation &nested, SmallVectorImpl<Value> &accs);
  LogicalResult emitAccumulate(SmallVectorImpl<Value> &accs);
  FailureOr<Val> get(Value v, int instance);
  bool dependsOnPoints(Value v);
  FailureOr<Val> compute(Value v, int instance);
  Value broadcast(Val v);
  Value combine(Value acc, Value oldValue, int instance);
  /// The accumulators at the start: the identity per buffer and instance;
  /// for a custom combiner zeros and then the masks, all false.
  SmallVector<Value> initialAccs();
  /// The lane vector `base + [0, 1, ...]` of a lane index.
  Value laneVector(Value base);
  /// The custom combiner's body on vectors, lane by lane.
  SmallVector<Value> combineVectors(ValueRange lhs, ValueRange rhs);
  /// Two sets of accumulators (initialAccs' layout) combined.
  SmallVector<Value> combineSets(ArrayRef<Value> lhs, ArrayRef<Value> rhs);
  /// A custom combiner's partial results of `instance` folded over the lanes
  /// that hold one, in lane order, one scalar per buffer.
  SmallVector<Value> foldLanes(ArrayRef<Value> accs, int instance);

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
  /// The block of the register buffers (N's block before the rewrite moves
  /// N into the versions' branches).
  Block *bufferBlock = nullptr;
  /// The point loop of each acc dimension, and the acc shape.
  SmallVector<ForOp> points;
  SmallVector<int64_t> shape;
  DenseSet<Operation *> reductions;
  ReductionOp combiner;
  /// A custom combiner (reduction mode only), applied to vectors lane by
  /// lane. There is no identity to start from: the accumulators end in one
  /// mask per instance of the lanes that hold a partial result.
  mdh::CombinerOp custom;
  int64_t lanes = 0, chunks = 0, instances = 0;
  /// Reduction mode: the reduction loop whose trips become the lanes (the
  /// accumulators then hold partial results per lane); null in point mode.
  ForOp laneLoop;
  /// While N's copy of `laneLoop` is built: the first lane's index, and the
  /// mask of the partial last vector (null for full vectors).
  Value laneBase, mask;
  /// While the version of partial tiles is built: the trip count of each
  /// point loop (null for dimensions without one), at least 1. Instances
  /// past the end of a tile dimension read its last point (they compute a
  /// cell of the tile again and are not flushed); in point mode the lanes
  /// past the end are masked.
  bool partial = false;
  SmallVector<Value> spans;
  DenseMap<int64_t, Value> chunkMasks;
  Block *maskBlock = nullptr;

  /// Emitted values per instance (-1: uniform), one scope per new loop.
  SmallVector<DenseMap<std::pair<Value, int>, Val>> scopes;
  DenseMap<Value, Value> newInductionVars;
  DenseMap<Value, bool> pointDependence;
};

/// The identity of builtin operator `op` on `type`; null if there is none.
TypedAttr identityOf(ReductionOp op, Type type);

} // namespace mlir::mdh_cl::vectorize

#endif // MDH_LIB_DIALECT_CL_TRANSFORMS_TILEVECTORIZER_H
