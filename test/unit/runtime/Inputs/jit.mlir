// A whole program for mlir-runner: the JIT resolves the mgpu* calls of the
// lowered host code (and of the module's global constructor) to the
// runtime library given with --shared-libs.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @iota(%a: memref<256xf32>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %v = arith.index_cast %i : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %a[%i] : memref<256xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<256xf32>
    %t2 = gpu.launch_func async [%t1] @kernels::@iota
        blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<256xf32>)
    %t3 = gpu.dealloc async [%t2] %d : memref<256xf32>
    gpu.wait [%t3]
    return
  }
}
