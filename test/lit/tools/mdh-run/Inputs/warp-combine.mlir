// Reductions whose block trees are combined by warp shuffles
// (lib/Conversion/LLToCL/GPUWarpCombine.cpp), with sizes that fill no warp
// evenly: a custom combiner of a tuple (the minimum and how often it
// occurs, an i32 and an i64: one and two 32-bit shuffles per value) per row
// and over the whole input, and builtin sums of f64 and i16 (a widened
// shuffle).

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

func.func @min_count_3001(%a: memref<3001xi32>, %rv: memref<i32>,
                          %rn: memref<i64>) {
  mdh.compute "min_count" sizes(3001) combine(pw(@min_count))
      ins(%a : memref<3001xi32> [affine_map<(k) -> (k)>])
      outs(%rv : memref<i32> [affine_map<(k) -> ()>],
           %rn : memref<i64> [affine_map<(k) -> ()>]) {
  ^bb0(%x: i32):
    // Few distinct values, so that the minimum occurs several times.
    %c7 = arith.constant 7 : i32
    %m = arith.remsi %x, %c7 : i32
    %one = arith.constant 1 : i64
    mdh.yield %m, %one : i32, i64
  }
  return
}

func.func @dot_f64_5000(%x: memref<5000xf64>, %y: memref<5000xf64>,
                        %r: memref<f64>) {
  mdh.compute "dot_f64" sizes(5000) combine(pw(add))
      ins(%x : memref<5000xf64> [affine_map<(k) -> (k)>],
          %y : memref<5000xf64> [affine_map<(k) -> (k)>])
      outs(%r : memref<f64> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f64, %b: f64):
    %p = arith.mulf %a, %b : f64
    mdh.yield %p : f64
  }
  return
}

func.func @sum_i16_4099(%x: memref<4099xi16>, %r: memref<i16>) {
  mdh.compute "sum_i16" sizes(4099) combine(pw(add))
      ins(%x : memref<4099xi16> [affine_map<(k) -> (k)>])
      outs(%r : memref<i16> [affine_map<(k) -> ()>]) {
  ^bb0(%a: i16):
    mdh.yield %a : i16
  }
  return
}

// With warp-combine.idle.cuda.json: blocks of 512 elements in one shared
// tile, 128 threads of 4; the last block holds 488, so its threads 122 to
// 127 are idle and their parts hold no value (a NaN there shows).
func.func @sum_f32_1000(%x: memref<1000xf32>, %r: memref<f32>) {
  mdh.compute "sum_f32" sizes(1000) combine(pw(add))
      ins(%x : memref<1000xf32> [affine_map<(k) -> (k)>])
      outs(%r : memref<f32> [affine_map<(k) -> ()>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
