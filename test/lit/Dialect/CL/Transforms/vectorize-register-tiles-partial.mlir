// RUN: mdh-opt %s --mdh-cl-vectorize-register-tiles=report --cse -split-input-file -verify-diagnostics | FileCheck %s

// Partial tiles. A 2x16 register tile over a 3x20 output: the last row
// tile has 1 row, the last column tile 4 columns. A tile that is not
// empty runs a second vector version over the whole 2x16 tile: rows past
// the end read the last row (min(1, rows - 1)), lanes past the end are
// masked (a mask per 8-lane chunk, from the columns left, at least 0), and
// the whole tile is stored into the register buffer; the flush reads only
// the cells inside the tile. Empty tiles keep the scalar nest.

// CHECK-LABEL: func.func @partial(
// CHECK-SAME:      %[[A:.*]]: memref<3x8xf32>, %[[B:.*]]: memref<8x20xf32>, %[[C:.*]]: memref<3x20xf32>)
// CHECK:           mdh_cl.for %[[J3:.*]] = %c0 to %c20 step %c16 {
// CHECK-NEXT:        %[[ACC:.*]] = mdh_cl.buffer register : memref<2x16xf32>
// CHECK:             %[[SI:.*]] = arith.subi %[[HI:.*]], %[[I3:.*]] : index
// CHECK:             %[[SOMEI:.*]] = arith.cmpi sgt, %[[SI]], %c0 : index
// CHECK:             %[[SJ:.*]] = arith.subi %[[HJ:.*]], %[[J3]] : index
// CHECK:             %[[SOMEJ:.*]] = arith.cmpi sgt, %[[SJ]], %c0 : index
// CHECK:             %[[SOME:.*]] = arith.andi %[[SOMEI]], %[[SOMEJ]] : i1
// CHECK:             scf.if %{{.*}} {
// CHECK:               vector.fma
// CHECK:             } else {
// CHECK-NEXT:          scf.if %[[SOME]] {
// CHECK-NEXT:            %[[REST1:.*]] = arith.subi %[[SJ]], %c8 : index
// CHECK-NEXT:            %[[POS1:.*]] = arith.maxsi %[[REST1]], %c0 : index
// CHECK-NEXT:            %[[MASK1:.*]] = vector.create_mask %[[POS1]] : vector<8xi1>
// CHECK-NEXT:            %[[POS0:.*]] = arith.maxsi %[[SJ]], %c0 : index
// CHECK-NEXT:            %[[MASK0:.*]] = vector.create_mask %[[POS0]] : vector<8xi1>
// CHECK:                 %[[R:.*]]:4 = scf.for %[[K:.*]] = %c0 to %c8 step %c1 iter_args({{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK:                   %[[A0:.*]] = memref.load %[[A]][%[[I3]], %[[K]]] : memref<3x8xf32>
// CHECK:                   %[[B0:.*]] = vector.maskedload %[[B]][%[[K]], %[[J3]]], %[[MASK0]], %{{.*}} : memref<8x20xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK:                   %[[Y0:.*]] = vector.fma %{{.*}}, %[[B0]], %{{.*}} : vector<8xf32>
// CHECK:                   %[[J8:.*]] = arith.addi %[[J3]], %c8 : index
// CHECK:                   %[[B1:.*]] = vector.maskedload %[[B]][%[[K]], %[[J8]]], %[[MASK1]], %{{.*}}
// CHECK:                   %[[LAST:.*]] = arith.subi %[[SI]], %c1 : index
// CHECK:                   %[[ROW1:.*]] = arith.minui %c1, %[[LAST]] : index
// CHECK:                   %[[I1:.*]] = arith.addi %[[I3]], %[[ROW1]] : index
// CHECK:                   memref.load %[[A]][%[[I1]], %[[K]]] : memref<3x8xf32>
// CHECK:                   scf.yield
// CHECK:                 }
// CHECK:                 vector.store %[[R]]#0, %[[ACC]][%c0, %c0] : memref<2x16xf32>, vector<8xf32>
// CHECK:                 vector.store %[[R]]#3, %[[ACC]][%c1, %c8] : memref<2x16xf32>, vector<8xf32>
// CHECK:               } else {
// CHECK:                 mdh_cl.accumulate %{{.*}} into %[[ACC]]
// CHECK:             mdh_cl.for %[[FI:.*]] = %[[I3]] to %[[HI]] step %c1 {
// CHECK:               mdh_cl.for %[[FJ:.*]] = %[[J3]] to %[[HJ]] step %c1 {
// CHECK:                 memref.load %[[ACC]]
// expected-remark @below {{mdh-cl-vectorize-register-tiles: 1 register tiles held in vector values}}
func.func @partial(%A: memref<3x8xf32>, %B: memref<8x20xf32>, %C: memref<3x20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c3 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c3 : index
        mdh_cl.for %j3 = %c0 to %c20 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c20 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<3x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x20xf32>
                %p = arith.mulf %a, %b : f32
                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %p into %acc[%ri, %rj] first %f combine pw(add) : f32 into memref<2x16xf32>
                %old = memref.load %flag[%c0] : memref<1xi1>
                %new = arith.select %f, %f, %old : i1
                memref.store %new, %flag[%c0] : memref<1xi1>
              }
            }
          }
          mdh_cl.for %i = %i3 to %hi step %c1 {
            %ri = arith.subi %i, %i3 : index
            mdh_cl.for %j = %j3 to %hj step %c1 {
              %rj = arith.subi %j, %j3 : index
              %v = memref.load %acc[%ri, %rj] : memref<2x16xf32>
              %ff = memref.load %flag[%c0] : memref<1xi1>
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<3x20xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Integer division in the scalar function: a masked lane, read as 0, would
// divide by zero (x86 traps on it). The full tile is vectorized; partial
// tiles keep the scalar nest, and no reduction loop becomes the lanes.

// CHECK-LABEL: func.func @divide(
// CHECK:         scf.if %{{.*}} {
// CHECK:           arith.divsi %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         } else {
// CHECK-NOT:       vector.maskedload
// CHECK:           mdh_cl.accumulate
// expected-remark @below {{mdh-cl-vectorize-register-tiles: 1 register tiles held in vector values}}
func.func @divide(%A: memref<3x8xi32>, %B: memref<8x20xi32>, %C: memref<3x20xi32>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c3 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c3 : index
        mdh_cl.for %j3 = %c0 to %c20 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xi32>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c20 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<3x8xi32>
                %b = memref.load %B[%k, %j] : memref<8x20xi32>
                %q = arith.divsi %a, %b : i32
                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %q into %acc[%ri, %rj] first %f combine pw(add) : i32 into memref<2x16xi32>
              }
            }
          }
          mdh_cl.for %i = %i3 to %hi step %c1 {
            %ri = arith.subi %i, %i3 : index
            mdh_cl.for %j = %j3 to %hj step %c1 {
              %rj = arith.subi %j, %j3 : index
              %v = memref.load %acc[%ri, %rj] : memref<2x16xi32>
              mdh_cl.accumulate %v into %C[%i, %j] first %true combine pw(add) : i32 into memref<3x20xi32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Row sums with integer division (reduction mode's last vector would be
// masked): not vectorized at all.

// CHECK-LABEL: func.func @divide_rows(
// CHECK-NOT:     vector
// CHECK:         return
func.func @divide_rows(%M: memref<4x20xi32>, %d: memref<20xi32>, %w: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c20 = arith.constant 20 : index
  %true = arith.constant true
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %acc = mdh_cl.buffer register : memref<2xi32>
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %i = %i3 to %hi step %c1 {
          mdh_cl.for %k = %c0 to %c20 step %c1 {
            %m = memref.load %M[%i, %k] : memref<4x20xi32>
            %v = memref.load %d[%k] : memref<20xi32>
            %q = arith.divsi %m, %v : i32
            %f = arith.cmpi eq, %k, %c0 : index
            %ri = arith.subi %i, %i3 : index
            mdh_cl.accumulate %q into %acc[%ri] first %f combine pw(add) : i32 into memref<2xi32>
          }
        }
        mdh_cl.for %i = %i3 to %hi step %c1 {
          %ri = arith.subi %i, %i3 : index
          %v = memref.load %acc[%ri] : memref<2xi32>
          mdh_cl.accumulate %v into %w[%i] first %true combine pw(add) : i32 into memref<4xi32>
        }
      }
    }
  }
  return
}

// -----

// A flush that reads the register tile elsewhere than at the cells of the
// tile (here: always the first row): the cells a partial version computes
// past the end could be read, so partial tiles keep the scalar nest.

// CHECK-LABEL: func.func @other_flush(
// CHECK:         } else {
// CHECK-NOT:       vector.maskedload
// CHECK:           mdh_cl.accumulate
// expected-remark @below {{mdh-cl-vectorize-register-tiles: 1 register tiles held in vector values}}
func.func @other_flush(%A: memref<3x8xf32>, %B: memref<8x20xf32>, %C: memref<3x20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  %true = arith.constant true
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c3 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c3 : index
        mdh_cl.for %j3 = %c0 to %c20 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c20 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<3x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x20xf32>
                %p = arith.mulf %a, %b : f32
                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %p into %acc[%ri, %rj] first %f combine pw(add) : f32 into memref<2x16xf32>
              }
            }
          }
          mdh_cl.for %i = %i3 to %hi step %c1 {
            mdh_cl.for %j = %j3 to %hj step %c1 {
              %rj = arith.subi %j, %j3 : index
              %v = memref.load %acc[%c0, %rj] : memref<2x16xf32>
              mdh_cl.accumulate %v into %C[%i, %j] first %true combine pw(add) : f32 into memref<3x20xf32>
            }
          }
        }
      }
    }
  }
  return
}
