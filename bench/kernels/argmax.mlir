// Row-wise argmax beyond the examples (bench/README.md, "Kernels beyond the
// examples"): the class of each of 3000 rows of 1000 logits (an ImageNet
// classifier's output), the largest value of each row and its first column.

// The combiner of examples/argmax.mlir: among numbers the larger value wins
// (-0.0 and +0.0 count as equal); a NaN beats every number; ties (equal
// values, or two NaNs) pick the smaller index. The maximum of a total order
// on candidates with distinct indices: associative and commutative.
mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %true = arith.constant true
  %nan0 = arith.cmpf uno, %v0, %v0 : f32
  %nan1 = arith.cmpf uno, %v1, %v1 : f32
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %eq = arith.cmpf oeq, %v1, %v0 : f32
  %lt = arith.cmpi slt, %i1, %i0 : i32
  %tie = arith.andi %eq, %lt : i1
  %better = arith.ori %gt, %tie : i1
  %num0 = arith.xori %nan0, %true : i1
  %newnan = arith.andi %nan1, %num0 : i1
  %bothnan = arith.andi %nan0, %nan1 : i1
  %nantie = arith.andi %bothnan, %lt : i1
  %p0 = arith.ori %better, %newnan : i1
  %pick = arith.ori %p0, %nantie : i1
  %v = arith.select %pick, %v1, %v0 : f32
  %i = arith.select %pick, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

// max[i] = max_k x[i, k], arg[i] = its first k.
func.func @row_argmax_3000x1000(%x: memref<3000x1000xf32>,
                                %max: memref<3000xf32>,
                                %arg: memref<3000xi32>) {
  mdh.compute "row_argmax" sizes(3000, 1000) combine(cc, pw(@argmax))
      ins(%x : memref<3000x1000xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%max : memref<3000xf32> [affine_map<(i, k) -> (i)>],
           %arg : memref<3000xi32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%v: f32):
    %k = mdh.index 1
    %ki = arith.index_cast %k : index to i32
    mdh.yield %v, %ki : f32, i32
  }
  return
}
