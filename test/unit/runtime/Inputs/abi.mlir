// Host code that makes gpu-to-llvm and the gpu.binary translation emit every
// mgpu* call they know (except the cuSPARSE ones): default device, host
// registration, two streams joined by events, 32- and 16-bit memsets, a
// cluster launch, copies, host-shared memory and a synchronous launch.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%a: memref<256xf32>) kernel {
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

  func.func @abi(%host: memref<256xf32>, %out: memref<256xf32>, %device: i32)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %fill = arith.constant 1.5 : f32
    %fill16 = arith.constant 7 : i16
    gpu.set_default_device %device
    %unranked = memref.cast %host : memref<256xf32> to memref<*xf32>
    gpu.host_register %unranked : memref<*xf32>

    %s0 = gpu.wait async
    %s1 = gpu.wait async
    %d, %t1 = gpu.alloc async [%s0] () : memref<256xf32>
    %d16, %t1b = gpu.alloc async [%s1] () : memref<256xi16>
    %t2 = gpu.memset async [%t1] %d, %fill : memref<256xf32>, f32
    %t2b = gpu.memset async [%t1b] %d16, %fill16 : memref<256xi16>, i16
    %joined = gpu.wait async [%t2, %t2b]
    %t3 = gpu.launch_func async [%joined] @kernels::@fill
        clusters in (%c2, %c1, %c1)
        blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<256xf32>)
    %t4 = gpu.memcpy async [%t3] %out, %d : memref<256xf32>, memref<256xf32>
    %t5 = gpu.dealloc async [%t4] %d : memref<256xf32>
    %t6 = gpu.dealloc async [%t5] %d16 : memref<256xi16>
    gpu.wait [%t6]

    %shared = gpu.alloc host_shared () : memref<256xf32>
    gpu.launch_func @kernels::@fill
        blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%shared : memref<256xf32>)
    %s2 = gpu.wait async
    %t7 = gpu.dealloc async [%s2] %shared : memref<256xf32>
    gpu.wait [%t7]
    gpu.host_unregister %unranked : memref<*xf32>
    return
  }
}
