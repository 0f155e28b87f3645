// RUN: mdh-opt %s | FileCheck %s
// Print, then reparse the printed form.
// RUN: mdh-opt %s | mdh-opt | FileCheck %s
// Print generically, then reparse.
// RUN: mdh-opt %s --mlir-print-op-generic | mdh-opt | FileCheck %s

// Round trip of every op of CL-IR in code of the shape of DESIGN §5:
// device buffers at function level, phases, blocks/threads parallel loops
// along x, y and z with packed, shared and register buffers, identity and
// transposed tile copies, sequential loops, barriers, the scalar function
// and accumulations with builtin and custom combine operators.

//===----------------------------------------------------------------------===//
// CPU MatVec: a device buffer carries the partial results of the two
// k-halves from phase "main" to phase "combine"; each thread packs its tiles.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @matvec(
// CHECK-SAME:      %[[M:.*]]: memref<64x32xf32>, %[[V:.*]]: memref<32xf32>, %[[W:.*]]: memref<64xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK:         %[[PART:.*]] = mdh_cl.buffer device : memref<2x64xf32>
// CHECK-NEXT:    mdh_cl.phase "main" {
// CHECK-NEXT:      mdh_cl.par_for %[[B:.*]] = %[[C0]] to %[[C2]] step %[[C1]] on blocks x {
// CHECK-NEXT:        %[[K0:.*]] = arith.muli %[[B]], %[[C16]] : index
// CHECK-NEXT:        mdh_cl.par_for %[[T:.*]] = %[[C0]] to %[[C4]] step %[[C1]] on threads x {
// CHECK-NEXT:          %[[I0:.*]] = arith.muli %[[T]], %[[C16]] : index
// CHECK-NEXT:          %[[MP:.*]] = mdh_cl.buffer packed : memref<16x16xf32>
// CHECK-NEXT:          %[[VP:.*]] = mdh_cl.buffer packed : memref<16xf32>
// CHECK-NEXT:          %[[ACC:.*]] = mdh_cl.buffer register : memref<16xf32>
// CHECK-NEXT:          mdh_cl.copy %[[M]][%[[I0]], %[[K0]]] [%[[C16]], %[[C16]]] to %[[MP]] layout identity : memref<64x32xf32> to memref<16x16xf32>
// CHECK-NEXT:          mdh_cl.copy %[[V]][%[[K0]]] [%[[C16]]] to %[[VP]] layout identity : memref<32xf32> to memref<16xf32>
// CHECK-NEXT:          mdh_cl.for %[[K:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:            %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %[[C0]] : index
// CHECK-NEXT:            mdh_cl.for %[[I:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:              %[[A:.*]] = memref.load %[[MP]][%[[I]], %[[K]]] : memref<16x16xf32>
// CHECK-NEXT:              %[[X:.*]] = memref.load %[[VP]][%[[K]]] : memref<16xf32>
// CHECK-NEXT:              %[[GI:.*]] = arith.addi %[[I0]], %[[I]] : index
// CHECK-NEXT:              %[[GK:.*]] = arith.addi %[[K0]], %[[K]] : index
// CHECK-NEXT:              %[[P:.*]] = mdh_cl.scalar(%[[GI]], %[[GK]], %[[A]], %[[X]]) : (index, index, f32, f32) -> f32 {
// CHECK-NEXT:              ^bb0(%{{.*}}: index, %{{.*}}: index, %[[SA:.*]]: f32, %[[SB:.*]]: f32):
// CHECK-NEXT:                %[[R:.*]] = arith.mulf %[[SA]], %[[SB]] : f32
// CHECK-NEXT:                mdh_cl.yield %[[R]] : f32
// CHECK-NEXT:              }
// CHECK-NEXT:              mdh_cl.accumulate %[[P]] into %[[ACC]][%[[I]]] first %[[FIRST]] combine pw(add) : f32 into memref<16xf32>
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:          mdh_cl.for %[[I:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:            %[[R:.*]] = memref.load %[[ACC]][%[[I]]] : memref<16xf32>
// CHECK-NEXT:            %[[GI:.*]] = arith.addi %[[I0]], %[[I]] : index
// CHECK-NEXT:            mdh_cl.accumulate %[[R]] into %[[PART]][%[[B]], %[[GI]]] first %[[TRUE]] combine pw(add) : f32 into memref<2x64xf32>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    mdh_cl.phase "combine" {
// CHECK-NEXT:      mdh_cl.par_for %[[T:.*]] = %[[C0]] to %[[C64]] step %[[C1]] on threads x {
// CHECK-NEXT:        mdh_cl.for %[[B:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:          %[[FIRST:.*]] = arith.cmpi eq, %[[B]], %[[C0]] : index
// CHECK-NEXT:          %[[R:.*]] = memref.load %[[PART]][%[[B]], %[[T]]] : memref<2x64xf32>
// CHECK-NEXT:          mdh_cl.accumulate %[[R]] into %[[W]][%[[T]]] first %[[FIRST]] combine pw(add) : f32 into memref<64xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return

func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>,
                  %w: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %true = arith.constant true
  %partials = mdh_cl.buffer device : memref<2x64xf32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c2 step %c1 on blocks x {
      %k0 = arith.muli %b, %c16 : index
      mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
        %i0 = arith.muli %t, %c16 : index
        %Mp = mdh_cl.buffer packed : memref<16x16xf32>
        %vp = mdh_cl.buffer packed : memref<16xf32>
        %acc = mdh_cl.buffer register : memref<16xf32>
        mdh_cl.copy %M[%i0, %k0] [%c16, %c16] to %Mp layout identity
            : memref<64x32xf32> to memref<16x16xf32>
        mdh_cl.copy %v[%k0] [%c16] to %vp layout identity
            : memref<32xf32> to memref<16xf32>
        mdh_cl.for %k = %c0 to %c16 step %c1 {
          %first = arith.cmpi eq, %k, %c0 : index
          mdh_cl.for %i = %c0 to %c16 step %c1 {
            %a = memref.load %Mp[%i, %k] : memref<16x16xf32>
            %x = memref.load %vp[%k] : memref<16xf32>
            %gi = arith.addi %i0, %i : index
            %gk = arith.addi %k0, %k : index
            %p = mdh_cl.scalar(%gi, %gk, %a, %x)
                : (index, index, f32, f32) -> f32 {
            ^bb0(%ii: index, %kk: index, %m: f32, %y: f32):
              %r = arith.mulf %m, %y : f32
              mdh_cl.yield %r : f32
            }
            mdh_cl.accumulate %p into %acc[%i] first %first combine pw(add)
                : f32 into memref<16xf32>
          }
        }
        mdh_cl.for %i = %c0 to %c16 step %c1 {
          %r = memref.load %acc[%i] : memref<16xf32>
          %gi = arith.addi %i0, %i : index
          mdh_cl.accumulate %r into %partials[%b, %gi] first %true
              combine pw(add) : f32 into memref<2x64xf32>
        }
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
      mdh_cl.for %b = %c0 to %c2 step %c1 {
        %first = arith.cmpi eq, %b, %c0 : index
        %r = memref.load %partials[%b, %t] : memref<2x64xf32>
        mdh_cl.accumulate %r into %w[%t] first %first combine pw(add)
            : f32 into memref<64xf32>
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// GPU MatMul: blocks and threads along x and y, tiles of A (transposed) and
// B in shared memory, barriers in the thread loop and in a uniform k loop.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:      %[[A:.*]]: memref<64x64xf32>, %[[B:.*]]: memref<64x64xf32>, %[[C:.*]]: memref<64x64xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK:         mdh_cl.phase "main" {
// CHECK-NEXT:      mdh_cl.par_for %[[BI:.*]] = %[[C0]] to %[[C4]] step %[[C1]] on blocks y {
// CHECK-NEXT:        mdh_cl.par_for %[[BJ:.*]] = %[[C0]] to %[[C4]] step %[[C1]] on blocks x {
// CHECK-NEXT:          %[[I0:.*]] = arith.muli %[[BI]], %[[C16]] : index
// CHECK-NEXT:          %[[J0:.*]] = arith.muli %[[BJ]], %[[C16]] : index
// CHECK-NEXT:          %[[AS:.*]] = mdh_cl.buffer shared : memref<16x16xf32>
// CHECK-NEXT:          %[[BS:.*]] = mdh_cl.buffer shared : memref<16x16xf32>
// CHECK-NEXT:          mdh_cl.par_for %[[TI:.*]] = %[[C0]] to %[[C16]] step %[[C1]] on threads y {
// CHECK-NEXT:            mdh_cl.par_for %[[TJ:.*]] = %[[C0]] to %[[C16]] step %[[C1]] on threads x {
// CHECK-NEXT:              %[[ACC:.*]] = mdh_cl.buffer register : memref<1xf32>
// CHECK-NEXT:              mdh_cl.for %[[K0:.*]] = %[[C0]] to %[[C64]] step %[[C16]] {
// CHECK-NEXT:                mdh_cl.copy %[[A]][%[[I0]], %[[K0]]] [%[[C16]], %[[C16]]] to %[[AS]] layout transposed : memref<64x64xf32> to memref<16x16xf32>
// CHECK-NEXT:                mdh_cl.copy %[[B]][%[[K0]], %[[J0]]] [%[[C16]], %[[C16]]] to %[[BS]] layout identity : memref<64x64xf32> to memref<16x16xf32>
// CHECK-NEXT:                mdh_cl.barrier
// CHECK-NEXT:                mdh_cl.for %[[K:.*]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:                  %[[F0:.*]] = arith.cmpi eq, %[[K0]], %[[C0]] : index
// CHECK-NEXT:                  %[[F1:.*]] = arith.cmpi eq, %[[K]], %[[C0]] : index
// CHECK-NEXT:                  %[[FIRST:.*]] = arith.andi %[[F0]], %[[F1]] : i1
// CHECK-NEXT:                  %[[X:.*]] = memref.load %[[AS]][%[[K]], %[[TI]]] : memref<16x16xf32>
// CHECK-NEXT:                  %[[Y:.*]] = memref.load %[[BS]][%[[K]], %[[TJ]]] : memref<16x16xf32>
// CHECK-NEXT:                  %[[P:.*]] = mdh_cl.scalar(%[[X]], %[[Y]]) : (f32, f32) -> f32 {
// CHECK-NEXT:                  ^bb0(%[[SX:.*]]: f32, %[[SY:.*]]: f32):
// CHECK-NEXT:                    %[[R:.*]] = arith.mulf %[[SX]], %[[SY]] : f32
// CHECK-NEXT:                    mdh_cl.yield %[[R]] : f32
// CHECK-NEXT:                  }
// CHECK-NEXT:                  mdh_cl.accumulate %[[P]] into %[[ACC]][%[[C0]]] first %[[FIRST]] combine pw(add) : f32 into memref<1xf32>
// CHECK-NEXT:                } {unroll = 4 : i64}
// CHECK-NEXT:                mdh_cl.barrier
// CHECK-NEXT:              }
// CHECK-NEXT:              %[[GI:.*]] = arith.addi %[[I0]], %[[TI]] : index
// CHECK-NEXT:              %[[GJ:.*]] = arith.addi %[[J0]], %[[TJ]] : index
// CHECK-NEXT:              %[[R:.*]] = memref.load %[[ACC]][%[[C0]]] : memref<1xf32>
// CHECK-NEXT:              mdh_cl.accumulate %[[R]] into %[[C]][%[[GI]], %[[GJ]]] first %[[TRUE]] combine pw(add) : f32 into memref<64x64xf32>
// CHECK-NEXT:              mdh_cl.barrier
// CHECK-NEXT:            }
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return

func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>,
                  %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %true = arith.constant true
  mdh_cl.phase "main" {
    mdh_cl.par_for %bi = %c0 to %c4 step %c1 on blocks y {
      mdh_cl.par_for %bj = %c0 to %c4 step %c1 on blocks x {
        %i0 = arith.muli %bi, %c16 : index
        %j0 = arith.muli %bj, %c16 : index
        %As = mdh_cl.buffer shared : memref<16x16xf32>
        %Bs = mdh_cl.buffer shared : memref<16x16xf32>
        mdh_cl.par_for %ti = %c0 to %c16 step %c1 on threads y {
          mdh_cl.par_for %tj = %c0 to %c16 step %c1 on threads x {
            %acc = mdh_cl.buffer register : memref<1xf32>
            mdh_cl.for %k0 = %c0 to %c64 step %c16 {
              mdh_cl.copy %A[%i0, %k0] [%c16, %c16] to %As layout transposed
                  : memref<64x64xf32> to memref<16x16xf32>
              mdh_cl.copy %B[%k0, %j0] [%c16, %c16] to %Bs layout identity
                  : memref<64x64xf32> to memref<16x16xf32>
              mdh_cl.barrier
              mdh_cl.for %k = %c0 to %c16 step %c1 {
                %first0 = arith.cmpi eq, %k0, %c0 : index
                %first1 = arith.cmpi eq, %k, %c0 : index
                %first = arith.andi %first0, %first1 : i1
                %a = memref.load %As[%k, %ti] : memref<16x16xf32>
                %b = memref.load %Bs[%k, %tj] : memref<16x16xf32>
                %p = mdh_cl.scalar(%a, %b) : (f32, f32) -> f32 {
                ^bb0(%x: f32, %y: f32):
                  %r = arith.mulf %x, %y : f32
                  mdh_cl.yield %r : f32
                }
                mdh_cl.accumulate %p into %acc[%c0] first %first
                    combine pw(add) : f32 into memref<1xf32>
              } {unroll = 4 : i64}
              mdh_cl.barrier
            }
            %gi = arith.addi %i0, %ti : index
            %gj = arith.addi %j0, %tj : index
            %r = memref.load %acc[%c0] : memref<1xf32>
            mdh_cl.accumulate %r into %C[%gi, %gj] first %true combine pw(add)
                : f32 into memref<64x64xf32>
            mdh_cl.barrier
          }
        }
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// Prefix maximum: the z dimension, ps(max), a scalar function of one value.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @prefix_max(
// CHECK-SAME:      %[[X:.*]]: memref<8x128xf32>, %[[Y:.*]]: memref<8x128xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         mdh_cl.phase "scan" {
// CHECK-NEXT:      mdh_cl.par_for %[[B:.*]] = %[[C0]] to %[[C8]] step %[[C1]] on blocks z {
// CHECK-NEXT:        mdh_cl.par_for %{{.*}} = %[[C0]] to %[[C1]] step %[[C1]] on threads z {
// CHECK-NEXT:          mdh_cl.for %[[K:.*]] = %[[C0]] to %[[C128]] step %[[C1]] {
// CHECK-NEXT:            %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %[[C0]] : index
// CHECK-NEXT:            %[[V:.*]] = memref.load %[[X]][%[[B]], %[[K]]] : memref<8x128xf32>
// CHECK-NEXT:            %[[R:.*]] = mdh_cl.scalar(%[[V]]) : (f32) -> f32 {
// CHECK-NEXT:            ^bb0(%[[SV:.*]]: f32):
// CHECK-NEXT:              mdh_cl.yield %[[SV]] : f32
// CHECK-NEXT:            }
// CHECK-NEXT:            mdh_cl.accumulate %[[R]] into %[[Y]][%[[B]], %[[K]]] first %[[FIRST]] combine ps(max) : f32 into memref<8x128xf32>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return

func.func @prefix_max(%x: memref<8x128xf32>, %y: memref<8x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  mdh_cl.phase "scan" {
    mdh_cl.par_for %b = %c0 to %c8 step %c1 on blocks z {
      mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads z {
        mdh_cl.for %k = %c0 to %c128 step %c1 {
          %first = arith.cmpi eq, %k, %c0 : index
          %v = memref.load %x[%b, %k] : memref<8x128xf32>
          %r = mdh_cl.scalar(%v) : (f32) -> f32 {
          ^bb0(%a: f32):
            mdh_cl.yield %a : f32
          }
          mdh_cl.accumulate %r into %y[%b, %k] first %first combine ps(max)
              : f32 into memref<8x128xf32>
        }
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// Argmax: a custom combiner accumulates a (value, index) pair into two
// buffers at once.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: mdh.combiner @argmax associative commutative (f32, i32)
// CHECK-LABEL: func.func @argmax_1024(
// CHECK-SAME:      %[[X:.*]]: memref<1024xf32>, %[[MAX:.*]]: memref<f32>, %[[ARG:.*]]: memref<i32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : index
// CHECK:         %[[PMAX:.*]] = mdh_cl.buffer device : memref<4xf32>
// CHECK-NEXT:    %[[PARG:.*]] = mdh_cl.buffer device : memref<4xi32>
// CHECK-NEXT:    mdh_cl.phase "main" {
// CHECK-NEXT:      mdh_cl.par_for %[[T:.*]] = %[[C0]] to %[[C4]] step %[[C1]] on threads x {
// CHECK-NEXT:        %[[K0:.*]] = arith.muli %[[T]], %[[C256]] : index
// CHECK-NEXT:        %[[XP:.*]] = mdh_cl.buffer packed : memref<256xf32>
// CHECK-NEXT:        mdh_cl.copy %[[X]][%[[K0]]] [%[[C256]]] to %[[XP]] layout identity : memref<1024xf32> to memref<256xf32>
// CHECK-NEXT:        mdh_cl.for %[[K:.*]] = %[[C0]] to %[[C256]] step %[[C1]] {
// CHECK-NEXT:          %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %[[C0]] : index
// CHECK-NEXT:          %[[V:.*]] = memref.load %[[XP]][%[[K]]] : memref<256xf32>
// CHECK-NEXT:          %[[GK:.*]] = arith.addi %[[K0]], %[[K]] : index
// CHECK-NEXT:          %[[R:.*]]:2 = mdh_cl.scalar(%[[GK]], %[[V]]) : (index, f32) -> (f32, i32) {
// CHECK-NEXT:          ^bb0(%[[SK:.*]]: index, %[[SV:.*]]: f32):
// CHECK-NEXT:            %[[KI:.*]] = arith.index_cast %[[SK]] : index to i32
// CHECK-NEXT:            mdh_cl.yield %[[SV]], %[[KI]] : f32, i32
// CHECK-NEXT:          }
// CHECK-NEXT:          mdh_cl.accumulate %[[R]]#0, %[[R]]#1 into %[[PMAX]], %[[PARG]][%[[T]]] first %[[FIRST]] combine pw(@argmax) : f32, i32 into memref<4xf32>, memref<4xi32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    mdh_cl.phase "combine" {
// CHECK-NEXT:      mdh_cl.par_for %{{.*}} = %[[C0]] to %[[C1]] step %[[C1]] on threads x {
// CHECK-NEXT:        mdh_cl.for %[[B:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:          %[[FIRST:.*]] = arith.cmpi eq, %[[B]], %[[C0]] : index
// CHECK-NEXT:          %[[V:.*]] = memref.load %[[PMAX]][%[[B]]] : memref<4xf32>
// CHECK-NEXT:          %[[I:.*]] = memref.load %[[PARG]][%[[B]]] : memref<4xi32>
// CHECK-NEXT:          mdh_cl.accumulate %[[V]], %[[I]] into %[[MAX]], %[[ARG]][] first %[[FIRST]] combine pw(@argmax) : f32, i32 into memref<f32>, memref<i32>
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return

mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

func.func @argmax_1024(%x: memref<1024xf32>, %max: memref<f32>, %arg: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %true = arith.constant true
  %pmax = mdh_cl.buffer device : memref<4xf32>
  %parg = mdh_cl.buffer device : memref<4xi32>
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c4 step %c1 on threads x {
      %k0 = arith.muli %t, %c256 : index
      %xp = mdh_cl.buffer packed : memref<256xf32>
      mdh_cl.copy %x[%k0] [%c256] to %xp layout identity
          : memref<1024xf32> to memref<256xf32>
      mdh_cl.for %k = %c0 to %c256 step %c1 {
        %first = arith.cmpi eq, %k, %c0 : index
        %v = memref.load %xp[%k] : memref<256xf32>
        %gk = arith.addi %k0, %k : index
        %r:2 = mdh_cl.scalar(%gk, %v) : (index, f32) -> (f32, i32) {
        ^bb0(%kk: index, %a: f32):
          %ki = arith.index_cast %kk : index to i32
          mdh_cl.yield %a, %ki : f32, i32
        }
        mdh_cl.accumulate %r#0, %r#1 into %pmax, %parg[%t] first %first
            combine pw(@argmax) : f32, i32 into memref<4xf32>, memref<4xi32>
      }
    }
  }
  mdh_cl.phase "combine" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %b = %c0 to %c4 step %c1 {
        %first = arith.cmpi eq, %b, %c0 : index
        %v = memref.load %pmax[%b] : memref<4xf32>
        %i = memref.load %parg[%b] : memref<4xi32>
        mdh_cl.accumulate %v, %i into %max, %arg[] first %first
            combine pw(@argmax) : f32, i32 into memref<f32>, memref<i32>
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// Barriers in uniform control flow: loop bounds that depend on the block,
// on constants made inside the thread loops, or on the induction variables
// of uniform sequential loops are the same on every thread of a 2-D block.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @uniform_barriers(
// CHECK:         mdh_cl.par_for %[[B:.*]] = %{{.*}} to %{{.*}} step %{{.*}} on blocks x {
// CHECK-NEXT:      %[[LIM:.*]] = arith.muli %[[B]], %{{.*}} : index
// CHECK-NEXT:      mdh_cl.par_for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} on threads y {
// CHECK-NEXT:        mdh_cl.par_for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} on threads x {
// CHECK-NEXT:          %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:          mdh_cl.for %[[K0:.*]] = %{{.*}} to %[[LIM]] step %[[C4]] {
// CHECK-NEXT:            %[[END:.*]] = arith.addi %[[K0]], %[[C4]] : index
// CHECK-NEXT:            mdh_cl.for %{{.*}} = %[[K0]] to %[[END]] step %{{.*}} {
// CHECK-NEXT:              mdh_cl.barrier
// CHECK-NEXT:            }
// CHECK-NEXT:            mdh_cl.barrier
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @uniform_barriers() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c16 step %c1 on blocks x {
      %lim = arith.muli %b, %c16 : index
      mdh_cl.par_for %ty = %c0 to %c16 step %c1 on threads y {
        mdh_cl.par_for %tx = %c0 to %c16 step %c1 on threads x {
          %c4 = arith.constant 4 : index
          mdh_cl.for %k0 = %c0 to %lim step %c4 {
            %end = arith.addi %k0, %c4 : index
            mdh_cl.for %k = %k0 to %end step %c1 {
              mdh_cl.barrier
            }
            mdh_cl.barrier
          }
        }
      }
    }
  }
  return
}

// Under a branch whose condition depends on the block only (the GPU
// lowering's version of a block whose tile is full).
// CHECK-LABEL: func.func @barrier_under_uniform_if(
// CHECK:         %[[FULL:.*]] = arith.cmpi ule
// CHECK:         mdh_cl.par_for %{{.*}} on threads x {
// CHECK-NEXT:      scf.if %[[FULL]] {
// CHECK-NEXT:        mdh_cl.barrier
// CHECK-NEXT:      } else {
// CHECK-NEXT:        mdh_cl.barrier
func.func @barrier_under_uniform_if(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c16 step %c1 on blocks x {
      %lo = arith.muli %b, %c16 : index
      %hi = arith.addi %lo, %c16 : index
      %full = arith.cmpi ule, %hi, %n : index
      mdh_cl.par_for %t = %c0 to %c16 step %c1 on threads x {
        scf.if %full {
          mdh_cl.barrier
        } else {
          mdh_cl.barrier
        }
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @aligned(
// CHECK-SAME:    %[[A:.*]]: memref<8x4xf32>)
// CHECK-NEXT:    %[[OK:.*]] = mdh_cl.aligned %[[A]], 16 : memref<8x4xf32>
// CHECK-NEXT:    return %[[OK]] : i1
func.func @aligned(%a: memref<8x4xf32>) -> i1 {
  %ok = mdh_cl.aligned %a, 16 : memref<8x4xf32>
  return %ok : i1
}
