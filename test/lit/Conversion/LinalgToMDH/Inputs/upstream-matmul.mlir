// The linalg matmul of kernels.mlir with inputs from the formulas of
// upstream_compare.py; prints C. Then a matmul that accumulates into a D
// of known content (no fill: the conversion reads D from a copy); prints D.

func.func private @printMemrefF32(memref<*xf32>)

func.func @matmul(%A: memref<13x17xf32>, %B: memref<17x19xf32>, %C: memref<13x19xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<13x19xf32>)
  linalg.matmul ins(%A, %B : memref<13x17xf32>, memref<17x19xf32>) outs(%C : memref<13x19xf32>)
  return
}

func.func @matmul_accumulate(%A: memref<13x17xf32>, %B: memref<17x19xf32>, %D: memref<13x19xf32>) {
  linalg.matmul ins(%A, %B : memref<13x17xf32>, memref<17x19xf32>) outs(%D : memref<13x19xf32>)
  return
}

// x[r, c] = ((r * p + c * q) mod m - s) / d
func.func @init(%x: memref<?x?xf32>, %p: index, %q: index, %m: index, %s: index, %d: f32) {
  linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>], iterator_types = ["parallel", "parallel"]}
      outs(%x : memref<?x?xf32>) {
  ^bb0(%o: f32):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %rp = arith.muli %r, %p : index
    %cq = arith.muli %c, %q : index
    %t = arith.addi %rp, %cq : index
    %u = arith.remui %t, %m : index
    %v = arith.subi %u, %s : index
    %i = arith.index_cast %v : index to i64
    %f = arith.sitofp %i : i64 to f32
    %y = arith.divf %f, %d : f32
    linalg.yield %y : f32
  }
  return
}

func.func @main() {
  %A = memref.alloc() : memref<13x17xf32>
  %B = memref.alloc() : memref<17x19xf32>
  %C = memref.alloc() : memref<13x19xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c13 = arith.constant 13 : index
  %f4 = arith.constant 4.0 : f32
  %f8 = arith.constant 8.0 : f32
  %a = memref.cast %A : memref<13x17xf32> to memref<?x?xf32>
  %b = memref.cast %B : memref<17x19xf32> to memref<?x?xf32>
  call @init(%a, %c7, %c3, %c11, %c5, %f4) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
  call @init(%b, %c5, %c2, %c13, %c6, %f8) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
  call @matmul(%A, %B, %C) : (memref<13x17xf32>, memref<17x19xf32>, memref<13x19xf32>) -> ()
  %u = memref.cast %C : memref<13x19xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %D = memref.alloc() : memref<13x19xf32>
  %d = memref.cast %D : memref<13x19xf32> to memref<?x?xf32>
  call @init(%d, %c3, %c5, %c7, %c3, %f4) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
  call @matmul_accumulate(%A, %B, %D) : (memref<13x17xf32>, memref<17x19xf32>, memref<13x19xf32>) -> ()
  %v = memref.cast %D : memref<13x19xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  memref.dealloc %D : memref<13x19xf32>
  memref.dealloc %A : memref<13x17xf32>
  memref.dealloc %B : memref<17x19xf32>
  memref.dealloc %C : memref<13x19xf32>
  return
}
