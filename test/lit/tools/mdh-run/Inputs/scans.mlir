// Inclusive scans (`ps`) next to concatenated (`cc`) dimensions, sizes that
// no tile divides; input of gpu-emulate-scans.test.

// The shape of issue 19: the scan first, two cc dimensions after it.
func.func @ps_cc_cc(%x: memref<9x40x37xi32>, %y: memref<9x40x37xi32>) {
  mdh.compute sizes(9, 40, 37) combine(ps(add), cc, cc)
      ins(%x : memref<9x40x37xi32> [affine_map<(d0, d1, d2) -> (d0, d1, d2)>])
      outs(%y : memref<9x40x37xi32> [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

func.func @cc_ps_cc(%x: memref<7x33x13xi32>, %y: memref<7x33x13xi32>) {
  mdh.compute sizes(7, 33, 13) combine(cc, ps(add), cc)
      ins(%x : memref<7x33x13xi32> [affine_map<(d0, d1, d2) -> (d0, d1, d2)>])
      outs(%y : memref<7x33x13xi32> [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

func.func @cc_cc_ps(%x: memref<5x6x45xi32>, %y: memref<5x6x45xi32>) {
  mdh.compute sizes(5, 6, 45) combine(cc, cc, ps(add))
      ins(%x : memref<5x6x45xi32> [affine_map<(d0, d1, d2) -> (d0, d1, d2)>])
      outs(%y : memref<5x6x45xi32> [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

func.func @ps_cc_cc_cc(%x: memref<11x5x7x9xi32>, %y: memref<11x5x7x9xi32>) {
  mdh.compute sizes(11, 5, 7, 9) combine(ps(add), cc, cc, cc)
      ins(%x : memref<11x5x7x9xi32> [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>])
      outs(%y : memref<11x5x7x9xi32> [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

func.func @ps_cc(%x: memref<17x129xi32>, %y: memref<17x129xi32>) {
  mdh.compute sizes(17, 129) combine(ps(add), cc)
      ins(%x : memref<17x129xi32> [affine_map<(d0, d1) -> (d0, d1)>])
      outs(%y : memref<17x129xi32> [affine_map<(d0, d1) -> (d0, d1)>]) {
  ^bb0(%a: i32):
    mdh.yield %a : i32
  }
  return
}

func.func @ps_max_cc(%x: memref<13x51xf32>, %y: memref<13x51xf32>) {
  mdh.compute sizes(13, 51) combine(ps(max), cc)
      ins(%x : memref<13x51xf32> [affine_map<(d0, d1) -> (d0, d1)>])
      outs(%y : memref<13x51xf32> [affine_map<(d0, d1) -> (d0, d1)>]) {
  ^bb0(%a: f32):
    mdh.yield %a : f32
  }
  return
}
