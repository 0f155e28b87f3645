// RUN: mdh-opt %s | FileCheck %s
// Print, then reparse the printed form.
// RUN: mdh-opt %s | mdh-opt | FileCheck %s
// Print generically, then reparse.
// RUN: mdh-opt %s --mlir-print-op-generic | mdh-opt | FileCheck %s

// Round trip of the target attributes (ASMs), bare and with overrides, as
// the discardable `mdh_ll.target` attribute. Defaults are not printed;
// parameters print in declaration order whatever order they were written in.

// CHECK-LABEL: func.func @openmp_default()
// CHECK-SAME: mdh_ll.target = #mdh_ll.openmp}
func.func @openmp_default() attributes {mdh_ll.target = #mdh_ll.openmp} {
  return
}

// An empty parameter list and values equal to the defaults mean the same
// attribute as the bare form.
// CHECK-LABEL: func.func @openmp_explicit_defaults()
// CHECK-SAME: mdh_ll.target = #mdh_ll.openmp}
func.func @openmp_explicit_defaults() attributes {
    mdh_ll.target = #mdh_ll.openmp<vector_width = 256, vector_registers = 16,
                                   cores = 8, l1_cache_size = 32768,
                                   l2_cache_size = 1048576>} {
  return
}

// CHECK-LABEL: func.func @openmp_empty()
// CHECK-SAME: mdh_ll.target = #mdh_ll.openmp}
func.func @openmp_empty() attributes {mdh_ll.target = #mdh_ll.openmp<>} {
  return
}

// CHECK-LABEL: func.func @openmp_all()
// CHECK-SAME: mdh_ll.target = #mdh_ll.openmp<vector_width = 512, vector_registers = 32, cores = 16, l1_cache_size = 49152, l2_cache_size = 2097152, l3_cache_size = 33554432>}
func.func @openmp_all() attributes {
    mdh_ll.target = #mdh_ll.openmp<l3_cache_size = 33554432, cores = 16,
                                   vector_width = 512, vector_registers = 32,
                                   l1_cache_size = 49152,
                                   l2_cache_size = 2097152>} {
  return
}

// CHECK-LABEL: func.func @openmp_neon()
// CHECK-SAME: mdh_ll.target = #mdh_ll.openmp<vector_width = 128, vector_registers = 32>}
func.func @openmp_neon() attributes {
    mdh_ll.target = #mdh_ll.openmp<vector_width = 128,
                                   vector_registers = 32>} {
  return
}

// CHECK-LABEL: func.func @cuda_sm80()
// CHECK-SAME: mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">}
func.func @cuda_sm80() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_80">} {
  return
}

// CHECK-LABEL: func.func @cuda_sm90()
// CHECK-SAME: mdh_ll.target = #mdh_ll.cuda<chip = "sm_90">}
func.func @cuda_sm90() attributes {mdh_ll.target = #mdh_ll.cuda<chip = "sm_90">} {
  return
}

// CHECK-LABEL: func.func @cuda_override()
// CHECK-SAME: mdh_ll.target = #mdh_ll.cuda<chip = "sm_80", shared_memory_per_block = 65536>}
func.func @cuda_override() attributes {
    mdh_ll.target = #mdh_ll.cuda<chip = "sm_80",
                                 shared_memory_per_block = 65536>} {
  return
}

// Every fact overridden; an H100 PCIe has 114 SMs. An override equal to the
// chip's value (warp_size = 32) is kept as written.
// CHECK-LABEL: func.func @cuda_all()
// CHECK-SAME: mdh_ll.target = #mdh_ll.cuda<chip = "sm_90", warp_size = 32, max_threads_per_block = 512, shared_memory_per_block = 16384, max_shared_memory_per_block = 65536, registers_per_thread = 128, multiprocessors = 114>}
func.func @cuda_all() attributes {
    mdh_ll.target = #mdh_ll.cuda<multiprocessors = 114, chip = "sm_90",
                                 warp_size = 32, max_threads_per_block = 512,
                                 registers_per_thread = 128,
                                 max_shared_memory_per_block = 65536,
                                 shared_memory_per_block = 16384>} {
  return
}

// CHECK-LABEL: func.func @hip_gfx90a()
// CHECK-SAME: mdh_ll.target = #mdh_ll.hip<chip = "gfx90a">}
func.func @hip_gfx90a() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx90a">} {
  return
}

// CHECK-LABEL: func.func @hip_gfx942()
// CHECK-SAME: mdh_ll.target = #mdh_ll.hip<chip = "gfx942">}
func.func @hip_gfx942() attributes {mdh_ll.target = #mdh_ll.hip<chip = "gfx942">} {
  return
}

// An MI210 (gfx90a with 104 CUs), blocks capped at 256 work-items.
// CHECK-LABEL: func.func @hip_override()
// CHECK-SAME: mdh_ll.target = #mdh_ll.hip<chip = "gfx90a", max_threads_per_block = 256, multiprocessors = 104>}
func.func @hip_override() attributes {
    mdh_ll.target = #mdh_ll.hip<chip = "gfx90a", multiprocessors = 104,
                                max_threads_per_block = 256>} {
  return
}

// Target attributes are ordinary attributes: they may sit anywhere.
// CHECK-LABEL: func.func @elsewhere()
// CHECK-SAME: targets = [#mdh_ll.openmp<cores = 2>, #mdh_ll.cuda<chip = "sm_90">, #mdh_ll.hip<chip = "gfx942", max_threads_per_block = 256>]
func.func @elsewhere() attributes {
    targets = [#mdh_ll.openmp<cores = 2>, #mdh_ll.cuda<chip = "sm_90">,
               #mdh_ll.hip<chip = "gfx942", max_threads_per_block = 256>]} {
  return
}
