//===- Staging.cpp - The element type of an input's tile copies -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/Staging.h"

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/MDHLLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

Block *mdh_ll::scalarBody(Operation *op) {
  if (auto compute = dyn_cast<mdh::ComputeOp>(op))
    return &compute.getBody().front();
  Block *body = nullptr;
  op->walk([&](mdh_ll::ScalarOp scalar) {
    body = &scalar.getBody().front();
    return WalkResult::interrupt();
  });
  return body;
}

Type mdh_ll::stagedElementType(Operation *op, unsigned input) {
  auto computation = cast<mdh::ComputationOpInterface>(op);
  Type element =
      cast<ShapedType>(computation.getIns()[input].getType()).getElementType();
  Block *body = scalarBody(op);
  if (!body || !isa<FloatType>(element))
    return element;
  // The block arguments end with one value per input access; those of
  // `input` follow the accesses of the inputs before it.
  unsigned accesses = 0, first = 0;
  for (unsigned i = 0, e = computation.getIns().size(); i < e; ++i) {
    unsigned n = computation.getInputMaps(i).size();
    if (i < input)
      first += n;
    accesses += n;
  }
  if (body->getNumArguments() < accesses)
    return element;
  unsigned offset = body->getNumArguments() - accesses + first;
  Type wide;
  for (unsigned m = 0, e = computation.getInputMaps(input).size(); m < e; ++m) {
    for (Operation *user : body->getArgument(offset + m).getUsers()) {
      auto extend = dyn_cast<arith::ExtFOp>(user);
      if (!extend || (wide && extend.getType() != wide))
        return element;
      wide = extend.getType();
    }
  }
  return wide ? wide : element;
}
