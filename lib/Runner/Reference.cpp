//===- Reference.cpp - The f64 self-check of mdh-run ----------------------===//
//
// Part of the MDH-MLIR project.
//
// Recomputes outputs of an `mdh.compute` straight from docs/semantics.md
// (the combination of f over S(c) for each output point c), in f64 for
// floats and with exact wrap-around for integers, and compares them with
// what a compiled kernel wrote, using the documented tolerance.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/Reference.h"

#include "ReferenceMath.h"
#include "mdh/Runner/ScalarEvaluator.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <random>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::reference;

/// Whether `e` is a sum of multiples of dimensions and a constant (no mod,
/// floordiv or ceildiv).
static bool isLinear(AffineExpr e) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
  case AffineExprKind::DimId:
    return true;
  case AffineExprKind::Add:
  case AffineExprKind::Mul: {
    auto bin = cast<AffineBinaryOpExpr>(e);
    return isLinear(bin.getLHS()) && isLinear(bin.getRHS());
  }
  default:
    return false;
  }
}

namespace {
/// One input or output access: a buffer and an index map.
struct Access {
  HostBuffer *buffer;
  unsigned bufferIndex;
  AffineMap map;
  /// When every result of `map` is linear, the linear index of the element
  /// at point p is `base + sum_d coefficients[d] * p[d]` (computed once, so
  /// that evaluating the reference does not walk the map at every point).
  bool linear = false;
  int64_t base = 0;
  SmallVector<int64_t> coefficients;

  Access(HostBuffer *buffer, unsigned bufferIndex, AffineMap map)
      : buffer(buffer), bufferIndex(bufferIndex), map(map) {
    linear = llvm::all_of(map.getResults(), isLinear);
    if (!linear)
      return;
    // A linear function is its value at 0 plus its differences along the
    // unit vectors.
    SmallVector<int64_t> point(map.getNumDims(), 0);
    base = buffer->linearize(evalMap(map, point));
    for (unsigned d = 0; d < map.getNumDims(); ++d) {
      point[d] = 1;
      coefficients.push_back(buffer->linearize(evalMap(map, point)) - base);
      point[d] = 0;
    }
  }

  /// The linear index of the element accessed at `point`.
  int64_t index(ArrayRef<int64_t> point) const {
    if (!linear)
      return buffer->linearize(evalMap(map, point));
    int64_t result = base;
    for (auto [c, p] : llvm::zip_equal(coefficients, point))
      result += c * p;
    return result;
  }
};

class ReferenceChecker {
public:
  ReferenceChecker(ComputeOp op, ArrayRef<HostBuffer *> ins,
                   ArrayRef<HostBuffer *> outs, const CheckOptions &options)
      : op(op), outs(outs), options(options) {
    for (auto [i, buffer] : llvm::enumerate(ins))
      for (AffineMap map : op.getInputMaps(i))
        inputs.emplace_back(buffer, unsigned(i), map);
    for (auto [i, buffer] : llvm::enumerate(outs))
      for (AffineMap map : op.getOutputMaps(i))
        outputs.emplace_back(buffer, unsigned(i), map);
    sizes.assign(op.getSizes().begin(), op.getSizes().end());
    for (unsigned d = 0; d < sizes.size(); ++d) {
      if (!op.getCombiner(d).isPW())
        outerDims.push_back(d);
      if (op.getCombiner(d).isReduction())
        innerDims.push_back(d);
    }
    combiner = op.getReductionCombiner();
  }

  FailureOr<CheckResult> run();

private:
  void evaluateAt(ArrayRef<int64_t> point, SmallVectorImpl<Scalar> &value);
  void checkPoint(ArrayRef<int64_t> c);
  void combineInto(SmallVectorImpl<Scalar> &acc, ArrayRef<Scalar> value);

  ComputeOp op;
  ArrayRef<HostBuffer *> outs;
  const CheckOptions &options;
  SmallVector<Access> inputs, outputs;
  SmallVector<int64_t> sizes;
  SmallVector<unsigned> outerDims, innerDims;
  CombinerAttr combiner;
  std::optional<ScalarProgram> body, custom;
  std::vector<std::vector<bool>> written;
  CheckResult result;
  SmallVector<Scalar> args;
};
} // namespace

void ReferenceChecker::evaluateAt(ArrayRef<int64_t> point,
                                  SmallVectorImpl<Scalar> &value) {
  args.resize(inputs.size());
  const bool tf32 = op.getPrecision() == Precision::tf32;
  for (auto [k, access] : llvm::enumerate(inputs)) {
    int64_t index = access.index(point);
    if (access.buffer->isFloat()) {
      args[k].f = access.buffer->getFloat(index);
      args[k].m = std::fabs(args[k].f);
      args[k].e = 0;
      args[k].mayInf = args[k].mayNaN = false;
      if (tf32 && access.buffer->getElementType().isF32())
        boundTF32Input(args[k]);
    } else
      args[k].i = access.buffer->getInt(index);
  }
  body->run(args, point, value);
}

void ReferenceChecker::combineInto(SmallVectorImpl<Scalar> &acc,
                                   ArrayRef<Scalar> value) {
  if (custom) {
    SmallVector<Scalar> pair(acc.begin(), acc.end());
    pair.append(value.begin(), value.end());
    SmallVector<Scalar> out;
    custom->run(pair, {}, out);
    acc.assign(out.begin(), out.end());
    return;
  }
  for (auto [k, access] : llvm::enumerate(outputs)) {
    Type t = access.buffer->getElementType();
    acc[k] = combineBuiltin(*combiner.getOp(), acc[k], value[k],
                            isa<FloatType>(t), t.getIntOrFloatBitWidth());
  }
}

void ReferenceChecker::checkPoint(ArrayRef<int64_t> c) {
  SmallVector<int64_t> point(c);
  SmallVector<Scalar> acc, value;
  SmallVector<CombineBound> bounds;
  std::optional<ReductionOp> builtin =
      combiner && !custom ? combiner.getOp() : std::nullopt;
  for (const Access &access : outputs)
    bounds.emplace_back(builtin, access.buffer->getElementType(),
                        custom ? custom->getNumRoundingOps() : 0);
  int64_t summands = 0;
  auto accumulate = [&](ArrayRef<int64_t> p) {
    evaluateAt(p, value);
    for (auto [k, v] : llvm::enumerate(value))
      if (outputs[k].buffer->isFloat())
        bounds[k].add(v);
    if (summands++ == 0) {
      acc.assign(value.begin(), value.end());
      return;
    }
    combineInto(acc, value);
    if (custom)
      for (auto [k, v] : llvm::enumerate(acc))
        if (outputs[k].buffer->isFloat())
          bounds[k].partial(v);
  };

  forEachInReductionSet(op, point, innerDims, sizes, accumulate);

  ++result.checkedPoints;
  for (auto [k, access] : llvm::enumerate(outputs)) {
    SmallVector<int64_t> element = evalMap(access.map, point);
    int64_t index = access.buffer->linearize(element);
    if (!written.empty())
      written[access.bufferIndex][index] = true;
    ++result.checkedElements;
    HostBuffer &out = *access.buffer;
    std::string got, expected;
    bool ok;
    double tolerance = 0;
    if (out.isFloat()) {
      double g = out.getFloat(index), r = acc[k].f;
      FloatBound bound = bounds[k].finish(acc[k]);
      tolerance = bound.tolerance;
      ok = acceptFloat(g, r, bound);
      if (ok && tolerance > 0 && std::isfinite(g - r))
        result.worstRatio =
            std::max(result.worstRatio, std::fabs(g - r) / tolerance);
      got = llvm::formatv("{0:e9}", g).str();
      expected = llvm::formatv("{0:e9}", r).str();
    } else {
      unsigned width = out.getElementType().getIntOrFloatBitWidth();
      int64_t g = out.getInt(index), r = wrapInt(acc[k].i, width);
      ok = g == r;
      got = std::to_string(g);
      expected = std::to_string(r);
    }
    if (ok)
      continue;
    if (result.mismatches++ == 0) {
      llvm::raw_string_ostream os(result.firstMismatch);
      os << "output #" << access.bufferIndex << " element " << tuple(element)
         << " at iteration point " << tuple(c) << ": got " << got
         << ", expected " << expected;
      if (out.isFloat())
        os << " (tolerance " << llvm::formatv("{0:e3}", tolerance) << ")";
    }
    result.passed = false;
  }
}

/// Whether a check with `options` looks at every output point: when asked
/// to, when there are no more points than samples, or, in auto mode, when
/// that costs at most the full-check budget.
static bool checksEveryPoint(const CheckOptions &options, double cost,
                             double outerVolume) {
  return options.mode == CheckOptions::Mode::Full ||
         outerVolume <= options.samples ||
         (options.mode == CheckOptions::Mode::Auto &&
          cost <= options.fullCheckBudget);
}

FailureOr<CheckResult> ReferenceChecker::run() {
  FailureOr<ScalarProgram> program =
      ScalarProgram::compile(op.getBody().front());
  if (failed(program))
    return failure();
  body = std::move(*program);
  if (combiner && combiner.getCustom()) {
    auto def = SymbolTable::lookupNearestSymbolFrom<CombinerOp>(
        op, combiner.getCustom());
    FailureOr<ScalarProgram> c = ScalarProgram::compile(def.getBody().front());
    if (failed(c))
      return failure();
    custom = std::move(*c);
  }

  double outerVolume;
  double cost = checkCost(op, outerVolume);
  bool full = checksEveryPoint(options, cost, outerVolume);
  result.full = full;
  if (failed(refuseCostlyCheck(op, full, options.samples, cost, outerVolume,
                               options.maxEvaluations)))
    return failure();

  SmallVector<int64_t> c(sizes.size(), 0);
  if (full) {
    for (HostBuffer *out : outs)
      written.emplace_back(out->getNumElements(), false);
    while (true) {
      checkPoint(c);
      int k = outerDims.size() - 1;
      for (; k >= 0; --k) {
        if (++c[outerDims[k]] < sizes[outerDims[k]])
          break;
        c[outerDims[k]] = 0;
      }
      if (k < 0)
        break;
    }
    // Elements that no output map writes must keep the sentinel.
    for (auto [i, out] : llvm::enumerate(outs)) {
      for (int64_t e = 0, n = out->getNumElements(); e < n; ++e) {
        if (written[i][e] || out->isSentinel(e))
          continue;
        if (result.mismatches++ == 0)
          result.firstMismatch = "output #" + std::to_string(i) +
                                 " element at linear index " +
                                 std::to_string(e) +
                                 " is written, but no iteration point maps "
                                 "to it";
        result.passed = false;
      }
    }
    return result;
  }

  std::mt19937_64 rng(options.seed);
  for (int64_t s = 0; s < options.samples; ++s) {
    for (unsigned d : outerDims)
      c[d] = std::uniform_int_distribution<int64_t>(0, sizes[d] - 1)(rng);
    checkPoint(c);
  }
  return result;
}

LogicalResult mlir::mdh::verifyCheckCost(ComputeOp op,
                                         const CheckOptions &options) {
  double outerVolume;
  double cost = checkCost(op, outerVolume);
  return refuseCostlyCheck(op, checksEveryPoint(options, cost, outerVolume),
                           options.samples, cost, outerVolume,
                           options.maxEvaluations);
}

FailureOr<CheckResult>
mlir::mdh::checkAgainstReference(ComputeOp op, ArrayRef<HostBuffer *> ins,
                                 ArrayRef<HostBuffer *> outs,
                                 const CheckOptions &options) {
  return ReferenceChecker(op, ins, outs, options).run();
}

double mlir::mdh::countFlops(ComputeOp op) {
  double points = 1;
  for (int64_t n : op.getSizes())
    points *= n;
  FailureOr<ScalarProgram> program =
      ScalarProgram::compile(op.getBody().front());
  double perPoint = succeeded(program) ? program->getNumFloatOps() : 0;
  if (op.getReductionCombiner())
    for (Type t : op.getYieldedTypes())
      perPoint += isa<FloatType>(t) ? 1 : 0;
  return perPoint * points;
}
