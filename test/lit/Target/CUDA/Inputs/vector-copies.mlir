// Products whose default GPU schedules copy tiles with 128-bit loads and
// stores (float4, double2) into 16-byte aligned shared memory.
func.func @mm_f32(%A: memref<96x80xf32>, %B: memref<80x72xf32>,
                  %C: memref<96x72xf32>) {
  mdh.compute "mm" sizes(96, 72, 80) combine(cc, cc, pw(add))
      ins(%A : memref<96x80xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<80x72xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<96x72xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @mm_f64(%A: memref<40x36xf64>, %B: memref<36x44xf64>,
                  %C: memref<40x44xf64>) {
  mdh.compute "mm" sizes(40, 44, 36) combine(cc, cc, pw(add))
      ins(%A : memref<40x36xf64> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<36x44xf64> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<40x44xf64> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f64, %b: f64):
    %p = arith.mulf %a, %b : f64
    mdh.yield %p : f64
  }
  return
}
