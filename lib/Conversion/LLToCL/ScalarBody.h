//===- ScalarBody.h - The scalar function of a schedule in CL-IR -*- C++
//-*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Both LL-to-CL lowerings (host and GPU) apply the schedule's scalar
// function at every point the same way.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_LIB_CONVERSION_LLTOCL_SCALARBODY_H
#define MDH_LIB_CONVERSION_LLTOCL_SCALARBODY_H

#include "mdh/Dialect/CL/MDHCLOps.h"
#include "mdh/Dialect/LL/MDHLLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::mdh {

/// An `mdh_cl.scalar` applied to `args` whose body is a copy of the body
/// of `s`'s `mdh_ll.scalar`, ending in `mdh_cl.yield`.
inline mdh_cl::ScalarOp createScalarFromSchedule(OpBuilder &b, Location loc,
                                                 mdh_ll::ScheduleOp s,
                                                 TypeRange resultTypes,
                                                 ValueRange args) {
  mdh_ll::ScalarOp scalarLL;
  s.walk([&](mdh_ll::ScalarOp op) { scalarLL = op; });
  auto scalar = mdh_cl::ScalarOp::create(b, loc, resultTypes, args);
  OpBuilder::InsertionGuard guard(b);
  Block &from = scalarLL.getBody().front();
  SmallVector<Location> locs(from.getNumArguments(), loc);
  Block *to =
      b.createBlock(&scalar.getBody(), {}, from.getArgumentTypes(), locs);
  IRMapping mapping;
  mapping.map(from.getArguments(), to->getArguments());
  for (Operation &op : from.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> yielded;
  for (Value v : from.getTerminator()->getOperands())
    yielded.push_back(mapping.lookup(v));
  mdh_cl::YieldOp::create(b, loc, yielded);
  return scalar;
}

} // namespace mlir::mdh

#endif // MDH_LIB_CONVERSION_LLTOCL_SCALARBODY_H
