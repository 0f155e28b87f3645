// RUN: mdh-opt %s --mdh-host-to-llvm | FileCheck %s
// RUN: mdh-opt %s --mdh-host-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// The same pipeline on CL-IR made from HL-IR by --mdh-ll-to-cl.
// RUN: mdh-opt %examples/small/matvec.mlir --mdh-hl-to-ll=target=openmp --mdh-ll-to-cl --mdh-host-to-llvm | FileCheck %s --check-prefix=FROMHL
// An unknown option is an error.
// RUN: not mdh-opt %s --mdh-host-to-llvm=bogus=1 2>&1 | FileCheck %s --check-prefix=BADOPT
// Unknown pass names in disable=/enable= are errors.
// RUN: not mdh-opt %s --mdh-host-to-llvm=disable=bogus 2>&1 | FileCheck %s --check-prefix=BADDISABLE
// RUN: not mdh-opt %s --mdh-host-to-llvm=enable=mdh-cl-inline-scalar 2>&1 | FileCheck %s --check-prefix=BADENABLE

// --mdh-host-to-llvm: the parallel loop over threads becomes an OpenMP
// parallel region with a work-sharing loop; everything else is the LLVM
// dialect, ready for translation to LLVM IR (OpenMP runtime calls).

// CHECK-LABEL: llvm.func @scale(
// CHECK:         llvm.call @malloc
// CHECK:         omp.parallel {
// CHECK-NEXT:      omp.wsloop {
// CHECK-NEXT:        omp.loop_nest (%{{.*}}) : i64 = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK:               llvm.intr.stacksave
// CHECK:               llvm.alloca %{{.*}} x f32
// CHECK:               llvm.fmul
// CHECK:               omp.yield
// CHECK:           omp.terminator
// CHECK:         llvm.call @free
// CHECK:         llvm.return
// CHECK-NOT:     mdh_cl.
// CHECK-NOT:     scf.
// CHECK-NOT:     memref.

// LLVMIR: define void @scale(
// LLVMIR: call void {{.*}}@__kmpc_fork_call(

// FROMHL: llvm.func @matvec_small(
// FROMHL: omp.parallel
// FROMHL: omp.wsloop
// FROMHL-NOT: mdh_cl.

// BADOPT: no such option bogus
// BADDISABLE: error: --mdh-host-to-llvm: disable=bogus names no default CL-IR optimization
// BADENABLE: error: --mdh-host-to-llvm: enable=mdh-cl-inline-scalar names no optional CL-IR optimization

func.func @scale(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %cst = arith.constant 2.0 : f32
  %tmp = mdh_cl.buffer device : memref<64xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
      %o = arith.muli %t, %c8 : index
      %p = mdh_cl.buffer packed : memref<8xf32>
      mdh_cl.copy %a[%o] [%c8] to %p layout identity : memref<64xf32> to memref<8xf32>
      mdh_cl.for %i = %c0 to %c8 step %c1 {
        %x = memref.load %p[%i] : memref<8xf32>
        %y = mdh_cl.scalar(%x) : (f32) -> f32 {
        ^bb0(%v: f32):
          %r = arith.mulf %v, %cst : f32
          mdh_cl.yield %r : f32
        }
        %g = arith.addi %o, %i : index
        memref.store %y, %tmp[%g] : memref<64xf32>
      }
    }
  }
  mdh_cl.phase "write" {
    mdh_cl.par_for %i = %c0 to %c8 step %c1 on threads x {
      %x = memref.load %tmp[%i] : memref<64xf32>
      memref.store %x, %b[%i] : memref<64xf32>
    }
  }
  return
}
