//===- MmaRules.cpp - Tensor-core register tiles: when and how ------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/MmaRules.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/MDHLLOps.h"
#include "mdh/Dialect/LL/Staging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mdh_ll;

/// The dimensions a map of rank 2 reads, when each result is a plain
/// dimension.
static std::optional<std::pair<unsigned, unsigned>> dimPair(AffineMap map) {
  if (map.getNumResults() != 2)
    return std::nullopt;
  auto a = dyn_cast<AffineDimExpr>(map.getResult(0));
  auto b = dyn_cast<AffineDimExpr>(map.getResult(1));
  if (!a || !b || a.getPosition() == b.getPosition())
    return std::nullopt;
  return std::make_pair(a.getPosition(), b.getPosition());
}

FailureOr<MmaContraction> mdh_ll::matchMmaContraction(Operation *op,
                                                      std::string *why) {
  auto fail = [&](const Twine &reason) -> FailureOr<MmaContraction> {
    if (why)
      *why = reason.str();
    return failure();
  };
  auto computation = cast<mdh::ComputationOpInterface>(op);
  if (computation.getNumDims() != 3)
    return fail("it has " + Twine(computation.getNumDims()) +
                " dimensions, not the 3 of a matrix product");
  if (computation.getIns().size() != 2 || computation.getOuts().size() != 1)
    return fail("it does not read two inputs into one output");
  SmallVector<AffineMap> outMaps = computation.getOutputMaps(0);
  SmallVector<AffineMap> aMaps = computation.getInputMaps(0);
  SmallVector<AffineMap> bMaps = computation.getInputMaps(1);
  if (outMaps.size() != 1 || aMaps.size() != 1 || bMaps.size() != 1)
    return fail("a buffer is read or written through several maps");
  auto outType = cast<ShapedType>(computation.getOuts()[0].getType());
  if (!outType.getElementType().isF32())
    return fail("its output does not hold f32 elements");
  std::optional<std::pair<unsigned, unsigned>> out = dimPair(outMaps[0]);
  std::optional<std::pair<unsigned, unsigned>> x = dimPair(aMaps[0]);
  std::optional<std::pair<unsigned, unsigned>> y = dimPair(bMaps[0]);
  if (!out || !x || !y)
    return fail("a buffer is not indexed by a pair of distinct dimensions");
  MmaContraction mc;
  mc.m = out->first;
  mc.n = out->second;
  mc.k = 3 - mc.m - mc.n;
  if (!computation.getCombiner(mc.m).isCC() ||
      !computation.getCombiner(mc.n).isCC())
    return fail("the output's dimensions are not both cc");
  mdh::CombinerAttr kc = computation.getCombiner(mc.k);
  if (!kc.isPW() || kc.getOp() != mdh::ReductionOp::add)
    return fail("the dimension the output does not index is not pw(add)");
  // A is the input that holds m (and k), B the one that holds n (and k).
  auto holds = [](std::pair<unsigned, unsigned> p, unsigned a, unsigned b) {
    return (p.first == a && p.second == b) || (p.first == b && p.second == a);
  };
  if (holds(*x, mc.m, mc.k) && holds(*y, mc.k, mc.n)) {
    mc.lhs = 0;
    mc.rhs = 1;
  } else if (holds(*y, mc.m, mc.k) && holds(*x, mc.k, mc.n)) {
    mc.lhs = 1;
    mc.rhs = 0;
    std::swap(x, y);
  } else {
    return fail("its inputs are not indexed by (m, k) and (k, n)");
  }
  mc.lhsTransposed = x->first == mc.k;
  mc.rhsTransposed = y->first == mc.n;
  Type ea =
      cast<ShapedType>(computation.getIns()[mc.lhs].getType()).getElementType();
  Type eb =
      cast<ShapedType>(computation.getIns()[mc.rhs].getType()).getElementType();
  bool tf32 = ea.isF32() && computation.allowsTF32();
  if (ea != eb || !(ea.isF16() || ea.isBF16() || tf32))
    return fail(ea == eb && ea.isF32()
                    ? "its inputs are f32 and it does not allow TF32 "
                      "(precision(tf32))"
                    : "its inputs are not both f16, both bf16, or both f32");
  mc.element = ea;

  // The scalar function: extf, extf, mulf of the two, yielded (f32: the
  // mulf alone).
  Block *body = scalarBody(op);
  if (!body || body->getNumArguments() < 2)
    return fail("it has no scalar function");
  Value a = body->getArgument(body->getNumArguments() - 2);
  Value b = body->getArgument(body->getNumArguments() - 1);
  Operation *yield = body->getTerminator();
  if (yield->getNumOperands() != 1)
    return fail("its scalar function does not yield one value");
  auto mul = yield->getOperand(0).getDefiningOp<arith::MulFOp>();
  auto widened = [&](Value v) -> Value {
    if (tf32)
      return v;
    auto ext = v.getDefiningOp<arith::ExtFOp>();
    return ext && ext.getType().isF32() ? ext.getIn() : Value();
  };
  StringRef notProduct = tf32 ? "its scalar function is not the product of "
                                "its two inputs"
                              : "its scalar function is not the product of "
                                "its two inputs widened to f32";
  if (!mul || std::distance(body->begin(), body->end()) != (tf32 ? 2 : 4))
    return fail(notProduct);
  Value l = widened(mul.getLhs()), r = widened(mul.getRhs());
  if (!((l == a && r == b) || (l == b && r == a)))
    return fail(notProduct);
  if (mul.getFastmath() != arith::FastMathFlags::none)
    return fail("its product carries fast-math flags");
  return mc;
}

bool mdh_ll::chipHasMmaSync(StringRef chip) {
  unsigned sm = 0;
  return chip.consume_front("sm_") &&
         !chip.take_while(llvm::isDigit).getAsInteger(10, sm) && sm >= 80;
}

bool mdh_ll::chipHasMfma(StringRef chip) {
  return llvm::is_contained(
      ArrayRef<StringRef>{"gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"},
      chip);
}

MmaDims mdh_ll::mmaDims(MmaShape shape) {
  switch (shape) {
  case MmaShape::M16N8K16:
    return {16, 8, 16, 32};
  case MmaShape::M16N8K8:
    return {16, 8, 8, 32};
  case MmaShape::M16N16K16:
    return {16, 16, 16, 64};
  }
  llvm_unreachable("unknown mma shape");
}

bool mdh_ll::isMfma(MmaShape shape) { return shape == MmaShape::M16N16K16; }

std::optional<MmaShape> mdh_ll::mmaShapeFor(Type element, Attribute target) {
  if (isa<HIPTargetAttr>(target))
    return element.isF16() || element.isBF16()
               ? std::optional(MmaShape::M16N16K16)
               : std::nullopt;
  return element.isF32() ? MmaShape::M16N8K8 : MmaShape::M16N8K16;
}

int64_t mdh_ll::mmaAccumulators(const MmaContraction &mc, const Config &c) {
  MmaDims dims = mmaDims(*c.mma);
  return c.tiles[2][mc.m] / dims.m * (c.tiles[2][mc.n] / dims.n) * 4;
}

LogicalResult
mdh_ll::verifyMmaConfig(Operation *op, Attribute target, const Config &c,
                        function_ref<InFlightDiagnostic()> emitError) {
  bool ok = true;
  auto fail = [&]() -> std::optional<InFlightDiagnostic> {
    ok = false;
    if (!emitError)
      return std::nullopt;
    return emitError();
  };
  std::string prefix = ("mma " + stringifyMmaShape(*c.mma) + ": ").str();
  auto cuda = dyn_cast<CUDATargetAttr>(target);
  auto hip = dyn_cast<HIPTargetAttr>(target);
  if (isMfma(*c.mma) ? !hip || !chipHasMfma(hip.getChip())
                     : !cuda || !chipHasMmaSync(cuda.getChip())) {
    if (auto d = fail()) {
      *d << "mma " << stringifyMmaShape(*c.mma);
      if (isMfma(*c.mma))
        *d << " needs an AMD target of gfx90a, gfx94x or gfx950 (MFMA with "
              "f16/bf16 operands), not this target";
      else
        *d << " needs an NVIDIA target of sm_80 or later (mma.sync with "
              "f16/bf16 or tf32 operands), not this target";
    }
    return failure();
  }
  std::string why;
  FailureOr<MmaContraction> match = matchMmaContraction(op, &why);
  if (failed(match)) {
    if (auto d = fail())
      *d << "mma needs a contraction C[m][n] += A[m][k] * B[k][n] of f16 or "
            "bf16 inputs widened to f32, or of f32 inputs with "
            "precision(tf32), but "
         << why;
    return failure();
  }
  const MmaContraction &mc = *match;
  std::optional<MmaShape> wanted = mmaShapeFor(mc.element, target);
  if (*c.mma != wanted) {
    if (auto d = fail()) {
      *d << prefix << "the inputs hold " << mc.element << " elements, which ";
      if (wanted)
        *d << stringifyMmaShape(*wanted) << " multiplies, not "
           << stringifyMmaShape(*c.mma);
      else
        *d << "no matrix instruction of this target multiplies";
    }
    return failure();
  }
  const MmaDims dims = mmaDims(*wanted);
  const int64_t kMmaM = dims.m, kMmaN = dims.n, kMmaK = dims.k;
  auto sizes = cast<mdh::ComputationOpInterface>(op).getSizes();
  const char *names[3];
  names[mc.m] = "m";
  names[mc.n] = "n";
  names[mc.k] = "k";
  auto dimName = [&](unsigned d) {
    return (Twine("dimension ") + Twine(d) + " (" + names[d] + ")").str();
  };
  int64_t shape[3];
  shape[mc.m] = kMmaM;
  shape[mc.n] = kMmaN;
  shape[mc.k] = kMmaK;
  for (unsigned d = 0; d < 3; ++d)
    if (c.tiles[3][d] != shape[d])
      if (auto e = fail())
        *e << prefix << "the register tile of " << dimName(d) << " is "
           << c.tiles[3][d] << ", expected " << shape[d];
  for (unsigned d : {mc.m, mc.n}) {
    if (c.tiles[2][d] % shape[d] != 0)
      if (auto e = fail())
        *e << prefix << "the warp tile (threads level) of " << dimName(d)
           << " is " << c.tiles[2][d] << ", not a multiple of " << shape[d];
    if (c.tiles[1][d] != c.tiles[0][d]) {
      if (auto e = fail())
        *e << prefix << "the shared tile of " << dimName(d) << " is "
           << c.tiles[1][d] << ", not the block's tile " << c.tiles[0][d]
           << " (a block walks only k in shared tiles)";
    } else if (c.tiles[1][d] % c.tiles[2][d] != 0) {
      if (auto e = fail())
        *e << prefix << "the warp tiles of " << dimName(d) << " ("
           << c.tiles[2][d] << ") do not divide the shared tile "
           << c.tiles[1][d];
    }
  }
  if (c.tiles[0][mc.k] != sizes[mc.k])
    if (auto e = fail())
      *e << prefix << dimName(mc.k)
         << " is split over blocks; it must not be (tile " << c.tiles[0][mc.k]
         << ", extent " << sizes[mc.k] << ")";
  if (c.tiles[1][mc.k] % kMmaK != 0)
    if (auto e = fail())
      *e << prefix << "the shared tile of " << dimName(mc.k) << " is "
         << c.tiles[1][mc.k] << ", not a multiple of " << kMmaK;
  if (c.tiles[2][mc.k] != c.tiles[1][mc.k])
    if (auto e = fail())
      *e << prefix << dimName(mc.k)
         << " is split over warps; its threads-level tile must be the shared "
            "tile "
         << c.tiles[1][mc.k];
  for (unsigned l : {0u, 2u})
    if (c.assignmentKind[l] != AssignmentKind::Blocked)
      if (auto e = fail())
        *e << prefix << "level " << l << " must deal its tiles blocked";
  for (unsigned i : {mc.lhs, mc.rhs}) {
    if (c.inputRegions[i][1] != InputRegion::Shared)
      if (auto e = fail())
        *e << prefix << "input #" << i
           << " must be copied to shared memory on level 1 (the warps read "
              "their fragments from there)";
    if (c.inputRegions[i][3] != InputRegion::InPlace)
      if (auto e = fail())
        *e << prefix << "input #" << i
           << " has no register copy; its fragments are the registers";
  }
  if (!ok)
    return failure();
  mdh_ll::GPUFacts facts = cuda ? cuda.getFacts() : hip.getFacts();
  int64_t warps = 1;
  for (unsigned d : {mc.m, mc.n})
    warps *= c.tiles[1][d] / c.tiles[2][d];
  if (warps * dims.lanes > facts.maxThreadsPerBlock)
    if (auto e = fail())
      *e << prefix << warps << " warps are " << warps * dims.lanes
         << " threads per block, more than the limit of "
         << facts.maxThreadsPerBlock;
  int64_t acc = mmaAccumulators(mc, c);
  if (acc > facts.registersPerThread / 2)
    if (auto e = fail())
      *e << prefix << "a warp tile of " << c.tiles[2][mc.m] << "x"
         << c.tiles[2][mc.n] << " keeps " << acc
         << " accumulators per lane, more than the limit of "
         << facts.registersPerThread / 2;
  int64_t bytes = mmaSharedBytes(mc, c);
  if (bytes > facts.maxSharedMemoryPerBlock)
    if (auto e = fail()) {
      *e << prefix << "the shared tiles take " << bytes << " bytes per block";
      if (c.stages > 1)
        *e << " (" << c.stages << " stages of " << bytes / c.stages << ")";
      *e << ", more than the limit of " << facts.maxSharedMemoryPerBlock;
    }
  return success(ok);
}

int64_t mdh_ll::mmaSharedBytes(const MmaContraction &mc, const Config &c) {
  int64_t bytes = 0;
  for (unsigned i : {mc.lhs, mc.rhs}) {
    SmallVector<int64_t, 2> shape = mmaSharedTileShape(mc, c, i);
    bytes += shape[0] * shape[1] * (mc.element.getIntOrFloatBitWidth() / 8);
  }
  return bytes * c.stages;
}

int64_t mdh_ll::mmaPaddedInner(int64_t inner, int64_t elementBytes) {
  int64_t row = inner * elementBytes;
  return row % 32 == 0 ? inner + 16 / elementBytes : inner;
}

SmallVector<int64_t, 2> mdh_ll::mmaSharedTileShape(const MmaContraction &mc,
                                                   const Config &c,
                                                   unsigned input) {
  // The input's buffer holds (m, k) or (k, m) for A, (k, n) or (n, k) for B;
  // a transposing copy swaps them.
  bool lhs = input == mc.lhs;
  unsigned other = lhs ? mc.m : mc.n;
  bool kInner = lhs ? !mc.lhsTransposed : mc.rhsTransposed;
  if (c.inputLayouts[input][1] == Layout::Transposed)
    kInner = !kInner;
  int64_t k = c.tiles[1][mc.k], mn = c.tiles[1][other];
  int64_t bytes = mc.element.getIntOrFloatBitWidth() / 8;
  if (kInner)
    return {mn, mmaPaddedInner(k, bytes)};
  return {k, mmaPaddedInner(mn, bytes)};
}
