// RUN: mdh-opt %s --mdh-cl-eliminate-partition-indices --mdh-cl-accumulate-in-registers=report -split-input-file -verify-diagnostics | FileCheck %s

// Regression: GPU CL-IR of the small MatMul (tiles [[4, 6, 6], [2, 3, 2],
// [2, 1, 1], [1, 1, 1]], strided blocks, k split over blocks and threads;
// test/lit/Target/CUDA/Inputs/small-matmul-empty-k.cuda.json). Thread %t
// reduces k over [lo, hi) = [k1 + 2t, min(k1 + 2t + 2, min(k1 + 4, 5))) of
// each shared k tile k1: thread 1 has no k in the last tile (k1 = 4). Once
// eliminate-partition-indices removes the single-trip point loop %kk, the
// row loop %i has bounds that are available at the end of S (the body of
// the %i3 loop), so accumulate-in-registers fires. Its combine at the end
// of S used to run unguarded: for thread 1 in the last tile it added the
// register tile, never written in that trip of S, into the partial
// results with a `first` flag that was never written either. Now the k loop
// may run zero times, so a register flag per cell, cleared before the nest,
// says whether the cell holds anything; the combine skips the cells that do
// not.

// CHECK-LABEL: func.func @idle_thread(
// CHECK-SAME:      %[[A:.*]]: memref<4x5xf32>, %[[P:.*]]: memref<2x4xf32>)
// CHECK:         %[[T2:.*]] = arith.muli
// CHECK:         mdh_cl.for %[[K1:.*]] = %c0 to %c5 step %c4 {
// CHECK:           %[[LO:.*]] = arith.addi %[[K1]], %[[T2]] : index
// CHECK:           %[[E:.*]] = arith.addi %[[LO]], %c2 : index
// CHECK:           %[[HI:.*]] = arith.minui %[[E]], %{{.*}} : index
// CHECK:           mdh_cl.for %[[I3:.*]] = %c0 to %c4 step %c2 {
// CHECK-NEXT:        %[[ACC:.*]] = mdh_cl.buffer register : memref<2xf32>
// CHECK-NEXT:        %[[FLAG:.*]] = mdh_cl.buffer register : memref<2xi1>
// CHECK-NEXT:        %[[STARTED:.*]] = mdh_cl.buffer register : memref<2xi1>
// CHECK:             memref.store %{{.*}}, %[[STARTED]]
// CHECK:             mdh_cl.for %[[I:.*]] = %[[I3]] to %[[IHI:.*]] step %c1 {
// CHECK-NEXT:          mdh_cl.for %[[K:.*]] = %[[LO]] to %[[HI]] step %c1 {
// CHECK-NOT:             mdh_cl.for
// CHECK:                 mdh_cl.accumulate %{{.*}} into %[[ACC]][%{{.*}}] first
// CHECK:             mdh_cl.for %[[J:.*]] = %[[I3]] to %[[IHI]] step %c1 {
// CHECK-NEXT:          %[[C:.*]] = arith.subi %[[J]], %[[I3]] : index
// CHECK:               %[[ANY:.*]] = memref.load %[[STARTED]][%[[C]]]
// CHECK-NEXT:          scf.if %[[ANY]] {
// CHECK-NEXT:            %[[T:.*]] = memref.load %[[ACC]][%[[C]]]
// CHECK-NEXT:            %[[F:.*]] = memref.load %[[FLAG]][%[[C]]]
// CHECK-NEXT:            mdh_cl.accumulate %[[T]] into %[[P]][%{{.*}}, %[[J]]] first %[[F]] combine pw(add)
// expected-remark @below {{mdh-cl-accumulate-in-registers: 1 accumulations moved into register tiles}}
func.func @idle_thread(%A: memref<4x5xf32>, %P: memref<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      mdh_cl.par_for %t = %c0 to %c2 step %c1 on threads x {
        %t2 = arith.muli %t, %c2 : index
        mdh_cl.for %k1 = %c0 to %c5 step %c4 {
          %k1e = arith.addi %k1, %c4 : index
          %k1hi = arith.minui %k1e, %c5 : index
          %lo = arith.addi %k1, %t2 : index
          %e = arith.addi %lo, %c2 : index
          %hi = arith.minui %e, %k1hi : index
          mdh_cl.for %i3 = %c0 to %c4 step %c2 {
            %ie = arith.addi %i3, %c2 : index
            %ihi = arith.minui %ie, %c4 : index
            mdh_cl.for %i = %i3 to %ihi step %c1 {
              mdh_cl.for %k = %lo to %hi step %c1 {
                %ke = arith.addi %k, %c1 : index
                %khi = arith.minui %ke, %hi : index
                mdh_cl.for %kk = %k to %khi step %c1 {
                  %v = memref.load %A[%i, %kk] : memref<4x5xf32>
                  %first = arith.cmpi eq, %kk, %t2 : index
                  mdh_cl.accumulate %v into %P[%t, %i] first %first combine pw(add) : f32 into memref<2x4xf32>
                }
              }
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Reduction loops that run whenever they are reached (constant bounds, the
// point of a tile `k = k3 to min(k3 + 1, hk)` inside `k3 < hk`) need no
// per-cell flags and no guard: the first contribution is at the first trip
// of every reduction loop.

// CHECK-LABEL: func.func @always_runs(
// CHECK:         mdh_cl.buffer register : memref<2xf32>
// CHECK-NEXT:    mdh_cl.buffer register : memref<1xi1>
// CHECK-NOT:     memref<2xi1>
// CHECK-NOT:     scf.if
// CHECK:         return
// expected-remark @below {{mdh-cl-accumulate-in-registers: 1 accumulations moved into register tiles}}
func.func @always_runs(%A: memref<4x5xf32>, %w: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ie = arith.addi %i3, %c2 : index
        %ihi = arith.minui %ie, %c4 : index
        mdh_cl.for %k3 = %c0 to %c5 step %c2 {
          %ke = arith.addi %k3, %c2 : index
          %khi = arith.minui %ke, %c5 : index
          mdh_cl.for %i = %i3 to %ihi step %c1 {
            mdh_cl.for %k = %k3 to %khi step %c1 {
              %v = memref.load %A[%i, %k] : memref<4x5xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i] first %first combine pw(add) : f32 into memref<4xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// The reduction loop %k may run zero times, and whether it does depends on
// the reduction loop %k3 around it, so the first contribution to a cell
// need not be at the first trip of %k3: a register flag per cell says
// whether the cell holds anything. It is cleared before the nest, the first
// contribution is where it is clear, and the flush combines only the cells
// that hold something, each with the original flag of its first
// contribution.

// CHECK-LABEL: func.func @empty_depends_on_outer(
// CHECK:         mdh_cl.for %[[I3:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      %[[ACC:.*]] = mdh_cl.buffer register : memref<2xf32>
// CHECK-NEXT:      %[[FLAG:.*]] = mdh_cl.buffer register : memref<2xi1>
// CHECK-NEXT:      %[[STARTED:.*]] = mdh_cl.buffer register : memref<2xi1>
// The flags too are cleared: the update in the nest reads them.
// CHECK:           %[[NO:.*]] = arith.constant false
// CHECK:           mdh_cl.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        memref.store %[[NO]], %[[FLAG]][%[[C]]] : memref<2xi1>
// CHECK-NEXT:        memref.store %[[NO]], %[[STARTED]][%[[C]]] : memref<2xi1>
// CHECK:           mdh_cl.for %[[K3:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[F:.*]] = arith.cmpi eq, %[[K:.*]], %{{.*}} : index
// CHECK:             %[[CELL:.*]] = arith.subi %{{.*}}, %[[I3]] : index
// CHECK:             %[[WAS:.*]] = memref.load %[[STARTED]][%[[CELL]]] : memref<2xi1>
// CHECK-NEXT:        %[[FIRST:.*]] = arith.xori %[[WAS]], %{{.*}} : i1
// CHECK-NEXT:        mdh_cl.accumulate %{{.*}} into %[[ACC]][%[[CELL]]] first %[[FIRST]]
// CHECK-NEXT:        %[[OLD:.*]] = memref.load %[[FLAG]][%[[CELL]]] : memref<2xi1>
// CHECK-NEXT:        %[[NEW:.*]] = arith.select %[[FIRST]], %[[F]], %[[OLD]] : i1
// CHECK-NEXT:        memref.store %[[NEW]], %[[FLAG]][%[[CELL]]] : memref<2xi1>
// CHECK-NEXT:        memref.store %{{.*}}, %[[STARTED]][%[[CELL]]] : memref<2xi1>
// CHECK:           mdh_cl.for %[[I:.*]] = %[[I3]] to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[AT:.*]] = arith.subi %[[I]], %[[I3]] : index
// CHECK:             %[[ANY:.*]] = memref.load %[[STARTED]][%[[AT]]] : memref<2xi1>
// CHECK-NEXT:        scf.if %[[ANY]] {
// CHECK-NEXT:          %[[V:.*]] = memref.load %[[ACC]][%[[AT]]] : memref<2xf32>
// CHECK-NEXT:          %[[FL:.*]] = memref.load %[[FLAG]][%[[AT]]] : memref<2xi1>
// CHECK-NEXT:          mdh_cl.accumulate %[[V]] into %{{.*}}[%[[I]]] first %[[FL]]
// expected-remark @below {{mdh-cl-accumulate-in-registers: 1 accumulations moved into register tiles}}
func.func @empty_depends_on_outer(%A: memref<4x5xf32>, %w: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ie = arith.addi %i3, %c2 : index
        %ihi = arith.minui %ie, %c4 : index
        mdh_cl.for %k3 = %c0 to %c5 step %c2 {
          %lo = arith.addi %k3, %n : index
          %ke = arith.addi %k3, %c2 : index
          %khi = arith.minui %ke, %c5 : index
          mdh_cl.for %i = %i3 to %ihi step %c1 {
            mdh_cl.for %k = %lo to %khi step %c1 {
              %v = memref.load %A[%i, %k] : memref<4x5xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i] first %first combine pw(add) : f32 into memref<4xf32>
            }
          }
        }
      }
    }
  }
  return
}
