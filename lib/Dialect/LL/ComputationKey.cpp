//===- ComputationKey.cpp - Stable keys of MDH computations ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// A configuration file names the computation it was tuned for by a key that
// must survive everything that leaves the computation unchanged: another
// function or module, other SSA names or locations, another run of the
// compiler on another machine. So the key hashes text, never pointers: a
// canonical form that spells out sizes, combiners, buffer types and maps and
// the scalar body with values numbered in the order they are defined.
//
// The attributes and types in the canonical form are printed by MLIR's
// printer, so a change of their textual form in a new MLIR release changes
// keys; the unit test holds a golden key that makes such a change visible.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::mdh_ll;

namespace {
/// Prints the ops of a region in a generic form without names or locations:
/// every value is `%N` and every block `^N`, numbered in order of definition,
/// so that two regions that differ only in names print the same.
class CanonicalBodyPrinter {
public:
  explicit CanonicalBodyPrinter(raw_ostream &os) : os(os) {}

  void printRegion(Region &region, unsigned indent) {
    // Blocks are numbered before their ops print, as a branch may name a
    // block that comes later.
    for (Block &block : region)
      blockIds.try_emplace(&block, blockIds.size());
    for (Block &block : region) {
      os.indent(indent) << "^" << blockIds.lookup(&block) << "(";
      llvm::interleaveComma(block.getArguments(), os, [&](BlockArgument arg) {
        os << define(arg) << ": ";
        arg.getType().print(os);
      });
      os << ")\n";
      for (Operation &op : block)
        printOp(op, indent + 2);
    }
  }

private:
  std::string define(Value value) {
    unsigned id = valueIds.try_emplace(value, valueIds.size()).first->second;
    return "%" + std::to_string(id);
  }

  std::string use(Value value) {
    auto it = valueIds.find(value);
    // Cannot happen in a verified op, which is isolated from above; a
    // placeholder keeps the printer total.
    if (it == valueIds.end())
      return "%?";
    return "%" + std::to_string(it->second);
  }

  void printOp(Operation &op, unsigned indent) {
    os.indent(indent);
    if (op.getNumResults() != 0) {
      llvm::interleaveComma(op.getResults(), os,
                            [&](Value result) { os << define(result); });
      os << " = ";
    }
    os << op.getName().getStringRef() << "(";
    llvm::interleaveComma(op.getOperands(), os,
                          [&](Value operand) { os << use(operand); });
    os << ")";
    if (op.getNumSuccessors() != 0) {
      os << "[";
      llvm::interleaveComma(op.getSuccessors(), os, [&](Block *successor) {
        os << "^" << blockIds.lookup(successor);
      });
      os << "]";
    }
    // The dictionary holds inherent and discardable attributes, sorted by
    // name, so the order they were written in does not matter.
    DictionaryAttr attrs = op.getAttrDictionary();
    if (!attrs.empty()) {
      os << " ";
      attrs.print(os);
    }
    os << " : (";
    llvm::interleaveComma(op.getOperandTypes(), os,
                          [&](Type type) { type.print(os); });
    os << ") -> (";
    llvm::interleaveComma(op.getResultTypes(), os,
                          [&](Type type) { type.print(os); });
    os << ")\n";
    for (Region &region : op.getRegions()) {
      os.indent(indent) << "{\n";
      printRegion(region, indent + 2);
      os.indent(indent) << "}\n";
    }
  }

  raw_ostream &os;
  DenseMap<Value, unsigned> valueIds;
  DenseMap<Block *, unsigned> blockIds;
};
} // namespace

static void printMaps(ArrayRef<AffineMap> maps, raw_ostream &os) {
  os << "[";
  llvm::interleaveComma(maps, os, [&](AffineMap map) { map.print(os); });
  os << "]";
}

void mlir::mdh_ll::printCanonicalComputation(mdh::ComputeOp op,
                                             raw_ostream &os) {
  os << "mdh.compute\nsizes";
  for (int64_t size : op.getSizes())
    os << " " << size;
  os << "\n";

  // Custom combiners are printed once each, by content: two computations
  // that call equal combiners by different names compute the same.
  SmallVector<mdh::CombinerOp> combiners;
  os << "combine";
  for (unsigned d = 0, e = op.getNumDims(); d != e; ++d) {
    mdh::CombinerAttr combiner = op.getCombiner(d);
    os << " " << mdh::stringifyCombineKind(combiner.getKind());
    if (combiner.isCC())
      continue;
    if (FlatSymbolRefAttr custom = combiner.getCustom()) {
      auto def = SymbolTable::lookupNearestSymbolFrom<mdh::CombinerOp>(
          op.getOperation(), custom);
      // An unresolved symbol fails the op's verifier; its name is the best
      // description left.
      if (!def) {
        os << "(@" << custom.getValue() << ")";
        continue;
      }
      auto *it = llvm::find(combiners, def);
      size_t index = std::distance(combiners.begin(), it);
      if (it == combiners.end())
        combiners.push_back(def);
      os << "(#" << index << ")";
      continue;
    }
    os << "(" << combiner.getOperatorName() << ")";
  }
  os << "\n";

  for (auto [i, type] : llvm::enumerate(op.getIns().getTypes())) {
    os << "in ";
    type.print(os);
    os << " ";
    printMaps(op.getInputMaps(i), os);
    os << "\n";
  }
  for (auto [o, type] : llvm::enumerate(op.getOuts().getTypes())) {
    os << "out ";
    type.print(os);
    os << " ";
    printMaps(op.getOutputMaps(o), os);
    os << "\n";
  }
  os << "body\n";
  CanonicalBodyPrinter(os).printRegion(op.getBody(), 2);

  for (auto [i, combiner] : llvm::enumerate(combiners)) {
    os << "combiner #" << i << " (";
    llvm::interleaveComma(combiner.getTupleTypes(), os,
                          [&](Type type) { type.print(os); });
    os << ")";
    if (combiner.getAssociative())
      os << " associative";
    if (combiner.getCommutative())
      os << " commutative";
    if (std::optional<ArrayAttr> identity = combiner.getIdentity()) {
      os << " identity ";
      identity->print(os);
    }
    os << "\n";
    CanonicalBodyPrinter(os).printRegion(combiner.getBody(), 2);
  }
}

std::string mlir::mdh_ll::computationKey(mdh::ComputeOp op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printCanonicalComputation(op, os);
  // XXH3 is a fixed algorithm (not std::hash, not seeded per process), so
  // the same text hashes the same everywhere.
  uint64_t hash = llvm::xxh3_64bits(StringRef(text));
  std::string key;
  llvm::raw_string_ostream(key) << llvm::format_hex_no_prefix(hash, 16);
  return key;
}
