// Outputs whose views the footprint model once counted whole: at any
// register tile they needed more accumulators than the registers hold, so
// no configuration was valid on any target.

// One map with floordiv and mod: 1024 elements for every tile.
func.func @fd_mod(%x: memref<1024xf32>, %y: memref<512x2xf32>) {
  mdh.compute "fd_mod" sizes(1024) combine(cc)
      ins(%x : memref<1024xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<512x2xf32> [affine_map<(i) -> (i floordiv 2, i mod 2)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}

// Two maps with different coefficients (a matrix and its transpose side
// by side): 2 x 64 elements for every tile.
func.func @two_maps(%x: memref<8x8xf32>, %y: memref<2x64xf32>) {
  mdh.compute "two_maps" sizes(8, 8) combine(cc, cc)
      ins(%x : memref<8x8xf32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<2x64xf32> [affine_map<(i, j) -> (0, i * 8 + j)>,
                                  affine_map<(i, j) -> (1, j * 8 + i)>]) {
  ^bb0(%a: f32):
    mdh.yield %a, %a : f32, f32
  }
  return
}

// A scan written through floordiv and mod.
func.func @scan_fd(%x: memref<96x5xi32>, %y: memref<5x48x2xi32>) {
  mdh.compute "scan_fd" sizes(96, 5) combine(ps(add), cc)
      ins(%x : memref<96x5xi32> [affine_map<(i, j) -> (i, j)>])
      outs(%y : memref<5x48x2xi32> [affine_map<(i, j) -> (j, i floordiv 2, i mod 2)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

// Three maps that disagree in several dimensions (reduced from random
// program seed 12): the model of the whole output multiplies the sums of
// its dimensions (54 i64 accumulators at a register tile of 1), while the
// partial results are one per point and map (3): the accumulators count
// per map.
func.func @three_maps(%x: memref<9xi64>, %y: memref<7x3x6x33xi64>) {
  mdh.compute "three_maps" sizes(6) combine(cc)
      ins(%x : memref<9xi64> [affine_map<(i) -> (i + 2)>])
      outs(%y : memref<7x3x6x33xi64> [affine_map<(i) -> (6, 0, i, 2)>,
                                      affine_map<(i) -> (6, 1, i, 2)>,
                                      affine_map<(i) -> (i, 2, 2, 32)>]) {
  ^bb0(%a: i64):
    mdh.yield %a, %a, %a : i64, i64, i64
  }
  return
}
