// RUN: mdh-opt %s --mdh-cl-pad-shared-tiles=report=true -split-input-file -verify-diagnostics | FileCheck %s

// Lanes read rows 16 words apart (one bank): padded to 17 words, the rows
// fall into 32 banks. The 128-bit store into the tile becomes four stores
// (its rows no longer start at 16-byte boundaries).
// CHECK-LABEL: func.func @rows
// CHECK:         %[[T:.*]] = mdh_cl.buffer shared : memref<64x17xf32>
// CHECK:         %[[V:.*]] = vector.load
// CHECK:         %[[X0:.*]] = vector.extract %[[V]][0] : f32 from vector<4xf32>
// CHECK:         memref.store %[[X0]], %[[T]][%{{.*}}, %{{.*}}] : memref<64x17xf32>
// CHECK-NOT:     vector.store
// CHECK:         memref.load %[[T]]
// expected-remark @+1 {{mdh-cl-pad-shared-tiles: 1 shared tiles padded}}
func.func @rows(%in: memref<64x16xf32>) attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<64x16xf32>
      mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
        %j = arith.remui %t, %c4 : index
        %i = arith.divui %t, %c4 : index
        %jj = arith.muli %j, %c4 : index
        %v = vector.load %in[%i, %jj] : memref<64x16xf32>, vector<4xf32>
        vector.store %v, %tile[%i, %jj] : memref<64x16xf32>, vector<4xf32>
        mdh_cl.barrier
        mdh_cl.for %k = %c0 to %c16 step %c1 {
          %x = memref.load %tile[%t, %k] : memref<64x16xf32>
        }
      }
    }
  }
  return
}

// -----

// Lanes read consecutive words: no conflict to remove, no padding.
// CHECK-LABEL: func.func @consecutive
// CHECK:         mdh_cl.buffer shared : memref<16x64xf32>
func.func @consecutive() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<16x64xf32>
      mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
        mdh_cl.for %k = %c0 to %c16 step %c1 {
          %x = memref.load %tile[%k, %t] : memref<16x64xf32>
        }
      }
    }
  }
  return
}

// -----

// A row that an unrolled register-tile loop walks is one 128-bit load per
// four trips, and each phase of 8 lanes reads one row (a broadcast from 2
// rows): padding would split it into four scalar loads. Not padded.
// CHECK-LABEL: func.func @merged
// CHECK:         mdh_cl.buffer shared : memref<128x16xf32>
func.func @merged() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<128x16xf32>
      mdh_cl.par_for %t = %c0 to %c256 step %c1 on threads x {
        %r = mdh_cl.buffer register : memref<16xf32>
        %ty = arith.divui %t, %c16 : index
        %row = arith.muli %ty, %c8 : index
        mdh_cl.for %k = %c0 to %c16 step %c1 {
          %x = memref.load %tile[%row, %k] : memref<128x16xf32>
          memref.store %x, %r[%k] : memref<16xf32>
        }
      }
    }
  }
  return
}

// -----

// Not a GPU function: nothing to do.
// CHECK-LABEL: func.func @host
func.func @host() {
  return
}

// -----

// `index` elements have no fixed width: not padded (nor evaluated).
// CHECK-LABEL: func.func @index_elements
// CHECK:         mdh_cl.buffer shared : memref<32x4xindex>
func.func @index_elements() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %t = mdh_cl.buffer shared : memref<32x4xindex>
      mdh_cl.par_for %l = %c0 to %c32 step %c1 on threads x {
        %r = mdh_cl.buffer register : memref<1x4xindex>
        mdh_cl.copy %t[%l, %c0] [%c1, %c1] to %r layout identity : memref<32x4xindex> to memref<1x4xindex>
      }
    }
  }
  return
}
