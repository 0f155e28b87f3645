// RUN: mdh-opt %s --mdh-ll-to-cl --canonicalize --split-input-file | FileCheck %s

// MatVec with the pw dimension inside one thread: results accumulate
// straight into the output; the matrix is packed per l1 tile, transposed,
// and read from the copy.

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME:      %[[M:.*]]: memref<64x32xf32>, %[[V:.*]]: memref<32xf32>, %[[W:.*]]: memref<64xf32>)
// CHECK-NOT:     mdh_cl.buffer device
// CHECK:         mdh_cl.phase "main" {
// CHECK:           mdh_cl.par_for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} on threads x {
// CHECK:             %[[PK:.*]] = mdh_cl.buffer packed : memref<8x16xf32>
// CHECK:             mdh_cl.for %[[I2:.*]] = %{{.*}} to %{{.*}} step %c16 {
// CHECK:               mdh_cl.copy %[[M]][%[[I2]], %[[K2:.*]]] [%{{.*}}, %{{.*}}] to %[[PK]] layout transposed : memref<64x32xf32> to memref<8x16xf32>
// CHECK:                       %[[RI:.*]] = arith.subi %[[I:.*]], %[[I2]] : index
// CHECK:                       %[[RK:.*]] = arith.subi %[[K:.*]], %[[K2]] : index
// CHECK:                       %[[A:.*]] = memref.load %[[PK]][%[[RK]], %[[RI]]] : memref<8x16xf32>
// CHECK:                       %[[B:.*]] = memref.load %[[V]][%[[K]]] : memref<32xf32>
// CHECK:                       %[[P:.*]] = mdh_cl.scalar(%[[I]], %[[K]], %[[A]], %[[B]]) : (index, index, f32, f32) -> f32 {
// CHECK:                         arith.mulf
// CHECK:                         mdh_cl.yield
// CHECK:                       %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %c0 : index
// CHECK:                       mdh_cl.accumulate %[[P]] into %[[W]][%[[I]]] first %[[FIRST]] combine pw(add) : f32 into memref<64xf32>
// CHECK-NOT:     mdh_cl.phase
func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [64, 32] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [64, 32] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 8] order [1, 0] {
          mdh_ll.copy %M to packed layout transposed : memref<64x32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [4, 8] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
        mdh_ll.combine %w dims [1] across 2 in register sync none : memref<64xf32>
      }
    }
  }
  return
}

// -----

// Dot with the pw dimension split over 4 threads, dealt strided: the level-1
// loop of thread u takes the sub-tiles u, u + 4, ...; partial results go to a
// device buffer indexed by the thread's part, first initialised at the
// thread's first sub-tile; a second phase combines the parts, a third
// writes the output.

// CHECK-LABEL: func.func @dot_split(
// CHECK-SAME:      %[[X:.*]]: memref<100xf32>, %[[Y:.*]]: memref<100xf32>, %[[R:.*]]: memref<1xf32>)
// CHECK:         %[[PART:.*]] = mdh_cl.buffer device : memref<4xf32>
// CHECK:         mdh_cl.phase "main" {
// CHECK:           mdh_cl.par_for %[[T:.*]] = %c0 to %c4 step %c1 on threads x {
// CHECK:             %[[U:.*]] = arith.remui %[[T]], %c4 : index
// CHECK:             %[[START:.*]] = arith.muli %[[U]], %c16 : index
// CHECK:             mdh_cl.for %[[S:.*]] = %[[U]] to %c7 step %c4 {
// CHECK:                     %[[FIRST:.*]] = arith.cmpi eq, %[[I:.*]], %[[START]] : index
// CHECK:                     mdh_cl.accumulate %{{.*}} into %[[PART]][%[[U]]] first %[[FIRST]] combine pw(add) : f32 into memref<4xf32>
// CHECK:         mdh_cl.phase "combine" {
// CHECK:             mdh_cl.for %[[P:.*]] = %c1 to %c4 step %c1 {
// CHECK:               %[[V:.*]] = memref.load %[[PART]][%[[P]]] : memref<4xf32>
// CHECK:               mdh_cl.accumulate %[[V]] into %[[PART]][%c0] first %false combine pw(add)
// CHECK:         mdh_cl.phase "write" {
// CHECK:             %[[SUM:.*]] = memref.load %[[PART]][%c0] : memref<4xf32>
// CHECK:             memref.store %[[SUM]], %[[R]][%c0] : memref<1xf32>
func.func @dot_split(%x: memref<100xf32>, %y: memref<100xf32>, %r: memref<1xf32>) {
  mdh_ll.schedule "dot" on #mdh_ll.openmp<> sizes(100) combine(pw(add))
      ins(%x : memref<100xf32> [(d0) -> (d0)], %y : memref<100xf32> [(d0) -> (d0)])
      outs(%r : memref<1xf32> [(d0) -> (0)]) {
    mdh_ll.level 0 "threads" parallel tiles [32] order [0] assign [x] strided {
      mdh_ll.level 1 "l2_tile" sequential tiles [16] order [0] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16] order [0] {
          mdh_ll.level 3 "register_tile" simd tiles [8] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %a: f32, %b: f32):
              %p = arith.mulf %a, %b : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %r dims [0] across 3 in register sync none : memref<1xf32>
        }
      }
      mdh_ll.combine %r dims [0] across 1 in register sync none : memref<1xf32>
    }
    mdh_ll.combine %r dims [0] across 0 in device sync phase : memref<1xf32>
  }
  return
}

// -----

// A prefix sum: the main phase stores each position's value, a phase of
// its own scans along the ps dimension, the last writes the output.

// CHECK-LABEL: func.func @scan(
// CHECK:         %[[BUF:.*]] = mdh_cl.buffer device : memref<10xf32>
// CHECK:         mdh_cl.phase "main" {
// CHECK:           mdh_cl.accumulate %{{.*}} into %[[BUF]][%{{.*}}] first %true combine ps(add)
// CHECK:         mdh_cl.phase "scan_0" {
// CHECK:           mdh_cl.for %[[J:.*]] = %c1 to %c10 step %c1 {
// CHECK:             %[[PREV:.*]] = arith.subi %[[J]], %c1 : index
// CHECK:             %[[V:.*]] = memref.load %[[BUF]][%[[PREV]]] : memref<10xf32>
// CHECK:             mdh_cl.accumulate %[[V]] into %[[BUF]][%[[J]]] first %false combine ps(add)
// CHECK:         mdh_cl.phase "write" {
  func.func @scan(%arg0: memref<10xf32>, %arg1: memref<10xf32>) {
    mdh_ll.schedule "prefix" on #mdh_ll.openmp sizes(10) combine(ps(add))
        ins(%arg0 : memref<10xf32> [(d0) -> (d0)])
        outs(%arg1 : memref<10xf32> [(d0) -> (d0)]) {
      mdh_ll.level 0 "threads" parallel tiles [10] order [0] assign [x] blocked {
        mdh_ll.level 1 "l2_tile" sequential tiles [10] order [0] {
          mdh_ll.level 2 "l1_tile" sequential tiles [10] order [0] {
            mdh_ll.level 3 "register_tile" simd tiles [10] order [0] {
              mdh_ll.scalar {
              ^bb0(%arg2: index, %arg3: f32):
                mdh_ll.yield %arg3 : f32
              }
            }
            mdh_ll.combine %arg1 dims [0] across 3 in register sync none : memref<10xf32>
          }
        }
      }
    }
    return
  }

// -----

// Only cc dimensions: every point stores its result through the output
// view; no buffer, no further phase.

// CHECK-LABEL: func.func @shift(
// CHECK-SAME:      %[[X:.*]]: memref<12xf32>, %[[R:.*]]: memref<10xf32>)
// CHECK-NOT:     mdh_cl.buffer
// CHECK:                 %[[J:.*]] = arith.addi %[[I:.*]], %c2 : index
// CHECK:                 %[[A:.*]] = memref.load %[[X]][%[[J]]] : memref<12xf32>
// CHECK:                 %[[V:.*]] = mdh_cl.scalar(%[[I]], %[[A]])
// CHECK:                 memref.store %[[V]], %[[R]][%[[I]]] : memref<10xf32>
// CHECK-NOT:     mdh_cl.phase
  func.func @shift(%arg0: memref<12xf32>, %arg1: memref<10xf32>) {
    mdh_ll.schedule "shift" on #mdh_ll.openmp sizes(10) combine(cc)
        ins(%arg0 : memref<12xf32> [(d0) -> (d0 + 2)])
        outs(%arg1 : memref<10xf32> [(d0) -> (d0)]) {
      mdh_ll.level 0 "threads" parallel tiles [10] order [0] assign [x] blocked {
        mdh_ll.level 1 "l2_tile" sequential tiles [10] order [0] {
          mdh_ll.level 2 "l1_tile" sequential tiles [10] order [0] {
            mdh_ll.level 3 "register_tile" simd tiles [10] order [0] {
              mdh_ll.scalar {
              ^bb0(%arg2: index, %arg3: f32):
                mdh_ll.yield %arg3 : f32
              }
            }
          }
        }
      }
    }
    return
  }
