//===- Log.cpp - The CSV log of mdh-tune ----------------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Log.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir::mdh::tune;

CsvLog::CsvLog(llvm::raw_ostream &os, const tuning::SearchSpace &space)
    : os(os), space(space) {
  os << "evaluation,elapsed_s,technique,status,time_ms,best_ms,new_best,"
        "reason";
  for (tuning::ParamId id : space.tunableParameters())
    os << "," << escape(space.name(id));
  os << "\n";
  os.flush();
}

std::string CsvLog::escape(llvm::StringRef field) {
  if (field.find_first_of(",\"\n\r") == llvm::StringRef::npos)
    return field.str();
  std::string s = "\"";
  for (char c : field) {
    if (c == '"')
      s += '"';
    s += c;
  }
  return s + "\"";
}

void CsvLog::append(const Evaluation &e, const SearchState &state) {
  os << e.index << llvm::formatv(",{0:f3},", e.elapsed) << escape(e.technique)
     << "," << stringifyEvalStatus(e.result.status) << ",";
  if (e.result.ok())
    os << llvm::formatv("{0:e6}", e.result.seconds * 1e3);
  os << ",";
  if (std::isfinite(state.bestCost))
    os << llvm::formatv("{0:e6}", state.bestCost * 1e3);
  os << "," << (e.newBest ? 1 : 0) << "," << escape(e.result.reason);
  for (tuning::ParamId id : space.tunableParameters())
    os << "," << e.config[id];
  os << "\n";
  os.flush();
}
