// Differential test of the whole GPU path on the CPU: the example kernels
// MatMul (5x11x7), an i32 dot product (1013), a prefix sum (127, scan
// phases) and argmax (1009, a custom combiner with ties), scheduled for cuda (and
// hip) by the default heuristic, lowered to CL-IR (--mdh-lower-to-clir), to
// gpu.launch (--mdh-cl-to-gpu) and run by the emulation with shuffled thread
// orders, print the same results as the oracle loops (--mdh-lower-to-loops).
// The float inputs are small integers, so every sum is exact in any order.
//
// DEFINE: %{lower} = --convert-scf-to-cf --convert-vector-to-llvm --convert-math-to-llvm \
// DEFINE:   --convert-arith-to-llvm --finalize-memref-to-llvm --convert-cf-to-llvm \
// DEFINE:   --convert-func-to-llvm --reconcile-unrealized-casts
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so
// RUN: mdh-opt %s --mdh-oracle-to-llvm --convert-vector-to-llvm --convert-arith-to-llvm --reconcile-unrealized-casts | %{run} > %t.oracle
// RUN: FileCheck %s --input-file=%t.oracle
// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda:sm_90 --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=5 %{lower} | %{run} > %t.cuda
// RUN: diff %t.oracle %t.cuda
// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda:sm_80 --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=9 %{lower} | %{run} > %t.cuda80
// RUN: diff %t.oracle %t.cuda80
// RUN: mdh-opt %s --mdh-lower-to-clir=target=hip:gfx90a --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=2 %{lower} | %{run} > %t.hip
// RUN: diff %t.oracle %t.hip
// The same after the GPU CL-IR optimizations (--mdh-cl-optimize-gpu): their
// result goes through --mdh-cl-to-gpu and the emulation too.
// RUN: mdh-opt %s --mdh-lower-to-clir=target=cuda:sm_90 --mdh-cl-optimize-gpu --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=5 %{lower} | %{run} > %t.cuda-opt
// RUN: diff %t.oracle %t.cuda-opt
// RUN: mdh-opt %s --mdh-lower-to-clir=target=hip:gfx90a --mdh-cl-optimize-gpu --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=2 %{lower} | %{run} > %t.hip-opt
// RUN: diff %t.oracle %t.hip-opt

// The oracle's results, for a few positions (the diffs compare all).
// CHECK-LABEL: matmul
// CHECK-COUNT-55: {{^-?[0-9]+$}}
// CHECK-LABEL: int_dot
// CHECK-NEXT: {{^-?[0-9]+$}}
// CHECK-LABEL: prefix_sum
// CHECK-COUNT-127: {{^-?[0-9]+$}}
// CHECK-LABEL: argmax
// CHECK-NEXT: {{^[0-9]+$}}
// CHECK-NEXT: {{^[0-9]+$}}

func.func @matmul_small(%A: memref<5x7xf32>, %B: memref<7x11xf32>,
                        %C: memref<5x11xf32>) {
  mdh.compute "matmul" sizes(5, 11, 7) combine(cc, cc, pw(add))
      ins(%A : memref<5x7xf32> [affine_map<(i, j, k) -> (i, k)>],
          %B : memref<7x11xf32> [affine_map<(i, j, k) -> (k, j)>])
      outs(%C : memref<5x11xf32> [affine_map<(i, j, k) -> (i, j)>]) {
  ^bb0(%a: f32, %b: f32):
    %p = arith.mulf %a, %b : f32
    mdh.yield %p : f32
  }
  return
}

func.func @int_dot_small(%a: memref<1013xi32>, %b: memref<1013xi32>,
                         %r: memref<i32>) {
  mdh.compute "int_dot" sizes(1013) combine(pw(add))
      ins(%a : memref<1013xi32> [affine_map<(k) -> (k)>],
          %b : memref<1013xi32> [affine_map<(k) -> (k)>])
      outs(%r : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%x: i32, %y: i32):
    %p = arith.muli %x, %y : i32
    mdh.yield %p : i32
  }
  return
}

func.func @prefix_sum_small(%x: memref<127xf32>, %y: memref<127xf32>) {
  mdh.compute "prefix_sum" sizes(127) combine(ps(add))
      ins(%x : memref<127xf32> [affine_map<(i) -> (i)>])
      outs(%y : memref<127xf32> [affine_map<(i) -> (i)>]) {
  ^bb0(%v: f32):
    mdh.yield %v : f32
  }
  return
}

mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %true = arith.constant true
  %nan0 = arith.cmpf uno, %v0, %v0 : f32
  %nan1 = arith.cmpf uno, %v1, %v1 : f32
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %eq = arith.cmpf oeq, %v1, %v0 : f32
  %lt = arith.cmpi slt, %i1, %i0 : i32
  // Both numbers: larger value, or equal value and smaller index.
  %tie = arith.andi %eq, %lt : i1
  %better = arith.ori %gt, %tie : i1
  // Only the right one is a NaN.
  %num0 = arith.xori %nan0, %true : i1
  %newnan = arith.andi %nan1, %num0 : i1
  // Both NaNs: smaller index.
  %bothnan = arith.andi %nan0, %nan1 : i1
  %nantie = arith.andi %bothnan, %lt : i1
  %p0 = arith.ori %better, %newnan : i1
  %pick = arith.ori %p0, %nantie : i1
  %v = arith.select %pick, %v1, %v0 : f32
  %i = arith.select %pick, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

func.func @argmax_small(%x: memref<1009xf32>, %max: memref<f32>,
                        %arg: memref<i32>) {
  mdh.compute "argmax" sizes(1009) combine(pw(@argmax))
      ins(%x : memref<1009xf32> [affine_map<(k) -> (k)>])
      outs(%max : memref<f32> [affine_map<(k) -> ()>],
           %arg : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%v: f32):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i32
    mdh.yield %v, %ki : f32, i32
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %c1013 = arith.constant 1013 : index
  %A = memref.alloc() : memref<5x7xf32>
  %B = memref.alloc() : memref<7x11xf32>
  %C = memref.alloc() : memref<5x11xf32>
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %k = %c0 to %c7 step %c1 {
      %s = arith.muli %i, %c7 : index
      %t = arith.addi %s, %k : index
      %u = arith.remui %t, %c11 : index
      %v = arith.subi %u, %c5 : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      memref.store %vf, %A[%i, %k] : memref<5x7xf32>
    }
  }
  scf.for %k = %c0 to %c7 step %c1 {
    scf.for %j = %c0 to %c11 step %c1 {
      %s = arith.muli %k, %c13 : index
      %t = arith.addi %s, %j : index
      %u = arith.remui %t, %c7 : index
      %ui = arith.index_cast %u : index to i32
      %uf = arith.sitofp %ui : i32 to f32
      memref.store %uf, %B[%k, %j] : memref<7x11xf32>
    }
  }
  call @matmul_small(%A, %B, %C) : (memref<5x7xf32>, memref<7x11xf32>, memref<5x11xf32>) -> ()
  vector.print str "matmul\n"
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c11 step %c1 {
      %x = memref.load %C[%i, %j] : memref<5x11xf32>
      %xi = arith.fptosi %x : f32 to i32
      vector.print %xi : i32
    }
  }
  %a = memref.alloc() : memref<1013xi32>
  %b = memref.alloc() : memref<1013xi32>
  %r = memref.alloc() : memref<i32>
  scf.for %k = %c0 to %c1013 step %c1 {
    %ki = arith.index_cast %k : index to i32
    %c37 = arith.constant 37 : i32
    %c100003 = arith.constant 100003 : i32
    %x = arith.muli %ki, %c37 : i32
    %y = arith.remsi %x, %c100003 : i32
    memref.store %x, %a[%k] : memref<1013xi32>
    memref.store %y, %b[%k] : memref<1013xi32>
  }
  call @int_dot_small(%a, %b, %r) : (memref<1013xi32>, memref<1013xi32>, memref<i32>) -> ()
  vector.print str "int_dot\n"
  %rv = memref.load %r[] : memref<i32>
  vector.print %rv : i32

  %px = memref.alloc() : memref<127xf32>
  %py = memref.alloc() : memref<127xf32>
  %c127 = arith.constant 127 : index
  %c9 = arith.constant 9 : index
  scf.for %k = %c0 to %c127 step %c1 {
    %u = arith.remui %k, %c9 : index
    %v = arith.subi %u, %c5 : index
    %vi = arith.index_cast %v : index to i32
    %vf = arith.sitofp %vi : i32 to f32
    memref.store %vf, %px[%k] : memref<127xf32>
  }
  call @prefix_sum_small(%px, %py) : (memref<127xf32>, memref<127xf32>) -> ()
  vector.print str "prefix_sum\n"
  scf.for %k = %c0 to %c127 step %c1 {
    %x = memref.load %py[%k] : memref<127xf32>
    %xi = arith.fptosi %x : f32 to i32
    vector.print %xi : i32
  }

  // Values with many ties of the maximum: the smallest index must win.
  %ax = memref.alloc() : memref<1009xf32>
  %amax = memref.alloc() : memref<f32>
  %aarg = memref.alloc() : memref<i32>
  %c1009 = arith.constant 1009 : index
  %c97 = arith.constant 97 : index
  scf.for %k = %c0 to %c1009 step %c1 {
    %s = arith.muli %k, %c13 : index
    %u = arith.remui %s, %c97 : index
    %ui = arith.index_cast %u : index to i32
    %uf = arith.sitofp %ui : i32 to f32
    memref.store %uf, %ax[%k] : memref<1009xf32>
  }
  call @argmax_small(%ax, %amax, %aarg) : (memref<1009xf32>, memref<f32>, memref<i32>) -> ()
  vector.print str "argmax\n"
  %mv = memref.load %amax[] : memref<f32>
  %mvi = arith.fptosi %mv : f32 to i32
  vector.print %mvi : i32
  %mi = memref.load %aarg[] : memref<i32>
  vector.print %mi : i32
  memref.dealloc %px : memref<127xf32>
  memref.dealloc %py : memref<127xf32>
  memref.dealloc %ax : memref<1009xf32>
  memref.dealloc %amax : memref<f32>
  memref.dealloc %aarg : memref<i32>
  memref.dealloc %A : memref<5x7xf32>
  memref.dealloc %B : memref<7x11xf32>
  memref.dealloc %C : memref<5x11xf32>
  memref.dealloc %a : memref<1013xi32>
  memref.dealloc %b : memref<1013xi32>
  memref.dealloc %r : memref<i32>
  return
}
