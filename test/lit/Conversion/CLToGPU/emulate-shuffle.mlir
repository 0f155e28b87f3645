// mdh_cl.shuffle down through --mdh-cl-to-gpu (gpu.shuffle down of 32-bit
// words: i64 and f64 in two, i8 and i1 widened) and the emulation (a
// shuffle cuts the barrier intervals; each thread reads its source lane's
// operand). Two blocks of 96 threads along x and y (32 x 3: three warps);
// each thread shuffles its i64 down by 5 lanes in groups of 32, its f64
// down by 3 in groups of 8, its i8 up by 5, and the i1 and f32 values down
// by 16. main compares with the definition
// (down: lane l of a group reads lane l + delta, or keeps its own value
// where l + delta >= width; up: l - delta, or its own where l < delta) and
// prints the number of wrong results.
//
// DEFINE: %{lower} = --convert-scf-to-cf --convert-vector-to-llvm --convert-math-to-llvm \
// DEFINE:   --convert-arith-to-llvm --finalize-memref-to-llvm --convert-cf-to-llvm \
// DEFINE:   --convert-func-to-llvm --reconcile-unrealized-casts
// RUN: mdh-opt %s --mdh-cl-to-gpu | FileCheck %s --check-prefix=GPU
// RUN: mdh-opt %s --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=5 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mdh-opt %s --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=9 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// The mutant that shuffles by 4 instead of 5 is seen.
// RUN: sed -e 's/%x, 5 width/%x, 4 width/' %s \
// RUN:   | mdh-opt --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=5 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=MUTANT
// Between barriers, code that shuffles runs warp by warp: @cross_warp reads
// the other warp's shuffled value from shared memory after a barrier;
// without it, the first warp to run reads poison.
// RUN: sed -e '/barrier.*@mutate-warp/d' %s \
// RUN:   | mdh-opt --mdh-cl-to-gpu --mdh-gpu-emulate-on-host=seed=5 %{lower} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=MUTANT-WARP

// GPU-LABEL: func.func @shuffles(
// GPU: gpu.launch
// i64 by 5 in groups of 32: the low and the high word.
// GPU: %[[LO:.*]] = arith.trunci %{{.*}} : i64 to i32
// GPU: %[[S0:.*]], %[[V0:.*]] = gpu.shuffle  down %[[LO]], %{{.*}}, %{{.*}} : i32
// GPU: arith.select %[[V0]], %[[S0]], %[[LO]] : i32
// GPU: %[[HI:.*]] = arith.shrui %{{.*}}, %{{.*}} : i64
// GPU: %[[HI32:.*]] = arith.trunci %[[HI]] : i64 to i32
// GPU: gpu.shuffle  down %[[HI32]]
// i8 up by 5: widened to one word.
// GPU: %[[W8:.*]] = arith.extui %{{.*}} : i8 to i32
// GPU: gpu.shuffle  up %[[W8]]
// GPU-NOT: mdh_cl.shuffle

// CHECK:      i64 wrong
// CHECK-NEXT: 0
// CHECK-NEXT: f64 wrong
// CHECK-NEXT: 0
// CHECK-NEXT: i8 wrong
// CHECK-NEXT: 0
// CHECK-NEXT: i1 f32 wrong
// CHECK-NEXT: 0
// CHECK-NEXT: cross-warp wrong
// CHECK-NEXT: 0

// MUTANT:      i64 wrong
// MUTANT-NEXT: {{[1-9][0-9]*}}

// MUTANT-WARP:      cross-warp wrong
// MUTANT-WARP-NEXT: {{[1-9][0-9]*}}

func.func @shuffles(%xs: memref<192xi64>, %ys: memref<192xi64>,
                    %fs: memref<192xf64>, %gs: memref<192xf64>,
                    %bs: memref<192xi8>, %cs: memref<192xi8>,
                    %os: memref<192xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c32 = arith.constant 32 : index
  %c96 = arith.constant 96 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %bx = %c0 to %c2 step %c1 on blocks x {
      mdh_cl.par_for %ty = %c0 to %c3 step %c1 on threads y {
        mdh_cl.par_for %tx = %c0 to %c32 step %c1 on threads x {
          %row = arith.muli %ty, %c32 : index
          %t = arith.addi %row, %tx : index
          %base = arith.muli %bx, %c96 : index
          %i = arith.addi %base, %t : index
          %x = memref.load %xs[%i] : memref<192xi64>
          %y = mdh_cl.shuffle down %x, 5 width 32 : i64
          memref.store %y, %ys[%i] : memref<192xi64>
          %f = memref.load %fs[%i] : memref<192xf64>
          %g = mdh_cl.shuffle down %f, 3 width 8 : f64
          memref.store %g, %gs[%i] : memref<192xf64>
          %b = memref.load %bs[%i] : memref<192xi8>
          %c = mdh_cl.shuffle up %b, 5 width 32 : i8
          %odd = arith.trunci %b : i8 to i1
          %odd16 = mdh_cl.shuffle down %odd, 16 width 32 : i1
          %ff = arith.sitofp %c : i8 to f32
          %o = mdh_cl.shuffle down %ff, 16 width 32 : f32
          %neg = arith.negf %o : f32
          %o2 = arith.select %odd16, %neg, %o : f32
          memref.store %c, %cs[%i] : memref<192xi8>
          memref.store %o2, %os[%i] : memref<192xf32>
        }
      }
    }
  }
  return
}

// 64 threads, two warps: lane 0 of each warp stores lane 1's value (a
// shuffle) into shared memory; after a barrier every thread reads the
// other warp's: out[t] = in[32 * (1 - t / 32) + 1].
func.func @cross_warp(%in: memref<64xi32>, %out: memref<64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %bx = %c0 to %c1 step %c1 on blocks x {
      %warps = mdh_cl.buffer shared : memref<2xi32>
      mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
        %v = memref.load %in[%t] : memref<64xi32>
        %next = mdh_cl.shuffle down %v, 1 width 32 : i32
        %lane = arith.remui %t, %c32 : index
        %w = arith.divui %t, %c32 : index
        %lead = arith.cmpi eq, %lane, %c0 : index
        scf.if %lead {
          memref.store %next, %warps[%w] : memref<2xi32>
        }
        mdh_cl.barrier // @mutate-warp
        %other = arith.subi %c1, %w : index
        %got = memref.load %warps[%other] : memref<2xi32>
        memref.store %got, %out[%t] : memref<64xi32>
      }
    }
  }
  return
}

// The value of thread i after a shuffle by `delta` in groups of `width`.
func.func @source(%i: index, %delta: index, %width: index) -> index {
  %lane = arith.remui %i, %width : index
  %src = arith.addi %lane, %delta : index
  %in = arith.cmpi ult, %src, %width : index
  %moved = arith.addi %i, %delta : index
  %r = arith.select %in, %moved, %i : index
  return %r : index
}

// The same for `up`: lane l reads lane l - delta, or keeps its own value
// where l < delta.
func.func @source_up(%i: index, %delta: index, %width: index) -> index {
  %lane = arith.remui %i, %width : index
  %in = arith.cmpi uge, %lane, %delta : index
  %moved = arith.subi %i, %delta : index
  %r = arith.select %in, %moved, %i : index
  return %r : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c192 = arith.constant 192 : index
  %big = arith.constant 4294967311 : i64
  %xs = memref.alloc() : memref<192xi64>
  %ys = memref.alloc() : memref<192xi64>
  %fs = memref.alloc() : memref<192xf64>
  %gs = memref.alloc() : memref<192xf64>
  %bs = memref.alloc() : memref<192xi8>
  %cs = memref.alloc() : memref<192xi8>
  %os = memref.alloc() : memref<192xf32>
  scf.for %i = %c0 to %c192 step %c1 {
    // Values whose high words differ: i * (2^32 + 15).
    %ii = arith.index_cast %i : index to i64
    %x = arith.muli %ii, %big : i64
    memref.store %x, %xs[%i] : memref<192xi64>
    %f = arith.sitofp %x : i64 to f64
    %fh = arith.constant 0.25 : f64
    %f2 = arith.addf %f, %fh : f64
    memref.store %f2, %fs[%i] : memref<192xf64>
    %b = arith.trunci %ii : i64 to i8
    memref.store %b, %bs[%i] : memref<192xi8>
  }
  call @shuffles(%xs, %ys, %fs, %gs, %bs, %cs, %os)
      : (memref<192xi64>, memref<192xi64>, memref<192xf64>, memref<192xf64>,
         memref<192xi8>, memref<192xi8>, memref<192xf32>) -> ()
  %wrong:4 = scf.for %i = %c0 to %c192 step %c1
      iter_args(%n0 = %c0, %n1 = %c0, %n2 = %c0, %n3 = %c0)
      -> (index, index, index, index) {
    %s5 = func.call @source(%i, %c5, %c32) : (index, index, index) -> index
    %x = memref.load %xs[%s5] : memref<192xi64>
    %y = memref.load %ys[%i] : memref<192xi64>
    %ok0 = arith.cmpi eq, %x, %y : i64
    %s3 = func.call @source(%i, %c3, %c8) : (index, index, index) -> index
    %f = memref.load %fs[%s3] : memref<192xf64>
    %g = memref.load %gs[%i] : memref<192xf64>
    %ok1 = arith.cmpf oeq, %f, %g : f64
    %u5 = func.call @source_up(%i, %c5, %c32) : (index, index, index) -> index
    %b = memref.load %bs[%u5] : memref<192xi8>
    %c = memref.load %cs[%i] : memref<192xi8>
    %ok2 = arith.cmpi eq, %b, %c : i8
    // Thread i's f32: thread j = source(i, 16)'s i8, negated where thread
    // j's own i8 is odd (both moved by 16).
    %j = func.call @source(%i, %c16, %c32) : (index, index, index) -> index
    %k = func.call @source_up(%j, %c5, %c32) : (index, index, index) -> index
    %bk = memref.load %bs[%k] : memref<192xi8>
    %fk = arith.sitofp %bk : i8 to f32
    %bj = memref.load %bs[%j] : memref<192xi8>
    %odd = arith.trunci %bj : i8 to i1
    %neg = arith.negf %fk : f32
    %want = arith.select %odd, %neg, %fk : f32
    %o = memref.load %os[%i] : memref<192xf32>
    %ok3 = arith.cmpf oeq, %want, %o : f32
    %m0 = arith.addi %n0, %c1 : index
    %r0 = arith.select %ok0, %n0, %m0 : index
    %m1 = arith.addi %n1, %c1 : index
    %r1 = arith.select %ok1, %n1, %m1 : index
    %m2 = arith.addi %n2, %c1 : index
    %r2 = arith.select %ok2, %n2, %m2 : index
    %m3 = arith.addi %n3, %c1 : index
    %r3 = arith.select %ok3, %n3, %m3 : index
    scf.yield %r0, %r1, %r2, %r3 : index, index, index, index
  }
  vector.print str "i64 wrong\n"
  vector.print %wrong#0 : index
  vector.print str "f64 wrong\n"
  vector.print %wrong#1 : index
  vector.print str "i8 wrong\n"
  vector.print %wrong#2 : index
  vector.print str "i1 f32 wrong\n"
  vector.print %wrong#3 : index

  %in = memref.alloc() : memref<64xi32>
  %out = memref.alloc() : memref<64xi32>
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %sq = arith.muli %ii, %ii : i32
    memref.store %sq, %in[%i] : memref<64xi32>
  }
  call @cross_warp(%in, %out) : (memref<64xi32>, memref<64xi32>) -> ()
  %bad = scf.for %i = %c0 to %c64 step %c1 iter_args(%n = %c0) -> (index) {
    %w = arith.divui %i, %c32 : index
    %other = arith.subi %c1, %w : index
    %base = arith.muli %other, %c32 : index
    %src = arith.addi %base, %c1 : index
    %want = memref.load %in[%src] : memref<64xi32>
    %got = memref.load %out[%i] : memref<64xi32>
    %ok = arith.cmpi eq, %want, %got : i32
    %m = arith.addi %n, %c1 : index
    %r = arith.select %ok, %n, %m : index
    scf.yield %r : index
  }
  vector.print str "cross-warp wrong\n"
  vector.print %bad : index
  return
}
