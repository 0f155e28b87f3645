// i32 dot product, small: r = sum_k a[k] * b[k] mod 2^32, k < 1013.
func.func @int_dot_small(%a: memref<1013xi32>, %b: memref<1013xi32>,
                         %r: memref<i32>) {
  mdh.compute "int_dot" sizes(1013) combine(pw(add))
      ins(%a : memref<1013xi32> [affine_map<(k) -> (k)>],
          %b : memref<1013xi32> [affine_map<(k) -> (k)>])
      outs(%r : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%x: i32, %y: i32):
    %p = arith.muli %x, %y : i32
    mdh.yield %p : i32
  }
  return
}
