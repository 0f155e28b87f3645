// The reference for scalar-ops.mlir: the same scalar function as an HL-IR
// computation, run through the oracle lowering (--mdh-oracle-to-llvm).
// Outputs: 16 i8, 16 i32, 8 i64, 32 f32 and 6 f64 values per point.
func.func @scalar_ops_ref(%i8s: memref<61x2xi8>, %i32s: memref<61x2xi32>,
                          %i64s: memref<61x2xi64>, %f32s: memref<61x2xf32>,
                          %f64s: memref<61x2xf64>, %o8: memref<61x16xi8>,
                          %o32: memref<61x16xi32>, %o64: memref<61x8xi64>,
                          %of32: memref<61x32xf32>, %of64: memref<61x6xf64>) {
  mdh.compute "scalar_ops" sizes(61) combine(cc)
      ins(%i8s : memref<61x2xi8> [affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>],
          %i32s : memref<61x2xi32> [affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>],
          %i64s : memref<61x2xi64> [affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>],
          %f32s : memref<61x2xf32> [affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>],
          %f64s : memref<61x2xf64> [affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>])
      outs(%o8 : memref<61x16xi8> [
             affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>, affine_map<(i) -> (i, 2)>, affine_map<(i) -> (i, 3)>,
             affine_map<(i) -> (i, 4)>, affine_map<(i) -> (i, 5)>, affine_map<(i) -> (i, 6)>, affine_map<(i) -> (i, 7)>,
             affine_map<(i) -> (i, 8)>, affine_map<(i) -> (i, 9)>, affine_map<(i) -> (i, 10)>, affine_map<(i) -> (i, 11)>,
             affine_map<(i) -> (i, 12)>, affine_map<(i) -> (i, 13)>, affine_map<(i) -> (i, 14)>, affine_map<(i) -> (i, 15)>],
           %o32 : memref<61x16xi32> [
             affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>, affine_map<(i) -> (i, 2)>, affine_map<(i) -> (i, 3)>,
             affine_map<(i) -> (i, 4)>, affine_map<(i) -> (i, 5)>, affine_map<(i) -> (i, 6)>, affine_map<(i) -> (i, 7)>,
             affine_map<(i) -> (i, 8)>, affine_map<(i) -> (i, 9)>, affine_map<(i) -> (i, 10)>, affine_map<(i) -> (i, 11)>,
             affine_map<(i) -> (i, 12)>, affine_map<(i) -> (i, 13)>, affine_map<(i) -> (i, 14)>, affine_map<(i) -> (i, 15)>],
           %o64 : memref<61x8xi64> [
             affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>, affine_map<(i) -> (i, 2)>, affine_map<(i) -> (i, 3)>,
             affine_map<(i) -> (i, 4)>, affine_map<(i) -> (i, 5)>, affine_map<(i) -> (i, 6)>, affine_map<(i) -> (i, 7)>],
           %of32 : memref<61x32xf32> [
             affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>, affine_map<(i) -> (i, 2)>, affine_map<(i) -> (i, 3)>,
             affine_map<(i) -> (i, 4)>, affine_map<(i) -> (i, 5)>, affine_map<(i) -> (i, 6)>, affine_map<(i) -> (i, 7)>,
             affine_map<(i) -> (i, 8)>, affine_map<(i) -> (i, 9)>, affine_map<(i) -> (i, 10)>, affine_map<(i) -> (i, 11)>,
             affine_map<(i) -> (i, 12)>, affine_map<(i) -> (i, 13)>, affine_map<(i) -> (i, 14)>, affine_map<(i) -> (i, 15)>,
             affine_map<(i) -> (i, 16)>, affine_map<(i) -> (i, 17)>, affine_map<(i) -> (i, 18)>, affine_map<(i) -> (i, 19)>,
             affine_map<(i) -> (i, 20)>, affine_map<(i) -> (i, 21)>, affine_map<(i) -> (i, 22)>, affine_map<(i) -> (i, 23)>,
             affine_map<(i) -> (i, 24)>, affine_map<(i) -> (i, 25)>, affine_map<(i) -> (i, 26)>, affine_map<(i) -> (i, 27)>,
             affine_map<(i) -> (i, 28)>, affine_map<(i) -> (i, 29)>, affine_map<(i) -> (i, 30)>, affine_map<(i) -> (i, 31)>],
           %of64 : memref<61x6xf64> [
             affine_map<(i) -> (i, 0)>, affine_map<(i) -> (i, 1)>, affine_map<(i) -> (i, 2)>,
             affine_map<(i) -> (i, 3)>, affine_map<(i) -> (i, 4)>, affine_map<(i) -> (i, 5)>]) {
  ^bb0(%a: i8, %b: i8, %c: i32, %d: i32, %e: i64, %f: i64, %x: f32, %y: f32, %p: f64, %q: f64):
    %i = mdh.index 0
    // i8
    %one8 = arith.constant 1 : i8
    %seven8 = arith.constant 7 : i8
    %m63_8 = arith.constant 63 : i8
    %bnz = arith.ori %b, %one8 : i8
    %bpos = arith.andi %b, %m63_8 : i8
    %bdiv = arith.ori %bpos, %one8 : i8
    %sh8 = arith.andi %b, %seven8 : i8
    %r8_0 = arith.addi %a, %b : i8
    %r8_1 = arith.subi %a, %b : i8
    %r8_2 = arith.muli %a, %b : i8
    %r8_3 = arith.divui %a, %bnz : i8
    %r8_4 = arith.remui %a, %bnz : i8
    %r8_5 = arith.divsi %a, %bdiv : i8
    %r8_6 = arith.remsi %a, %bdiv : i8
    %r8_7 = arith.shli %a, %sh8 : i8
    %r8_8 = arith.shrui %a, %sh8 : i8
    %r8_9 = arith.shrsi %a, %sh8 : i8
    %r8_10 = arith.maxsi %a, %b : i8
    %r8_11 = arith.maxui %a, %b : i8
    %r8_12 = arith.minsi %a, %b : i8
    %r8_13 = arith.minui %a, %b : i8
    %ult8 = arith.cmpi ult, %a, %b : i8
    %slt8 = arith.cmpi slt, %a, %b : i8
    %x8 = arith.xori %ult8, %slt8 : i1
    %r8_14 = arith.extsi %x8 : i1 to i8
    %sel8 = arith.select %slt8, %a, %b : i8
    %r8_15 = arith.xori %sel8, %r8_14 : i8
    // i32
    %one32 = arith.constant 1 : i32
    %m31 = arith.constant 31 : i32
    %m2047 = arith.constant 2047 : i32
    %min32 = arith.constant -2147483648 : i32
    %dnz = arith.ori %d, %one32 : i32
    %dpos = arith.andi %d, %m2047 : i32
    %ddiv = arith.ori %dpos, %one32 : i32
    %sh32 = arith.andi %d, %m31 : i32
    %r32_0 = arith.addi %c, %d : i32
    %r32_1 = arith.subi %c, %d : i32
    %r32_2 = arith.muli %c, %d : i32
    %r32_3 = arith.divui %c, %dnz : i32
    %r32_4 = arith.remsi %c, %ddiv : i32
    %r32_5 = arith.shli %c, %sh32 : i32
    %r32_6 = arith.shrui %c, %sh32 : i32
    %r32_7 = arith.shrsi %c, %sh32 : i32
    %r32_8 = arith.extsi %a : i8 to i32
    %r32_9 = arith.extui %a : i8 to i32
    %r32_10 = arith.trunci %e : i64 to i32
    %r32_11 = arith.index_cast %i : index to i32
    %abs32 = math.absi %c : i32
    %r32_12 = arith.xori %abs32, %min32 : i32
    %dd = arith.select %ult8, %c, %d : i32
    %ceq = arith.cmpi eq, %c, %dd : i32
    %cne = arith.cmpi ne, %c, %dd : i32
    %cslt = arith.cmpi slt, %c, %dd : i32
    %csle = arith.cmpi sle, %c, %dd : i32
    %csgt = arith.cmpi sgt, %c, %dd : i32
    %csge = arith.cmpi sge, %c, %dd : i32
    %cult = arith.cmpi ult, %c, %dd : i32
    %cule = arith.cmpi ule, %c, %dd : i32
    %cugt = arith.cmpi ugt, %c, %dd : i32
    %cuge = arith.cmpi uge, %c, %dd : i32
    %ibit0 = arith.extui %ceq : i1 to i32
    %ibit1 = arith.extui %cne : i1 to i32
    %ibit2 = arith.extui %cslt : i1 to i32
    %ibit3 = arith.extui %csle : i1 to i32
    %ibit4 = arith.extui %csgt : i1 to i32
    %ibit5 = arith.extui %csge : i1 to i32
    %ibit6 = arith.extui %cult : i1 to i32
    %ibit7 = arith.extui %cule : i1 to i32
    %ibit8 = arith.extui %cugt : i1 to i32
    %ibit9 = arith.extui %cuge : i1 to i32
    %two32 = arith.constant 2 : i32
    %ib1 = arith.muli %ibit1, %two32 : i32
    %ia1 = arith.addi %ibit0, %ib1 : i32
    %ia2 = arith.shli %ia1, %one32 : i32
    %ia3 = arith.ori %ia2, %ibit2 : i32
    %ia4 = arith.shli %ia3, %one32 : i32
    %ia5 = arith.ori %ia4, %ibit3 : i32
    %ia6 = arith.shli %ia5, %one32 : i32
    %ia7 = arith.ori %ia6, %ibit4 : i32
    %ia8 = arith.shli %ia7, %one32 : i32
    %ia9 = arith.ori %ia8, %ibit5 : i32
    %ia10 = arith.shli %ia9, %one32 : i32
    %ia11 = arith.ori %ia10, %ibit6 : i32
    %ia12 = arith.shli %ia11, %one32 : i32
    %ia13 = arith.ori %ia12, %ibit7 : i32
    %ia14 = arith.shli %ia13, %one32 : i32
    %ia15 = arith.ori %ia14, %ibit8 : i32
    %ia16 = arith.shli %ia15, %one32 : i32
    %r32_13 = arith.ori %ia16, %ibit9 : i32
    %yy = arith.select %slt8, %x, %y : f32
    %f0 = arith.cmpf false, %x, %yy : f32
    %f1 = arith.cmpf oeq, %x, %yy : f32
    %f2 = arith.cmpf ogt, %x, %yy : f32
    %f3 = arith.cmpf oge, %x, %yy : f32
    %f4 = arith.cmpf olt, %x, %yy : f32
    %f5 = arith.cmpf ole, %x, %yy : f32
    %f6 = arith.cmpf one, %x, %yy : f32
    %f7 = arith.cmpf ord, %x, %yy : f32
    %f8 = arith.cmpf ueq, %x, %yy : f32
    %f9 = arith.cmpf ugt, %x, %yy : f32
    %f10 = arith.cmpf uge, %x, %yy : f32
    %f11 = arith.cmpf ult, %x, %yy : f32
    %f12 = arith.cmpf ule, %x, %yy : f32
    %f13 = arith.cmpf une, %x, %yy : f32
    %f14 = arith.cmpf uno, %x, %yy : f32
    %f15 = arith.cmpf true, %x, %yy : f32
    %fb0 = arith.extui %f0 : i1 to i32
    %fb1 = arith.extui %f1 : i1 to i32
    %fb2 = arith.extui %f2 : i1 to i32
    %fb3 = arith.extui %f3 : i1 to i32
    %fb4 = arith.extui %f4 : i1 to i32
    %fb5 = arith.extui %f5 : i1 to i32
    %fb6 = arith.extui %f6 : i1 to i32
    %fb7 = arith.extui %f7 : i1 to i32
    %fb8 = arith.extui %f8 : i1 to i32
    %fb9 = arith.extui %f9 : i1 to i32
    %fb10 = arith.extui %f10 : i1 to i32
    %fb11 = arith.extui %f11 : i1 to i32
    %fb12 = arith.extui %f12 : i1 to i32
    %fb13 = arith.extui %f13 : i1 to i32
    %fb14 = arith.extui %f14 : i1 to i32
    %fb15 = arith.extui %f15 : i1 to i32
    %fa1 = arith.shli %fb0, %one32 : i32
    %fa2 = arith.ori %fa1, %fb1 : i32
    %fa3 = arith.shli %fa2, %one32 : i32
    %fa4 = arith.ori %fa3, %fb2 : i32
    %fa5 = arith.shli %fa4, %one32 : i32
    %fa6 = arith.ori %fa5, %fb3 : i32
    %fa7 = arith.shli %fa6, %one32 : i32
    %fa8 = arith.ori %fa7, %fb4 : i32
    %fa9 = arith.shli %fa8, %one32 : i32
    %fa10 = arith.ori %fa9, %fb5 : i32
    %fa11 = arith.shli %fa10, %one32 : i32
    %fa12 = arith.ori %fa11, %fb6 : i32
    %fa13 = arith.shli %fa12, %one32 : i32
    %fa14 = arith.ori %fa13, %fb7 : i32
    %fa15 = arith.shli %fa14, %one32 : i32
    %fa16 = arith.ori %fa15, %fb8 : i32
    %fa17 = arith.shli %fa16, %one32 : i32
    %fa18 = arith.ori %fa17, %fb9 : i32
    %fa19 = arith.shli %fa18, %one32 : i32
    %fa20 = arith.ori %fa19, %fb10 : i32
    %fa21 = arith.shli %fa20, %one32 : i32
    %fa22 = arith.ori %fa21, %fb11 : i32
    %fa23 = arith.shli %fa22, %one32 : i32
    %fa24 = arith.ori %fa23, %fb12 : i32
    %fa25 = arith.shli %fa24, %one32 : i32
    %fa26 = arith.ori %fa25, %fb13 : i32
    %fa27 = arith.shli %fa26, %one32 : i32
    %fa28 = arith.ori %fa27, %fb14 : i32
    %fa29 = arith.shli %fa28, %one32 : i32
    %r32_14 = arith.ori %fa29, %fb15 : i32
    %pq = math.absf %q : f64
    %fs = arith.fptosi %p : f64 to i32
    %fu = arith.fptoui %pq : f64 to i32
    %r32_15 = arith.addi %fs, %fu : i32
    // i64
    %one64 = arith.constant 1 : i64
    %m63 = arith.constant 63 : i64
    %m65535 = arith.constant 65535 : i64
    %fnz = arith.ori %f, %one64 : i64
    %fpos = arith.andi %f, %m65535 : i64
    %fdiv = arith.ori %fpos, %one64 : i64
    %sh64 = arith.andi %f, %m63 : i64
    %r64_0 = arith.addi %e, %f : i64
    %r64_1 = arith.muli %e, %f : i64
    %r64_2 = arith.divui %e, %fnz : i64
    %r64_3 = arith.remsi %e, %fdiv : i64
    %r64_4 = arith.shrsi %e, %sh64 : i64
    %r64_5 = arith.extsi %c : i32 to i64
    %r64_6 = arith.extui %c : i32 to i64
    %ei = arith.index_cast %e : i64 to index
    %fi = arith.index_cast %fnz : i64 to index
    %q_i = arith.remui %ei, %fi : index
    %d_i = arith.divui %ei, %fi : index
    %s_i = arith.subi %q_i, %d_i : index
    %mx_i = arith.maxui %s_i, %i : index
    %r64_7 = arith.index_castui %mx_i : index to i64
    // f32
    %r_0 = arith.addf %x, %y : f32
    %r_1 = arith.subf %x, %y : f32
    %r_2 = arith.mulf %x, %y : f32
    %r_3 = arith.divf %x, %y : f32
    %r_4 = arith.remf %x, %y : f32
    %r_5 = arith.negf %x : f32
    %r_6 = arith.maximumf %x, %y : f32
    %r_7 = arith.minimumf %x, %y : f32
    %r_8 = arith.maxnumf %x, %y : f32
    %r_9 = arith.minnumf %x, %y : f32
    %ax = math.absf %x : f32
    %r_10 = math.sqrt %ax : f32
    %r_11 = math.exp %x : f32
    %r_12 = math.log %ax : f32
    %r_13 = math.sin %x : f32
    %r_14 = math.tanh %x : f32
    %r_15 = math.floor %x : f32
    %r_16 = math.ceil %x : f32
    %r_17 = math.round %x : f32
    %r_18 = math.roundeven %x : f32
    %r_19 = math.trunc %x : f32
    %r_20 = math.powf %ax, %y : f32
    %r_21 = math.atan2 %x, %y : f32
    %r_22 = math.copysign %x, %y : f32
    %r_23 = math.fma %x, %y, %x : f32
    %r_24 = arith.sitofp %c : i32 to f32
    %r_25 = arith.uitofp %c : i32 to f32
    %r_26 = arith.truncf %p : f64 to f32
    %lt = arith.cmpf olt, %x, %y : f32
    %r_27 = arith.select %lt, %x, %y : f32
    %r_28 = math.rsqrt %ax : f32
    %milli = arith.constant 1.0e-3 : f32
    %r_29 = arith.mulf %x, %milli : f32
    %negzero = arith.constant -0.0 : f32
    %r_30 = arith.addf %x, %negzero : f32
    %ua = arith.uitofp %a : i8 to f32
    %sb = arith.sitofp %slt8 : i1 to f32
    %r_31 = arith.addf %ua, %sb : f32
    // f64
    %d_0 = arith.addf %p, %q : f64
    %d_1 = arith.divf %p, %q : f64
    %d_2 = arith.extf %x : f32 to f64
    %d_3 = arith.sitofp %e : i64 to f64
    %d_4 = arith.maximumf %p, %q : f64
    %pabs = math.absf %p : f64
    %d_5 = math.sqrt %pabs : f64
    mdh.yield %r8_0, %r8_1, %r8_2, %r8_3, %r8_4, %r8_5, %r8_6, %r8_7, %r8_8, %r8_9,
              %r8_10, %r8_11, %r8_12, %r8_13, %r8_14, %r8_15, %r32_0, %r32_1, %r32_2,
              %r32_3, %r32_4, %r32_5, %r32_6, %r32_7, %r32_8, %r32_9, %r32_10,
              %r32_11, %r32_12, %r32_13, %r32_14, %r32_15, %r64_0, %r64_1, %r64_2,
              %r64_3, %r64_4, %r64_5, %r64_6, %r64_7, %r_0, %r_1, %r_2, %r_3, %r_4,
              %r_5, %r_6, %r_7, %r_8, %r_9, %r_10, %r_11, %r_12, %r_13, %r_14, %r_15,
              %r_16, %r_17, %r_18, %r_19, %r_20, %r_21, %r_22, %r_23, %r_24, %r_25,
              %r_26, %r_27, %r_28, %r_29, %r_30, %r_31, %d_0, %d_1, %d_2, %d_3, %d_4,
              %d_5
        : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i32,
          i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32,
          i32, i64, i64, i64, i64, i64, i64, i64, i64, f32, f32, f32, f32, f32,
          f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32,
          f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f64,
          f64, f64, f64, f64, f64
  }
  return
}
