// GPU CL-IR in SPMD form for the GPU pipeline tests: a MatMul tile with
// shared-memory copies between barriers, a two-phase sum (device buffer,
// shared-memory tree), and 68 KB of shared buffers (dynamic shared memory).
// The same kernels are checked pass by pass in
// test/lit/Conversion/CLToGPU/cl-to-gpu.mlir.

func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %by = %c0 to %c4 step %c1 on blocks y {
      mdh_cl.par_for %bx = %c0 to %c4 step %c1 on blocks x {
        %As = mdh_cl.buffer shared : memref<16x16xf32>
        %Bs = mdh_cl.buffer shared : memref<16x16xf32>
        mdh_cl.par_for %ty = %c0 to %c16 step %c1 on threads y {
          mdh_cl.par_for %tx = %c0 to %c16 step %c1 on threads x {
            %acc = mdh_cl.buffer register : memref<1xf32>
            %i0 = arith.muli %by, %c16 : index
            %i = arith.addi %i0, %ty : index
            %j0 = arith.muli %bx, %c16 : index
            %j = arith.addi %j0, %tx : index
            mdh_cl.for %k0 = %c0 to %c64 step %c16 {
              mdh_cl.barrier
              %ka = arith.addi %k0, %tx : index
              %a = memref.load %A[%i, %ka] : memref<64x64xf32>
              memref.store %a, %As[%ty, %tx] : memref<16x16xf32>
              %kb = arith.addi %k0, %ty : index
              %b = memref.load %B[%kb, %j] : memref<64x64xf32>
              memref.store %b, %Bs[%ty, %tx] : memref<16x16xf32>
              mdh_cl.barrier
              mdh_cl.for %k = %c0 to %c16 step %c1 {
                %x = memref.load %As[%ty, %k] : memref<16x16xf32>
                %y = memref.load %Bs[%k, %tx] : memref<16x16xf32>
                %p = mdh_cl.scalar(%x, %y) : (f32, f32) -> f32 {
                ^bb0(%u: f32, %v: f32):
                  %m = arith.mulf %u, %v : f32
                  mdh_cl.yield %m : f32
                }
                %kk = arith.addi %k0, %k : index
                %first = arith.cmpi eq, %kk, %c0 : index
                mdh_cl.accumulate %p into %acc[%c0] first %first combine pw(add) : f32 into memref<1xf32>
              }
            }
            %r = memref.load %acc[%c0] : memref<1xf32>
            memref.store %r, %C[%i, %j] : memref<64x64xf32>
          }
        }
      }
    }
  }
  return
}

func.func @sum(%in: memref<1024xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %part = mdh_cl.buffer device : memref<4xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %bx = %c0 to %c4 step %c1 on blocks x {
      %red = mdh_cl.buffer shared : memref<64xf32>
      mdh_cl.par_for %tx = %c0 to %c64 step %c1 on threads x {
        %r = mdh_cl.buffer register : memref<1xf32>
        %base = arith.muli %bx, %c256 : index
        mdh_cl.for %e = %c0 to %c256 step %c64 {
          %o = arith.addi %base, %e : index
          %idx = arith.addi %o, %tx : index
          %v = memref.load %in[%idx] : memref<1024xf32>
          %first = arith.cmpi eq, %e, %c0 : index
          mdh_cl.accumulate %v into %r[%c0] first %first combine pw(add) : f32 into memref<1xf32>
        }
        %mine = memref.load %r[%c0] : memref<1xf32>
        memref.store %mine, %red[%tx] : memref<64xf32>
        mdh_cl.barrier
        %false = arith.constant false
        %c6 = arith.constant 6 : index
        mdh_cl.for %step = %c0 to %c6 step %c1 {
          %s0 = arith.shrui %c64, %step : index
          %s = arith.shrui %s0, %c1 : index
          %active = arith.cmpi ult, %tx, %s : index
          scf.if %active {
            %other = arith.addi %tx, %s : index
            %w = memref.load %red[%other] : memref<64xf32>
            mdh_cl.accumulate %w into %red[%tx] first %false combine pw(add) : f32 into memref<64xf32>
          }
          mdh_cl.barrier
        }
        %lead = arith.cmpi eq, %tx, %c0 : index
        scf.if %lead {
          %total = memref.load %red[%c0] : memref<64xf32>
          memref.store %total, %part[%bx] : memref<4xf32>
        }
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %bx = %c0 to %c1 step %c1 on blocks x {
      %red = mdh_cl.buffer shared : memref<4xf32>
      mdh_cl.par_for %tx = %c0 to %c4 step %c1 on threads x {
        %mine = memref.load %part[%tx] : memref<4xf32>
        memref.store %mine, %red[%tx] : memref<4xf32>
        mdh_cl.barrier
        %lead = arith.cmpi eq, %tx, %c0 : index
        scf.if %lead {
          %t = mdh_cl.buffer register : memref<4xf32>
          mdh_cl.copy %red[%c0] [%c4] to %t layout identity : memref<4xf32> to memref<4xf32>
          %a = memref.load %t[%c0] : memref<4xf32>
          %b = memref.load %t[%c1] : memref<4xf32>
          %c = memref.load %t[%c2] : memref<4xf32>
          %c3 = arith.constant 3 : index
          %d = memref.load %t[%c3] : memref<4xf32>
          %ab = arith.addf %a, %b : f32
          %cd = arith.addf %c, %d : f32
          %abcd = arith.addf %ab, %cd : f32
          memref.store %abcd, %out[%c0] : memref<1xf32>
        }
      }
    }
  }
  return
}

func.func @big_tiles(%a: memref<128x128xf32>, %b: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %bx = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<128x128xf32>
      %row = mdh_cl.buffer shared : memref<1024xf32>
      mdh_cl.par_for %tx = %c0 to %c128 step %c1 on threads x {
        mdh_cl.for %i = %c0 to %c128 step %c1 {
          %v = memref.load %a[%i, %tx] : memref<128x128xf32>
          memref.store %v, %tile[%i, %tx] : memref<128x128xf32>
        }
        mdh_cl.barrier
        mdh_cl.for %i = %c0 to %c128 step %c1 {
          %v = memref.load %tile[%tx, %i] : memref<128x128xf32>
          memref.store %v, %b[%i, %tx] : memref<128x128xf32>
        }
        %w = memref.load %tile[%tx, %tx] : memref<128x128xf32>
        memref.store %w, %row[%tx] : memref<1024xf32>
      }
    }
  }
  return
}
