// RUN: mdh-opt %s --mdh-gpu-emulate-on-host --split-input-file --verify-diagnostics

// The emulation cuts the body at barriers; a barrier under a condition that
// depends on the thread has no place in that order (and is not uniform
// control flow).

func.func @barrier_under_if(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tx, %c0 : index
    // expected-error @+1 {{'scf.if' op holds a gpu.barrier or gpu.shuffle, which the emulation supports only in scf.for loops without results and in scf.if branches without results on a condition that is the same on every thread (uniform control flow)}}
    scf.if %first {
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

func.func @dynamic_grid(%a: memref<64xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'gpu.launch' op has a grid or block size that is not a constant; the emulation needs static sizes}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @lane_id(%a: memref<64xindex>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{'gpu.lane_id' op cannot be emulated on the host}}
    %l = gpu.lane_id
    memref.store %l, %a[%tx] : memref<64xindex>
    gpu.terminator
  }
  return
}

// -----

// A shuffle under a branch whose condition depends on the thread: lanes
// that skip it would leave the others without a source.
func.func @shuffle_under_thread_branch(%a: memref<64xi32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c1_i32 = arith.constant 1 : i32
    %c32_i32 = arith.constant 32 : i32
    %low = arith.cmpi ult, %tx, %c32 : index
    // expected-error @+1 {{'scf.if' op holds a gpu.barrier or gpu.shuffle}}
    scf.if %low {
      %x = memref.load %a[%tx] : memref<64xi32>
      %v, %ok = gpu.shuffle down %x, %c1_i32, %c32_i32 : i32
      memref.store %v, %a[%tx] : memref<64xi32>
    }
    gpu.terminator
  }
  return
}

