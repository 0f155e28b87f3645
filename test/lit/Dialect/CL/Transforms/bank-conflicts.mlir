// RUN: mdh-opt %s --mdh-cl-bank-conflicts -split-input-file -verify-diagnostics | FileCheck %s

// The analysis changes nothing.
// CHECK-LABEL: func.func @rows
// CHECK:         memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x16xf32>

// Lane t reads row t of a 64 x 16 tile along the 16 trips of k: the
// neighbouring k of a 16-byte aligned row are one 128-bit load after
// unrolling (4 per thread), and the 8 lanes of a phase read rows 64 bytes
// apart, 4 to a bank. Padded to 17 words, the rows are not 16-byte aligned:
// 16 scalar loads whose rows fall into 32 banks. Lanes reading consecutive
// words: no conflict.
// expected-remark @+1 {{mdh-cl-bank-conflicts: 68 shared-memory accesses per thread take 368 wavefronts per warp, 80 without conflicts}}
func.func @rows() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<64x16xf32>
      %padded = mdh_cl.buffer shared : memref<64x17xf32>
      mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
        %r = mdh_cl.buffer register : memref<16xf32>
        // A loop over a register tile (it indexes a register buffer) with a
        // constant trip count: unrolled by the compilers.
        mdh_cl.for %k = %c0 to %c16 step %c1 {
          // expected-remark @+1 {{bank conflict: 16 wavefronts where 4 would do (32 lanes, 16 bytes each), 4 times per thread}}
          %x = memref.load %tile[%t, %k] : memref<64x16xf32>
          %y = memref.load %padded[%t, %k] : memref<64x17xf32>
          %z = memref.load %tile[%k, %t] : memref<64x16xf32>
          memref.store %x, %r[%k] : memref<16xf32>
        }
        // Not over a register tile: rolled, its loads stay scalar.
        mdh_cl.for %k = %c0 to %c16 step %c1 {
          // expected-remark @+1 {{bank conflict: 16 wavefronts where 1 would do (32 lanes, 4 bytes each), 16 times per thread}}
          %x = memref.load %tile[%t, %k] : memref<64x16xf32>
          memref.store %x, %padded[%t, %k] : memref<64x17xf32>
        }
      }
    }
  }
  return
}

// -----

// 16-byte accesses go through the banks in four phases of 8 lanes: lanes
// reading consecutive vectors take four wavefronts, no more; vectors 32
// bytes apart take two per phase.
// CHECK-LABEL: func.func @vectors
// expected-remark @+1 {{mdh-cl-bank-conflicts: 2 shared-memory accesses per thread take 12 wavefronts per warp, 8 without conflicts}}
func.func @vectors() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_90">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<256xf32>
      mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
        %i = arith.muli %t, %c4 : index
        %v = vector.load %tile[%i] : memref<256xf32>, vector<4xf32>
        %j = arith.muli %t, %c8 : index
        // expected-remark @+1 {{bank conflict: 8 wavefronts where 4 would do (32 lanes, 16 bytes each), 1 times per thread}}
        vector.store %v, %tile[%j] : memref<256xf32>, vector<4xf32>
      }
    }
  }
  return
}

// -----

// Lanes that read one word share it (a broadcast); 8-byte accesses go in
// two phases of 16 lanes, one wavefront each when consecutive. The threads
// run along y and x: lane l is (x, y) = (l % 8, l / 8), element l.
// CHECK-LABEL: func.func @broadcast
// expected-remark @+1 {{mdh-cl-bank-conflicts: 2 shared-memory accesses per thread take 4 wavefronts per warp, 4 without conflicts}}
func.func @broadcast() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c2.5 = arith.constant 2.5 : f64
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<8x8xf64>
      mdh_cl.par_for %y = %c0 to %c8 step %c1 on threads y {
        mdh_cl.par_for %x = %c0 to %c8 step %c1 on threads x {
          %v = memref.load %tile[%c1, %c0] : memref<8x8xf64>
          memref.store %c2.5, %tile[%y, %x] : memref<8x8xf64>
        }
      }
    }
  }
  return
}

// -----

// A copy out of shared memory reads every point of its box: here lane t
// reads column t of rows i..i+3 of a 4 x 32 tile, conflict-free, and
// column 0 of rows 2t..2t+1 of a 64 x 8 tile, 16 words apart. The branch
// that a constant condition skips is not counted.
// CHECK-LABEL: func.func @copies
// expected-remark @+1 {{mdh-cl-bank-conflicts: 6 shared-memory accesses per thread take 36 wavefronts per warp, 6 without conflicts}}
func.func @copies() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %false = arith.constant false
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %rows = mdh_cl.buffer shared : memref<4x32xf32>
      %cols = mdh_cl.buffer shared : memref<64x8xf32>
      mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
        %r = mdh_cl.buffer register : memref<4x1xf32>
        %s = mdh_cl.buffer register : memref<2x1xf32>
        mdh_cl.copy %rows[%c0, %t] [%c4, %c1] to %r layout identity : memref<4x32xf32> to memref<4x1xf32>
        %row = arith.muli %t, %c2 : index
        // expected-remark @+1 {{bank conflict: 16 wavefronts where 1 would do (32 lanes, 4 bytes each), 2 times per thread}}
        mdh_cl.copy %cols[%row, %c0] [%c2, %c1] to %s layout identity : memref<64x8xf32> to memref<2x1xf32>
        scf.if %false {
          %x = memref.load %cols[%t, %c0] : memref<64x8xf32>
        }
      }
    }
  }
  return
}

// -----

// AMD: a wave of 64 lanes, in two phases of 32.
// CHECK-LABEL: func.func @wave64
// expected-remark @+1 {{mdh-cl-bank-conflicts: 1 shared-memory accesses per thread take 4 wavefronts per warp, 2 without conflicts}}
func.func @wave64() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx942">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<128xf32>
      mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
        %i = arith.muli %t, %c2 : index
        // expected-remark @+1 {{bank conflict: 4 wavefronts where 2 would do (64 lanes, 4 bytes each), 1 times per thread}}
        %x = memref.load %tile[%i] : memref<128xf32>
      }
    }
  }
  return
}

// -----

// Host functions and buffers outside shared memory are not analysed.
// CHECK-LABEL: func.func @host
func.func @host(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<64xf32>
  return
}

// -----

// Copies out of shared memory whose points the compiler merges: 8
// neighbours of a 16-byte aligned row are two 128-bit loads (lanes 32
// bytes apart: two to a bank in each phase of 8), and a column read once
// per trip of a loop along the rows is one 128-bit load per 4 trips (every
// lane of a phase reads the same row: a broadcast).
// CHECK-LABEL: func.func @merged_copies
// expected-remark @+1 {{mdh-cl-bank-conflicts: 4 shared-memory accesses per thread take 24 wavefronts per warp, 16 without conflicts}}
func.func @merged_copies() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %b_tile = mdh_cl.buffer shared : memref<8x256xf32>
      %a_tile = mdh_cl.buffer shared : memref<4x8xf32>
      mdh_cl.par_for %t = %c0 to %c32 step %c1 on threads x {
        %r = mdh_cl.buffer register : memref<1x8xf32>
        %s = mdh_cl.buffer register : memref<1x1xf32>
        %j = arith.muli %t, %c8 : index
        // expected-remark @+1 {{bank conflict: 8 wavefronts where 4 would do (32 lanes, 16 bytes each), 2 times per thread}}
        mdh_cl.copy %b_tile[%c0, %j] [%c1, %c8] to %r layout identity : memref<8x256xf32> to memref<1x8xf32>
        mdh_cl.for %k = %c0 to %c8 step %c1 {
          mdh_cl.copy %a_tile[%c1, %k] [%c1, %c1] to %s layout identity : memref<4x8xf32> to memref<1x1xf32>
        }
      }
    }
  }
  return
}

// -----

// Lanes that their own condition keeps out do not access: 8 lanes 32
// words apart take 8 wavefronts, not 32.
// CHECK-LABEL: func.func @guarded
// expected-remark @+1 {{mdh-cl-bank-conflicts: 1 shared-memory accesses per thread take 8 wavefronts per warp, 1 without conflicts}}
func.func @guarded() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c1 step %c1 on blocks x {
      %slots = mdh_cl.buffer shared : memref<256xf32>
      mdh_cl.par_for %t = %c0 to %c256 step %c1 on threads x {
        %lead = arith.cmpi ult, %t, %c8 : index
        scf.if %lead {
          %i = arith.muli %t, %c32 : index
          // expected-remark @+1 {{bank conflict: 8 wavefronts where 1 would do (32 lanes, 4 bytes each), 1 times per thread}}
          %x = memref.load %slots[%i] : memref<256xf32>
        }
      }
    }
  }
  return
}

// -----

// `index` elements have no fixed width (the back ends choose it): their
// accesses are not evaluated, and said so.
// CHECK-LABEL: func.func @index_elements
// expected-remark @+1 {{mdh-cl-bank-conflicts: 0 shared-memory accesses per thread take 0 wavefronts per warp, 0 without conflicts (1 accesses not evaluated)}}
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
