// Every example kernel on hip: with the heuristic, every computation becomes
// an mdh_ll.schedule that verifies again after printing; with a JSON
// configuration drawn at random from the search space
// (Inputs/README.md), the schedule has the tile sizes of the file.

// RUN: mdh-opt %examples/argmax.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=ARGMAX
// RUN: mdh-opt %examples/argmax.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/argmax.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=ARGMAX-JSON
// RUN: mdh-opt %examples/bmatmul.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=BMATMUL
// RUN: mdh-opt %examples/bmatmul.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/bmatmul.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=BMATMUL-JSON
// RUN: mdh-opt %examples/dot.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=DOT
// RUN: mdh-opt %examples/dot.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/dot.hip.0.json,%S/Inputs/dot.hip.1.json" | mdh-opt | FileCheck %s --check-prefix=DOT-JSON
// RUN: mdh-opt %examples/int_reduction.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=INT-REDUCTION
// RUN: mdh-opt %examples/int_reduction.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/int_reduction.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=INT-REDUCTION-JSON
// RUN: mdh-opt %examples/jacobi1d.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=JACOBI1D
// RUN: mdh-opt %examples/jacobi1d.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/jacobi1d.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=JACOBI1D-JSON
// RUN: mdh-opt %examples/matmul.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=MATMUL
// RUN: mdh-opt %examples/matmul.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/matmul.hip.0.json,%S/Inputs/matmul.hip.1.json" | mdh-opt | FileCheck %s --check-prefix=MATMUL-JSON
// RUN: mdh-opt %examples/matmul_t.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=MATMUL-T
// RUN: mdh-opt %examples/matmul_t.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/matmul_t.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=MATMUL-T-JSON
// RUN: mdh-opt %examples/matvec.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=MATVEC
// RUN: mdh-opt %examples/matvec.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/matvec.hip.0.json,%S/Inputs/matvec.hip.1.json" | mdh-opt | FileCheck %s --check-prefix=MATVEC-JSON
// RUN: mdh-opt %examples/max_reduction.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=MAX-REDUCTION
// RUN: mdh-opt %examples/max_reduction.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/max_reduction.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=MAX-REDUCTION-JSON
// RUN: mdh-opt %examples/mcc.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=MCC
// RUN: mdh-opt %examples/mcc.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/mcc.hip.0.json,%S/Inputs/mcc.hip.1.json" | mdh-opt | FileCheck %s --check-prefix=MCC-JSON
// RUN: mdh-opt %examples/mcc_capsule.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=MCC-CAPSULE
// RUN: mdh-opt %examples/mcc_capsule.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/mcc_capsule.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=MCC-CAPSULE-JSON
// RUN: mdh-opt %examples/prefix_sum.mlir --mdh-hl-to-ll=target=hip | mdh-opt | FileCheck %s --check-prefix=PREFIX-SUM
// RUN: mdh-opt %examples/prefix_sum.mlir --mdh-hl-to-ll="target=hip config=%S/Inputs/prefix_sum.hip.0.json" | mdh-opt | FileCheck %s --check-prefix=PREFIX-SUM-JSON

// ARGMAX-NOT:  mdh.compute
// ARGMAX:      mdh_ll.schedule
// ARGMAX:        mdh_ll.level 0 "blocks" parallel
// ARGMAX:                  mdh_ll.scalar
// ARGMAX-NOT:  mdh.compute
// ARGMAX-NOT:  mdh_ll.schedule
// ARGMAX-JSON:      mdh_ll.schedule "argmax" on
// ARGMAX-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [131072] order [0]
// ARGMAX-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [6144] order [0]
// ARGMAX-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [1536] order [0]
// ARGMAX-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [8] order [0]
// ARGMAX-JSON-NOT:  mdh_ll.schedule

// BMATMUL-NOT:  mdh.compute
// BMATMUL:      mdh_ll.schedule
// BMATMUL:        mdh_ll.level 0 "blocks" parallel
// BMATMUL:                  mdh_ll.scalar
// BMATMUL-NOT:  mdh.compute
// BMATMUL-NOT:  mdh_ll.schedule
// BMATMUL-JSON:      mdh_ll.schedule "bmatmul" on
// BMATMUL-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [16, 8, 12, 32] order [1, 0, 2, 3]
// BMATMUL-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [12, 6, 8, 16] order [2, 1, 3, 0]
// BMATMUL-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [8, 6, 6, 4] order [2, 3, 1, 0]
// BMATMUL-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [3, 4, 1, 4] order [3, 0, 1, 2]
// BMATMUL-JSON-NOT:  mdh_ll.schedule

// DOT-NOT:  mdh.compute
// DOT:      mdh_ll.schedule
// DOT:        mdh_ll.level 0 "blocks" parallel
// DOT:                  mdh_ll.scalar
// DOT-NOT:  mdh.compute
// DOT:      mdh_ll.schedule
// DOT:        mdh_ll.level 0 "blocks" parallel
// DOT:                  mdh_ll.scalar
// DOT-NOT:  mdh.compute
// DOT-NOT:  mdh_ll.schedule
// DOT-JSON:      mdh_ll.schedule "dot" on
// DOT-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [512] order [0]
// DOT-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [384] order [0]
// DOT-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [256] order [0]
// DOT-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [64] order [0]
// DOT-JSON:      mdh_ll.schedule "dot" on
// DOT-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [131072] order [0]
// DOT-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [12288] order [0]
// DOT-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [96] order [0]
// DOT-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [12] order [0]
// DOT-JSON-NOT:  mdh_ll.schedule

// INT-REDUCTION-NOT:  mdh.compute
// INT-REDUCTION:      mdh_ll.schedule
// INT-REDUCTION:        mdh_ll.level 0 "blocks" parallel
// INT-REDUCTION:                  mdh_ll.scalar
// INT-REDUCTION-NOT:  mdh.compute
// INT-REDUCTION-NOT:  mdh_ll.schedule
// INT-REDUCTION-JSON:      mdh_ll.schedule "int_dot" on
// INT-REDUCTION-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [512] order [0]
// INT-REDUCTION-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [384] order [0]
// INT-REDUCTION-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [256] order [0]
// INT-REDUCTION-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [64] order [0]
// INT-REDUCTION-JSON-NOT:  mdh_ll.schedule

// JACOBI1D-NOT:  mdh.compute
// JACOBI1D:      mdh_ll.schedule
// JACOBI1D:        mdh_ll.level 0 "blocks" parallel
// JACOBI1D:                  mdh_ll.scalar
// JACOBI1D-NOT:  mdh.compute
// JACOBI1D-NOT:  mdh_ll.schedule
// JACOBI1D-JSON:      mdh_ll.schedule "jacobi1d" on
// JACOBI1D-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [2097152] order [0]
// JACOBI1D-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [6144] order [0]
// JACOBI1D-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [192] order [0]
// JACOBI1D-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [12] order [0]
// JACOBI1D-JSON-NOT:  mdh_ll.schedule

// MATMUL-NOT:  mdh.compute
// MATMUL:      mdh_ll.schedule
// MATMUL:        mdh_ll.level 0 "blocks" parallel
// MATMUL:                  mdh_ll.scalar
// MATMUL-NOT:  mdh.compute
// MATMUL:      mdh_ll.schedule
// MATMUL:        mdh_ll.level 0 "blocks" parallel
// MATMUL:                  mdh_ll.scalar
// MATMUL-NOT:  mdh.compute
// MATMUL-NOT:  mdh_ll.schedule
// MATMUL-JSON:      mdh_ll.schedule "matmul" on
// MATMUL-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [128, 128, 768] order [1, 0, 2]
// MATMUL-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [8, 12, 48] order [2, 0, 1]
// MATMUL-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [8, 6, 24] order [1, 0, 2]
// MATMUL-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [4, 6, 4] order [2, 1, 0]
// MATMUL-JSON:      mdh_ll.schedule "matmul" on
// MATMUL-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [1, 96, 48] order [2, 1, 0]
// MATMUL-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [1, 48, 16] order [1, 2, 0]
// MATMUL-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [1, 4, 12] order [2, 1, 0]
// MATMUL-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [1, 4, 4] order [2, 1, 0]
// MATMUL-JSON-NOT:  mdh_ll.schedule

// MATMUL-T-NOT:  mdh.compute
// MATMUL-T:      mdh_ll.schedule
// MATMUL-T:        mdh_ll.level 0 "blocks" parallel
// MATMUL-T:                  mdh_ll.scalar
// MATMUL-T-NOT:  mdh.compute
// MATMUL-T-NOT:  mdh_ll.schedule
// MATMUL-T-JSON:      mdh_ll.schedule "matmul_t" on
// MATMUL-T-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [6, 64, 48] order [1, 0, 2]
// MATMUL-T-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [6, 48, 48] order [2, 0, 1]
// MATMUL-T-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [3, 16, 32] order [1, 0, 2]
// MATMUL-T-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [3, 16, 2] order [2, 1, 0]
// MATMUL-T-JSON-NOT:  mdh_ll.schedule

// MATVEC-NOT:  mdh.compute
// MATVEC:      mdh_ll.schedule
// MATVEC:        mdh_ll.level 0 "blocks" parallel
// MATVEC:                  mdh_ll.scalar
// MATVEC-NOT:  mdh.compute
// MATVEC:      mdh_ll.schedule
// MATVEC:        mdh_ll.level 0 "blocks" parallel
// MATVEC:                  mdh_ll.scalar
// MATVEC-NOT:  mdh.compute
// MATVEC-NOT:  mdh_ll.schedule
// MATVEC-JSON:      mdh_ll.schedule "matvec" on
// MATVEC-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [3072, 48] order [1, 0]
// MATVEC-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [512, 12] order [0, 1]
// MATVEC-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [96, 8] order [0, 1]
// MATVEC-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [32, 2] order [1, 0]
// MATVEC-JSON:      mdh_ll.schedule "matvec" on
// MATVEC-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [4096, 256] order [1, 0]
// MATVEC-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [32, 3] order [1, 0]
// MATVEC-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [6, 2] order [0, 1]
// MATVEC-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [4, 2] order [0, 1]
// MATVEC-JSON-NOT:  mdh_ll.schedule

// MAX-REDUCTION-NOT:  mdh.compute
// MAX-REDUCTION:      mdh_ll.schedule
// MAX-REDUCTION:        mdh_ll.level 0 "blocks" parallel
// MAX-REDUCTION:                  mdh_ll.scalar
// MAX-REDUCTION-NOT:  mdh.compute
// MAX-REDUCTION-NOT:  mdh_ll.schedule
// MAX-REDUCTION-JSON:      mdh_ll.schedule "max_reduction" on
// MAX-REDUCTION-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [131072] order [0]
// MAX-REDUCTION-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [6144] order [0]
// MAX-REDUCTION-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [1536] order [0]
// MAX-REDUCTION-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [8] order [0]
// MAX-REDUCTION-JSON-NOT:  mdh_ll.schedule

// MCC-NOT:  mdh.compute
// MCC:      mdh_ll.schedule
// MCC:        mdh_ll.level 0 "blocks" parallel
// MCC:                  mdh_ll.scalar
// MCC-NOT:  mdh.compute
// MCC:      mdh_ll.schedule
// MCC:        mdh_ll.level 0 "blocks" parallel
// MCC:                  mdh_ll.scalar
// MCC-NOT:  mdh.compute
// MCC-NOT:  mdh_ll.schedule
// MCC-JSON:      mdh_ll.schedule "mcc" on
// MCC-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [1, 7, 7, 512, 3, 3, 16] order [2, 3, 4, 5, 6, 1, 0]
// MCC-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [1, 4, 4, 512, 3, 3, 2] order [1, 4, 2, 6, 5, 3, 0]
// MCC-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [1, 4, 4, 128, 2, 3, 2] order [2, 5, 3, 1, 4, 6, 0]
// MCC-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [1, 1, 2, 32, 2, 1, 1] order [3, 6, 2, 1, 5, 4, 0]
// MCC-JSON:      mdh_ll.schedule "mcc" on
// MCC-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [1, 16, 64, 64, 2, 7, 2] order [1, 5, 4, 2, 6, 3, 0]
// MCC-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [1, 8, 4, 64, 1, 7, 1] order [5, 1, 3, 4, 6, 2, 0]
// MCC-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [1, 8, 4, 64, 1, 2, 1] order [1, 6, 5, 4, 2, 3, 0]
// MCC-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [1, 2, 2, 2, 1, 2, 1] order [2, 6, 3, 5, 1, 4, 0]
// MCC-JSON-NOT:  mdh_ll.schedule

// MCC-CAPSULE-NOT:  mdh.compute
// MCC-CAPSULE:      mdh_ll.schedule
// MCC-CAPSULE:        mdh_ll.level 0 "blocks" parallel
// MCC-CAPSULE:                  mdh_ll.scalar
// MCC-CAPSULE-NOT:  mdh.compute
// MCC-CAPSULE-NOT:  mdh_ll.schedule
// MCC-CAPSULE-JSON:      mdh_ll.schedule "mcc_capsule" on
// MCC-CAPSULE-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [8, 32, 32, 4, 4, 2, 7, 2, 3, 4] order [0, 7, 9, 3, 4, 6, 2, 8, 1, 5]
// MCC-CAPSULE-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [8, 16, 32, 2, 4, 2, 4, 1, 3, 4] order [6, 4, 2, 8, 9, 0, 7, 1, 5, 3]
// MCC-CAPSULE-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [8, 16, 16, 1, 4, 2, 2, 1, 3, 4] order [5, 0, 2, 4, 9, 1, 7, 6, 8, 3]
// MCC-CAPSULE-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [8, 4, 1, 1, 1, 2, 2, 1, 3, 1] order [1, 3, 6, 2, 0, 5, 7, 4, 8, 9]
// MCC-CAPSULE-JSON-NOT:  mdh_ll.schedule

// PREFIX-SUM-NOT:  mdh.compute
// PREFIX-SUM:      mdh_ll.schedule
// PREFIX-SUM:        mdh_ll.level 0 "blocks" parallel
// PREFIX-SUM:                  mdh_ll.scalar
// PREFIX-SUM-NOT:  mdh.compute
// PREFIX-SUM-NOT:  mdh_ll.schedule
// PREFIX-SUM-JSON:      mdh_ll.schedule "prefix_sum" on
// PREFIX-SUM-JSON:        mdh_ll.level 0 "blocks" {{[a-z]+}} tiles [12288] order [0]
// PREFIX-SUM-JSON:        mdh_ll.level 1 "shared_tile" {{[a-z]+}} tiles [8192] order [0]
// PREFIX-SUM-JSON:        mdh_ll.level 2 "threads" {{[a-z]+}} tiles [6144] order [0]
// PREFIX-SUM-JSON:        mdh_ll.level 3 "register_tile" {{[a-z]+}} tiles [192] order [0]
// PREFIX-SUM-JSON-NOT:  mdh_ll.schedule
