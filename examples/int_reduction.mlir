// i32 dot product with wrap-around arithmetic: r = sum_k a[k] * b[k] mod 2^32.
func.func @int_dot_16777216(%a: memref<16777216xi32>, %b: memref<16777216xi32>,
                            %r: memref<i32>) {
  mdh.compute "int_dot" sizes(16777216) combine(pw(add))
      ins(%a : memref<16777216xi32> [affine_map<(k) -> (k)>],
          %b : memref<16777216xi32> [affine_map<(k) -> (k)>])
      outs(%r : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%x: i32, %y: i32):
    %p = arith.muli %x, %y : i32
    mdh.yield %p : i32
  }
  return
}
