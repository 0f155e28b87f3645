// RUN: mdh-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// The accumulators of a register tile are the output elements its maps
// write: where two maps agree in their coefficients but lie far apart
// (i * 3 and i * 3 + 70), the union of their ranges, not the hull between
// them. 24 points of f64 (2 lanes each) against the 96 lanes of the default
// openmp target (3/4 of 16 registers of 256 bits).

// A register tile of 8: 2 x 22 elements, 88 lanes (the hull, 92 elements,
// would need 184 and left no configuration valid, not even a tile of 1).
// CHECK-LABEL: func.func @fits(
// CHECK:         mdh_ll.level 3 "register_tile" simd tiles [8]
func.func @fits(%x: memref<24xf64>, %y: memref<142xf64>) {
  mdh_ll.schedule on #mdh_ll.openmp sizes(24) combine(ps(add))
      ins(%x : memref<24xf64> [(d0) -> (d0)])
      outs(%y : memref<142xf64> [(d0) -> (d0 * 3), (d0) -> (d0 * 3 + 70)]) {
    mdh_ll.level 0 "threads" parallel tiles [24] order [0] assign [x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [24] order [0] {
        mdh_ll.level 2 "l1_tile" sequential tiles [24] order [0] {
          mdh_ll.level 3 "register_tile" simd tiles [8] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %a: f64):
              mdh_ll.yield %a, %a : f64, f64
            }
          }
          mdh_ll.combine %y dims [0] across 3 in register sync none : memref<142xf64>
        }
      }
    }
  }
  return
}

// -----

// A register tile of 12: 2 x 34 elements, 136 lanes.
func.func @too_many(%x: memref<24xf64>, %y: memref<142xf64>) {
  // expected-error @+1 {{register tile needs 136 32-bit lanes of accumulators, more than the limit of 96}}
  mdh_ll.schedule on #mdh_ll.openmp sizes(24) combine(ps(add))
      ins(%x : memref<24xf64> [(d0) -> (d0)])
      outs(%y : memref<142xf64> [(d0) -> (d0 * 3), (d0) -> (d0 * 3 + 70)]) {
    mdh_ll.level 0 "threads" parallel tiles [24] order [0] assign [x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [24] order [0] {
        mdh_ll.level 2 "l1_tile" sequential tiles [24] order [0] {
          mdh_ll.level 3 "register_tile" simd tiles [12] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %a: f64):
              mdh_ll.yield %a, %a : f64, f64
            }
          }
          mdh_ll.combine %y dims [0] across 3 in register sync none : memref<142xf64>
        }
      }
    }
  }
  return
}
