// Reductions through custom combiners that apply lane by lane (every op of
// the body element-wise), on shapes the examples do not have: an argmin of
// f64 with i64 indices, an argmax over two reduced dimensions, row-wise
// argmaxes (one partial result per row of the register tile), and a
// (sum, count) pair.

mdh.combiner @argmin associative commutative (f64, i64) {
^bb0(%v0: f64, %i0: i64, %v1: f64, %i1: i64):
  %lt = arith.cmpf olt, %v1, %v0 : f64
  %eq = arith.cmpf oeq, %v1, %v0 : f64
  %first = arith.cmpi slt, %i1, %i0 : i64
  %tie = arith.andi %eq, %first : i1
  %pick = arith.ori %lt, %tie : i1
  %v = arith.select %pick, %v1, %v0 : f64
  %i = arith.select %pick, %i1, %i0 : i64
  mdh.yield %v, %i : f64, i64
}

mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %eq = arith.cmpf oeq, %v1, %v0 : f32
  %first = arith.cmpi slt, %i1, %i0 : i32
  %tie = arith.andi %eq, %first : i1
  %pick = arith.ori %gt, %tie : i1
  %v = arith.select %pick, %v1, %v0 : f32
  %i = arith.select %pick, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

mdh.combiner @add_pair associative commutative (f32, i32) {
^bb0(%s0: f32, %n0: i32, %s1: f32, %n1: i32):
  %s = arith.addf %s0, %s1 : f32
  %n = arith.addi %n0, %n1 : i32
  mdh.yield %s, %n : f32, i32
}

func.func @argmin_f64(%x: memref<997xf64>, %min: memref<f64>,
                      %arg: memref<i64>) {
  mdh.compute "argmin_f64" sizes(997) combine(pw(@argmin))
      ins(%x : memref<997xf64> [affine_map<(k) -> (k)>])
      outs(%min : memref<f64> [affine_map<(k) -> ()>],
           %arg : memref<i64> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f64):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i64
    mdh.yield %v, %ki : f64, i64
  }
  return
}

func.func @argmax_2d(%x: memref<41x53xf32>, %max: memref<f32>,
                     %arg: memref<i32>) {
  mdh.compute "argmax_2d" sizes(41, 53) combine(pw(@argmax), pw(@argmax))
      ins(%x : memref<41x53xf32> [affine_map<(k, l) -> (k, l)>])
      outs(%max : memref<f32> [affine_map<(k, l) -> ()>],
           %arg : memref<i32> [affine_map<(k, l) -> ()>]) {
  ^bb0(%v: f32):
    %k = mdh.index 0
    %l = mdh.index 1
    %c53 = arith.constant 53 : index
    %row = arith.muli %k, %c53 : index
    %flat = arith.addi %row, %l : index
    %fi = arith.index_cast %flat : index to i32
    mdh.yield %v, %fi : f32, i32
  }
  return
}

func.func @row_argmax(%x: memref<13x300xf32>, %max: memref<13xf32>,
                      %arg: memref<13xi32>) {
  mdh.compute "row_argmax" sizes(13, 300) combine(cc, pw(@argmax))
      ins(%x : memref<13x300xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%max : memref<13xf32> [affine_map<(i, k) -> (i)>],
           %arg : memref<13xi32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%v: f32):
    %k = mdh.index 1
    %ki = arith.index_cast %k : index to i32
    mdh.yield %v, %ki : f32, i32
  }
  return
}

func.func @sum_count(%x: memref<1031xf32>, %sum: memref<f32>,
                     %count: memref<i32>) {
  mdh.compute "sum_count" sizes(1031) combine(pw(@add_pair))
      ins(%x : memref<1031xf32> [affine_map<(k) -> (k)>])
      outs(%sum : memref<f32> [affine_map<(k) -> ()>],
           %count : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    %one = arith.constant 1 : i32
    mdh.yield %v, %one : f32, i32
  }
  return
}
