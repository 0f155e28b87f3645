// RUN: mdh-opt %s --mdh-cl-to-loops --split-input-file | FileCheck %s
// RUN: mdh-opt %s --mdh-cl-to-loops=max-stack-bytes=0 --split-input-file | FileCheck %s --check-prefix=HEAP

// Phases are inlined in order; a device buffer is allocated at the start of
// the function and freed before its return; the parallel loop over threads
// becomes scf.parallel, sequential loops scf.for; packed and register
// buffers are allocas hoisted to the start of the parallel body (out of the
// sequential loop); a copy is a loop nest of loads and stores; the scalar
// function is inlined; an accumulation loads, combines, selects on `first`
// and stores.

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME:      %[[M:.*]]: memref<64x32xf32>, %[[V:.*]]: memref<32xf32>, %[[W:.*]]: memref<64xf32>)
// CHECK:         %[[PART:.*]] = memref.alloc() : memref<4x64xf32>
// CHECK:         scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT:      %[[MP:.*]] = memref.alloca() : memref<16x8xf32>
// CHECK-NEXT:      %[[VP:.*]] = memref.alloca() : memref<8xf32>
// CHECK-NEXT:      %[[ACC:.*]] = memref.alloca() : memref<16xf32>
// CHECK:           %[[I0:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK:           scf.for %[[KT:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[K0:.*]] = arith.muli %[[KT]], %{{.*}} : index
// Copy of the matrix tile: two loops, source offset plus tile index.
// CHECK:             scf.for %[[CI:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:          scf.for %[[CK:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:            %[[SI:.*]] = arith.addi %[[I0]], %[[CI]] : index
// CHECK-NEXT:            %[[SK:.*]] = arith.addi %[[K0]], %[[CK]] : index
// CHECK-NEXT:            %[[E:.*]] = memref.load %[[M]][%[[SI]], %[[SK]]] : memref<64x32xf32>
// CHECK-NEXT:            memref.store %[[E]], %[[MP]][%[[CI]], %[[CK]]] : memref<16x8xf32>
// CHECK:             scf.for %[[CV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:               memref.load %[[V]]
// CHECK:               memref.store %{{.*}}, %[[VP]][%[[CV]]] : memref<8xf32>
// CHECK:             scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:               scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:                 %[[A:.*]] = memref.load %[[MP]][%[[I]], %[[K]]] : memref<16x8xf32>
// CHECK:                 %[[X:.*]] = memref.load %[[VP]][%[[K]]] : memref<8xf32>
// The scalar function, inlined.
// CHECK:                 %[[P:.*]] = arith.mulf %[[A]], %[[X]] : f32
// The accumulation.
// CHECK-NEXT:            %[[OLD:.*]] = memref.load %[[ACC]][%[[I]]] : memref<16xf32>
// CHECK-NEXT:            %[[SUM:.*]] = arith.addf %[[OLD]], %[[P]] : f32
// CHECK-NEXT:            %[[NEW:.*]] = arith.select %{{.*}}, %[[P]], %[[SUM]] : f32
// CHECK-NEXT:            memref.store %[[NEW]], %[[ACC]][%[[I]]] : memref<16xf32>
// CHECK:           scf.reduce
// The second phase follows the first.
// CHECK:         scf.parallel
// CHECK:           memref.load %[[PART]]
// CHECK:           memref.store %{{.*}}, %[[W]]
// CHECK:         memref.dealloc %[[PART]] : memref<4x64xf32>
// CHECK-NEXT:    return
// CHECK-NOT:     mdh_cl.
func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %part = mdh_cl.buffer device : memref<4x64xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %i0 = arith.muli %t, %c16 : index
      mdh_cl.for %kt = %c0 to %c4 step %c1 {
        %k0 = arith.muli %kt, %c8 : index
        %mp = mdh_cl.buffer packed : memref<16x8xf32>
        %vp = mdh_cl.buffer packed : memref<8xf32>
        mdh_cl.copy %M[%i0, %k0] [%c16, %c8] to %mp layout identity : memref<64x32xf32> to memref<16x8xf32>
        mdh_cl.copy %v[%k0] [%c8] to %vp layout identity : memref<32xf32> to memref<8xf32>
        %acc = mdh_cl.buffer register : memref<16xf32>
        mdh_cl.for %k = %c0 to %c8 step %c1 {
          %first = arith.cmpi eq, %k, %c0 : index
          mdh_cl.for %i = %c0 to %c16 step %c1 {
            %a = memref.load %mp[%i, %k] : memref<16x8xf32>
            %x = memref.load %vp[%k] : memref<8xf32>
            %gi = arith.addi %i0, %i : index
            %gk = arith.addi %k0, %k : index
            %p = mdh_cl.scalar(%gi, %gk, %a, %x) : (index, index, f32, f32) -> f32 {
            ^bb0(%si: index, %sk: index, %sa: f32, %sb: f32):
              %r = arith.mulf %sa, %sb : f32
              mdh_cl.yield %r : f32
            }
            mdh_cl.accumulate %p into %acc[%i] first %first combine pw(add) : f32 into memref<16xf32>
          }
        }
        mdh_cl.for %i = %c0 to %c16 step %c1 {
          %r = memref.load %acc[%i] : memref<16xf32>
          %gi = arith.addi %i0, %i : index
          memref.store %r, %part[%kt, %gi] : memref<4x64xf32>
        }
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %i = %c0 to %c64 step %c1 on threads x {
      %first = memref.load %part[%c0, %i] : memref<4x64xf32>
      memref.store %first, %w[%i] : memref<64xf32>
    }
  }
  return
}

// -----

// A transposed copy swaps the last two indices of the tile, in blocks of
// 16 x 16 elements along them (the block loops step by 16, the points run
// to the block's end or the size); a buffer larger than max-stack-bytes
// goes to the heap, freed at the end of the parallel body.

// CHECK-LABEL: func.func @transposed(
// CHECK-SAME:      %[[A:.*]]: memref<2x16x8xf32>
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[T:.*]] = memref.alloca() : memref<2x8x16xf32>
// CHECK-NEXT:      %[[BIG:.*]] = memref.alloc() : memref<1024x1024xf32>
// CHECK:           %[[C16:.*]] = arith.constant 16 : index
// CHECK:           scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK-NEXT:        scf.for %[[IB:.*]] = %{{.*}} to %{{.*}} step %[[C16]]
// CHECK-NEXT:          scf.for %[[JB:.*]] = %{{.*}} to %{{.*}} step %[[C16]]
// CHECK:                 %[[IE:.*]] = arith.minui %{{.*}}, %c16
// CHECK:                 %[[JE:.*]] = arith.minui %{{.*}}, %c8
// CHECK-NEXT:            scf.for %[[I:.*]] = %[[IB]] to %[[IE]] step %c1
// CHECK-NEXT:              scf.for %[[J:.*]] = %[[JB]] to %[[JE]] step %c1
// CHECK:                     %[[E:.*]] = memref.load %[[A]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x16x8xf32>
// CHECK-NEXT:                memref.store %[[E]], %[[T]][%[[B]], %[[J]], %[[I]]] : memref<2x8x16xf32>
// CHECK:           memref.dealloc %[[BIG]] : memref<1024x1024xf32>
// CHECK-NEXT:      scf.reduce

// With max-stack-bytes=0 every per-thread buffer is on the heap.
// HEAP-LABEL: func.func @transposed(
// HEAP:         scf.parallel
// HEAP-NEXT:      %[[T:.*]] = memref.alloc() : memref<2x8x16xf32>
// HEAP-NEXT:      %[[BIG:.*]] = memref.alloc() : memref<1024x1024xf32>
// HEAP:           memref.dealloc %[[T]] : memref<2x8x16xf32>
// HEAP-NEXT:      memref.dealloc %[[BIG]] : memref<1024x1024xf32>
// HEAP-NEXT:      scf.reduce
func.func @transposed(%a: memref<2x16x8xf32>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
    %tile = mdh_cl.buffer packed : memref<2x8x16xf32>
    mdh_cl.copy %a[%c0, %c0, %c0] [%c2, %c16, %c8] to %tile layout transposed : memref<2x16x8xf32> to memref<2x8x16xf32>
    %big = mdh_cl.buffer packed : memref<1024x1024xf32>
    %e = memref.load %tile[%c1, %c1, %c1] : memref<2x8x16xf32>
    memref.store %e, %big[%c0, %c0] : memref<1024x1024xf32>
    %f = memref.load %big[%c0, %c0] : memref<1024x1024xf32>
    memref.store %f, %out[] : memref<f32>
  }
  return
}

// -----

// A rotated copy moves the first index of the tile innermost: a KRSC filter
// tile is held as RSCK, in blocks along the first and the last index.

// CHECK-LABEL: func.func @rotated(
// CHECK-SAME:      %[[F:.*]]: memref<4x3x5xf32>
// CHECK:         %[[T:.*]] = memref.alloca() : memref<3x5x4xf32>
// CHECK:         scf.for %[[KB:.*]] = %{{.*}} to %{{.*}} step %[[C16:.*]]
// CHECK-NEXT:      scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK-NEXT:        scf.for %[[CB:.*]] = %{{.*}} to %{{.*}} step %[[C16]]
// CHECK:               scf.for %[[K:.*]] = %[[KB]] to
// CHECK-NEXT:            scf.for %[[C:.*]] = %[[CB]] to
// CHECK:                   %[[E:.*]] = memref.load %[[F]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<4x3x5xf32>
// CHECK-NEXT:              memref.store %[[E]], %[[T]][%[[R]], %[[C]], %[[K]]] : memref<3x5x4xf32>
func.func @rotated(%f: memref<4x3x5xf32>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
    %tile = mdh_cl.buffer packed : memref<3x5x4xf32>
    mdh_cl.copy %f[%c0, %c0, %c0] [%c4, %c3, %c5] to %tile layout rotated : memref<4x3x5xf32> to memref<3x5x4xf32>
    %e = memref.load %tile[%c1, %c1, %c1] : memref<3x5x4xf32>
    memref.store %e, %out[] : memref<f32>
  }
  return
}

// -----

// A custom combiner combines the tuple of buffers at once: its body is
// inlined, then each component is selected on `first`. The combiner, now
// unused, is erased.

// CHECK-NOT:   mdh.combiner
// CHECK-LABEL: func.func @argmax(
// CHECK-SAME:      %[[V:.*]]: f32, %[[K:.*]]: i32, %[[FIRST:.*]]: i1, %[[BV:.*]]: memref<4xf32>, %[[BK:.*]]: memref<4xi32>, %[[I:.*]]: index)
// CHECK:         %[[OV:.*]] = memref.load %[[BV]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:    %[[OK:.*]] = memref.load %[[BK]][%[[I]]] : memref<4xi32>
// CHECK-NEXT:    %[[GT:.*]] = arith.cmpf ogt, %[[V]], %[[OV]] : f32
// CHECK-NEXT:    %[[CV:.*]] = arith.select %[[GT]], %[[V]], %[[OV]] : f32
// CHECK-NEXT:    %[[CK:.*]] = arith.select %[[GT]], %[[K]], %[[OK]] : i32
// CHECK-NEXT:    %[[NV:.*]] = arith.select %[[FIRST]], %[[V]], %[[CV]] : f32
// CHECK-NEXT:    memref.store %[[NV]], %[[BV]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:    %[[NK:.*]] = arith.select %[[FIRST]], %[[K]], %[[CK]] : i32
// CHECK-NEXT:    memref.store %[[NK]], %[[BK]][%[[I]]] : memref<4xi32>
mdh.combiner @argmax_pair associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}
func.func @argmax(%v: f32, %k: i32, %first: i1, %bv: memref<4xf32>, %bk: memref<4xi32>, %i: index) {
  mdh_cl.accumulate %v, %k into %bv, %bk[%i] first %first combine pw(@argmax_pair) : f32, i32 into memref<4xf32>, memref<4xi32>
  return
}

// -----

// Builtin operators on integers; a scalar function that yields its
// argument; a rank-0 buffer.

// CHECK-LABEL: func.func @imax(
// CHECK-SAME:      %[[X:.*]]: i32, %[[FIRST:.*]]: i1, %[[B:.*]]: memref<i32>)
// CHECK:         %[[OLD:.*]] = memref.load %[[B]][] : memref<i32>
// CHECK-NEXT:    %[[M:.*]] = arith.maxsi %[[OLD]], %[[X]] : i32
// CHECK-NEXT:    %[[N:.*]] = arith.select %[[FIRST]], %[[X]], %[[M]] : i32
// CHECK-NEXT:    memref.store %[[N]], %[[B]][] : memref<i32>
func.func @imax(%x: i32, %first: i1, %b: memref<i32>) {
  %y = mdh_cl.scalar(%x) : (i32) -> i32 {
  ^bb0(%a: i32):
    mdh_cl.yield %a : i32
  }
  mdh_cl.accumulate %y into %b[] first %first combine pw(maxsi) : i32 into memref<i32>
  return
}

// -----

// A device buffer inside a loop is still allocated once, at the start of
// the function, and freed before every return.

// CHECK-LABEL: func.func @two_returns(
// CHECK-NEXT:    %[[D:.*]] = memref.alloc() : memref<8xf32>
// CHECK:         cf.cond_br
// CHECK:         memref.dealloc %[[D]]
// CHECK-NEXT:    return
// CHECK:         memref.dealloc %[[D]]
// CHECK-NEXT:    return
func.func @two_returns(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  mdh_cl.for %i = %c0 to %c1 step %c1 {
    %d = mdh_cl.buffer device : memref<8xf32>
    memref.store %cst, %d[%i] : memref<8xf32>
  }
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}

// -----

// A combiner that no accumulation uses (that of a size-1 pw dimension, or of
// a kernel dropped before lowering) is erased too: it has no LLVM
// translation.

// CHECK-NOT:   mdh.combiner
// CHECK-LABEL: func.func @no_accumulation(
mdh.combiner @unused associative commutative (f32) {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  mdh.yield %s : f32
}
func.func @no_accumulation() {
  return
}

// -----

// The alignment test: the buffer's aligned pointer, masked.
// CHECK-LABEL: func.func @aligned(
// CHECK-SAME:    %[[A:.*]]: memref<8xf32>)
// CHECK-NEXT:    %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[A]] : memref<8xf32> -> index
// CHECK-NEXT:    %[[C15:.*]] = arith.constant 15 : index
// CHECK-NEXT:    %[[LOW:.*]] = arith.andi %[[P]], %[[C15]] : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %[[C0]] : index
// CHECK-NEXT:    return %[[OK]] : i1
func.func @aligned(%a: memref<8xf32>) -> i1 {
  %ok = mdh_cl.aligned %a, 16 : memref<8xf32>
  return %ok : i1
}

// -----

// A panels copy: the innermost source dimension in panels of 16 (the tile
// buffer's innermost extent), the panel index outermost; each source row
// is copied panel by panel, the last one as far as the copy's size goes.

// CHECK-LABEL: func.func @panels(
// CHECK-SAME:      %[[B:.*]]: memref<20x70xf32>, %{{.*}}: memref<f32>, %[[K0:.*]]: index, %[[J0:.*]]: index, %[[SK:.*]]: index, %[[SJ:.*]]: index
// CHECK:         %[[T:.*]] = memref.alloca() : memref<5x20x16xf32>
// CHECK:         %[[N:.*]] = arith.ceildivui %[[SJ]], %[[W:.*]] : index
// CHECK-NEXT:    scf.for %[[K:.*]] = %{{.*}} to %[[SK]] step
// CHECK-NEXT:      scf.for %[[Q:.*]] = %{{.*}} to %[[N]] step
// CHECK-NEXT:        %[[FIRST:.*]] = arith.muli %[[Q]], %[[W]] : index
// CHECK-NEXT:        %[[LEFT:.*]] = arith.subi %[[SJ]], %[[FIRST]] : index
// CHECK-NEXT:        %[[END:.*]] = arith.minui %[[LEFT]], %[[W]] : index
// CHECK-NEXT:        scf.for %[[R:.*]] = %{{.*}} to %[[END]] step
// CHECK-NEXT:          %[[J:.*]] = arith.addi %[[FIRST]], %[[R]] : index
// CHECK-NEXT:          %[[SRCK:.*]] = arith.addi %[[K0]], %[[K]] : index
// CHECK-NEXT:          %[[SRCJ:.*]] = arith.addi %[[J0]], %[[J]] : index
// CHECK-NEXT:          %[[E:.*]] = memref.load %[[B]][%[[SRCK]], %[[SRCJ]]] : memref<20x70xf32>
// CHECK-NEXT:          memref.store %[[E]], %[[T]][%[[Q]], %[[K]], %[[R]]] : memref<5x20x16xf32>
func.func @panels(%b: memref<20x70xf32>, %out: memref<f32>, %k0: index, %j0: index, %sk: index, %sj: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
    %tile = mdh_cl.buffer packed : memref<5x20x16xf32>
    mdh_cl.copy %b[%k0, %j0] [%sk, %sj] to %tile layout panels : memref<20x70xf32> to memref<5x20x16xf32>
    %e = memref.load %tile[%c1, %c1, %c1] : memref<5x20x16xf32>
    memref.store %e, %out[] : memref<f32>
  }
  return
}
