// RUN: mdh-opt %s --mdh-cl-to-loops | FileCheck %s
// RUN: mdh-opt %s --mdh-cl-pad-register-tiles | FileCheck %s --check-prefix=PAD
// RUN: mdh-translate %s --emit-c | FileCheck %s --check-prefix=C

// A copy into a wider float tile (include/mdh/Dialect/LL/Staging.h) widens
// each element as arith.extf does, wherever the copy is lowered: the loops
// of --mdh-cl-to-loops, the padded register copies, the C emitter (bf16
// bits through mdh_bf16_to_f32, f32 to f64 by a cast).

// CHECK-LABEL: func.func @widen(
// CHECK: %[[X:.*]] = memref.load %{{.*}} : memref<4x8xbf16>
// CHECK-NEXT: %[[XE:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: memref.store %[[XE]], %{{.*}} : memref<4x8xf32>
// CHECK: %[[Y:.*]] = memref.load %{{.*}} : memref<8xf32>
// CHECK-NEXT: %[[YE:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK-NEXT: memref.store %[[YE]], %{{.*}} : memref<8xf64>

// PAD-LABEL: func.func @widen(
// PAD: %[[Y:.*]] = memref.load %{{.*}} : memref<8xf32>
// PAD-NEXT: %[[YE:.*]] = arith.extf %[[Y]] : f32 to f64
// PAD-NEXT: memref.store %[[YE]], %{{.*}} : memref<8xf64>

// C-LABEL: void widen(
// C: v{{[0-9]+}}[{{.*}}] = mdh_bf16_to_f32(in0[{{.*}}]);
// C: v{{[0-9]+}}[{{.*}}] = (double)in1[{{.*}}];
func.func @widen(%a: memref<4x8xbf16>, %b: memref<8xf32>, %out: memref<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %tile = mdh_cl.buffer packed : memref<4x8xf32>
      mdh_cl.copy %a[%c0, %c0] [%c4, %c8] to %tile layout identity : memref<4x8xbf16> to memref<4x8xf32>
      %reg = mdh_cl.buffer register : memref<8xf64>
      mdh_cl.copy %b[%c0] [%c4] to %reg layout identity : memref<8xf32> to memref<8xf64>
      %e = memref.load %tile[%c1, %c1] : memref<4x8xf32>
      %ed = arith.extf %e : f32 to f64
      %f = memref.load %reg[%c1] : memref<8xf64>
      %s = arith.addf %ed, %f : f64
      memref.store %s, %out[] : memref<f64>
    }
  }
  return
}
