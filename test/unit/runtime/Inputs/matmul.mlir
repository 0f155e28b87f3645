// MatMul C = A * B on 256x256 f32 with 16x16 tiles of A and B in dynamic
// shared memory (2 * 16 * 16 * 4 = 2048 bytes), one 16x16 block per tile of
// C. @matmul launches it with exactly that; @matmul_64k with 64 KiB of
// dynamic shared memory, beyond the 48 KiB a CUDA kernel gets without an
// opt-in.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                     %C: memref<256x256xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c256 = arith.constant 256 : index
      %c1024 = arith.constant 1024 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %rowBase = arith.muli %by, %c16 : index
      %row = arith.addi %rowBase, %ty : index
      %colBase = arith.muli %bx, %c16 : index
      %col = arith.addi %colBase, %tx : index
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %As = memref.view %smem[%c0][] : memref<?xi8, #gpu.address_space<workgroup>>
          to memref<16x16xf32, #gpu.address_space<workgroup>>
      %Bs = memref.view %smem[%c1024][] : memref<?xi8, #gpu.address_space<workgroup>>
          to memref<16x16xf32, #gpu.address_space<workgroup>>
      %sum = scf.for %t = %c0 to %c256 step %c16 iter_args(%acc = %zero) -> (f32) {
        %ak = arith.addi %t, %tx : index
        %a = memref.load %A[%row, %ak] : memref<256x256xf32>
        memref.store %a, %As[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %bk = arith.addi %t, %ty : index
        %b = memref.load %B[%bk, %col] : memref<256x256xf32>
        memref.store %b, %Bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %tile = scf.for %k = %c0 to %c16 step %c1 iter_args(%p = %acc) -> (f32) {
          %x = memref.load %As[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %y = memref.load %Bs[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %m = arith.mulf %x, %y : f32
          %s = arith.addf %p, %m : f32
          scf.yield %s : f32
        }
        gpu.barrier
        scf.yield %tile : f32
      }
      memref.store %sum, %C[%row, %col] : memref<256x256xf32>
      gpu.return
    }
  }

  func.func private @run(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                         %C: memref<256x256xf32>, %smem: i32) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %t0 = gpu.wait async
    %dA, %t1 = gpu.alloc async [%t0] () : memref<256x256xf32>
    %dB, %t2 = gpu.alloc async [%t1] () : memref<256x256xf32>
    %dC, %t3 = gpu.alloc async [%t2] () : memref<256x256xf32>
    %t4 = gpu.memcpy async [%t3] %dA, %A : memref<256x256xf32>, memref<256x256xf32>
    %t5 = gpu.memcpy async [%t4] %dB, %B : memref<256x256xf32>, memref<256x256xf32>
    %t6 = gpu.launch_func async [%t5] @kernels::@matmul
        blocks in (%c16, %c16, %c1) threads in (%c16, %c16, %c1)
        dynamic_shared_memory_size %smem
        args(%dA : memref<256x256xf32>, %dB : memref<256x256xf32>,
             %dC : memref<256x256xf32>)
    %t7 = gpu.memcpy async [%t6] %C, %dC : memref<256x256xf32>, memref<256x256xf32>
    %t8 = gpu.dealloc async [%t7] %dA : memref<256x256xf32>
    %t9 = gpu.dealloc async [%t8] %dB : memref<256x256xf32>
    %t10 = gpu.dealloc async [%t9] %dC : memref<256x256xf32>
    gpu.wait [%t10]
    return
  }

  func.func @matmul(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                    %C: memref<256x256xf32>) attributes {llvm.emit_c_interface} {
    %smem = arith.constant 2048 : i32
    call @run(%A, %B, %C, %smem) : (memref<256x256xf32>, memref<256x256xf32>, memref<256x256xf32>, i32) -> ()
    return
  }

  func.func @matmul_64k(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                        %C: memref<256x256xf32>) attributes {llvm.emit_c_interface} {
    %smem = arith.constant 65536 : i32
    call @run(%A, %B, %C, %smem) : (memref<256x256xf32>, memref<256x256xf32>, memref<256x256xf32>, i32) -> ()
    return
  }
}
