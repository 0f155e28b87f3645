// A two-phase sum of 8192 f32: @partial_sums gives each of 32 blocks of 256
// threads 256 consecutive inputs, staged in dynamic shared memory (1024
// bytes) and summed by thread 0 into partial[block]; @final_sum, one block
// of 32 threads, sums the 32 partial sums (128 bytes of shared memory). The
// partial sums stay in device memory between the launches.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @partial_sums(%in: memref<8192xf32>, %partial: memref<32xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c256 : index
      %i = arith.addi %base, %tid : index
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %s = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>>
          to memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %in[%i] : memref<8192xf32>
      memref.store %v, %s[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %sum = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f32) {
          %x = memref.load %s[%k] : memref<256xf32, #gpu.address_space<workgroup>>
          %y = arith.addf %acc, %x : f32
          scf.yield %y : f32
        }
        memref.store %sum, %partial[%bid] : memref<32xf32>
      }
      gpu.return
    }

    gpu.func @final_sum(%partial: memref<32xf32>, %out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %s = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>>
          to memref<32xf32, #gpu.address_space<workgroup>>
      %v = memref.load %partial[%tid] : memref<32xf32>
      memref.store %v, %s[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %sum = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (f32) {
          %x = memref.load %s[%k] : memref<32xf32, #gpu.address_space<workgroup>>
          %y = arith.addf %acc, %x : f32
          scf.yield %y : f32
        }
        memref.store %sum, %out[%c0] : memref<1xf32>
      }
      gpu.return
    }
  }

  func.func @reduce(%in: memref<8192xf32>, %out: memref<1xf32>)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %smem1 = arith.constant 1024 : i32
    %smem2 = arith.constant 128 : i32
    %t0 = gpu.wait async
    %dIn, %t1 = gpu.alloc async [%t0] () : memref<8192xf32>
    %dPartial, %t2 = gpu.alloc async [%t1] () : memref<32xf32>
    %dOut, %t3 = gpu.alloc async [%t2] () : memref<1xf32>
    %t4 = gpu.memcpy async [%t3] %dIn, %in : memref<8192xf32>, memref<8192xf32>
    %t5 = gpu.launch_func async [%t4] @kernels::@partial_sums
        blocks in (%c32, %c1, %c1) threads in (%c256, %c1, %c1)
        dynamic_shared_memory_size %smem1
        args(%dIn : memref<8192xf32>, %dPartial : memref<32xf32>)
    %t6 = gpu.launch_func async [%t5] @kernels::@final_sum
        blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        dynamic_shared_memory_size %smem2
        args(%dPartial : memref<32xf32>, %dOut : memref<1xf32>)
    %t7 = gpu.memcpy async [%t6] %out, %dOut : memref<1xf32>, memref<1xf32>
    %t8 = gpu.dealloc async [%t7] %dIn : memref<8192xf32>
    %t9 = gpu.dealloc async [%t8] %dPartial : memref<32xf32>
    %t10 = gpu.dealloc async [%t9] %dOut : memref<1xf32>
    gpu.wait [%t10]
    return
  }
}
