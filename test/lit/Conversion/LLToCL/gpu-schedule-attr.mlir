// RUN: mdh-opt %s --mdh-ll-to-cl --split-input-file | FileCheck %s
// RUN: mdh-opt %s --mdh-ll-to-cl --split-input-file | mdh-opt --split-input-file | FileCheck %s

// The main phase of each GPU schedule keeps the schedule's configuration as
// an `mdh_cl.schedule` dictionary (include/mdh/Dialect/CL/ScheduleSummary.h):
// the attributes of its mdh_ll ops level by level, the combines of a level's
// partial results with the level, inputs and outputs by position. The
// function keeps none; other phases keep none.

// CHECK-LABEL: func.func @two(
// CHECK-NOT:     mdh_cl.schedule
// CHECK:         mdh_cl.phase "main" {
// CHECK:         } {mdh_cl.schedule = {
// CHECK-SAME:      combiners = [#mdh.combine<cc>, #mdh.combine<cc>, #mdh.combine<pw(add)>],
// CHECK-SAME:      inputs = [{maps = [{{#map[0-9]*}}], type = memref<32x16xf32>}, {maps = [{{#map[0-9]*}}], type = memref<16x32xf32>}],
// CHECK-SAME:      levels = [
// CHECK-SAME:        {assignment = array<i64: 1, 0, 0>, assignment_kind = #mdh_ll<assignment_kind blocked>, combines = [], copies = [], kind = #mdh_ll<level_kind parallel>, name = "blocks", order = array<i64: 0, 1, 2>, tiles = array<i64: 16, 16, 16>},
// CHECK-SAME:        {combines = [{dims = array<i64: 2>, output = 0 : i64, region = #mdh_ll<combine_region register>, sync = #mdh_ll<sync none>}], copies = [{input = 0 : i64, layout = #mdh_ll<layout identity>, region = #mdh_ll<input_region shared>}, {input = 1 : i64, layout = #mdh_ll<layout transposed>, region = #mdh_ll<input_region shared>}], kind = #mdh_ll<level_kind sequential>, name = "shared_tile", order = array<i64: 2, 0, 1>, tiles = array<i64: 16, 16, 8>},
// CHECK-SAME:        {assignment = array<i64: 1, 0, 0>, assignment_kind = #mdh_ll<assignment_kind strided>, combines = [], copies = [], kind = #mdh_ll<level_kind parallel>, name = "threads", order = array<i64: 0, 1, 2>, tiles = array<i64: 2, 2, 8>},
// CHECK-SAME:        {combines = [{dims = array<i64: 2>, output = 0 : i64, region = #mdh_ll<combine_region register>, sync = #mdh_ll<sync none>}], copies = [{input = 0 : i64, layout = #mdh_ll<layout identity>, region = #mdh_ll<input_region register>}], kind = #mdh_ll<level_kind sequential>, name = "register_tile", order = array<i64: 2, 0, 1>, tiles = array<i64: 2, 2, 1>}],
// CHECK-SAME:      name = "matmul",
// CHECK-SAME:      outputs = [{maps = [{{#map[0-9]*}}], type = memref<32x32xf32>}],
// CHECK-SAME:      sizes = array<i64: 32, 32, 16>,
// CHECK-SAME:      target = #mdh_ll.hip<chip = "gfx942">}}
// CHECK-NOT:     mdh_cl.schedule
// CHECK:         mdh_cl.phase "main" {
// CHECK:         } {mdh_cl.schedule = {
// CHECK-SAME:      combiners = [#mdh.combine<cc>],
// CHECK-SAME:      inputs = [{maps = [{{#map[0-9]*}}], type = memref<32x32xf32>}],
// CHECK-SAME:      levels = [
// CHECK-SAME:        {assignment = array<i64: 0>, assignment_kind = #mdh_ll<assignment_kind blocked>, combines = [], copies = [], kind = #mdh_ll<level_kind parallel>, name = "blocks", order = array<i64: 0>, tiles = array<i64: 32>},
// CHECK-SAME:        {combines = [], copies = [], kind = #mdh_ll<level_kind sequential>, name = "shared_tile", order = array<i64: 0>, tiles = array<i64: 32>},
// CHECK-SAME:        {assignment = array<i64: 0>, assignment_kind = #mdh_ll<assignment_kind blocked>, combines = [], copies = [], kind = #mdh_ll<level_kind parallel>, name = "threads", order = array<i64: 0>, tiles = array<i64: 1>},
// The schedule has no name: `outputs` follows `levels`.
// CHECK-SAME:        {combines = [], copies = [], kind = #mdh_ll<level_kind sequential>, name = "register_tile", order = array<i64: 0>, tiles = array<i64: 1>}], outputs = [{maps = [{{#map[0-9]*}}], type = memref<32x32xf32>}],
// CHECK-SAME:      sizes = array<i64: 32>,
// CHECK-SAME:      target = #mdh_ll.hip<chip = "gfx942">}}
// CHECK-NOT:     mdh_cl.schedule
// CHECK:         return

func.func @two(%A: memref<32x16xf32>, %B: memref<16x32xf32>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) {
  mdh_ll.schedule "matmul" on #mdh_ll.hip<chip = "gfx942"> sizes(32, 32, 16) combine(cc, cc, pw(add))
      ins(%A : memref<32x16xf32> [(d0, d1, d2) -> (d0, d2)], %B : memref<16x32xf32> [(d0, d1, d2) -> (d2, d1)])
      outs(%C : memref<32x32xf32> [(d0, d1, d2) -> (d0, d1)]) {
    mdh_ll.level 0 "blocks" parallel tiles [16, 16, 16] order [0, 1, 2] assign [y, x, x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [16, 16, 8] order [2, 0, 1] {
        mdh_ll.copy %A to shared layout identity : memref<32x16xf32>
        mdh_ll.copy %B to shared layout transposed : memref<16x32xf32>
        mdh_ll.level 2 "threads" parallel tiles [2, 2, 8] order [0, 1, 2] assign [y, x, x] strided {
          mdh_ll.level 3 "register_tile" sequential tiles [2, 2, 1] order [2, 0, 1] {
            mdh_ll.copy %A to register layout identity : memref<32x16xf32>
            mdh_ll.scalar {
            ^bb0(%i: index, %j: index, %k: index, %a: f32, %b: f32):
              %0 = arith.mulf %a, %b : f32
              mdh_ll.yield %0 : f32
            }
          }
          mdh_ll.combine %C dims [2] across 3 in register sync none : memref<32x32xf32>
        }
      }
      mdh_ll.combine %C dims [2] across 1 in register sync none : memref<32x32xf32>
    }
  }
  mdh_ll.schedule on #mdh_ll.hip<chip = "gfx942"> sizes(32) combine(cc)
      ins(%C : memref<32x32xf32> [(d0) -> (d0, 0)])
      outs(%D : memref<32x32xf32> [(d0) -> (d0, 1)]) {
    mdh_ll.level 0 "blocks" parallel tiles [32] order [0] assign [x] blocked {
      mdh_ll.level 1 "shared_tile" sequential tiles [32] order [0] {
        mdh_ll.level 2 "threads" parallel tiles [1] order [0] assign [x] blocked {
          mdh_ll.level 3 "register_tile" sequential tiles [1] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %c: f32):
              mdh_ll.yield %c : f32
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Host schedules keep no configuration.

// CHECK-LABEL: func.func @host(
// CHECK-NOT:     mdh_cl.schedule
// CHECK:         return
func.func @host(%x: memref<10xf32>, %y: memref<10xf32>) {
  mdh_ll.schedule "copy" on #mdh_ll.openmp sizes(10) combine(cc)
      ins(%x : memref<10xf32> [(d0) -> (d0)])
      outs(%y : memref<10xf32> [(d0) -> (d0)]) {
    mdh_ll.level 0 "threads" parallel tiles [10] order [0] assign [x] blocked {
      mdh_ll.level 1 "l2_tile" sequential tiles [10] order [0] {
        mdh_ll.level 2 "l1_tile" sequential tiles [10] order [0] {
          mdh_ll.level 3 "register_tile" simd tiles [10] order [0] {
            mdh_ll.scalar {
            ^bb0(%i: index, %a: f32):
              mdh_ll.yield %a : f32
            }
          }
        }
      }
    }
  }
  return
}
