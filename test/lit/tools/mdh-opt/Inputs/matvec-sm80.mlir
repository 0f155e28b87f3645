// A kernel whose module names its target (sm_80).
module attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  func.func @matvec(%M: memref<13x7xf32>, %v: memref<7xf32>,
                    %w: memref<13xf32>) {
    mdh.compute "matvec" sizes(13, 7) combine(cc, pw(add))
        ins(%M : memref<13x7xf32> [affine_map<(i, k) -> (i, k)>],
            %v : memref<7xf32> [affine_map<(i, k) -> (k)>])
        outs(%w : memref<13xf32> [affine_map<(i, k) -> (i)>]) {
    ^bb0(%m: f32, %x: f32):
      %p = arith.mulf %m, %x : f32
      mdh.yield %p : f32
    }
    return
  }
}
