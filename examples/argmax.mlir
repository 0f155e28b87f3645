// Argmax of an f32 vector via a custom combiner: (max_k x[k], its first k).

// Combines two (value, index) candidates; the result is one of them. Among
// numbers the larger value wins (-0.0 and +0.0 count as equal); a NaN beats
// every number, so the result is the first NaN when there is one (like
// arith.maximumf, NaN propagates). Ties (equal values, or two NaNs) pick the
// smaller index. This selects the maximum of a total order on candidates with
// distinct indices, so the combiner is truly associative and commutative.
mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %true = arith.constant true
  %nan0 = arith.cmpf uno, %v0, %v0 : f32
  %nan1 = arith.cmpf uno, %v1, %v1 : f32
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %eq = arith.cmpf oeq, %v1, %v0 : f32
  %lt = arith.cmpi slt, %i1, %i0 : i32
  // Both numbers: larger value, or equal value and smaller index.
  %tie = arith.andi %eq, %lt : i1
  %better = arith.ori %gt, %tie : i1
  // Only the right one is a NaN.
  %num0 = arith.xori %nan0, %true : i1
  %newnan = arith.andi %nan1, %num0 : i1
  // Both NaNs: smaller index.
  %bothnan = arith.andi %nan0, %nan1 : i1
  %nantie = arith.andi %bothnan, %lt : i1
  %p0 = arith.ori %better, %newnan : i1
  %pick = arith.ori %p0, %nantie : i1
  %v = arith.select %pick, %v1, %v0 : f32
  %i = arith.select %pick, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

func.func @argmax_16777216(%x: memref<16777216xf32>, %max: memref<f32>,
                           %arg: memref<i32>) {
  mdh.compute "argmax" sizes(16777216) combine(pw(@argmax))
      ins(%x : memref<16777216xf32> [affine_map<(k) -> (k)>])
      outs(%max : memref<f32> [affine_map<(k) -> ()>],
           %arg : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i32
    mdh.yield %v, %ki : f32, i32
  }
  return
}
