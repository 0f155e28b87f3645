// Scans on the host (lib/Conversion/LLToCL/LLToCL.cpp, buildScanPhase):
// chunks scanned as interleaved chains, the chunks' last elements, then the
// rest of each chunk. Sizes that split into no whole number of chunks or
// chain groups: one long dimension (5003: the last chunk is short), a
// scan down 3 columns (18 chains: the last group of 8 is short), many rows
// (no chunks, a chain per row), a running sum of row sums (a pw dimension
// next to the ps one), a reversed output view, and an i64 running max.

func.func @scan_5003(%x: memref<5003xf32>, %y: memref<5003xf32>) {
  mdh.compute "scan_5003" sizes(5003) combine(ps(add))
      ins(%x : memref<5003xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<5003xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

func.func @max_down_2000x3(%x: memref<2000x3xi64>, %y: memref<2000x3xi64>) {
  mdh.compute "max_down" sizes(2000, 3) combine(ps(maxsi), cc)
      ins(%x : memref<2000x3xi64> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<2000x3xi64> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%v: i64):
    mdh.yield %v : i64
  }
  return
}

func.func @rows_97x300(%x: memref<97x300xf64>, %y: memref<97x300xf64>) {
  mdh.compute "rows" sizes(97, 300) combine(cc, ps(add))
      ins(%x : memref<97x300xf64> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<97x300xf64> [affine_map<(i, j) -> (i, j)>]) {
  ^bb0(%v: f64):
    mdh.yield %v : f64
  }
  return
}

func.func @cumsum_of_row_sums_1500x24(%x: memref<1500x24xf32>,
                                      %y: memref<1500xf32>) {
  mdh.compute "cumsum_row_sums" sizes(1500, 24) combine(ps(add), pw(add))
      ins(%x : memref<1500x24xf32> [affine_map<(i, k) -> (i, k)>])
      outs(%y : memref<1500xf32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

func.func @reversed_scan_3001(%x: memref<3001xi32>, %y: memref<3001xi32>) {
  mdh.compute "reversed_scan" sizes(3001) combine(ps(add))
      ins(%x : memref<3001xi32> [affine_map<(i) -> (i)>])
      outs(%y : memref<3001xi32> [affine_map<(i) -> (3000 - i)>]) {
  ^bb0(%v: i32):
    %c3 = arith.constant 3 : i32
    %w = arith.muli %v, %c3 : i32
    mdh.yield %w : i32
  }
  return
}
