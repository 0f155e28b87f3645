// The GPU-lowered IR (after --mdh-cl-to-gpu) run on the CPU: blocks in
// parallel, the threads of a block one after the other in a shuffled order
// per barrier interval, shared memory poisoned (NaN) at block start. The
// kernels are those of cl-to-gpu.mlir: a MatMul tile (shared-memory copies
// between barriers), a two-phase sum (a shared-memory tree, a device
// buffer between the phases) and a transpose through dynamic shared
// memory. main compares them with plain loops and prints the number of wrong
// results.
//
// DEFINE: %{lower} = --convert-scf-to-cf --convert-vector-to-llvm --convert-math-to-llvm \
// DEFINE:   --convert-arith-to-llvm --finalize-memref-to-llvm --convert-cf-to-llvm \
// DEFINE:   --convert-func-to-llvm --reconcile-unrealized-casts
// RUN: mdh-opt %s --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=3 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// Other thread orders.
// RUN: mdh-opt %s --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=11 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
//
// The mutation tests: without the barrier between the tile copies and their
// use, MatMul reads elements of the tiles that other threads have not
// written yet; without the barrier after each step of the sum's tree, a
// thread adds a partial sum that another thread has already changed in the
// same step. The emulation sees both.
// RUN: sed -e '/barrier.*@mutate-copy/d' %s | mdh-opt --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=3 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=MUTANT-COPY
// RUN: sed -e '/barrier.*@mutate-tree/d' %s | mdh-opt --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=3 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=MUTANT-TREE

// CHECK:      matmul wrong
// CHECK-NEXT: 0
// CHECK-NEXT: sum wrong
// CHECK-NEXT: 0
// CHECK-NEXT: transpose wrong
// CHECK-NEXT: 0

// MUTANT-COPY:      matmul wrong
// MUTANT-COPY-NEXT: {{[1-9][0-9]*}}
// MUTANT-COPY-NEXT: sum wrong
// MUTANT-COPY-NEXT: 0
// MUTANT-COPY-NEXT: transpose wrong
// MUTANT-COPY-NEXT: 0

// MUTANT-TREE:      matmul wrong
// MUTANT-TREE-NEXT: 0
// MUTANT-TREE-NEXT: sum wrong
// MUTANT-TREE-NEXT: 1
// MUTANT-TREE-NEXT: transpose wrong
// MUTANT-TREE-NEXT: 0

func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %by = %c0 to %c4 step %c1 on blocks y {
      mdh_cl.par_for %bx = %c0 to %c4 step %c1 on blocks x {
        %As = mdh_cl.buffer shared : memref<16x16xf32>
        %Bs = mdh_cl.buffer shared : memref<16x16xf32>
        mdh_cl.par_for %ty = %c0 to %c16 step %c1 on threads y {
          mdh_cl.par_for %tx = %c0 to %c16 step %c1 on threads x {
            %acc = mdh_cl.buffer register : memref<1xf32>
            %i0 = arith.muli %by, %c16 : index
            %i = arith.addi %i0, %ty : index
            %j0 = arith.muli %bx, %c16 : index
            %j = arith.addi %j0, %tx : index
            mdh_cl.for %k0 = %c0 to %c64 step %c16 {
              mdh_cl.barrier
              %ka = arith.addi %k0, %tx : index
              %a = memref.load %A[%i, %ka] : memref<64x64xf32>
              memref.store %a, %As[%ty, %tx] : memref<16x16xf32>
              %kb = arith.addi %k0, %ty : index
              %b = memref.load %B[%kb, %j] : memref<64x64xf32>
              memref.store %b, %Bs[%ty, %tx] : memref<16x16xf32>
              mdh_cl.barrier // @mutate-copy: between the tile copies and their use
              mdh_cl.for %k = %c0 to %c16 step %c1 {
                %x = memref.load %As[%ty, %k] : memref<16x16xf32>
                %y = memref.load %Bs[%k, %tx] : memref<16x16xf32>
                %p = mdh_cl.scalar(%x, %y) : (f32, f32) -> f32 {
                ^bb0(%u: f32, %v: f32):
                  %m = arith.mulf %u, %v : f32
                  mdh_cl.yield %m : f32
                }
                %kk = arith.addi %k0, %k : index
                %first = arith.cmpi eq, %kk, %c0 : index
                mdh_cl.accumulate %p into %acc[%c0] first %first combine pw(add) : f32 into memref<1xf32>
              }
            }
            %r = memref.load %acc[%c0] : memref<1xf32>
            memref.store %r, %C[%i, %j] : memref<64x64xf32>
          }
        }
      }
    }
  }
  return
}

func.func @sum(%in: memref<1024xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %part = mdh_cl.buffer device : memref<4xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %bx = %c0 to %c4 step %c1 on blocks x {
      %red = mdh_cl.buffer shared : memref<64xf32>
      mdh_cl.par_for %tx = %c0 to %c64 step %c1 on threads x {
        %r = mdh_cl.buffer register : memref<1xf32>
        %base = arith.muli %bx, %c256 : index
        mdh_cl.for %e = %c0 to %c256 step %c64 {
          %o = arith.addi %base, %e : index
          %idx = arith.addi %o, %tx : index
          %v = memref.load %in[%idx] : memref<1024xf32>
          %first = arith.cmpi eq, %e, %c0 : index
          mdh_cl.accumulate %v into %r[%c0] first %first combine pw(add) : f32 into memref<1xf32>
        }
        %mine = memref.load %r[%c0] : memref<1xf32>
        memref.store %mine, %red[%tx] : memref<64xf32>
        mdh_cl.barrier
        %false = arith.constant false
        %c6 = arith.constant 6 : index
        mdh_cl.for %step = %c0 to %c6 step %c1 {
          %s0 = arith.shrui %c64, %step : index
          %s = arith.shrui %s0, %c1 : index
          %active = arith.cmpi ult, %tx, %s : index
          scf.if %active {
            %other = arith.addi %tx, %s : index
            %w = memref.load %red[%other] : memref<64xf32>
            mdh_cl.accumulate %w into %red[%tx] first %false combine pw(add) : f32 into memref<64xf32>
          }
          mdh_cl.barrier // @mutate-tree: after each step of the tree
        }
        %lead = arith.cmpi eq, %tx, %c0 : index
        scf.if %lead {
          %total = memref.load %red[%c0] : memref<64xf32>
          memref.store %total, %part[%bx] : memref<4xf32>
        }
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %bx = %c0 to %c1 step %c1 on blocks x {
      %red = mdh_cl.buffer shared : memref<4xf32>
      mdh_cl.par_for %tx = %c0 to %c4 step %c1 on threads x {
        %mine = memref.load %part[%tx] : memref<4xf32>
        memref.store %mine, %red[%tx] : memref<4xf32>
        mdh_cl.barrier
        %lead = arith.cmpi eq, %tx, %c0 : index
        scf.if %lead {
          %t = mdh_cl.buffer register : memref<4xf32>
          mdh_cl.copy %red[%c0] [%c4] to %t layout identity : memref<4xf32> to memref<4xf32>
          %a = memref.load %t[%c0] : memref<4xf32>
          %b = memref.load %t[%c1] : memref<4xf32>
          %c = memref.load %t[%c2] : memref<4xf32>
          %c3 = arith.constant 3 : index
          %d = memref.load %t[%c3] : memref<4xf32>
          %ab = arith.addf %a, %b : f32
          %cd = arith.addf %c, %d : f32
          %abcd = arith.addf %ab, %cd : f32
          memref.store %abcd, %out[%c0] : memref<1xf32>
        }
      }
    }
  }
  return
}

func.func @big_tiles(%a: memref<128x128xf32>, %b: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %bx = %c0 to %c1 step %c1 on blocks x {
      %tile = mdh_cl.buffer shared : memref<128x128xf32>
      %row = mdh_cl.buffer shared : memref<1024xf32>
      mdh_cl.par_for %tx = %c0 to %c128 step %c1 on threads x {
        mdh_cl.for %i = %c0 to %c128 step %c1 {
          %v = memref.load %a[%i, %tx] : memref<128x128xf32>
          memref.store %v, %tile[%i, %tx] : memref<128x128xf32>
        }
        mdh_cl.barrier
        mdh_cl.for %i = %c0 to %c128 step %c1 {
          %v = memref.load %tile[%tx, %i] : memref<128x128xf32>
          memref.store %v, %b[%i, %tx] : memref<128x128xf32>
        }
        %w = memref.load %tile[%tx, %tx] : memref<128x128xf32>
        memref.store %w, %row[%tx] : memref<1024xf32>
      }
    }
  }
  return
}

// Inputs with small integer values, so that every sum is exact in f32.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<64x64xf32>
  %B = memref.alloc() : memref<64x64xf32>
  %C = memref.alloc() : memref<64x64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c64 step %c1 {
      %s = arith.muli %i, %c7 : index
      %t = arith.addi %s, %j : index
      %u = arith.remui %t, %c11 : index
      %a = arith.subi %u, %c5 : index
      %ai = arith.index_cast %a : index to i32
      %af = arith.sitofp %ai : i32 to f32
      memref.store %af, %A[%i, %j] : memref<64x64xf32>
      %v = arith.remui %s, %c5 : index
      %w = arith.addi %v, %j : index
      %x = arith.remui %w, %c7 : index
      %xi = arith.index_cast %x : index to i32
      %xf = arith.sitofp %xi : i32 to f32
      memref.store %xf, %B[%i, %j] : memref<64x64xf32>
    }
  }
  call @matmul(%A, %B, %C) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>) -> ()
  %bad = scf.for %i = %c0 to %c64 step %c1 iter_args(%n = %c0) -> (index) {
    %row = scf.for %j = %c0 to %c64 step %c1 iter_args(%m = %n) -> (index) {
      %ref = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        %a = memref.load %A[%i, %k] : memref<64x64xf32>
        %b = memref.load %B[%k, %j] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %acc, %p : f32
        scf.yield %q : f32
      }
      %got = memref.load %C[%i, %j] : memref<64x64xf32>
      %ok = arith.cmpf oeq, %got, %ref : f32
      %m1 = arith.addi %m, %c1 : index
      %next = arith.select %ok, %m, %m1 : index
      scf.yield %next : index
    }
    scf.yield %row : index
  }
  vector.print str "matmul wrong\n"
  vector.print %bad : index

  %in = memref.alloc() : memref<1024xf32>
  %out = memref.alloc() : memref<1xf32>
  %ref = scf.for %i = %c0 to %c1024 step %c1 iter_args(%acc = %zero) -> (f32) {
    %u = arith.remui %i, %c11 : index
    %a = arith.subi %u, %c5 : index
    %ai = arith.index_cast %a : index to i32
    %af = arith.sitofp %ai : i32 to f32
    memref.store %af, %in[%i] : memref<1024xf32>
    %q = arith.addf %acc, %af : f32
    scf.yield %q : f32
  }
  call @sum(%in, %out) : (memref<1024xf32>, memref<1xf32>) -> ()
  %got = memref.load %out[%c0] : memref<1xf32>
  %ok = arith.cmpf oeq, %got, %ref : f32
  %sumBad = arith.select %ok, %c0, %c1 : index
  vector.print str "sum wrong\n"
  vector.print %sumBad : index

  // big_tiles: b = transpose(a) through 68 KB of dynamic shared memory.
  %c128 = arith.constant 128 : index
  %ta = memref.alloc() : memref<128x128xf32>
  %tb = memref.alloc() : memref<128x128xf32>
  scf.for %i = %c0 to %c128 step %c1 {
    scf.for %j = %c0 to %c128 step %c1 {
      %s = arith.muli %i, %c128 : index
      %t = arith.addi %s, %j : index
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      memref.store %tf, %ta[%i, %j] : memref<128x128xf32>
    }
  }
  call @big_tiles(%ta, %tb) : (memref<128x128xf32>, memref<128x128xf32>) -> ()
  %tbad = scf.for %i = %c0 to %c128 step %c1 iter_args(%n = %c0) -> (index) {
    %row = scf.for %j = %c0 to %c128 step %c1 iter_args(%m = %n) -> (index) {
      %want = memref.load %ta[%j, %i] : memref<128x128xf32>
      %have = memref.load %tb[%i, %j] : memref<128x128xf32>
      %same = arith.cmpf oeq, %have, %want : f32
      %m1 = arith.addi %m, %c1 : index
      %count = arith.select %same, %m, %m1 : index
      scf.yield %count : index
    }
    scf.yield %row : index
  }
  vector.print str "transpose wrong\n"
  vector.print %tbad : index
  memref.dealloc %ta : memref<128x128xf32>
  memref.dealloc %tb : memref<128x128xf32>
  memref.dealloc %A : memref<64x64xf32>
  memref.dealloc %B : memref<64x64xf32>
  memref.dealloc %C : memref<64x64xf32>
  memref.dealloc %in : memref<1024xf32>
  memref.dealloc %out : memref<1xf32>
  return
}
