//===- SearchSpaceTestUtil.h - Helpers of the search-space tests -*- C++
//-*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_UNIT_SEARCHSPACETESTUTIL_H
#define MDH_TEST_UNIT_SEARCHSPACETESTUTIL_H

#include "mdh/TuningSpace/SearchSpace.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace mdh_test {

/// Builds a space the test declared correctly; any build error ends the
/// test with its message.
inline mlir::mdh::tuning::SearchSpace
buildOrDie(mlir::mdh::tuning::SearchSpaceBuilder &builder) {
  llvm::Expected<mlir::mdh::tuning::SearchSpace> space = builder.build();
  if (!space) {
    llvm::errs() << "unexpected build error: "
                 << llvm::toString(space.takeError()) << "\n";
    std::exit(1);
  }
  return std::move(*space);
}

} // namespace mdh_test

#endif // MDH_TEST_UNIT_SEARCHSPACETESTUTIL_H
