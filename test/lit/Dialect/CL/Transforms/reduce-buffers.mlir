// RUN: mdh-opt %s --mdh-cl-reduce-buffers=report -split-input-file -verify-diagnostics | FileCheck %s

// A scan's partial results only mirror the output (same shape, same
// indices): the scan runs in the output and the copy phase is gone.

// CHECK-LABEL: func.func @scan(
// CHECK-SAME:      %[[X:.*]]: memref<8xf32>, %[[R:.*]]: memref<8xf32>)
// CHECK-NOT:     mdh_cl.buffer
// CHECK:         mdh_cl.phase "main"
// CHECK:           memref.store %{{.*}}, %[[R]][%{{.*}}] : memref<8xf32>
// CHECK:         mdh_cl.phase "scan_0"
// CHECK:           mdh_cl.accumulate %{{.*}} into %[[R]][%{{.*}}] first %false combine ps(add)
// CHECK-NOT:     mdh_cl.phase "write"
// expected-remark @+2 {{mdh-cl-reduce-buffers: 1 device buffers replaced by outputs}}
// expected-remark @+1 {{mdh-cl-reduce-buffers: 32 bytes of device memory saved}}
func.func @scan(%x: memref<8xf32>, %r: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %false = arith.constant false
  %buf = mdh_cl.buffer device : memref<8xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %i = %c0 to %c8 step %c1 on threads x {
      %v = memref.load %x[%i] : memref<8xf32>
      memref.store %v, %buf[%i] : memref<8xf32>
    }
  }
  mdh_cl.phase "scan_0" {
    mdh_cl.par_for %q = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %j = %c1 to %c8 step %c1 {
        %p = arith.subi %j, %c1 : index
        %v = memref.load %buf[%p] : memref<8xf32>
        mdh_cl.accumulate %v into %buf[%j] first %false combine ps(add) : f32 into memref<8xf32>
      }
    }
  }
  mdh_cl.phase "write" {
    mdh_cl.par_for %i = %c0 to %c8 step %c1 on threads x {
      %v = memref.load %buf[%i] : memref<8xf32>
      memref.store %v, %r[%i] : memref<8xf32>
    }
  }
  return
}

// -----

// Kept: the copy reverses the order (other indices), and another copy
// reads a buffer whose output is also written elsewhere.

// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-2: mdh_cl.buffer device
func.func @kept(%r: memref<8xf32>, %s: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  %a = mdh_cl.buffer device : memref<8xf32>
  %b = mdh_cl.buffer device : memref<8xf32>
  mdh_cl.phase "write" {
    mdh_cl.par_for %i = %c0 to %c8 step %c1 on threads x {
      %j = arith.subi %c7, %i : index
      %v = memref.load %a[%i] : memref<8xf32>
      memref.store %v, %r[%j] : memref<8xf32>
      %w = memref.load %b[%i] : memref<8xf32>
      memref.store %w, %s[%i] : memref<8xf32>
      memref.store %f, %s[%c0] : memref<8xf32>
    }
  }
  return
}
