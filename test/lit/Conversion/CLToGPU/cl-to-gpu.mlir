// RUN: mdh-opt %s --mdh-cl-to-gpu --split-input-file | FileCheck %s

// A MatMul tile in SPMD form: 4x4 blocks of 16x16 threads, each thread one
// element of C. Per step of k0 the threads copy one element of each input
// tile into shared memory between two barriers, then accumulate over the
// tile in a register buffer.
//
// The block and thread loops become the grid and block sizes of one
// gpu.launch named after the function and phase; their induction variables
// are block and thread ids; shared buffers are workgroup attributions,
// the register buffer a private attribution; barriers are gpu.barrier; the
// rest is lowered as on the host (scf.for, the inlined scalar function, the
// accumulation as load/combine/select/store).

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:      %[[A:.*]]: memref<64x64xf32>, %[[B:.*]]: memref<64x64xf32>, %[[C:.*]]: memref<64x64xf32>)
// CHECK:         gpu.launch blocks(%[[BX:[^ ,)]+]], %[[BY:[^ ,)]+]], %{{[^ ,)]+}}) in (%{{[^ ,)]+}} = %c4{{[_0-9]*}}, %{{[^ ,)]+}} = %c4{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}})
// CHECK-SAME:        threads(%[[TX:[^ ,)]+]], %[[TY:[^ ,)]+]], %{{[^ ,)]+}}) in (%{{[^ ,)]+}} = %c16{{[_0-9]*}}, %{{[^ ,)]+}} = %c16{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}})
// CHECK-SAME:        module(@matmul_main) function(@matmul_main)
// CHECK-SAME:        workgroup(%[[AS:[^ ,)]+]] : memref<16x16xf32, #gpu.address_space<workgroup>>, %[[BS:[^ ,)]+]] : memref<16x16xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME:        private(%[[ACC:[^ ,)]+]] : memref<1xf32, #gpu.address_space<private>>)
// CHECK:           %[[I0:.*]] = arith.muli %[[BY]], %{{.*}} : index
// CHECK:           %[[I:.*]] = arith.addi %[[I0]], %[[TY]] : index
// CHECK:           %[[J0:.*]] = arith.muli %[[BX]], %{{.*}} : index
// CHECK:           %[[J:.*]] = arith.addi %[[J0]], %[[TX]] : index
// CHECK:           scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        gpu.barrier
// CHECK:             %[[KA:.*]] = arith.addi %[[K0]], %[[TX]] : index
// CHECK:             %[[AV:.*]] = memref.load %[[A]][%[[I]], %[[KA]]] : memref<64x64xf32>
// CHECK:             memref.store %[[AV]], %[[AS]][%[[TY]], %[[TX]]] : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK:             memref.store %{{.*}}, %[[BS]][%[[TY]], %[[TX]]] : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:               %[[X:.*]] = memref.load %[[AS]][%[[TY]], %[[K]]]
// CHECK:               %[[Y:.*]] = memref.load %[[BS]][%[[K]], %[[TX]]]
// CHECK:               %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK:               %[[OLD:.*]] = memref.load %[[ACC]][%{{.*}}] : memref<1xf32, #gpu.address_space<private>>
// CHECK:               %[[SUM:.*]] = arith.addf %[[OLD]], %[[P]] : f32
// CHECK:               %[[NEW:.*]] = arith.select %{{.*}}, %[[P]], %[[SUM]] : f32
// CHECK:               memref.store %[[NEW]], %[[ACC]][%{{.*}}]
// CHECK:           %[[R:.*]] = memref.load %[[ACC]]
// CHECK:           memref.store %[[R]], %[[C]][%[[I]], %[[J]]] : memref<64x64xf32>
// CHECK:           gpu.terminator
// CHECK:         }
// CHECK-NEXT:    return
// CHECK-NOT:     mdh_cl.
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

// -----

// A two-phase sum of 1024 floats: in "main", 4 blocks of 64 threads each
// reduce a strided part in a register, then combine across the block in
// shared memory (a tree, a barrier after every step) and store one partial
// per block into a device buffer; in "combine", one block of 4 threads adds
// the 4 partials up the same way.
//
// The device buffer becomes an async gpu.alloc (waited for) before the
// launches and a gpu.dealloc before the return; each phase is its own
// launch, in order; the combine phase is a grid of one block, whose
// register buffer is used under a guard (it is hoisted to the launch). Its copy is lowered by the host patterns: a loop of loads and
// stores.

// CHECK-LABEL: func.func @sum(
// CHECK-SAME:      %[[IN:.*]]: memref<1024xf32>, %[[OUT:.*]]: memref<1xf32>)
// CHECK:         %[[T0:.*]] = gpu.wait async
// CHECK:         %[[PART:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () : memref<4xf32>
// CHECK:         gpu.wait [%[[T1]]]
// CHECK:         gpu.launch blocks(%[[BX:[^ ,)]+]], %{{[^ ,)]+}}, %{{[^ ,)]+}}) in (%{{[^ ,)]+}} = %c4{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}})
// CHECK-SAME:        threads(%[[TX:[^ ,)]+]], %{{[^ ,)]+}}, %{{[^ ,)]+}}) in (%{{[^ ,)]+}} = %c64{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}})
// CHECK-SAME:        module(@sum_main) function(@sum_main)
// CHECK-SAME:        workgroup(%[[RED:[^ ,)]+]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME:        private(%[[R:[^ ,)]+]] : memref<1xf32, #gpu.address_space<private>>)
// CHECK:           scf.for
// CHECK:             memref.load %[[IN]]
// CHECK:           memref.store %{{.*}}, %[[RED]][%[[TX]]]
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.for
// CHECK:             scf.if
// CHECK:             gpu.barrier
// CHECK:           scf.if
// CHECK:             memref.store %{{.*}}, %[[PART]][%[[BX]]] : memref<4xf32>
// CHECK:         }
// CHECK:         gpu.launch blocks(%{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}) in (%{{[^ ,)]+}} = %c1{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}})
// CHECK-SAME:        threads(%{{[^ ,)]+}}, %{{[^ ,)]+}}, %{{[^ ,)]+}}) in (%{{[^ ,)]+}} = %c4{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}}, %{{[^ ,)]+}} = %c1{{[_0-9]*}})
// CHECK-SAME:        module(@sum_combine) function(@sum_combine)
// CHECK-SAME:        workgroup(%[[RED2:[^ ,)]+]] : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK:           memref.load %[[PART]]
// CHECK:           gpu.barrier
// CHECK:         }
// CHECK:         %[[T2:.*]] = gpu.wait async
// CHECK:         %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[PART]] : memref<4xf32>
// CHECK:         gpu.wait [%[[T3]]]
// CHECK-NEXT:    return
// CHECK-NOT:     mdh_cl.
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

// -----

// Shared buffers over 48 KB in total (here 64 KB + 4 KB) use dynamic shared
// memory: views at 16-byte aligned offsets of gpu.dynamic_shared_memory, and
// the launch carries their size.

// CHECK-LABEL: func.func @big_tiles(
// CHECK:         %[[SIZE:.*]] = arith.constant 69632 : i32
// CHECK:         gpu.launch blocks
// CHECK-SAME:        dynamic_shared_memory_size %[[SIZE]] module(@big_tiles_main) function(@big_tiles_main) {
// CHECK:           %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:           %[[V0:.*]] = memref.view %[[DYN]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x128xf32, #gpu.address_space<workgroup>>
// CHECK:           %[[OFF:.*]] = arith.constant 65536 : index
// CHECK:           %[[V1:.*]] = memref.view %[[DYN]][%[[OFF]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
// CHECK:           memref.store %{{.*}}, %[[V0]]
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[V0]]
// CHECK:           memref.store %{{.*}}, %[[V1]]
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
