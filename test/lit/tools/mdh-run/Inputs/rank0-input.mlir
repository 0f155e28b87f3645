// A rank-0 input (no rows, no box dimensions) with a shared-memory copy on
// the GPU schedule: reduced by the random-program tester (seed 1, case 6).
func.func @kernel(%in0: memref<f64>, %out0: memref<3721x1x1xf32>) {
  mdh.compute "rank0" sizes(1) combine(cc)
      ins(%in0 : memref<f64> [affine_map<(d0) -> ()>])
      outs(%out0 : memref<3721x1x1xf32> [affine_map<(d0) -> (3720, 0, 0)>]) {
  ^bb0(%a0: f64):
    %v = arith.truncf %a0 : f64 to f32
    mdh.yield %v : f32
  }
  return
}
