// RUN: mdh-opt %s -split-input-file -verify-diagnostics

// Every verifier rule of the target attributes (ASMs) and of the
// `mdh_ll.target` discardable attribute, plus the parser errors of the
// keyed syntax.

//===----------------------------------------------------------------------===//
// Chips
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown CUDA chip 'sm_50'; known chips: sm_80, sm_90}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_50">}

// -----

// An AMD chip is no CUDA chip.
// expected-error @+1 {{unknown CUDA chip 'gfx90a'; known chips: sm_80, sm_90}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "gfx90a">}

// -----

// expected-error @+1 {{unknown HIP chip 'gfx1100'; known chips: gfx90a, gfx942}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx1100">}

// -----

// The chip is required: its facts are the defaults of every other key.
// expected-error @+1 {{struct is missing required parameter: chip}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<warp_size = 32>}

// -----

// expected-error @+1 {{expected '<'}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.hip}

//===----------------------------------------------------------------------===//
// GPU facts
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{warp_size must be 32 for CUDA, got 64}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80", warp_size = 64>}

// -----

// expected-error @+1 {{warp_size must be 32 or 64 for HIP, got 16}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx942", warp_size = 16>}

// -----

// expected-error @+1 {{warp_size must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx942", warp_size = 0>}

// -----

// expected-error @+1 {{max_threads_per_block must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_90", max_threads_per_block = 0>}

// -----

// expected-error @+1 {{shared_memory_per_block must be positive, got -1}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_90", shared_memory_per_block = -1>}

// -----

// expected-error @+1 {{max_shared_memory_per_block must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx90a", max_shared_memory_per_block = 0>}

// -----

// expected-error @+1 {{registers_per_thread must be positive, got -255}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80", registers_per_thread = -255>}

// -----

// expected-error @+1 {{multiprocessors must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx942", multiprocessors = 0>}

// -----

// The opt-in maximum below the chip's static limit (48 KiB on sm_80).
// expected-error @+1 {{max_shared_memory_per_block (32768) must be at least shared_memory_per_block (49152)}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80", max_shared_memory_per_block = 32768>}

// -----

// The static limit raised above the chip's opt-in maximum (64 KiB on gfx90a).
// expected-error @+1 {{max_shared_memory_per_block (65536) must be at least shared_memory_per_block (131072)}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx90a", shared_memory_per_block = 131072>}

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse MDHLL_CUDATargetAttr parameter 'warp_size'}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80", warp_size = "32">}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: shared_memory}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80", shared_memory = 1024>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: chip}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80", chip = "sm_90">}

//===----------------------------------------------------------------------===//
// CPU facts
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{vector_width must be a power of two of at least 128 bits, got 384}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<vector_width = 384>}

// -----

// expected-error @+1 {{vector_width must be a power of two of at least 128 bits, got 64}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<vector_width = 64>}

// -----

// expected-error @+1 {{vector_width must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<vector_width = 0>}

// -----

// expected-error @+1 {{vector_registers must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<vector_registers = 0>}

// -----

// expected-error @+1 {{cores must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<cores = 0>}

// -----

// expected-error @+1 {{l1_cache_size must be positive, got -32768}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<l1_cache_size = -32768>}

// -----

// expected-error @+1 {{l2_cache_size must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<l2_cache_size = 0>}

// -----

// No "0 means unknown": an unknown L3 is an absent key.
// expected-error @+1 {{l3_cache_size must be positive, got 0}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<l3_cache_size = 0>}

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse MDHLL_OpenMPTargetAttr parameter 'cores'}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<cores = host>}

// -----

// A CPU has no chip key.
// expected-error @+1 {{duplicate or unknown struct parameter name: chip}}
func.func @f() attributes {mdh_ll.target = #mdh_ll.openmp<chip = "znver4">}

//===----------------------------------------------------------------------===//
// The mdh_ll.target discardable attribute
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'mdh_ll.target' must be a target attribute (#mdh_ll.openmp, #mdh_ll.cuda or #mdh_ll.hip), got "cuda"}}
func.func @f() attributes {mdh_ll.target = "cuda"} {
  return
}

// -----

// expected-error @+1 {{unknown attribute 'mdh_ll.taget' of the mdh_ll dialect; it defines 'mdh_ll.target'}}
func.func @f() attributes {mdh_ll.taget = #mdh_ll.openmp} {
  return
}
