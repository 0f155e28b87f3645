// Scans long enough to be scanned in blocks (lib/Conversion/LLToCL/GPUScan.cpp:
// tiles of T x E elements, warp shuffles up, warp totals in shared memory),
// with sizes that fill no tile, warp or thread evenly: one tile (n = 128),
// several (1000, 4099), next to cc dimensions (the scan first or last), and
// a tuple-valued custom combiner (the minimum and how often it occurs so
// far: an i32 and an i64) and an i16 sum.

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

func.func @scan_128(%x: memref<128xf32>, %y: memref<128xf32>) {
  mdh.compute "scan_128" sizes(128) combine(ps(add))
      ins(%x : memref<128xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<128xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

func.func @scan_f64_4099(%x: memref<4099xf64>, %y: memref<4099xf64>) {
  mdh.compute "scan_f64_4099" sizes(4099) combine(ps(add))
      ins(%x : memref<4099xf64> [affine_map<(i) -> (i)>])
      outs(%y : memref<4099xf64> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f64):
    mdh.yield %v : f64
  }
  return
}

func.func @scan_rows_3x1000(%x: memref<3x1000xi16>, %y: memref<3x1000xi16>) {
  mdh.compute "scan_rows" sizes(3, 1000) combine(cc, ps(add))
      ins(%x : memref<3x1000xi16> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<3x1000xi16> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%v: i16):
    mdh.yield %v : i16
  }
  return
}

func.func @min_count_scan_700x5(%x: memref<700x5xi32>, %v: memref<700x5xi32>,
                                %n: memref<700x5xi64>) {
  mdh.compute "min_count_scan" sizes(700, 5) combine(ps(@min_count), cc)
      ins(%x : memref<700x5xi32> [affine_map<(i, j) -> (i, j)>])
      outs(%v : memref<700x5xi32> [affine_map<(i, j) -> (i, j)>],
           %n : memref<700x5xi64> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%a: i32):
    %c7 = arith.constant 7 : i32
    %m = arith.remsi %a, %c7 : i32
    %one = arith.constant 1 : i64
    mdh.yield %m, %one : i32, i64
  }
  return
}
