//===- ConfigJSONTestUtil.h - Fixtures of the config tests -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The computations, the context and the configuration that the tests of
// ConfigJSON.h share.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_TEST_UNIT_CONFIGJSON_CONFIGJSONTESTUTIL_H
#define MDH_TEST_UNIT_CONFIGJSON_CONFIGJSONTESTUTIL_H

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/InitMDH.h"

#include "TestUtil.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

/// Checks that `text` contains `part`, printing both otherwise.
#define MDH_CHECK_CONTAINS(text, part)                                         \
  do {                                                                         \
    std::string mdhText = (text);                                              \
    if (!llvm::StringRef(mdhText).contains(part)) {                            \
      llvm::errs() << __FILE__ << ":" << __LINE__ << ": check failed: '"       \
                   << mdhText << "' contains '" << (part) << "'\n";            \
      ++mdh_test::failures();                                                  \
    }                                                                          \
  } while (false)

namespace mdh_test {
// The tests are written against MLIR's and the project's API throughout.
using namespace mlir;
using namespace mlir::mdh_ll;

/// `text` with every occurrence of each key replaced, in order, by its value
/// (upper-case keys, so that the lower-case IR around them is left alone).
inline std::string
substitute(std::string text,
           ArrayRef<std::pair<std::string, std::string>> replacements) {
  for (const auto &[key, value] : replacements)
    for (size_t at = text.find(key); at != std::string::npos;
         at = text.find(key, at + value.size()))
      text.replace(at, key.size(), value);
  return text;
}

/// The parts of a matrix-vector product the key tests vary.
struct MatVec {
  std::string func = "matvec";
  std::string opName = "matvec";
  int64_t n = 1024, k = 512;
  std::string mMap = "(i, k)";
  std::string type = "f32";
  std::string scalarOp = "arith.mulf";
  std::string combiner = "pw(add)";
  /// The names of the two arguments and of the product.
  std::string m = "m", x = "x", p = "p";
  std::string extraAttrs;

  std::string str() const {
    return substitute(
        R"(func.func @FUNC(%M: memref<NxKxT>, %v: memref<KxT>, %w: memref<NxT>) {
  mdh.compute "NAME" sizes(N, K) combine(cc, COMBINER)
      ins(%M : memref<NxKxT> [affine_map<(i, k) -> MMAP>],
          %v : memref<KxT> [affine_map<(i, k) -> (k)>])
      outs(%w : memref<NxT> [affine_map<(i, k) -> (i)>]) {
  ^bb0(%ARG0: T, %ARG1: T):
    %RES = SCALAROP %ARG0, %ARG1 : T
    mdh.yield %RES : T
  } ATTRS
  return
}
)",
        {{"FUNC", func},
         {"NAME", opName},
         {"COMBINER", combiner},
         {"MMAP", mMap},
         {"SCALAROP", scalarOp},
         {"ARG0", m},
         {"ARG1", x},
         {"RES", p},
         {"ATTRS", extraAttrs},
         {"N", std::to_string(n)},
         {"K", std::to_string(k)},
         {"T", type}});
  }
};

/// One context with the project's dialects, the modules parsed in it and
/// the errors it reported.
struct Fixture {
  MLIRContext context{makeRegistry()};
  std::vector<OwningOpRef<ModuleOp>> modules;
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler{&context, [this](Diagnostic &diag) {
                                    errors.push_back(diag.str());
                                    return success();
                                  }};

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    mdh::registerAllDialects(registry);
    return registry;
  }

  /// The mdh.compute ops of `source` in order (none if it does not parse).
  SmallVector<mdh::ComputeOp> parse(StringRef source) {
    modules.push_back(parseSourceString<ModuleOp>(source, &context));
    SmallVector<mdh::ComputeOp> ops;
    if (!modules.back()) {
      llvm::errs() << "cannot parse:\n" << source << "\n";
      for (const std::string &error : errors)
        llvm::errs() << error << "\n";
      ++mdh_test::failures();
      return ops;
    }
    modules.back()->walk([&](mdh::ComputeOp op) { ops.push_back(op); });
    return ops;
  }
  mdh::ComputeOp parseOne(StringRef source) {
    SmallVector<mdh::ComputeOp> ops = parse(source);
    MDH_CHECK_EQ(ops.size(), size_t(1));
    return ops.empty() ? mdh::ComputeOp() : ops.front();
  }

  Attribute target(StringRef spec) {
    FailureOr<Attribute> attr = parseTargetSpec(
        &context, spec, [&] { return emitError(UnknownLoc::get(&context)); });
    MDH_CHECK(succeeded(attr));
    return succeeded(attr) ? *attr : Attribute();
  }

  auto emitter() {
    return [this] { return emitError(UnknownLoc::get(&context)); };
  }

  /// The one error reading `text` gives, or "<accepted>".
  std::string refusal(StringRef text, mdh::ComputeOp op, Attribute target) {
    errors.clear();
    FailureOr<Config> config = configFromJSON(text, op, target, emitter());
    if (succeeded(config))
      return "<accepted>";
    MDH_CHECK_EQ(errors.size(), size_t(1));
    return errors.empty() ? std::string("<no message>") : errors.front();
  }
};
inline std::string printed(const llvm::json::Value &value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printConfigJSON(value, os);
  return text;
}

/// A configuration of a 2-D computation with two inputs and one output on a
/// GPU; the values need not be legal, only of the right shape.
inline Config gpuConfig() {
  Config config;
  config.tiles = {{{32, 512}, {32, 64}, {1, 64}, {1, 8}}};
  config.orders = {{{0, 1}, {1, 0}, {0, 1}, {1, 0}}};
  config.assignment = {{{0, 1}, {}, {1, 0}, {}}};
  config.assignmentKind = {AssignmentKind::Blocked, AssignmentKind::Blocked,
                           AssignmentKind::Strided, AssignmentKind::Blocked};
  config.inputRegions = {{InputRegion::InPlace, InputRegion::Shared,
                          InputRegion::InPlace, InputRegion::Register},
                         {InputRegion::InPlace, InputRegion::InPlace,
                          InputRegion::InPlace, InputRegion::Register}};
  config.inputLayouts = {
      {Layout::Identity, Layout::Transposed, Layout::Identity,
       Layout::Identity},
      {Layout::Identity, Layout::Identity, Layout::Identity, Layout::Identity}};
  config.outputRegions = {{CombineRegion::Device, CombineRegion::Shared,
                           CombineRegion::Shared, CombineRegion::Register}};
  return config;
}

/// An argmax over (value, index) with a custom combiner called `name`, whose
/// tie-break on equal values is `tieBreak`.
inline std::string argmax(StringRef name, StringRef tieBreak = "slt") {
  return substitute(R"(
mdh.combiner @COMBINER associative commutative (f32, i32) {
^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
  %gt = arith.cmpf ogt, %v1, %v0 : f32
  %eq = arith.cmpf oeq, %v1, %v0 : f32
  %lt = arith.cmpi TIEBREAK, %i1, %i0 : i32
  %tie = arith.andi %eq, %lt : i1
  %pick = arith.ori %gt, %tie : i1
  %v = arith.select %pick, %v1, %v0 : f32
  %i = arith.select %pick, %i1, %i0 : i32
  mdh.yield %v, %i : f32, i32
}
func.func @f(%x: memref<1000xf32>, %max: memref<f32>, %arg: memref<i32>) {
  mdh.compute "argmax" sizes(1000) combine(pw(@COMBINER))
      ins(%x : memref<1000xf32> [affine_map<(k) -> (k)>])
      outs(%max : memref<f32> [affine_map<(k) -> ()>],
           %arg : memref<i32> [affine_map<(k) -> ()>]) {
  ^bb0(%e: f32):
    %k = mdh.index 0
    %ki = arith.index_cast %k : index to i32
    mdh.yield %e, %ki : f32, i32
  }
  return
}
)",
                    {{"COMBINER", name.str()}, {"TIEBREAK", tieBreak.str()}});
}

} // namespace mdh_test

#endif // MDH_TEST_UNIT_CONFIGJSON_CONFIGJSONTESTUTIL_H
