// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Every rule of mdh_cl.shuffle down (its placement shares the barrier's
// checks, test/lit/Dialect/CL/invalid.mlir).

func.func @outside_threads(%v: f32) {
  // expected-error @+1 {{'mdh_cl.shuffle' op must be inside a mdh_cl.par_for over threads}}
  %s = mdh_cl.shuffle down %v, 1 width 32 : f32
  return
}

// -----

func.func @in_block_loop(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  mdh_cl.par_for %b = %c0 to %c8 step %c1 on blocks x {
    // expected-error @+1 {{'mdh_cl.shuffle' op synchronises the threads of a block, but its nearest parallel loop runs blocks}}
    %s = mdh_cl.shuffle down %v, 1 width 32 : f32
  }
  return
}

// -----

func.func @under_thread_branch(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    %lane0 = arith.cmpi ult, %t, %c4 : index
    // expected-note @+1 {{this scf.if}}
    scf.if %lane0 {
      // expected-error @+1 {{'mdh_cl.shuffle' op must sit in uniform control flow: the condition of an enclosing scf.if depends on the thread}}
      %s = mdh_cl.shuffle down %v, 1 width 32 : f32
    }
  }
  return
}

// -----

func.func @thread_dependent_loop(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-note @+1 {{this loop}}
    mdh_cl.for %k = %t to %c64 step %c1 {
      // expected-error @+1 {{'mdh_cl.shuffle' op must sit in uniform control flow: the bounds of an enclosing loop depend on the thread}}
      %s = mdh_cl.shuffle down %v, 1 width 32 : f32
    }
  }
  return
}

// -----

func.func @partial_group(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  mdh_cl.par_for %t = %c0 to %c48 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.shuffle' op shuffles in groups of 32 threads, but the block has 48, not a multiple: the last group would read missing threads}}
    %s = mdh_cl.shuffle down %v, 1 width 32 : f32
  }
  return
}

// -----

func.func @delta_past_group(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+1 {{'mdh_cl.shuffle' op reads 8 lanes down in groups of 8: no lane would read another}}
    %s = mdh_cl.shuffle down %v, 8 width 8 : f32
  }
  return
}

// -----

func.func @width_not_power_of_two(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+1 {{attribute 'width' failed to satisfy constraint}}
    %s = mdh_cl.shuffle down %v, 1 width 24 : f32
  }
  return
}

// -----

func.func @width_past_warp(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  mdh_cl.par_for %t = %c0 to %c128 step %c1 on threads x {
    // expected-error @+1 {{attribute 'width' failed to satisfy constraint}}
    %s = mdh_cl.shuffle down %v, 1 width 64 : f32
  }
  return
}

// -----

func.func @zero_delta(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+1 {{attribute 'delta' failed to satisfy constraint}}
    %s = mdh_cl.shuffle down %v, 0 width 32 : f32
  }
  return
}

// -----

func.func @index_value(%v: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+1 {{operand #0 must be signless integer or floating-point}}
    %s = mdh_cl.shuffle down %v, 1 width 32 : index
  }
  return
}

// -----

func.func @unknown_mode(%v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  mdh_cl.par_for %t = %c0 to %c64 step %c1 on threads x {
    // expected-error @+2 {{expected ::mlir::mdh_cl::ShuffleMode to be one of: down, up}}
    // expected-error @+1 {{failed to parse MDHCL_ShuffleModeAttr parameter 'value'}}
    %s = mdh_cl.shuffle xor %v, 1 width 32 : f32
  }
  return
}
