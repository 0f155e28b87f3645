// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Every verifier rule of the CL-IR ops, the parser errors of their custom
// syntax and the ODS constraints (static shapes, index bounds, i1 flags).

//===----------------------------------------------------------------------===//
// mdh_cl.buffer
//===----------------------------------------------------------------------===//

func.func @device_buffer_in_par_for() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
      // expected-error @+1 {{'mdh_cl.buffer' op a device buffer lives for the whole function; allocate it outside parallel loops}}
      %b = mdh_cl.buffer device : memref<8xf32>
    }
  }
  return
}

// -----

// Also inside a block loop, outside any thread loop.
func.func @device_buffer_in_block_loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  mdh_cl.phase "main" {
    mdh_cl.par_for %b = %c0 to %c8 step %c1 on blocks x {
      // expected-error @+1 {{a device buffer lives for the whole function}}
      %p = mdh_cl.buffer device : memref<8xf32>
    }
  }
  return
}

// -----

func.func @packed_buffer_at_top_level() {
  // expected-error @+1 {{'mdh_cl.buffer' op a 'packed' buffer belongs to a parallel unit; allocate it inside a mdh_cl.par_for}}
  %b = mdh_cl.buffer packed : memref<8xf32>
  return
}

// -----

// A phase is no parallel unit.
func.func @shared_buffer_in_phase() {
  mdh_cl.phase "main" {
    // expected-error @+1 {{a 'shared' buffer belongs to a parallel unit; allocate it inside a mdh_cl.par_for}}
    %b = mdh_cl.buffer shared : memref<8xf32>
  }
  return
}

// -----

// A sequential loop is no parallel unit either.
func.func @register_buffer_in_for() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  mdh_cl.for %k = %c0 to %c8 step %c1 {
    // expected-error @+1 {{a 'register' buffer belongs to a parallel unit}}
    %b = mdh_cl.buffer register : memref<8xf32>
  }
  return
}

// -----

func.func @dynamic_buffer() {
  // expected-error @+1 {{'mdh_cl.buffer' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %b = mdh_cl.buffer device : memref<?xf32>
  return
}

// -----

func.func @unknown_region() {
  // expected-error @+2 {{expected ::mlir::mdh_cl::MemRegion to be one of: device, shared, packed, register}}
  // expected-error @+1 {{failed to parse MDHCL_RegionAttr parameter 'value' which is to be a `::mlir::mdh_cl::MemRegion`}}
  %b = mdh_cl.buffer global : memref<8xf32>
  return
}

//===----------------------------------------------------------------------===//
// mdh_cl.phase
//===----------------------------------------------------------------------===//

// -----

func.func @phase_without_name() {
  // expected-error @+1 {{'mdh_cl.phase' op requires attribute 'phase_name'}}
  "mdh_cl.phase"() ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @phase_with_two_blocks() {
  // expected-error @+1 {{'mdh_cl.phase' op expects region #0 to have 0 or 1 blocks}}
  "mdh_cl.phase"() <{phase_name = "main"}> ({
  ^bb0:
    cf.br ^bb1
  ^bb1:
  }) : () -> ()
  return
}

//===----------------------------------------------------------------------===//
// mdh_cl.for and mdh_cl.par_for
//===----------------------------------------------------------------------===//

// -----

func.func @for_body_with_f32_argument(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'mdh_cl.for' op body must take one index argument (the induction variable)}}
  "mdh_cl.for"(%c0, %c8, %c1) ({
  ^bb0(%x: f32):
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_body_without_argument(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'mdh_cl.for' op body must take one index argument (the induction variable)}}
  "mdh_cl.for"(%c0, %c8, %c1) ({
  ^bb0:
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @par_for_body_with_two_arguments(%c0: index, %c8: index,
                                           %c1: index) {
  // expected-error @+1 {{'mdh_cl.par_for' op body must take one index argument (the induction variable)}}
  "mdh_cl.par_for"(%c0, %c8, %c1) <{layer = #mdh_cl<layer threads>, dim = #mdh_cl<hw_dim x>}> ({
  ^bb0(%i: index, %j: index):
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_i32_bound(%c0: index, %n: i32, %c1: index) {
  // expected-error @+1 {{'mdh_cl.for' op operand #1 must be index, but got 'i32'}}
  "mdh_cl.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
  }) : (index, i32, index) -> ()
  return
}

// -----

// The custom syntax reads every bound as an index.
func.func @par_for_i32_step(%c0: index, %c8: index, %s: i32) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%s' expects different type than prior uses: 'index' vs 'i32'}}
  mdh_cl.par_for %t = %c0 to %c8 step %s on threads x {
  }
  return
}

// -----

func.func @par_for_without_layer(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{'mdh_cl.par_for' op requires attribute 'layer'}}
  "mdh_cl.par_for"(%c0, %c8, %c1) <{dim = #mdh_cl<hw_dim x>}> ({
  ^bb0(%i: index):
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @par_for_unknown_layer(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{expected 'blocks' or 'threads', got 'warps'}}
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on warps x {
  }
  return
}

// -----

func.func @par_for_unknown_dim(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{expected a hardware dimension (x, y or z), got 'w'}}
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads w {
  }
  return
}

// -----

func.func @par_for_without_on(%c0: index, %c8: index, %c1: index) {
  // expected-error @+1 {{expected 'on'}}
  mdh_cl.par_for %t = %c0 to %c8 step %c1 threads x {
  }
  return
}

//===----------------------------------------------------------------------===//
// mdh_cl.barrier
//===----------------------------------------------------------------------===//

// -----

func.func @barrier_at_function_level() {
  // expected-error @+1 {{'mdh_cl.barrier' op must be inside a mdh_cl.par_for over threads}}
  mdh_cl.barrier
  return
}

// -----

func.func @barrier_in_phase() {
  mdh_cl.phase "main" {
    // expected-error @+1 {{'mdh_cl.barrier' op must be inside a mdh_cl.par_for over threads}}
    mdh_cl.barrier
  }
  return
}

// -----

func.func @barrier_in_block_loop(%c0: index, %c8: index, %c1: index) {
  mdh_cl.par_for %b = %c0 to %c8 step %c1 on blocks x {
    // expected-error @+1 {{'mdh_cl.barrier' op synchronises the threads of a block, but its nearest parallel loop runs blocks}}
    mdh_cl.barrier
  }
  return
}

// -----

// The nearest parallel loop counts, not an outer thread loop.
func.func @barrier_in_block_loop_in_thread_loop(%c0: index, %c8: index,
                                                %c1: index) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    mdh_cl.par_for %b = %c0 to %c8 step %c1 on blocks x {
      // expected-error @+1 {{synchronises the threads of a block, but its nearest parallel loop runs blocks}}
      mdh_cl.barrier
    }
  }
  return
}

// -----

func.func @barrier_under_if(%c0: index, %c8: index, %c1: index) {
  %c4 = arith.constant 4 : index
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    %guard = arith.cmpi ult, %t, %c4 : index
    // expected-note @+1 {{this scf.if}}
    scf.if %guard {
      // expected-error @+1 {{'mdh_cl.barrier' op must sit in uniform control flow: the condition of an enclosing scf.if depends on the thread}}
      mdh_cl.barrier
    }
  }
  return
}

// -----

// Under a guard inside a uniform sequential loop.
func.func @barrier_under_if_in_for(%c0: index, %c8: index, %c1: index) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    mdh_cl.for %k = %c0 to %c8 step %c1 {
      %guard = arith.cmpi ult, %t, %k : index
      // expected-note @+1 {{this scf.if}}
      scf.if %guard {
        // expected-error @+1 {{the condition of an enclosing scf.if depends on the thread}}
        mdh_cl.barrier
      }
    }
  }
  return
}

// -----

func.func @barrier_in_scf_for(%c0: index, %c8: index, %c1: index) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    scf.for %k = %c0 to %c8 step %c1 {
      // expected-error @+1 {{only mdh_cl.for loops and scf.if branches may enclose it inside its thread loop, not 'scf.for'}}
      mdh_cl.barrier
    }
  }
  return
}

// -----

// The upper bound depends on the thread.
func.func @barrier_in_thread_dependent_for(%c0: index, %c8: index,
                                           %c1: index) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    %n = arith.addi %t, %c1 : index
    // expected-note @+1 {{this loop}}
    mdh_cl.for %k = %c0 to %n step %c1 {
      // expected-error @+1 {{'mdh_cl.barrier' op must sit in uniform control flow: the bounds of an enclosing loop depend on the thread}}
      mdh_cl.barrier
    }
  }
  return
}

// -----

// The outer loop of two: the lower bound is the thread index itself.
func.func @barrier_in_loop_nest_from_thread(%c0: index, %c8: index,
                                            %c1: index) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    // expected-note @+1 {{this loop}}
    mdh_cl.for %k = %t to %c8 step %c1 {
      mdh_cl.for %j = %c0 to %c8 step %c1 {
        // expected-error @+1 {{the bounds of an enclosing loop depend on the thread}}
        mdh_cl.barrier
      }
    }
  }
  return
}

// -----

// A value loaded inside the thread loop may differ between threads.
func.func @barrier_in_loop_with_loaded_bound(%n: memref<8xindex>, %c0: index,
                                             %c8: index, %c1: index) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    %s = memref.load %n[%c0] : memref<8xindex>
    // expected-note @+1 {{this loop}}
    mdh_cl.for %k = %c0 to %c8 step %s {
      // expected-error @+1 {{the bounds of an enclosing loop depend on the thread}}
      mdh_cl.barrier
    }
  }
  return
}

// -----

// A barrier synchronises the threads of every thread loop around it: the
// inner loop of a 2-D block runs a trip count that depends on the y thread.
func.func @barrier_in_2d_block_with_row_dependent_loop(%c0: index,
                                                       %c8: index,
                                                       %c1: index) {
  mdh_cl.par_for %ty = %c0 to %c8 step %c1 on threads y {
    %n = arith.addi %ty, %c1 : index
    mdh_cl.par_for %tx = %c0 to %c8 step %c1 on threads x {
      // expected-note @+1 {{this loop}}
      mdh_cl.for %k = %c0 to %n step %c1 {
        // expected-error @+1 {{the bounds of an enclosing loop depend on the thread}}
        mdh_cl.barrier
      }
    }
  }
  return
}

// -----

// ... and the x loop of a 2-D block must have the same bounds in every row.
func.func @barrier_in_row_dependent_thread_loop(%c0: index, %c8: index,
                                                %c1: index) {
  mdh_cl.par_for %ty = %c0 to %c8 step %c1 on threads y {
    // expected-note @+1 {{this loop}}
    mdh_cl.par_for %tx = %c0 to %ty step %c1 on threads x {
      // expected-error @+1 {{the bounds of an enclosing loop depend on the thread}}
      mdh_cl.barrier
    }
  }
  return
}

// -----

// ... and nothing may guard the x loop inside the y loop.
func.func @barrier_in_guarded_thread_loop(%c0: index, %c8: index,
                                          %c1: index) {
  %c4 = arith.constant 4 : index
  mdh_cl.par_for %ty = %c0 to %c8 step %c1 on threads y {
    %guard = arith.cmpi ult, %ty, %c4 : index
    // expected-note @+1 {{this scf.if}}
    scf.if %guard {
      mdh_cl.par_for %tx = %c0 to %c8 step %c1 on threads x {
        // expected-error @+1 {{the condition of an enclosing scf.if depends on the thread}}
        mdh_cl.barrier
      }
    }
  }
  return
}

// -----

// Inside the scalar function: a barrier has side effects, and the scalar
// op is no sequential loop.
func.func @barrier_in_scalar(%c0: index, %c8: index, %c1: index, %x: f32) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    %r = mdh_cl.scalar(%x) : (f32) -> f32 {
    ^bb0(%a: f32):
      // expected-error @+1 {{only mdh_cl.for loops and scf.if branches may enclose it inside its thread loop, not 'mdh_cl.scalar'}}
      mdh_cl.barrier
      mdh_cl.yield %a : f32
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// mdh_cl.copy
//===----------------------------------------------------------------------===//

// -----

func.func @copy_element_type(%A: memref<64x32xf32>, %T: memref<16x16xf16>,
                             %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op copies 'f32' elements into a buffer of 'f16'; a copy keeps the element type or widens a float}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout identity
      : memref<64x32xf32> to memref<16x16xf16>
  return
}

// -----

// Integers are not widened (only arith.extf is exact for every value).
func.func @copy_widen_integer(%A: memref<64x32xi16>, %T: memref<16x16xi32>,
                              %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op copies 'i16' elements into a buffer of 'i32'; a copy keeps the element type or widens a float}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout identity
      : memref<64x32xi16> to memref<16x16xi32>
  return
}

// -----

// f16 and bf16 have the same width: neither widens the other.
func.func @copy_f16_to_bf16(%A: memref<64x32xf16>, %T: memref<16x16xbf16>,
                            %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op copies 'f16' elements into a buffer of 'bf16'; a copy keeps the element type or widens a float}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout identity
      : memref<64x32xf16> to memref<16x16xbf16>
  return
}

// -----

func.func @copy_rank(%A: memref<64x32xf32>, %T: memref<16xf32>, %i: index,
                     %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op source has rank 2 but the tile buffer has rank 1}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout identity
      : memref<64x32xf32> to memref<16xf32>
  return
}

// -----

func.func @copy_offsets(%A: memref<64x32xf32>, %T: memref<16x16xf32>,
                        %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op expects one offset and one size per dimension (2), got 1 and 2}}
  mdh_cl.copy %A[%i] [%n, %n] to %T layout identity
      : memref<64x32xf32> to memref<16x16xf32>
  return
}

// -----

func.func @copy_sizes(%A: memref<64x32xf32>, %T: memref<16x16xf32>,
                      %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op expects one offset and one size per dimension (2), got 2 and 3}}
  mdh_cl.copy %A[%i, %i] [%n, %n, %n] to %T layout identity
      : memref<64x32xf32> to memref<16x16xf32>
  return
}

// -----

func.func @copy_rotated_vector(%v: memref<64xf32>, %T: memref<16xf32>,
                               %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op a 'rotated' layout needs two dimensions}}
  mdh_cl.copy %v[%i] [%n] to %T layout rotated
      : memref<64xf32> to memref<16xf32>
  return
}

// -----

func.func @copy_transposed_vector(%v: memref<64xf32>, %T: memref<16xf32>,
                                  %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op a 'transposed' layout needs two dimensions}}
  mdh_cl.copy %v[%i] [%n] to %T layout transposed
      : memref<64xf32> to memref<16xf32>
  return
}

// -----

func.func @copy_dynamic_source(%A: memref<?x32xf32>, %T: memref<16x16xf32>,
                               %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op operand #0 must be statically shaped memref of any type values, but got 'memref<?x32xf32>'}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout identity
      : memref<?x32xf32> to memref<16x16xf32>
  return
}

// -----

func.func @copy_unknown_layout(%A: memref<64x32xf32>, %T: memref<16x16xf32>,
                               %i: index, %n: index) {
  // expected-error @+2 {{expected ::mlir::mdh_cl::Layout to be one of: identity, transposed, rotated}}
  // expected-error @+2 {{failed to parse MDHCL_LayoutAttr parameter 'value' which is to be a `::mlir::mdh_cl::Layout`}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout diagonal
      : memref<64x32xf32> to memref<16x16xf32>
  return
}

//===----------------------------------------------------------------------===//
// mdh_cl.scalar and mdh_cl.yield
//===----------------------------------------------------------------------===//

// -----

func.func @scalar_too_few_block_arguments(%i: index, %x: f32) {
  // expected-error @+1 {{'mdh_cl.scalar' op block arguments ('f32') must match the operands ('index', 'f32')}}
  %r = mdh_cl.scalar(%i, %x) : (index, f32) -> f32 {
  ^bb0(%a: f32):
    mdh_cl.yield %a : f32
  }
  return
}

// -----

func.func @scalar_block_argument_type(%x: f32) {
  // expected-error @+1 {{'mdh_cl.scalar' op block arguments ('f64') must match the operands ('f32')}}
  %r = mdh_cl.scalar(%x) : (f32) -> f32 {
  ^bb0(%a: f64):
    %t = arith.truncf %a : f64 to f32
    mdh_cl.yield %t : f32
  }
  return
}

// -----

func.func @scalar_impure_body(%m: memref<8xf32>, %i: index) {
  %r = mdh_cl.scalar(%i) : (index) -> f32 {
  ^bb0(%k: index):
    // expected-error @+1 {{'memref.load' op is not allowed in mdh_cl.scalar: only side-effect-free scalar operations without regions are}}
    %v = memref.load %m[%k] : memref<8xf32>
    mdh_cl.yield %v : f32
  }
  return
}

// -----

func.func @scalar_body_with_region(%c: i1, %x: f32) {
  %r = mdh_cl.scalar(%c, %x) : (i1, f32) -> f32 {
  ^bb0(%p: i1, %a: f32):
    // expected-error @+1 {{'scf.if' op is not allowed in mdh_cl.scalar}}
    %v = scf.if %p -> f32 {
      scf.yield %a : f32
    } else {
      %n = arith.negf %a : f32
      scf.yield %n : f32
    }
    mdh_cl.yield %v : f32
  }
  return
}

// -----

func.func @scalar_vector_value(%x: f32) {
  %r = mdh_cl.scalar(%x) : (f32) -> f32 {
  ^bb0(%a: f32):
    // expected-error @+1 {{'arith.constant' op produces a value of non-scalar type 'vector<4xf32>' in mdh_cl.scalar}}
    %v = arith.constant dense<0.0> : vector<4xf32>
    mdh_cl.yield %a : f32
  }
  return
}

// -----

func.func @scalar_yield_type(%x: f32) {
  %r = mdh_cl.scalar(%x) : (f32) -> i32 {
  ^bb0(%a: f32):
    // expected-error @+1 {{'mdh_cl.yield' op yields ('f32') but the op returns ('i32')}}
    mdh_cl.yield %a : f32
  }
  return
}

// -----

func.func @scalar_yield_count(%x: f32) {
  %r:2 = mdh_cl.scalar(%x) : (f32) -> (f32, f32) {
  ^bb0(%a: f32):
    // expected-error @+1 {{'mdh_cl.yield' op yields ('f32') but the op returns ('f32', 'f32')}}
    mdh_cl.yield %a : f32
  }
  return
}

// -----

func.func @yield_outside_scalar(%x: f32) {
  // expected-error @+1 {{'mdh_cl.yield' op expects parent op 'mdh_cl.scalar'}}
  mdh_cl.yield %x : f32
}

//===----------------------------------------------------------------------===//
// mdh_cl.accumulate
//===----------------------------------------------------------------------===//

// -----

mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

func.func @accumulate_counts(%bv: memref<4xf32>, %v: f32, %k: i32,
                             %i: index, %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op expects one buffer per value, got 2 values and 1 buffers}}
  mdh_cl.accumulate %v, %k into %bv[%i] first %first combine pw(@argmax)
      : f32, i32 into memref<4xf32>
  return
}

// -----

func.func @accumulate_nothing(%i: index, %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op accumulates no value}}
  "mdh_cl.accumulate"(%i, %first) <{combiner = #mdh.combine<pw(add)>, operandSegmentSizes = array<i32: 0, 0, 1, 1>}>
      : (index, i1) -> ()
  return
}

// -----

func.func @accumulate_cc(%b: memref<4xf32>, %v: f32, %i: index,
                         %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op needs a pw or ps combine operator, got cc}}
  mdh_cl.accumulate %v into %b[%i] first %first combine cc
      : f32 into memref<4xf32>
  return
}

// -----

func.func @accumulate_builtin_two_values(%bv: memref<4xf32>,
                                        %bw: memref<4xf32>, %v: f32, %w: f32,
                                        %i: index, %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op a builtin operator combines one value at a time, got 2}}
  mdh_cl.accumulate %v, %w into %bv, %bw[%i] first %first combine pw(add)
      : f32, f32 into memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @accumulate_value_type(%b: memref<4xf32>, %v: f16, %i: index,
                                 %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op value #0 has type 'f16' but buffer #0 holds 'f32'}}
  mdh_cl.accumulate %v into %b[%i] first %first combine pw(add)
      : f16 into memref<4xf32>
  return
}

// -----

// The second buffer of a custom combiner.
mdh.combiner @argmax associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %v = arith.select %gt, %v1, %v0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}

func.func @accumulate_second_value_type(%bv: memref<4xf32>,
                                        %bk: memref<4xi64>, %v: f32,
                                        %k: i32, %i: index, %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op value #1 has type 'i32' but buffer #1 holds 'i64'}}
  mdh_cl.accumulate %v, %k into %bv, %bk[%i] first %first combine pw(@argmax)
      : f32, i32 into memref<4xf32>, memref<4xi64>
  return
}

// -----

func.func @accumulate_rank(%b: memref<4x4xf32>, %v: f32, %i: index,
                           %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op buffer #0 has rank 2 but 1 indices are given}}
  mdh_cl.accumulate %v into %b[%i] first %first combine ps(add)
      : f32 into memref<4x4xf32>
  return
}

// -----

func.func @accumulate_float_operator_on_integers(%b: memref<4xi32>, %v: i32,
                                                 %i: index, %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op builtin operator 'max' needs floating-point values, got 'i32'}}
  mdh_cl.accumulate %v into %b[%i] first %first combine pw(max)
      : i32 into memref<4xi32>
  return
}

// -----

func.func @accumulate_integer_operator_on_floats(%b: memref<4xf32>, %v: f32,
                                                 %i: index, %first: i1) {
  // expected-error @+1 {{'mdh_cl.accumulate' op builtin operator 'xor' needs integer values, got 'f32'}}
  mdh_cl.accumulate %v into %b[%i] first %first combine ps(xor)
      : f32 into memref<4xf32>
  return
}

// -----

func.func @accumulate_unknown_operator(%b: memref<4xf32>, %v: f32,
                                       %i: index, %first: i1) {
  // expected-error @+1 {{unknown reduction operator 'sum'}}
  mdh_cl.accumulate %v into %b[%i] first %first combine pw(sum)
      : f32 into memref<4xf32>
  return
}

// -----

func.func @accumulate_i32_first(%b: memref<4xf32>, %v: f32, %i: index,
                                %first: i32) {
  // expected-error @+1 {{'mdh_cl.accumulate' op operand #3 must be 1-bit signless integer, but got 'i32'}}
  "mdh_cl.accumulate"(%v, %b, %i, %first) <{combiner = #mdh.combine<pw(add)>, operandSegmentSizes = array<i32: 1, 1, 1, 1>}>
      : (f32, memref<4xf32>, index, i32) -> ()
  return
}

// -----

func.func @accumulate_non_combiner(%b: memref<4xf32>, %v: f32, %i: index,
                                   %first: i1) {
  // expected-error @+1 {{Invalid attribute `combiner` in property conversion: 1 : i32}}
  "mdh_cl.accumulate"(%v, %b, %i, %first) <{combiner = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1>}>
      : (f32, memref<4xf32>, index, i1) -> ()
  return
}

// -----

func.func @accumulate_missing_combiner(%v: f32, %buf: memref<4xf32>, %i: index, %c: i1) {
  // expected-error @+1 {{'@nothere' does not reference an mdh.combiner}}
  mdh_cl.accumulate %v into %buf[%i] first %c combine pw(@nothere) : f32 into memref<4xf32>
  return
}

// -----

mdh.combiner @pair associative commutative (f32, i32) {
^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
  mdh.yield %a, %ai : f32, i32
}
func.func @accumulate_combiner_types(%v: f32, %buf: memref<4xf32>, %i: index, %c: i1) {
  // expected-error @+1 {{combiner @pair combines (f32, i32) but the values are (f32)}}
  mdh_cl.accumulate %v into %buf[%i] first %c combine pw(@pair) : f32 into memref<4xf32>
  return
}

// -----

// A branch that yields values is no version of the block's code.
func.func @barrier_under_if_with_results(%c0: index, %c8: index, %c1: index,
                                         %flag: i1) {
  mdh_cl.par_for %t = %c0 to %c8 step %c1 on threads x {
    %r = scf.if %flag -> (index) {
      // expected-error @+1 {{only mdh_cl.for loops and scf.if branches may enclose it inside its thread loop, not 'scf.if'}}
      mdh_cl.barrier
      scf.yield %c0 : index
    } else {
      scf.yield %c1 : index
    }
  }
  return
}

// -----

func.func @aligned_not_power_of_two(%a: memref<8xf32>) -> i1 {
  // expected-error @+1 {{'mdh_cl.aligned' op attribute 'bytes' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive whose value is a power of two > 0}}
  %ok = mdh_cl.aligned %a, 12 : memref<8xf32>
  return %ok : i1
}

// -----

func.func @copy_panels_rank(%A: memref<64x32xf32>, %T: memref<16x16xf32>,
                            %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op source has rank 2 but the tile buffer has rank 2, expected one more for the panel index}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout panels
      : memref<64x32xf32> to memref<16x16xf32>
  return
}

// -----

func.func @copy_panels_vector(%v: memref<64xf32>, %T: memref<2x8xf32>,
                              %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op a 'panels' layout needs two dimensions}}
  mdh_cl.copy %v[%i] [%n] to %T layout panels
      : memref<64xf32> to memref<2x8xf32>
  return
}

// -----

func.func @copy_panels_width0(%A: memref<64x32xf32>, %T: memref<4x16x0xf32>,
                              %i: index, %n: index) {
  // expected-error @+1 {{'mdh_cl.copy' op panels of width 0: the tile buffer's innermost extent is the panel width}}
  mdh_cl.copy %A[%i, %i] [%n, %n] to %T layout panels
      : memref<64x32xf32> to memref<4x16x0xf32>
  return
}
