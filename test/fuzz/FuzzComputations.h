//===- FuzzComputations.h - What fuzzed configurations schedule -*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The HL-IR that the fuzzed configurations of fuzz-config and fuzz-specs are
// read for; the seed configurations (fuzz-config, MDH_FUZZ_WRITE_SEEDS) carry
// the computation keys of these ops.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_FUZZ_FUZZCOMPUTATIONS_H
#define MDH_TEST_FUZZ_FUZZCOMPUTATIONS_H

#include "FuzzSupport.h"

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <string>

namespace mlir::mdh::fuzz {

/// The computations the configurations schedule, from examples/small: every
/// kind of dimension (cc, pw with a builtin and a custom combiner, ps) and
/// an input with several accesses.
inline constexpr const char *kComputations = R"mlir(
func.func @matmul(%A: memref<5x7xf32>, %B: memref<7x11xf32>,
                  %C: memref<5x11xf32>) {
  mdh.compute "matmul" sizes(5, 11, 7) combine(cc, cc, pw(add))
      ins(%A : memref<5x7xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<7x11xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<5x11xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}
func.func @prefix_sum(%x: memref<127xf32>, %y: memref<127xf32>) {
  mdh.compute "prefix_sum" sizes(127) combine(ps(add))
      ins(%x : memref<127xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<127xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}
mdh.combiner @max_with_index associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %eq = arith.cmpf oeq, %v1, %v0 : f32
  %lt = arith.cmpi slt, %i1, %i0 : i32
  %tie = arith.andi %eq, %lt : i1
  %pick = arith.ori %gt, %tie : i1
  %v = arith.select %pick, %v1, %v0 : f32
  %i = arith.select %pick, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}
func.func @argmax(%x: memref<1009xf32>, %max: memref<f32>,
                  %arg: memref<i32>) {
  mdh.compute "argmax" sizes(1009) combine(pw(@max_with_index))
      ins(%x : memref<1009xf32> [affine_map<(k) -> (k)>])
      outs(%max : memref<f32> [affine_map<(k) -> ()>],
           %arg : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i32
    mdh.yield %v, %ki : f32, i32
  }
  return
}
func.func @jacobi1d(%x: memref<103xf32>, %y: memref<101xf32>) {
  mdh.compute "jacobi1d" sizes(101) combine(cc)
      ins(%x : memref<103xf32> [affine_map<(i) -> (i)>,
                                affine_map<(i) -> (i + 1)>,
                                affine_map<(i) -> (i + 2)>])
      outs(%y : memref<101xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%l: f32, %c: f32, %r: f32):
    %three = arith.constant 3.0 : f32
    %s0 = arith.addf %l, %c : f32
    %s1 = arith.addf %s0, %r : f32
    %v = arith.divf %s1, %three : f32
    mdh.yield %v : f32
  }
  return
}
)mlir";

/// The fixed module in the current context and its computations.
struct Computations {
  OwningOpRef<ModuleOp> module;
  SmallVector<ComputeOp> ops;
  SmallVector<std::string> keys;

  void load(MLIRContext &context) {
    module = parseSourceString<ModuleOp>(kComputations, &context);
    if (!module)
      fail("the fixed computations do not parse", kComputations);
    module->walk([&](ComputeOp op) {
      ops.push_back(op);
      keys.push_back(mdh_ll::computationKey(op));
    });
  }
  void reset() {
    ops.clear();
    keys.clear();
    module = nullptr;
  }
};

/// With MDH_FUZZ_WRITE_SEEDS=<dir> in the environment: writes seed
/// configurations of the fixed computations to <dir> as JSON files (the
/// heuristic's and search-space samples per target, and a set) and exits.
void writeSeedsIfAsked(MLIRContext &context);

} // namespace mlir::mdh::fuzz

#endif // MDH_TEST_FUZZ_FUZZCOMPUTATIONS_H
