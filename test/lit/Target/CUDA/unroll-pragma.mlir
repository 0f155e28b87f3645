// RUN: mdh-translate %s --emit-cuda | FileCheck %s
// RUN: mdh-translate %s --emit-hip | FileCheck %s

// `#pragma unroll` goes on the loops over the points of a register tile
// whose trip count is a constant (step 1, `ub = lb + c` or constant bounds,
// at least two trips): they use a `register` buffer and hold no barrier.
// `#pragma unroll 1` goes on the loops that hold a barrier.

// CHECK-LABEL: tiles_main(
// The full tile's point loop (lo to lo + 4) and the constant one (0 to 2).
// CHECK:         #pragma unroll
// CHECK-NEXT:    for (int32_t [[I:v[0-9]+]] = [[LO:v[0-9]+]]; [[I]] < [[HI:v[0-9]+]]; ++[[I]]) {
// CHECK:         #pragma unroll
// CHECK-NEXT:    for (int32_t [[J:v[0-9]+]] = 0; [[J]] < 2; ++[[J]]) {
// Not: a partial tile (min bound), a loop without register buffers, a
// single trip; a loop with a barrier (which walks the tiles of a block) is
// kept rolled: `#pragma unroll 1`.
// CHECK-NOT:     #pragma unroll{{$}}
// CHECK:         #pragma unroll 1
// CHECK-NEXT:    for (int32_t [[K:v[0-9]+]] = 0; [[K]] < 2; ++[[K]]) {
// CHECK-NOT:     #pragma unroll
// CHECK:         }
// CHECK:         extern "C"
func.func @tiles(%a: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c15 = arith.constant 15 : index
  %f0 = arith.constant 0.0 : f32
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %r = mdh_cl.buffer register : memref<4xf32>
      %lo = arith.muli %t, %c4 : index
      %hi = arith.addi %lo, %c4 : index
      mdh_cl.for %i = %lo to %hi step %c1 {
        %v = memref.load %a[%i] : memref<16xf32>
        %k = arith.subi %i, %lo : index
        memref.store %v, %r[%k] : memref<4xf32>
      }
      mdh_cl.for %j = %c0 to %c2 step %c1 {
        %v = memref.load %r[%j] : memref<4xf32>
        memref.store %v, %a[%j] : memref<16xf32>
      }
      %e = arith.addi %lo, %c4 : index
      %pe = arith.minui %e, %c15 : index
      mdh_cl.for %i = %lo to %pe step %c1 {
        %k = arith.subi %i, %lo : index
        %v = memref.load %r[%k] : memref<4xf32>
        memref.store %v, %a[%i] : memref<16xf32>
      }
      mdh_cl.for %i = %lo to %hi step %c1 {
        memref.store %f0, %a[%i] : memref<16xf32>
      }
      mdh_cl.for %j = %c0 to %c2 step %c1 {
        %v = memref.load %r[%j] : memref<4xf32>
        memref.store %v, %a[%j] : memref<16xf32>
        mdh_cl.barrier
      }
      mdh_cl.for %j = %c0 to %c1 step %c1 {
        %v = memref.load %r[%j] : memref<4xf32>
        memref.store %v, %a[%j] : memref<16xf32>
      }
    }
  }
  return
}

// From HL-IR: `--mdh-cl-optimize-gpu` between `--mdh-lower-to-clir` and
// `--emit-cuda` pads the loops over MatMul's register tiles to constant trip
// counts (and unrolls the small ones in CL-IR); the rest get the pragma.
// Without it, a MatMul whose sizes do not divide the tiles (5x11x7) has no
// loop with a constant trip count; one whose sizes do (1024^3) has them
// already: its tiles end at `lo + t`, not `min(lo + t, hi)`.
// RUN: mdh-opt %examples/matmul.mlir --mdh-lower-to-clir=target=cuda --mdh-cl-optimize-gpu --emit-cuda | FileCheck %s --check-prefix=OPT
// RUN: mdh-opt %examples/small/matmul.mlir --mdh-lower-to-clir=target=cuda --emit-cuda --emit-unoptimized | FileCheck %s --check-prefix=PLAIN
// RUN: mdh-opt %examples/matmul.mlir --mdh-lower-to-clir=target=cuda --emit-cuda --emit-unoptimized | FileCheck %s --check-prefix=EXACT
// OPT:         #pragma unroll{{$}}
// OPT-NEXT:    for (
// PLAIN-NOT:   #pragma unroll{{$}}
// PLAIN:       extern "C"
// EXACT-LABEL: matmul_1024_main(
// EXACT:       #pragma unroll{{$}}
// EXACT-NEXT:  for ({{int(32|64)_t}} [[I:v[0-9]+]] = [[LO:v[0-9]+]]; [[I]] < [[HI:v[0-9]+]]; ++[[I]]) {
