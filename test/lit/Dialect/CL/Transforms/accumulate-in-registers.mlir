// RUN: mdh-opt %s --mdh-cl-accumulate-in-registers=report -split-input-file -verify-diagnostics | FileCheck %s

// A register tile of 4 rows: inside the loop over the tile's row blocks
// (step 4, the boundary of S), the k loops are reduction loops and the
// row loop a point loop of at most 4 trips. The accumulation goes to a
// register buffer; after the k loops, one loop over the rows combines it
// into the partial results with the flag as it was at S's first point.

// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[M:.*]]: memref<10x8xf32>, %[[W:.*]]: memref<10xf32>)
// CHECK:         mdh_cl.for %[[I3:.*]] = %c0 to %c10 step %c4 {
// CHECK-NEXT:      %[[ACC:.*]] = mdh_cl.buffer register : memref<4xf32>
// CHECK-NEXT:      %[[FLAG:.*]] = mdh_cl.buffer register : memref<1xi1>
// CHECK:           %[[HI:.*]] = arith.minui
// The flag is defined before the nest: the update in the nest loads it at
// the first contribution too (an uninitialized `bool` in the emitted C).
// CHECK:           %[[NO:.*]] = arith.constant false
// CHECK:           memref.store %[[NO]], %[[FLAG]][%c0{{.*}}] : memref<1xi1>
// CHECK-NEXT:      mdh_cl.for %[[K3:.*]] = %c0 to %c8 step %c2 {
// CHECK:             mdh_cl.for %[[I:.*]] = %[[I3]] to %[[HI]] step %c1 {
// CHECK:               mdh_cl.for %[[K:.*]] = %[[K3]] to %{{.*}} step %c1 {
// CHECK:                 %[[V:.*]] = memref.load %[[M]][%[[I]], %[[K]]]
// CHECK:                 %[[F:.*]] = arith.cmpi eq, %[[K]], %c0 : index
// CHECK:                 %[[AT_K:.*]] = arith.cmpi eq, %[[K]], %[[K3]] : index
// CHECK:                 %[[AND1:.*]] = arith.andi %{{.*}}, %[[AT_K]] : i1
// CHECK:                 %[[AT_K3:.*]] = arith.cmpi eq, %[[K3]], %c0 : index
// CHECK:                 %[[FS:.*]] = arith.andi %[[AND1]], %[[AT_K3]] : i1
// CHECK:                 %[[R:.*]] = arith.subi %[[I]], %[[I3]] : index
// CHECK:                 mdh_cl.accumulate %[[V]] into %[[ACC]][%[[R]]] first %[[FS]] combine pw(add)
// CHECK:                 %[[OLD:.*]] = memref.load %[[FLAG]]
// CHECK:                 %[[NEW:.*]] = arith.select %[[FS]], %[[F]], %[[OLD]] : i1
// CHECK:                 memref.store %[[NEW]], %[[FLAG]]
// CHECK:           mdh_cl.for %[[J:.*]] = %[[I3]] to %[[HI]] step %c1 {
// CHECK:             %[[RJ:.*]] = arith.subi %[[J]], %[[I3]] : index
// CHECK:             %[[T:.*]] = memref.load %[[ACC]][%[[RJ]]] : memref<4xf32>
// CHECK:             %[[FF:.*]] = memref.load %[[FLAG]]
// CHECK:             mdh_cl.accumulate %[[T]] into %[[W]][%[[J]]] first %[[FF]] combine pw(add)
// expected-remark @below {{mdh-cl-accumulate-in-registers: 1 accumulations moved into register tiles}}
func.func @rows(%M: memref<10x8xf32>, %w: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c10 = arith.constant 10 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c10 step %c4 {
        %e = arith.addi %i3, %c4 : index
        %hi = arith.minui %e, %c10 : index
        mdh_cl.for %k3 = %c0 to %c8 step %c2 {
          %ek = arith.addi %k3, %c2 : index
          %hk = arith.minui %ek, %c8 : index
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %k = %k3 to %hk step %c1 {
              %v = memref.load %M[%i, %k] : memref<10x8xf32>
              %first = arith.cmpi eq, %k, %c0 : index
              mdh_cl.accumulate %v into %w[%i] first %first combine pw(add) : f32 into memref<10xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Left alone: the partial results are read inside S (a combine phase), and
// a point loop without a constant trip bound ends S at once with no
// reduction loop inside.

// CHECK-LABEL: func.func @untouched(
// CHECK-NOT:     mdh_cl.buffer register
func.func @untouched(%buf: memref<4x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %false = arith.constant false
  mdh_cl.phase "combine" {
    mdh_cl.par_for %q = %c0 to %c16 step %c1 on threads x {
      mdh_cl.for %p = %c1 to %c4 step %c1 {
        %v = memref.load %buf[%p, %q] : memref<4x16xf32>
        mdh_cl.accumulate %v into %buf[%c0, %q] first %false combine pw(add) : f32 into memref<4x16xf32>
      }
    }
  }
  mdh_cl.phase "other" {
    mdh_cl.par_for %q = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i = %c0 to %n step %c1 {
        %v = memref.load %buf[%c1, %i] : memref<4x16xf32>
        mdh_cl.accumulate %v into %buf[%c0, %i] first %false combine pw(add) : f32 into memref<4x16xf32>
      }
    }
  }
  return
}

// -----

// GPU code: the register tile lives across the shared tiles. The loop over
// the thread's part of the rows (step 4, at most 4 rows: it runs at most
// once) is one point of the tile, with the constant index 0 (GPU compilers
// keep only constantly indexed arrays in registers), so the nest reaches up to the thread
// loop through the shared tiles' loop, which holds barriers. The flush
// comes right after the nest; the code after it reads the partial results
// (the combine of the threads' results).

// CHECK-LABEL: func.func @across_shared_tiles(
// CHECK:         mdh_cl.par_for %[[T:.*]] = %{{.*}} on threads x {
// CHECK-NEXT:      %[[ACC:.*]] = mdh_cl.buffer register : memref<1x4xf32>
// CHECK-NEXT:      %[[FLAG:.*]] = mdh_cl.buffer register : memref<1xi1>
// CHECK:           mdh_cl.for %[[K3:.*]] = %c0 to %c64 step %c16 {
// CHECK:             mdh_cl.barrier
// CHECK:             %[[Z:.*]] = arith.constant 0 : index
// CHECK:             mdh_cl.accumulate %{{.*}} into %[[ACC]][%[[Z]], %{{.*}}]
// CHECK:             memref.store %{{.*}}, %[[FLAG]]
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      }
// CHECK-NEXT:      mdh_cl.for %[[I4:.*]] = %[[LO:.*]] to %{{.*}} step %c4 {
// CHECK:             mdh_cl.for %[[I:.*]] = %[[I4]] to %{{.*}} step %c1 {
// CHECK:               %[[V:.*]] = memref.load %[[ACC]][%[[Z2:.*]], %{{.*}}]
// CHECK:               mdh_cl.accumulate %[[V]] into %[[P:.*]][%[[I]]]
// CHECK:           mdh_cl.barrier
// CHECK:           memref.load %[[P]]
// expected-remark @below {{mdh-cl-accumulate-in-registers: 1 accumulations moved into register tiles}}
func.func @across_shared_tiles(%M: memref<16x64xf32>, %w: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %p = mdh_cl.buffer shared : memref<16xf32>
      mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
        %lo = arith.muli %t, %c4 : index
        %e = arith.addi %lo, %c4 : index
        %hi = arith.minui %e, %c16 : index
        mdh_cl.for %k3 = %c0 to %c64 step %c16 {
          mdh_cl.barrier
          %ke = arith.addi %k3, %c16 : index
          mdh_cl.for %k = %k3 to %ke step %c1 {
            mdh_cl.for %i4 = %lo to %hi step %c4 {
              %ie = arith.addi %i4, %c4 : index
              %ihi = arith.minui %ie, %hi : index
              mdh_cl.for %i = %i4 to %ihi step %c1 {
                %v = memref.load %M[%i, %k] : memref<16x64xf32>
                %first = arith.cmpi eq, %k, %c0 : index
                mdh_cl.accumulate %v into %p[%i] first %first combine pw(add) : f32 into memref<16xf32>
              }
            }
          }
        }
        mdh_cl.barrier
        %r = memref.load %p[%lo] : memref<16xf32>
        memref.store %r, %w[%lo] : memref<16xf32>
      }
    }
  }
  return
}

// -----

// A register tile that spans a whole extent: its tile loop ran once and is
// gone, so the row loop (0 to 11, one row per trip: the loop over tiles of
// one row) looks like a point loop too. With it the tile would take
// 11 x 11 x 16 = 1936 cells, more than the limit, so the tile ends below
// it: 11 x 16 cells, accumulated over the reduction loop between.

// CHECK-LABEL: func.func @whole_extent(
// CHECK:         mdh_cl.for %[[P:.*]] = %c0 to %c11 step %c1 {
// CHECK-NEXT:      %[[ACC:.*]] = mdh_cl.buffer register : memref<11x16xf32>
// CHECK:           mdh_cl.for %[[R:.*]] = %c0 to %c3 step %c1 {
// CHECK:             mdh_cl.for %[[Q:.*]] = %c0 to %c11 step %c1 {
// CHECK-NEXT:          mdh_cl.for %[[K:.*]] = %c0 to %c16 step %c1 {
// CHECK:                 mdh_cl.accumulate %{{.*}} into %[[ACC]][%{{.*}}, %{{.*}}] first
// CHECK:           mdh_cl.for %[[FQ:.*]] = %c0 to %c11 step %c1 {
// CHECK:             mdh_cl.for %[[FK:.*]] = %c0 to %c16 step %c1 {
// CHECK:               mdh_cl.accumulate %{{.*}} into %{{.*}}[%[[P]], %[[FQ]], %[[FK]]] first
// expected-remark @below {{mdh-cl-accumulate-in-registers: 1 accumulations moved into register tiles}}
func.func @whole_extent(%I: memref<13x11x16xf32>, %o: memref<11x11x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %p = %c0 to %c11 step %c1 {
        mdh_cl.for %r = %c0 to %c3 step %c1 {
          mdh_cl.for %q = %c0 to %c11 step %c1 {
            mdh_cl.for %k = %c0 to %c16 step %c1 {
              %pr = arith.addi %p, %r : index
              %v = memref.load %I[%pr, %q, %k] : memref<13x11x16xf32>
              %first = arith.cmpi eq, %r, %c0 : index
              mdh_cl.accumulate %v into %o[%p, %q, %k] first %first combine pw(add) : f32 into memref<11x11x16xf32>
            }
          }
        }
      }
    }
  }
  return
}
