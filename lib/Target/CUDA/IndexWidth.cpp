//===- IndexWidth.cpp - Whether a kernel's index values fit 32 bits -------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// 64-bit index arithmetic costs a GPU two instructions per add and compare
// (IADD3 + IADD3.X, ISETP + ISETP.EX), a multiply several, and registers in
// pairs. The CUDA and HIP emitters print `index` as `int32_t` in a kernel
// when this analysis proves that nothing changes: every index value of the
// kernel stays in the signed 32-bit range (so that + - * agree, being the
// same modulo 2^32, and signed comparisons agree), the operands of
// unsigned operations (divui, remui, cmpi ult, minui, ...) are non-negative
// (so that their 32- and 64-bit unsigned readings agree), and every element
// offset into a buffer fits (buffers of fewer than 2^31 elements; offsets
// of in-bounds accesses are below that).
//
// The ranges come from interval arithmetic in program order: constants,
// the bounds of the kernel's loops (blocks and threads included), and the
// arith ops on index values. Interval arithmetic forgets relations (i - lo
// with i in [lo, hi) gets [-hi, hi]), which only makes it answer false more
// often, never wrongly.
//
//===----------------------------------------------------------------------===//

#include "IndexWidth.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mdh;

namespace {
/// A closed interval of int64 values.
struct Interval {
  int64_t lo, hi;
};

constexpr int64_t kMin32 = INT32_MIN, kMax32 = INT32_MAX;

class Analysis {
public:
  bool run(mdh_cl::PhaseOp phase);

private:
  /// The range of `v`, or none when it is not bounded.
  std::optional<Interval> rangeOf(Value v);
  /// The range of `a - b`, from their definitions where they share terms:
  /// `min(x + c, n) - x` is `min(c, n - x)`, which the ranges of the
  /// operands alone would widen to `[n - c - max x, ...]` (the slow tiles'
  /// extents `min(k + t, K) - k`).
  std::optional<Interval> difference(Value a, Value b, unsigned depth = 0);
  /// Visits `op`: records the ranges of its index results; false when one
  /// cannot be bounded within 32 bits.
  bool visit(Operation *op);
  bool record(Value v, std::optional<Interval> r);

  DenseMap<Value, Interval> ranges;
};
} // namespace

static std::optional<Interval> add(Interval a, Interval b) {
  Interval r;
  if (llvm::AddOverflow(a.lo, b.lo, r.lo) ||
      llvm::AddOverflow(a.hi, b.hi, r.hi))
    return std::nullopt;
  return r;
}

static std::optional<Interval> sub(Interval a, Interval b) {
  Interval r;
  if (llvm::SubOverflow(a.lo, b.hi, r.lo) ||
      llvm::SubOverflow(a.hi, b.lo, r.hi))
    return std::nullopt;
  return r;
}

static std::optional<Interval> mul(Interval a, Interval b) {
  int64_t p[4];
  if (llvm::MulOverflow(a.lo, b.lo, p[0]) ||
      llvm::MulOverflow(a.lo, b.hi, p[1]) ||
      llvm::MulOverflow(a.hi, b.lo, p[2]) ||
      llvm::MulOverflow(a.hi, b.hi, p[3]))
    return std::nullopt;
  return Interval{*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}

static bool nonNegative(Interval r) { return r.lo >= 0; }

std::optional<Interval> Analysis::rangeOf(Value v) {
  auto it = ranges.find(v);
  if (it != ranges.end())
    return it->second;
  // Constants may be defined outside the kernel (the emitter prints them
  // where they are used).
  APInt value;
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto attr = dyn_cast<IntegerAttr>(c.getValue()))
      if (attr.getType().isIndex()) {
        int64_t x = attr.getValue().getSExtValue();
        return Interval{x, x};
      }
  return std::nullopt;
}

/// `v` as `x + c` with a constant `c`, looking through `+ c`, `- c` and
/// `* 1`.
static std::pair<Value, int64_t> splitConstant(Value v) {
  int64_t c = 0;
  for (unsigned depth = 0; depth < 8; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def || !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(def))
      break;
    std::optional<int64_t> lhs = getConstantIntValue(def->getOperand(0)),
                           rhs = getConstantIntValue(def->getOperand(1));
    if (isa<arith::MulIOp>(def)) {
      if (rhs == 1)
        v = def->getOperand(0);
      else if (lhs == 1)
        v = def->getOperand(1);
      else
        break;
    } else if (rhs) {
      c += isa<arith::AddIOp>(def) ? *rhs : -*rhs;
      v = def->getOperand(0);
    } else if (lhs && isa<arith::AddIOp>(def)) {
      c += *lhs;
      v = def->getOperand(1);
    } else {
      break;
    }
  }
  return {v, c};
}

std::optional<Interval> Analysis::difference(Value a, Value b, unsigned depth) {
  auto shifted = [](std::optional<Interval> r,
                    int64_t c) -> std::optional<Interval> {
    if (!r)
      return std::nullopt;
    return add(*r, Interval{c, c});
  };
  auto [x, cx] = splitConstant(a);
  auto [y, cy] = splitConstant(b);
  int64_t c = cx - cy;
  if (x == y)
    return Interval{c, c};
  // i - lo for the induction variable i of a loop from lo + c to hi: in
  // [c, (hi - lo) - 1].
  if (auto arg = dyn_cast<BlockArgument>(x); arg && depth < 4)
    if (auto loop = dyn_cast<mdh_cl::ForOp>(arg.getOwner()->getParentOp()))
      if (arg == loop.getInductionVar()) {
        auto [base, first] = splitConstant(loop.getLowerBound());
        if (base == y)
          if (std::optional<Interval> span =
                  difference(loop.getUpperBound(), y, depth + 1))
            return shifted(Interval{first, std::max(first, span->hi - 1)}, c);
      }
  Operation *def = x.getDefiningOp();
  if (depth < 4 && def) {
    // (y + z) - y is z.
    if (isa<arith::AddIOp>(def))
      for (unsigned k = 0; k < 2; ++k) {
        if (splitConstant(def->getOperand(k)).first != y)
          continue;
        std::optional<Interval> d = difference(def->getOperand(k), y,
                                               depth + 1),
                                z = rangeOf(def->getOperand(1 - k));
        if (!d || !z)
          break;
        return shifted(add(*d, *z), c);
      }
    // min(p, q) - y is min(p - y, q - y); the unsigned minimum's operands
    // are non-negative (checked where it is visited).
    if (isa<arith::MinUIOp, arith::MinSIOp>(def)) {
      std::optional<Interval> p = difference(def->getOperand(0), y, depth + 1),
                              q = difference(def->getOperand(1), y, depth + 1);
      if (p && q)
        return shifted(Interval{std::min(p->lo, q->lo), std::min(p->hi, q->hi)},
                       c);
    }
  }
  std::optional<Interval> rx = rangeOf(a), ry = rangeOf(b);
  if (!rx || !ry)
    return std::nullopt;
  return sub(*rx, *ry);
}

bool Analysis::record(Value v, std::optional<Interval> r) {
  if (!r || r->lo < kMin32 || r->hi > kMax32)
    return false;
  ranges[v] = *r;
  return true;
}

bool Analysis::visit(Operation *op) {
  // Buffers: every element offset must fit.
  for (Value operand : op->getOperands())
    if (auto type = dyn_cast<MemRefType>(operand.getType()))
      if (!type.hasStaticShape() || type.getNumElements() > kMax32)
        return false;
  // Loops: the induction variable lies in [lb, max(lb, ub - 1)].
  auto loopRange = [&](Value iv, Value lb, Value ub) {
    std::optional<Interval> l = rangeOf(lb), u = rangeOf(ub);
    if (!l || !u)
      return false;
    return record(iv, Interval{l->lo, std::max(l->hi, u->hi - 1)});
  };
  if (auto loop = dyn_cast<mdh_cl::ForOp>(op))
    return loopRange(loop.getInductionVar(), loop.getLowerBound(),
                     loop.getUpperBound()) &&
           rangeOf(loop.getStep()).has_value();
  if (auto loop = dyn_cast<mdh_cl::ParForOp>(op))
    return loopRange(loop.getInductionVar(), loop.getLowerBound(),
                     loop.getUpperBound()) &&
           rangeOf(loop.getStep()).has_value();

  // Operands of index type must be known (and, for unsigned operations,
  // non-negative); then the results.
  SmallVector<Interval> in;
  for (Value operand : op->getOperands()) {
    if (!operand.getType().isIndex())
      continue;
    std::optional<Interval> r = rangeOf(operand);
    if (!r)
      return false;
    in.push_back(*r);
  }
  bool isUnsigned =
      isa<arith::DivUIOp, arith::RemUIOp, arith::MinUIOp, arith::MaxUIOp,
          arith::ShRUIOp, arith::CeilDivUIOp, arith::IndexCastUIOp>(op);
  if (auto cmp = dyn_cast<arith::CmpIOp>(op))
    isUnsigned = llvm::is_contained(
        {arith::CmpIPredicate::ult, arith::CmpIPredicate::ule,
         arith::CmpIPredicate::ugt, arith::CmpIPredicate::uge},
        cmp.getPredicate());
  if (isUnsigned && !llvm::all_of(in, nonNegative))
    return false;

  SmallVector<Value> indexResults;
  for (Value result : op->getResults())
    if (result.getType().isIndex())
      indexResults.push_back(result);
  if (indexResults.empty())
    return true;
  if (indexResults.size() != 1 || op->getNumRegions() != 0)
    return false;
  Value result = indexResults.front();
  auto both = [&](auto f) -> std::optional<Interval> {
    if (in.size() != 2)
      return std::nullopt;
    return f(in[0], in[1]);
  };
  std::optional<Interval> r;
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    r = rangeOf(c);
  } else if (isa<arith::AddIOp>(op)) {
    r = both(add);
  } else if (isa<arith::SubIOp>(op)) {
    r = difference(op->getOperand(0), op->getOperand(1));
  } else if (isa<arith::MulIOp>(op)) {
    r = both(mul);
  } else if (isa<arith::DivUIOp, arith::CeilDivUIOp>(op)) {
    // Non-negative operands; a zero divisor is undefined anyway.
    r = both([&](Interval a, Interval b) -> std::optional<Interval> {
      int64_t d = std::max<int64_t>(b.lo, 1);
      int64_t q = a.hi / d + (isa<arith::CeilDivUIOp>(op) && a.hi % d != 0);
      return Interval{0, q};
    });
  } else if (isa<arith::RemUIOp>(op)) {
    r = both([](Interval a, Interval b) -> std::optional<Interval> {
      return Interval{0, std::min(a.hi, std::max<int64_t>(b.hi - 1, 0))};
    });
  } else if (isa<arith::MinUIOp, arith::MinSIOp>(op)) {
    r = both([](Interval a, Interval b) -> std::optional<Interval> {
      return Interval{std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
    });
  } else if (isa<arith::MaxUIOp, arith::MaxSIOp>(op)) {
    r = both([](Interval a, Interval b) -> std::optional<Interval> {
      return Interval{std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
    });
  } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
    std::optional<Interval> a = rangeOf(select.getTrueValue()),
                            b = rangeOf(select.getFalseValue());
    if (a && b)
      r = Interval{std::min(a->lo, b->lo), std::max(a->hi, b->hi)};
  }
  return record(result, r);
}

bool Analysis::run(mdh_cl::PhaseOp phase) {
  WalkResult result =
      phase.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        return visit(op) ? WalkResult::advance() : WalkResult::interrupt();
      });
  return !result.wasInterrupted();
}

bool cemit::indicesFitInt32(mdh_cl::PhaseOp phase) {
  return Analysis().run(phase);
}
