// Integer division by a loaded value in a reduction whose rows are read
// along the reduction (reduction mode, 37 = 4 x 8 + 5: a masked last
// vector). Seeds 2 and 3 draw no zero divisor.
func.func @divk(%x: memref<5x37xi32>, %y: memref<37xi32>, %z: memref<5xi32>) {
  mdh.compute "divk" sizes(5, 37) combine(cc, pw(add))
      ins(%x : memref<5x37xi32> [affine_map<(i, k) -> (i, k)>],
          %y : memref<37xi32> [affine_map<(i, k) -> (k)>])
      outs(%z : memref<5xi32> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%a: i32, %b: i32):
    %d = arith.divsi %a, %b : i32
    mdh.yield %d : i32
  }
  return
}
