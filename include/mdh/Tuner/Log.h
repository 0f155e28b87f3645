//===- Log.h - The CSV log of mdh-tune --------------------------*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// One row per evaluation, written as it happens (a crash of the tuner or a
// Ctrl-C leaves a log of everything evaluated so far):
//
//   evaluation,elapsed_s,technique,status,time_ms,best_ms,new_best,reason,
//   <one column per tunable parameter of the space>
//
// `time_ms` is empty for a failed evaluation, `reason` empty for a
// successful one.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TUNE_LOG_H
#define MDH_TUNE_LOG_H

#include "mdh/Tuner/Search.h"

#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace mlir::mdh::tune {

class CsvLog {
public:
  /// Writes the header to `os` (which must outlive the log).
  CsvLog(llvm::raw_ostream &os, const tuning::SearchSpace &space);

  void append(const Evaluation &evaluation, const SearchState &state);

  /// Quotes a field when it holds a comma, a quote or a line break.
  static std::string escape(llvm::StringRef field);

private:
  llvm::raw_ostream &os;
  const tuning::SearchSpace &space;
};

} // namespace mlir::mdh::tune

#endif // MDH_TUNE_LOG_H
