// RUN: mdh-opt %s --mdh-cl-vectorize-register-tiles=report --cse -split-input-file -verify-diagnostics | FileCheck %s

// A 2x16 register tile of f32 (as mdh-cl-accumulate-in-registers leaves
// it): on a full tile, the k loop carries four vector<8xf32> accumulators
// (2 rows x 2 chunks of 8 lanes) from -0.0 (the exact identity of add); A is broadcast, B loaded as
// vectors along j, and each product-add is one vector.fma. The vectors are
// stored into the register buffer, whose flush is unchanged; partial tiles
// run a masked vector version (vectorize-register-tiles-partial.mlir), and
// empty ones the original scalar nest.

// CHECK-LABEL: func.func @tile(
// CHECK-SAME:      %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8x32xf32>, %[[C:.*]]: memref<4x32xf32>)
// CHECK:         mdh_cl.for %[[I3:.*]] = %c0 to %c4 step %c2 {
// CHECK:           %[[HI:.*]] = arith.minui %{{.*}}, %c4 : index
// CHECK:           mdh_cl.for %[[J3:.*]] = %c0 to %c32 step %c16 {
// CHECK-NEXT:        %[[ACC:.*]] = mdh_cl.buffer register : memref<2x16xf32>
// CHECK-NEXT:        %[[FLAG:.*]] = mdh_cl.buffer register : memref<1xi1>
// CHECK:             %[[HJ:.*]] = arith.minui %{{.*}}, %c32 : index
// CHECK:             %[[SI:.*]] = arith.subi %[[HI]], %[[I3]] : index
// CHECK:             %[[FI:.*]] = arith.cmpi eq, %[[SI]], %c2 : index
// CHECK:             %[[SJ:.*]] = arith.subi %[[HJ]], %[[J3]] : index
// CHECK:             %[[FJ:.*]] = arith.cmpi eq, %[[SJ]], %c16 : index
// CHECK:             %[[FULL:.*]] = arith.andi %[[FI]], %[[FJ]] : i1
// CHECK:             scf.if %[[FULL]] {
// CHECK:               %[[ZERO:.*]] = arith.constant dense<-0.000000e+00> : vector<8xf32>
// CHECK:               %[[R:.*]]:4 = scf.for %[[K:.*]] = %c0 to %c8 step %c1 iter_args(%[[X0:.*]] = %[[ZERO]], %[[X1:.*]] = %[[ZERO]], %[[X2:.*]] = %[[ZERO]], %[[X3:.*]] = %[[ZERO]]) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK:                 %[[A0:.*]] = memref.load %[[A]][%[[I3]], %[[K]]] : memref<4x8xf32>
// CHECK:                 %[[B0:.*]] = vector.load %[[B]][%[[K]], %[[J3]]] : memref<8x32xf32>, vector<8xf32>
// CHECK:                 %[[A0V:.*]] = vector.broadcast %[[A0]] : f32 to vector<8xf32>
// CHECK:                 %[[Y0:.*]] = vector.fma %[[A0V]], %[[B0]], %[[X0]] : vector<8xf32>
// CHECK:                 %[[J8:.*]] = arith.addi %[[J3]], %c8 : index
// CHECK:                 %[[B1:.*]] = vector.load %[[B]][%[[K]], %[[J8]]] : memref<8x32xf32>, vector<8xf32>
// CHECK:                 %[[Y1:.*]] = vector.fma %[[A0V]], %[[B1]], %[[X1]] : vector<8xf32>
// CHECK:                 %[[I1:.*]] = arith.addi %[[I3]], %c1 : index
// CHECK:                 %[[A1:.*]] = memref.load %[[A]][%[[I1]], %[[K]]] : memref<4x8xf32>
// CHECK:                 %[[A1V:.*]] = vector.broadcast %[[A1]] : f32 to vector<8xf32>
// CHECK:                 %[[Y2:.*]] = vector.fma %[[A1V]], %[[B0]], %[[X2]] : vector<8xf32>
// CHECK:                 %[[Y3:.*]] = vector.fma %[[A1V]], %[[B1]], %[[X3]] : vector<8xf32>
// CHECK:                 memref.store %{{.*}}, %[[FLAG]][%c0] : memref<1xi1>
// CHECK:                 scf.yield %[[Y0]], %[[Y1]], %[[Y2]], %[[Y3]] : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
// CHECK:               }
// CHECK:               vector.store %[[R]]#0, %[[ACC]][%c0, %c0] : memref<2x16xf32>, vector<8xf32>
// CHECK:               vector.store %[[R]]#1, %[[ACC]][%c0, %c8] : memref<2x16xf32>, vector<8xf32>
// CHECK:               vector.store %[[R]]#2, %[[ACC]][%c1, %c0] : memref<2x16xf32>, vector<8xf32>
// CHECK:               vector.store %[[R]]#3, %[[ACC]][%c1, %c8] : memref<2x16xf32>, vector<8xf32>
// CHECK:             } else {
// CHECK:               mdh_cl.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK:                 mdh_cl.accumulate %{{.*}} into %[[ACC]][%{{.*}}, %{{.*}}] first %{{.*}} combine pw(add) : f32 into memref<2x16xf32>
// CHECK:             }
// CHECK:             mdh_cl.for
// CHECK:               mdh_cl.for
// CHECK:                 mdh_cl.accumulate %{{.*}} into %[[C]]
// expected-remark @below {{mdh-cl-vectorize-register-tiles: 1 register tiles held in vector values}}
func.func @tile(%A: memref<4x8xf32>, %B: memref<8x32xf32>, %C: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x32xf32>
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
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<4x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Another builtin operator: maxsi on i32 starts from INT_MIN and combines
// with arith.maxsi on the vectors (no FMA).

// CHECK-LABEL: func.func @max_int(
// CHECK:         %[[MIN:.*]] = arith.constant dense<-2147483648> : vector<8xi32>
// CHECK:         scf.for %{{.*}} iter_args(%[[X0:.*]] = %[[MIN]], %{{.*}} = %[[MIN]], %{{.*}} = %[[MIN]], %{{.*}} = %[[MIN]]) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) {
// CHECK:           %[[V:.*]] = vector.load %{{.*}} : memref<8x32xi32>, vector<8xi32>
// CHECK:           arith.maxsi %[[X0]], %[[V]] : vector<8xi32>
// CHECK-NOT:     vector.fma
// expected-remark @below {{mdh-cl-vectorize-register-tiles: 1 register tiles held in vector values}}
func.func @max_int(%A: memref<4x8xi32>, %B: memref<8x32xi32>, %C: memref<4x32xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xi32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xi32>
                %b = memref.load %B[%k, %j] : memref<8x32xi32>
                                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %b into %acc[%ri, %rj] first %f combine pw(maxsi) : i32 into memref<2x16xi32>
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
              %v = memref.load %acc[%ri, %rj] : memref<2x16xi32>
              %ff = memref.load %flag[%c0] : memref<1xi1>
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(maxsi) : i32 into memref<4x32xi32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// The lanes would read B with a stride (j indexes B's first dimension):
// no vector load, so the tile stays scalar (and no remark).

// CHECK-LABEL: func.func @strided(
// CHECK-NOT:     vector.
// CHECK-NOT:     scf.
// CHECK:         mdh_cl.accumulate %{{.*}} combine pw(add) : f32 into memref<2x16xf32>
func.func @strided(%A: memref<4x8xf32>, %B: memref<32x8xf32>, %C: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xf32>
                %b = memref.load %B[%j, %k] : memref<32x8xf32>
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
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<4x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// 12 columns are not a whole number of 8-lane vectors: unchanged.

// CHECK-LABEL: func.func @odd(
// CHECK-NOT:     vector.
// CHECK:         mdh_cl.accumulate %{{.*}} combine pw(add) : f32 into memref<2x12xf32>
func.func @odd(%A: memref<4x8xf32>, %B: memref<8x24xf32>, %C: memref<4x24xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 12 : index
  %c32 = arith.constant 24 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x12xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x24xf32>
                %p = arith.mulf %a, %b : f32
                %f = arith.cmpi eq, %k, %c0 : index
                %ri = arith.subi %i, %i3 : index
                %rj = arith.subi %j, %j3 : index
                mdh_cl.accumulate %p into %acc[%ri, %rj] first %f combine pw(add) : f32 into memref<2x12xf32>
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
              %v = memref.load %acc[%ri, %rj] : memref<2x12xf32>
              %ff = memref.load %flag[%c0] : memref<1xi1>
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<4x24xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// `first` holds at k == 1, not at the k loop's first trip: starting from the
// identity would not be the same, so the tile stays scalar.

// CHECK-LABEL: func.func @late_first(
// CHECK-NOT:     vector.
// CHECK:         mdh_cl.accumulate %{{.*}} combine pw(add) : f32 into memref<2x16xf32>
func.func @late_first(%A: memref<4x8xf32>, %B: memref<8x32xf32>, %C: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %j3 = %c0 to %c32 step %c16 {
          %acc = mdh_cl.buffer register : memref<2x16xf32>
          %flag = mdh_cl.buffer register : memref<1xi1>
          %ej = arith.addi %j3, %c16 : index
          %hj = arith.minui %ej, %c32 : index
          mdh_cl.for %k = %c0 to %c8 step %c1 {
            mdh_cl.for %i = %i3 to %hi step %c1 {
              mdh_cl.for %j = %j3 to %hj step %c1 {
                %a = memref.load %A[%i, %k] : memref<4x8xf32>
                %b = memref.load %B[%k, %j] : memref<8x32xf32>
                %p = arith.mulf %a, %b : f32
                %f = arith.cmpi eq, %k, %c1 : index
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
              mdh_cl.accumulate %v into %C[%i, %j] first %ff combine pw(add) : f32 into memref<4x32xf32>
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Reduction mode: 2 rows are no whole vector, so the trips of the reduction
// loop k become the lanes. Each row keeps a vector of partial sums over
// whole vectors of k (16 of 20), one masked vector takes the rest (lanes
// past the end are loaded as 0 and keep their sums), and vector.reduction
// adds the lanes up into the register tile. Two rows are two chains of
// sums: groups of 4 vectors (none here, k has 20 trips) would keep 4
// vectors of partial sums per row, added into the first one after them.

// CHECK-LABEL: func.func @row_sums(
// CHECK-SAME:      %[[M:.*]]: memref<4x20xf32>, %[[W:.*]]: memref<4xf32>)
// CHECK:         mdh_cl.for %[[I3:.*]] = %c0 to %c4 step %c2 {
// CHECK-NEXT:      %[[ACC:.*]] = mdh_cl.buffer register : memref<2xf32>
// CHECK:           scf.if %{{.*}} {
// CHECK:             %[[ZERO:.*]] = arith.constant dense<-0.000000e+00> : vector<8xf32>
// CHECK:             %[[WHOLE:.*]] = arith.muli %{{.*}}, %c8 : index
// CHECK:             %[[END:.*]] = arith.addi %c0, %[[WHOLE]] : index
// CHECK:             %[[GEND:.*]] = arith.addi %c0, %{{.*}} : index
// CHECK:             %[[G:.*]]:8 = scf.for %{{.*}} = %c0 to %[[GEND]] step %c32 iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]])
// CHECK:             %[[G46:.*]] = arith.addf %[[G]]#4, %[[G]]#6 : vector<8xf32>
// CHECK-NEXT:        %[[G57:.*]] = arith.addf %[[G]]#5, %[[G]]#7 : vector<8xf32>
// CHECK-NEXT:        %[[G246:.*]] = arith.addf %[[G]]#2, %[[G46]] : vector<8xf32>
// CHECK-NEXT:        %[[G357:.*]] = arith.addf %[[G]]#3, %[[G57]] : vector<8xf32>
// CHECK-NEXT:        %[[ROW0:.*]] = arith.addf %[[G]]#0, %[[G246]] : vector<8xf32>
// CHECK-NEXT:        %[[ROW1:.*]] = arith.addf %[[G]]#1, %[[G357]] : vector<8xf32>
// CHECK-NEXT:        %[[R:.*]]:2 = scf.for %[[K:.*]] = %[[GEND]] to %[[END]] step %c8 iter_args(%[[X0:.*]] = %[[ROW0]], %[[X1:.*]] = %[[ROW1]]) -> (vector<8xf32>, vector<8xf32>) {
// CHECK:               %[[V0:.*]] = vector.load %[[M]][%[[I3]], %[[K]]] : memref<4x20xf32>, vector<8xf32>
// CHECK:               %[[Y0:.*]] = arith.addf %[[X0]], %[[V0]] : vector<8xf32>
// CHECK:               %[[I1:.*]] = arith.addi %[[I3]], %c1 : index
// CHECK:               %[[V1:.*]] = vector.load %[[M]][%[[I1]], %[[K]]] : memref<4x20xf32>, vector<8xf32>
// CHECK:               %[[Y1:.*]] = arith.addf %[[X1]], %[[V1]] : vector<8xf32>
// CHECK:               scf.yield %[[Y0]], %[[Y1]] : vector<8xf32>, vector<8xf32>
// CHECK:             %[[REST:.*]] = arith.cmpi ult, %[[END]], %c20 : index
// CHECK:             %[[T:.*]]:2 = scf.if %[[REST]] -> (vector<8xf32>, vector<8xf32>) {
// CHECK:               %[[N:.*]] = arith.subi %c20, %[[END]] : index
// CHECK:               %[[MASK:.*]] = vector.create_mask %[[N]] : vector<8xi1>
// CHECK:               %[[L0:.*]] = vector.maskedload %[[M]][%[[I3]], %[[END]]], %[[MASK]], %[[ZERO]]
// CHECK:               %[[S0:.*]] = arith.addf %[[R]]#0, %[[L0]] : vector<8xf32>
// CHECK:               %[[Z0:.*]] = arith.select %[[MASK]], %[[S0]], %[[R]]#0 : vector<8xi1>, vector<8xf32>
// CHECK:               scf.yield %[[Z0]], %{{.*}} : vector<8xf32>, vector<8xf32>
// CHECK:             } else {
// CHECK:               scf.yield %[[R]]#0, %[[R]]#1 : vector<8xf32>, vector<8xf32>
// CHECK:             %[[SUM0:.*]] = vector.reduction <add>, %[[T]]#0 : vector<8xf32> into f32
// CHECK:             memref.store %[[SUM0]], %[[ACC]][%c0] : memref<2xf32>
// CHECK:             %[[SUM1:.*]] = vector.reduction <add>, %[[T]]#1 : vector<8xf32> into f32
// CHECK:             memref.store %[[SUM1]], %[[ACC]][%c1] : memref<2xf32>
// CHECK:           } else {
// CHECK:             mdh_cl.accumulate %{{.*}} into %[[ACC]]
// expected-remark @below {{mdh-cl-vectorize-register-tiles: 1 register tiles held in vector values}}
func.func @row_sums(%M: memref<4x20xf32>, %w: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c20 = arith.constant 20 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      mdh_cl.for %i3 = %c0 to %c4 step %c2 {
        %acc = mdh_cl.buffer register : memref<2xf32>
        %flag = mdh_cl.buffer register : memref<1xi1>
        %ei = arith.addi %i3, %c2 : index
        %hi = arith.minui %ei, %c4 : index
        mdh_cl.for %i = %i3 to %hi step %c1 {
          mdh_cl.for %k = %c0 to %c20 step %c1 {
            %m = memref.load %M[%i, %k] : memref<4x20xf32>
            %f = arith.cmpi eq, %k, %c0 : index
            %ri = arith.subi %i, %i3 : index
            mdh_cl.accumulate %m into %acc[%ri] first %f combine pw(add) : f32 into memref<2xf32>
            %old = memref.load %flag[%c0] : memref<1xi1>
            %new = arith.select %f, %f, %old : i1
            memref.store %new, %flag[%c0] : memref<1xi1>
          }
        }
        mdh_cl.for %i = %i3 to %hi step %c1 {
          %ri = arith.subi %i, %i3 : index
          %v = memref.load %acc[%ri] : memref<2xf32>
          %ff = memref.load %flag[%c0] : memref<1xi1>
          mdh_cl.accumulate %v into %w[%i] first %ff combine pw(add) : f32 into memref<4xf32>
        }
      }
    }
  }
  return
}

// -----

// One cell in reduction mode is one chain of maxima, each waiting for the
// one before: the lane loop runs in groups of 4 vectors, each with a
// vector of partial maxima of its own (from the identity, -inf), combined
// into the first after the groups (70 trips: 2 groups of 32, no whole
// vector left, one masked vector of 6).

// CHECK-LABEL: func.func @max_chains(
// CHECK-SAME:      %[[X:.*]]: memref<70xf32>
// CHECK:         %[[NEG:.*]] = arith.constant dense<0xFF800000> : vector<8xf32>
// CHECK:         %[[G:.*]]:4 = scf.for %[[K:.*]] = %c0 to %{{.*}} step %c32 iter_args(%[[A0:.*]] = %[[NEG]], %[[A1:.*]] = %[[NEG]], %[[A2:.*]] = %[[NEG]], %[[A3:.*]] = %[[NEG]]) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK:           %[[V0:.*]] = vector.load %[[X]][%{{.*}}] : memref<70xf32>, vector<8xf32>
// CHECK-NEXT:      %[[M0:.*]] = arith.maximumf %[[A0]], %[[V0]] : vector<8xf32>
// CHECK:           %[[M1:.*]] = arith.maximumf %[[A1]], %{{.*}} : vector<8xf32>
// CHECK:           %[[M2:.*]] = arith.maximumf %[[A2]], %{{.*}} : vector<8xf32>
// CHECK:           %[[M3:.*]] = arith.maximumf %[[A3]], %{{.*}} : vector<8xf32>
// CHECK:           scf.yield %[[M0]], %[[M1]], %[[M2]], %[[M3]]
// CHECK:         %[[C23:.*]] = arith.maximumf %[[G]]#2, %[[G]]#3 : vector<8xf32>
// CHECK-NEXT:    %[[C123:.*]] = arith.maximumf %[[G]]#1, %[[C23]] : vector<8xf32>
// CHECK-NEXT:    %[[ALL:.*]] = arith.maximumf %[[G]]#0, %[[C123]] : vector<8xf32>
// CHECK-NEXT:    %[[W:.*]] = scf.for %{{.*}} step %c8 iter_args(%{{.*}} = %[[ALL]]) -> (vector<8xf32>) {
// CHECK:         vector.create_mask
// CHECK:         vector.reduction <maximumf>
// expected-remark @below {{mdh-cl-vectorize-register-tiles: 1 register tiles held in vector values}}
func.func @max_chains(%x: memref<70xf32>, %r: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c70 = arith.constant 70 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c1 step %c1 on threads x {
      %acc = mdh_cl.buffer register : memref<1xf32>
      %flag = mdh_cl.buffer register : memref<1xi1>
      mdh_cl.for %k = %c0 to %c70 step %c1 {
        %v = memref.load %x[%k] : memref<70xf32>
        %f = arith.cmpi eq, %k, %c0 : index
        mdh_cl.accumulate %v into %acc[%c0] first %f combine pw(max) : f32 into memref<1xf32>
        %old = memref.load %flag[%c0] : memref<1xi1>
        %new = arith.select %f, %f, %old : i1
        memref.store %new, %flag[%c0] : memref<1xi1>
      }
      %s = memref.load %acc[%c0] : memref<1xf32>
      %ff = memref.load %flag[%c0] : memref<1xi1>
      mdh_cl.accumulate %s into %r[] first %ff combine pw(max) : f32 into memref<f32>
    }
  }
  return
}
