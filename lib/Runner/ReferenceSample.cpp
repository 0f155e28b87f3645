//===- ReferenceSample.cpp - The f64 reference, computed once -------------===//
//
// Part of the MDH-MLIR project.
//
// The same definition as Reference.cpp (the combination of f over S(c) for
// each output point c, in f64 with an error bound for the tolerance,
// integers wrapping at their width), evaluated once and stored.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/ReferenceSample.h"
#include "mdh/Runner/ScalarEvaluator.h"

#include "ReferenceMath.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <random>

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::reference;

/// More stored values than this are not kept: the reference samples.
static constexpr int64_t kMaxStoredElements = int64_t(1) << 20;

static int64_t elementIndex(HostBuffer *buffer, AffineMap map,
                            ArrayRef<int64_t> p) {
  return buffer->linearize(evalMap(map, p));
}

FailureOr<ReferenceSample>
ReferenceSample::compute(ComputeOp op, ArrayRef<HostBuffer *> ins,
                         ArrayRef<HostBuffer *> outs,
                         const CheckOptions &options) {
  FailureOr<ScalarProgram> body = ScalarProgram::compile(op.getBody().front());
  if (failed(body))
    return failure();
  CombinerAttr combiner = op.getReductionCombiner();
  std::optional<ScalarProgram> custom;
  if (combiner && combiner.getCustom()) {
    auto def = SymbolTable::lookupNearestSymbolFrom<CombinerOp>(
        op, combiner.getCustom());
    FailureOr<ScalarProgram> c = ScalarProgram::compile(def.getBody().front());
    if (failed(c))
      return failure();
    custom = std::move(*c);
  }
  std::optional<ReductionOp> builtin =
      combiner && !custom ? combiner.getOp() : std::nullopt;

  struct Access {
    HostBuffer *buffer;
    unsigned index;
    AffineMap map;
  };
  SmallVector<Access> inputs, outputs;
  for (auto [i, buffer] : llvm::enumerate(ins))
    for (AffineMap map : op.getInputMaps(i))
      inputs.push_back({buffer, unsigned(i), map});
  for (auto [i, buffer] : llvm::enumerate(outs))
    for (AffineMap map : op.getOutputMaps(i))
      outputs.push_back({buffer, unsigned(i), map});
  SmallVector<int64_t> sizes(op.getSizes());
  SmallVector<unsigned> outerDims, innerDims;
  for (unsigned d = 0; d < sizes.size(); ++d) {
    if (!op.getCombiner(d).isPW())
      outerDims.push_back(d);
    if (op.getCombiner(d).isReduction())
      innerDims.push_back(d);
  }

  ReferenceSample sample;
  sample.rank = sizes.size();
  double outerVolume;
  double cost = checkCost(op, outerVolume);
  double stored = outerVolume * outputs.size();
  sample.full =
      outerVolume <= options.samples ||
      (options.mode != CheckOptions::Mode::Sampled &&
       cost <= options.fullCheckBudget && stored <= kMaxStoredElements);
  if (failed(refuseCostlyCheck(op, sample.full, options.samples, cost,
                               outerVolume, options.maxEvaluations)))
    return failure();

  SmallVector<Scalar> args(inputs.size()), value, acc;
  const bool tf32 = op.getPrecision() == Precision::tf32;
  auto evaluate = [&](ArrayRef<int64_t> p) {
    for (auto [k, access] : llvm::enumerate(inputs)) {
      int64_t e = elementIndex(access.buffer, access.map, p);
      if (access.buffer->isFloat()) {
        args[k].f = access.buffer->getFloat(e);
        args[k].m = std::fabs(args[k].f);
        args[k].e = 0;
        args[k].mayInf = args[k].mayNaN = false;
        if (tf32 && access.buffer->getElementType().isF32())
          boundTF32Input(args[k]);
      } else {
        args[k].i = access.buffer->getInt(e);
      }
    }
    body->run(args, p, value);
  };

  auto addPoint = [&](ArrayRef<int64_t> c) {
    int64_t summands = 0;
    SmallVector<CombineBound> bounds;
    for (const Access &access : outputs)
      bounds.emplace_back(builtin, access.buffer->getElementType(),
                          custom ? custom->getNumRoundingOps() : 0);
    auto accumulate = [&](ArrayRef<int64_t> p) {
      evaluate(p);
      for (auto [k, v] : llvm::enumerate(value))
        if (outputs[k].buffer->isFloat())
          bounds[k].add(v);
      if (summands++ == 0) {
        acc.assign(value.begin(), value.end());
      } else if (custom) {
        SmallVector<Scalar> pair(acc.begin(), acc.end());
        pair.append(value.begin(), value.end());
        custom->run(pair, {}, acc);
        for (auto [k, v] : llvm::enumerate(acc))
          if (outputs[k].buffer->isFloat())
            bounds[k].partial(v);
      } else {
        for (auto [k, access] : llvm::enumerate(outputs)) {
          Type t = access.buffer->getElementType();
          acc[k] = combineBuiltin(*builtin, acc[k], value[k], isa<FloatType>(t),
                                  t.getIntOrFloatBitWidth());
        }
      }
    };
    forEachInReductionSet(op, c, innerDims, sizes, accumulate);
    size_t point = sample.points.size() / std::max(sample.rank, 1u);
    sample.points.insert(sample.points.end(), c.begin(), c.end());
    for (auto [k, access] : llvm::enumerate(outputs)) {
      Value v;
      v.output = access.index;
      v.element = elementIndex(access.buffer, access.map, c);
      v.point = point;
      v.f = acc[k].f;
      v.i = acc[k].i;
      v.tolerance = 0;
      if (access.buffer->isFloat()) {
        FloatBound bound = bounds[k].finish(acc[k]);
        v.tolerance = bound.tolerance;
        v.mayInf = bound.mayInf;
        v.mayNaN = bound.mayNaN;
        v.signedZero = bound.signedZero;
      } else {
        v.i = wrapInt(acc[k].i,
                      access.buffer->getElementType().getIntOrFloatBitWidth());
      }
      sample.expected.push_back(v);
    }
  };

  SmallVector<int64_t> c(sizes.size(), 0);
  if (sample.full) {
    while (true) {
      addPoint(c);
      int k = outerDims.size() - 1;
      for (; k >= 0; --k) {
        if (++c[outerDims[k]] < sizes[outerDims[k]])
          break;
        c[outerDims[k]] = 0;
      }
      if (k < 0)
        break;
    }
    return sample;
  }
  std::mt19937_64 rng(options.seed);
  for (int64_t s = 0; s < options.samples; ++s) {
    for (unsigned d : outerDims)
      c[d] = std::uniform_int_distribution<int64_t>(0, sizes[d] - 1)(rng);
    addPoint(c);
  }
  return sample;
}

CheckResult ReferenceSample::check(ArrayRef<HostBuffer *> outs) const {
  CheckResult result;
  result.full = full;
  result.checkedPoints = points.size() / std::max(rank, 1u);
  std::vector<std::vector<bool>> written;
  if (full)
    for (HostBuffer *out : outs)
      written.emplace_back(out->getNumElements(), false);
  for (const Value &v : expected) {
    HostBuffer &out = *outs[v.output];
    if (full)
      written[v.output][v.element] = true;
    ++result.checkedElements;
    bool ok;
    std::string got, want;
    if (out.isFloat()) {
      double g = out.getFloat(v.element), r = v.f;
      ok = acceptFloat(g, r, {v.tolerance, v.mayInf, v.mayNaN, v.signedZero});
      if (ok && v.tolerance > 0 && std::isfinite(g - r))
        result.worstRatio =
            std::max(result.worstRatio, std::fabs(g - r) / v.tolerance);
      got = llvm::formatv("{0:e9}", g).str();
      want = llvm::formatv("{0:e9}", r).str();
    } else {
      int64_t g = out.getInt(v.element);
      ok = g == v.i;
      got = std::to_string(g);
      want = std::to_string(v.i);
    }
    if (ok)
      continue;
    if (result.mismatches++ == 0) {
      ArrayRef<int64_t> point(points.data() + v.point * rank, rank);
      llvm::raw_string_ostream os(result.firstMismatch);
      os << "output #" << v.output << " element at linear index " << v.element
         << " at iteration point " << tuple(point) << ": got " << got
         << ", expected " << want;
      if (out.isFloat())
        os << " (tolerance " << llvm::formatv("{0:e3}", v.tolerance) << ")";
    }
    result.passed = false;
  }
  // Elements that no output map writes must keep the sentinel.
  for (auto [i, w] : llvm::enumerate(written)) {
    for (int64_t e = 0, n = w.size(); e < n; ++e) {
      if (w[e] || outs[i]->isSentinel(e))
        continue;
      if (result.mismatches++ == 0)
        result.firstMismatch = "output #" + std::to_string(i) +
                               " element at linear index " + std::to_string(e) +
                               " is written, but no iteration point maps to it";
      result.passed = false;
    }
  }
  return result;
}
