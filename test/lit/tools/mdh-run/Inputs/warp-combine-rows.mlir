// A row-wise reduction with the custom combiner of warp-combine.mlir, for
// configurations whose blocks hold 2 or 4 rows (warp-combine-rows.*.json):
// the warp tree then combines several positions at once, loops over more
// items than threads, and (with 4 rows) meets rows past the end.

mdh.combiner @min_count associative commutative (i32, i64) {
^bb0(%v0: i32, %n0: i64, %v1: i32, %n1: i64):
  %lt = arith.cmpi slt, %v0, %v1 : i32
  %gt = arith.cmpi sgt, %v0, %v1 : i32
  %sum = arith.addi %n0, %n1 : i64
  %v = arith.minsi %v0, %v1 : i32
  %n2 = arith.select %gt, %n1, %sum : i64
  %n = arith.select %lt, %n0, %n2 : i64
  mdh.yield %v, %n : i32, i64
}

func.func @min_count_rows_6x1000(%a: memref<6x1000xi32>, %rv: memref<6xi32>,
                                 %rn: memref<6xi64>) {
  mdh.compute "min_count_rows" sizes(6, 1000) combine(cc, pw(@min_count))
      ins(%a : memref<6x1000xi32> [affine_map<(i, k) -> (i, k)>])
      outs(%rv : memref<6xi32> [affine_map<(i, k) -> (i)>],
           %rn : memref<6xi64> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%x: i32):
    %c5 = arith.constant 5 : i32
    %m = arith.remsi %x, %c5 : i32
    %one = arith.constant 1 : i64
    mdh.yield %m, %one : i32, i64
  }
  return
}
