// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Every rule of the LL-IR verifier (local op rules, the structure of a
// schedule, and the configuration against the tuning rules), each once.

// A level's index is its nesting depth.
func.func @level_index(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op is level 1 of its schedule (counted from the outermost), but says 2}}
      mdh_ll.level 2 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Level names are the target's.
func.func @level_name(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op level 1 of target 'cuda' is "shared_tile", got "l2_tile"}}
      mdh_ll.level 1 "l2_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Level kinds are the target's.
func.func @level_kind(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op level 1 (shared_tile) of target 'cuda' is sequential, got parallel}}
      mdh_ll.level 1 "shared_tile" parallel tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// One tile size per dimension.
func.func @level_tiles_count(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op expects one tile size per dimension: 2 dimensions but 1 tile sizes}}
      mdh_ll.level 1 "shared_tile" sequential tiles [64] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The order lists every dimension.
func.func @level_order_len(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op order must list each of the 2 dimensions once, got 1 entries}}
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The order names existing dimensions.
func.func @level_order_range(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op order names dimension 2, but the computation has 2}}
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 2] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The order names each dimension once.
func.func @level_order_twice(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op order names dimension 1 twice}}
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [1, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Parallel levels assign their dimensions to hardware dimensions.
func.func @level_missing_assignment(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    // expected-error @+1 {{'mdh_ll.level' op parallel level 0 (blocks) needs an assignment: `assign [x, ...] blocked|strided`}}
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Sequential levels take no assignment.
func.func @level_extra_assignment(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op sequential level 1 (shared_tile) runs no parallel units and takes no assignment}}
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] assign [x, x] blocked {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// One hardware dimension per dimension.
func.func @level_assignment_len(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    // expected-error @+1 {{'mdh_ll.level' op expects one hardware dimension per dimension: 2 dimensions but 1 entries in `assig}}
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The innermost level ends in the scalar phase.
func.func @level_innermost_scalar(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          // expected-error @+1 {{'mdh_ll.level' op the innermost level (register_tile) must hold its copies and then one mdh_ll.scala}}
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>

          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Nothing follows the scalar phase.
func.func @level_after_scalar(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
            // expected-error @+1 {{'mdh_ll.copy' op is not allowed after the scalar phase of the innermost level}}
            mdh_ll.copy %M to register layout identity : memref<64x32xf32>
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// A level holds the next one.
func.func @level_missing_next(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        // expected-error @+1 {{'mdh_ll.level' op level 2 (l1_tile) must hold its copies, then mdh_ll.level 3 and the combines of it}}
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16] order [0, 1] {
          mdh_ll.copy %M to packed layout identity : memref<64x32xf32>
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Only combines follow a level.
func.func @level_after_level(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16] order [0, 1] {
          mdh_ll.copy %M to packed layout identity : memref<64x32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [16, 1] order [1, 0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
          // expected-error @+1 {{'mdh_ll.copy' op is not allowed after mdh_ll.level 3; only mdh_ll.combine ops follow a level}}
          mdh_ll.copy %v to packed layout identity : memref<32xf32>
        }
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// A schedule holds level 0, then combines.
func.func @schedule_body(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op must hold mdh_ll.level 0 and then the combines of its partial results}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
%c = arith.constant 0 : index
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Copies are of inputs.
func.func @copy_not_input(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        // expected-error @+1 {{'mdh_ll.copy' op copies a buffer that is not an input of its schedule}}
        mdh_ll.copy %w to shared layout identity : memref<64xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// in_place is no copy.
func.func @copy_in_place(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        // expected-error @+1 {{'mdh_ll.copy' op 'in_place' is no copy: an input without a copy on a level is read in place, so omit}}
        mdh_ll.copy %v to in_place layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// One copy per input and level.
func.func @copy_twice(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        // expected-error @+1 {{'mdh_ll.copy' op copies the same input twice on level 1}}
        mdh_ll.copy %v to shared layout transposed : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Copies live where the level can hold them.
func.func @copy_region(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        // expected-error @+1 {{'mdh_ll.copy' op region 'register' is not legal on level 1 (shared_tile) of target 'cuda'}}
        mdh_ll.copy %v to register layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// CPUs pack; they have no shared memory.
func.func @copy_region_cpu(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16] order [0, 1] {
          // expected-error @+1 {{'mdh_ll.copy' op region 'shared' is not legal on level 2 (l1_tile) of target 'openmp'}}
          mdh_ll.copy %M to shared layout identity : memref<64x32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [16, 1] order [1, 0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// A transposed layout needs two dimensions.
func.func @copy_transposed_rank1(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        // expected-error @+1 {{'mdh_ll.copy' op a 'transposed' layout swaps the last two buffer dimensions, but the input has rank }}
        mdh_ll.copy %v to shared layout transposed : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The scalar phase takes the indices, then one scalar per input access.
func.func @scalar_args(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            // expected-error @+1 {{'mdh_ll.scalar' op expects 4 block arguments (2 indices of type index, then one scalar per input acc}}
            mdh_ll.scalar {
            ^bb0(%m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The scalar phase yields one value per output access.
func.func @scalar_yield(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              // expected-error @+1 {{'mdh_ll.yield' op must yield one value per output access, of types ('f32'), got ('f32', 'f32')}}
              mdh_ll.yield %p, %p : f32, f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The scalar phase is pure.
func.func @scalar_side_effect(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              // expected-error @+1 {{'memref.load' op is not allowed in the scalar phase: only side-effect-free scalar operations without}}
              %q = memref.load %v[%k] : memref<32xf32>
              %p = arith.mulf %m, %q : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Combines are of outputs.
func.func @combine_not_output(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    // expected-error @+1 {{'mdh_ll.combine' op combines a buffer that is not an output of its schedule}}
    mdh_ll.combine %v dims [1] across 0 in device sync phase : memref<32xf32>
  }
  return
}

// -----

// A combine names the level it follows.
func.func @combine_level(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    // expected-error @+1 {{'mdh_ll.combine' op follows level 0 but says it combines across level 1}}
    mdh_ll.combine %w dims [1] across 1 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Dimensions are listed once, increasing.
func.func @combine_dims_order(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    // expected-error @+1 {{'mdh_ll.combine' op dims must be increasing dimensions below 2, got [1, 1]}}
    mdh_ll.combine %w dims [1, 1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// cc dimensions need no combine.
func.func @combine_cc(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    // expected-error @+1 {{'mdh_ll.combine' op dimension 0 is combined with cc: its tiles write their own parts and need no com}}
    mdh_ll.combine %w dims [0, 1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// A combine combines along something.
func.func @combine_empty(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    // expected-error @+1 {{'mdh_ll.combine' op combines along no dimension}}
    mdh_ll.combine %w dims [] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Sequential levels combine in the thread's registers.
func.func @combine_sequential_region(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16] order [0, 1] {
          mdh_ll.copy %M to packed layout identity : memref<64x32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [16, 1] order [1, 0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          // expected-error @+1 {{'mdh_ll.combine' op a simd level combines in the thread's registers, got 'shared'}}
          mdh_ll.combine %w dims [1] across 3 in shared sync barrier : memref<64xf32>
        }
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The region fixes the synchronisation.
func.func @combine_sync(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        // expected-error @+1 {{'mdh_ll.combine' op combining in 'shared' across parallel units needs 'barrier', got 'phase'}}
        mdh_ll.combine %w dims [1] across 2 in shared sync phase : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Tile sizes are at least 1.
func.func @tile_zero(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op tile size 0 of dimension 0 must be between 1 and 64 (the enclosing tile)}}
      mdh_ll.level 1 "shared_tile" sequential tiles [0, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Tile sizes are at most the enclosing tile.
func.func @tile_too_big(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        // expected-error @+1 {{'mdh_ll.level' op tile size 128 of dimension 0 must be between 1 and 64 (the enclosing tile)}}
        mdh_ll.level 2 "threads" parallel tiles [128, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Split pw dimensions must be combined.
func.func @combine_missing(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    // expected-error @+1 {{'mdh_ll.level' op splits pw/ps dimensions [1] into several parts, but the partial results of output }}
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }

  }
  return
}

// -----

// A combine where nothing is split.
func.func @combine_nothing(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16] order [0, 1] {
          mdh_ll.copy %M to packed layout identity : memref<64x32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [16, 1] order [1, 0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
        // expected-error @+1 {{'mdh_ll.combine' op level 2 (l1_tile) splits no pw/ps dimension into more than one part; there is no}}
        mdh_ll.combine %w dims [1] across 2 in register sync none : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// One combine per output and level.
func.func @combine_twice(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
    // expected-error @+1 {{'mdh_ll.combine' op combines output #0 across level 0 a second time}}
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Blocks share no fast memory: their partial results meet in device memory.
func.func @config_blocks_region(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op output #0: partial results split over level 0 (blocks) cannot be combined in 's}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in shared sync barrier : memref<64xf32>
  }
  return
}

// -----

// Threads per block are limited (sm_80: 1024).
func.func @config_too_many_threads(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op level 2 (threads) has 256 threads per block (16 x 16 over the dimensions), more}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80", max_threads_per_block = 8> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The register tile fits the registers of a thread.
func.func @config_register_tile(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op register tile needs 5 32-bit registers per thread (1 for input copies, 4 for ac}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80", registers_per_thread = 4> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Shared-memory copies fit the shared memory of a block.
func.func @config_shared_memory(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op shared memory per block is 4160 bytes (64 for input copies, 4096 reserved for c}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80", shared_memory_per_block = 32, max_shared_memory_per_block = 32> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Tiles of an input that the scalar function only widens hold the wide type
// (Staging.h): 16 f16 elements of %v take 64 bytes as f32.
func.func @config_shared_memory_widened(%M: memref<64x32xf32>, %v: memref<32xf16>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op shared memory per block is 4160 bytes (64 for input copies, 4096 reserved for c}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80", shared_memory_per_block = 32, max_shared_memory_per_block = 32> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf16> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf16>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf16>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f16):
              %xe = arith.extf %x : f16 to f32
              %p = arith.mulf %m, %xe : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// An f16 input also used as f16 keeps f16 tiles: 32 bytes.
func.func @config_shared_memory_f16(%M: memref<64x32xf32>, %v: memref<32xf16>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op shared memory per block is 4128 bytes (32 for input copies, 4096 reserved for c}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80", shared_memory_per_block = 32, max_shared_memory_per_block = 32> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf16> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf16>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf16>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f16):
              %xx = arith.addf %x, %x : f16
              %xe = arith.extf %xx : f16 to f32
              %p = arith.mulf %m, %xe : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Hardware dimensions are x, y and z.
func.func @config_assignment_hw(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    // expected-error @+1 {{custom op 'mdh_ll.level' expected a hardware dimension (x, y or z), got 'w'}}
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, w] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// A rotated layout needs two dimensions.
func.func @copy_rotated_rank1(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16] order [0, 1] {
          // expected-error @+1 {{'mdh_ll.copy' op a 'rotated' layout moves the first buffer dimension innermost, but the input has rank 1}}
          mdh_ll.copy %v to packed layout rotated : memref<32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [16, 1] order [1, 0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The GPU copies know no rotated layout.
func.func @copy_rotated_gpu(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        // expected-error @+1 {{'mdh_ll.copy' op layout 'rotated' is not legal on target 'cuda' (legal: identity, transposed)}}
        mdh_ll.copy %M to shared layout rotated : memref<64x32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Panels cut the innermost of two or more buffer dimensions.
func.func @copy_panels_rank1(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.openmp<> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16] order [0, 1] assign [x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16] order [0, 1] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16] order [0, 1] {
          // expected-error @+1 {{'mdh_ll.copy' op a 'panels' layout cuts the innermost buffer dimension into panels outside the others, but the input has rank 1}}
          mdh_ll.copy %v to packed layout panels : memref<32xf32>
          mdh_ll.level 3 "register_tile" simd tiles [16, 1] order [1, 0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %w dims [1] across 3 in register sync none : memref<64xf32>
        }
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// The GPU copies know no panels.
func.func @copy_panels_gpu(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        // expected-error @+1 {{'mdh_ll.copy' op layout 'panels' is not legal on target 'cuda' (legal: identity, transposed)}}
        mdh_ll.copy %M to shared layout panels : memref<64x32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Only GPU register tiles are warp-level matrix products.
func.func @mma_on_cpu(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  mdh_ll.schedule "mm" on #mdh_ll.openmp sizes(32, 32, 32) combine(cc, cc, pw(add))
      ins(%A : memref<32x32xf16> [(d0, d1, d2) -> (d0, d2)], %B : memref<32x32xf16> [(d0, d1, d2) -> (d2, d1)])
      outs(%C : memref<32x32xf32> [(d0, d1, d2) -> (d0, d1)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16, 32] order [0, 1, 2] assign [x, x, x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16, 32] order [0, 1, 2] {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16, 32] order [0, 1, 2] {
          // expected-error @+1 {{'mdh_ll.level' op only the register_tile level of a `cuda` or `hip` target may be a warp-level matrix product (mma)}}
          mdh_ll.level 3 "register_tile" simd tiles [16, 16, 16] order [0, 1, 2] mma m16n16k16 {
            mdh_ll.scalar {
            ^bb0(%i: index, %j: index, %k: index, %a: f16, %b: f16):
              %x = arith.extf %a : f16 to f32
              %y = arith.extf %b : f16 to f32
              %p = arith.mulf %x, %y : f32
              mdh_ll.yield %p : f32
            }
          }
          mdh_ll.combine %C dims [2] across 3 in register sync none : memref<32x32xf32>
        }
      }
    }
  }
  return
}

// -----

// Only the shared tiles of a GPU are multi-buffered (stages).
func.func @stages_level(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    // expected-error @+1 {{'mdh_ll.level' op only the shared_tile level of a `cuda` or `hip` target may keep several stages of its copies}}
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked stages 2 {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// One stage is the default and is not written: `stages` is at least 2.
func.func @stages_one(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op attribute 'stages' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 2}}
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] stages 1 {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Stages multi-buffer the shared copies: a schedule without one has none
// (docs/tuning-parameters.md, "Stages").
func.func @stages_without_shared_copy(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op stages 2: no input is copied to shared memory on level 1 (shared_tile), so there is nothing to multi-buffer}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80"> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] stages 2 {
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}

// -----

// Stages on a CPU level.
func.func @stages_on_cpu(%A: memref<32x32xf32>, %B: memref<32x32xf32>, %C: memref<32x32xf32>) {
  mdh_ll.schedule "mm" on #mdh_ll.openmp sizes(32, 32, 32) combine(cc, cc, pw(add))
      ins(%A : memref<32x32xf32> [(d0, d1, d2) -> (d0, d2)], %B : memref<32x32xf32> [(d0, d1, d2) -> (d2, d1)])
      outs(%C : memref<32x32xf32> [(d0, d1, d2) -> (d0, d1)]) {
    mdh_ll.level 0 "threads" parallel tiles [16, 16, 32] order [0, 1, 2] assign [x, x, x] blocked {
      // expected-error @+1 {{'mdh_ll.level' op only the shared_tile level of a `cuda` or `hip` target may keep several stages of its copies}}
      mdh_ll.level 1 "l2_tile" sequential tiles [16, 16, 32] order [0, 1, 2] stages 2 {
        mdh_ll.level 2 "l1_tile" sequential tiles [16, 16, 32] order [0, 1, 2] {
          mdh_ll.level 3 "register_tile" simd tiles [1, 16, 1] order [0, 1, 2] {
            mdh_ll.scalar {
            ^bb0(%i: index, %j: index, %k: index, %a: f32, %b: f32):
              %p = arith.mulf %a, %b : f32
              mdh_ll.yield %p : f32
            }
          }
        }
      }
    }
  }
  return
}

// -----

// The shared-memory limit counts every stage of the copies.
func.func @config_shared_memory_stages(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  // expected-error @+1 {{'mdh_ll.schedule' op shared memory per block is 4224 bytes (128 for input copies in 2 stages, 4096 reserved for c}}
  mdh_ll.schedule "matvec" on #mdh_ll.cuda<chip = "sm_80", shared_memory_per_block = 32, max_shared_memory_per_block = 32> sizes(64, 32) combine(cc, pw(add))
      ins(%M : memref<64x32xf32> [(d0, d1) -> (d0, d1)], %v : memref<32xf32> [(d0, d1) -> (d1)])
      outs(%w : memref<64xf32> [(d0, d1) -> (d0)]) {
    mdh_ll.level 0 "blocks" parallel tiles [64, 16] order [1, 0] assign [x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [64, 16] order [0, 1] stages 2 {
        mdh_ll.copy %v to shared layout identity : memref<32xf32>
        mdh_ll.level 2 "threads" parallel tiles [4, 1] order [0, 1] assign [x, x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [4, 1] order [0, 1] {
            mdh_ll.copy %v to register layout identity : memref<32xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %k: index, %m: f32, %x: f32):
              %p = arith.mulf %m, %x : f32
              mdh_ll.yield %p : f32
            }
          }
        }
        mdh_ll.combine %w dims [1] across 2 in shared sync barrier : memref<64xf32>
      }
    }
    mdh_ll.combine %w dims [1] across 0 in device sync phase : memref<64xf32>
  }
  return
}
