//===- TestUtil.h - A minimal assertion harness for unit tests --*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The project is built with -fno-exceptions, so the unit tests use a few
// macros instead of a test framework: a failed check prints its location and
// the test executable exits non-zero at the end.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_UNIT_TESTUTIL_H
#define MDH_TEST_UNIT_TESTUTIL_H

#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <string>

namespace mdh_test {
/// The number of failed checks so far.
inline int &failures() {
  static int count = 0;
  return count;
}
/// Peak resident set size of this process in KiB (VmHWM), or -1.
inline long peakRssKiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0)
      return std::stol(line.substr(6));
  return -1;
}

} // namespace mdh_test

#define MDH_CHECK(cond)                                                        \
  do {                                                                         \
    if (!(cond)) {                                                             \
      llvm::errs() << __FILE__ << ":" << __LINE__                              \
                   << ": check failed: " #cond "\n";                           \
      ++mdh_test::failures();                                                  \
    }                                                                          \
  } while (false)

#define MDH_CHECK_EQ(a, b)                                                     \
  do {                                                                         \
    auto mdhA = (a);                                                           \
    auto mdhB = (b);                                                           \
    if (!(mdhA == mdhB)) {                                                     \
      llvm::errs() << __FILE__ << ":" << __LINE__                              \
                   << ": check failed: " #a " == " #b " (" << mdhA << " vs "   \
                   << mdhB << ")\n";                                           \
      ++mdh_test::failures();                                                  \
    }                                                                          \
  } while (false)

/// Runs a test function and reports it by name.
#define MDH_RUN(test)                                                          \
  do {                                                                         \
    int before = mdh_test::failures();                                         \
    test();                                                                    \
    llvm::outs() << (mdh_test::failures() == before ? "PASS " : "FAIL ")       \
                 << #test "\n";                                                \
  } while (false)

#endif // MDH_TEST_UNIT_TESTUTIL_H
