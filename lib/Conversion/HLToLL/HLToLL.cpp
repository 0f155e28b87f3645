//===- HLToLL.cpp - Schedule HL-IR on a target ----------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `--mdh-hl-to-ll`: every `mdh.compute` becomes an `mdh_ll.schedule` that
// spells out one configuration (from JSON files, from a set handed over in
// memory by `createMDHHLToLL`, or the default heuristic's):
//
//   mdh_ll.schedule {
//     mdh_ll.level 0 {                  // copies of level 0, then
//       mdh_ll.level 1 { ... }          //   the next level,
//       mdh_ll.combine ... across 1     //   its combines
//     }
//     mdh_ll.combine ... across 0
//   }
//
// with the scalar function, its `mdh.index` ops turned into block
// arguments, in an `mdh_ll.scalar` in the innermost level.
//
//===----------------------------------------------------------------------===//

#include "mdh/Conversion/Passes.h"
#include "mdh/Dialect/HL/MDHOps.h"
#include "mdh/Dialect/LL/ConfigJSON.h"
#include "mdh/Dialect/LL/ConfigRules.h"
#include "mdh/Dialect/LL/MDHLLOps.h"
#include "mdh/Dialect/LL/TargetSpec.h"
#include "mdh/TuningSpace/MDHSpace.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

namespace mlir::mdh {
#define GEN_PASS_DEF_MDHHLTOLL
#include "mdh/Conversion/Passes.h.inc"
} // namespace mlir::mdh

using namespace mlir;
using namespace mlir::mdh;
using mdh_ll::CombineRegion;
using mdh_ll::Config;
using mdh_ll::InputRegion;
using mdh_ll::kNumLevels;

/// The `mdh_ll.target` of the nearest enclosing op that has one.
static Attribute targetAttributeOf(Operation *op) {
  auto *dialect = op->getContext()->getLoadedDialect<mdh_ll::MDHLLDialect>();
  StringAttr name = dialect->getTargetAttrHelper().getName();
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (Attribute attr = p->getDiscardableAttr(name))
      return attr;
  return {};
}

/// The pw/ps dimensions that level `l` splits into more than one part (see
/// mdh_ll.combine).
static SmallVector<int64_t> splitDims(ComputeOp op, const Config &c,
                                      unsigned l) {
  SmallVector<int64_t> dims;
  for (unsigned d = 0, e = op.getNumDims(); d < e; ++d) {
    int64_t enclosing = l == 0 ? op.getSizes()[d] : c.tiles[l - 1][d];
    // rules::ceilDiv: `enclosing + tile - 1` overflows near INT64_MAX.
    int64_t parts = l + 1 == kNumLevels
                        ? enclosing
                        : tuning::rules::ceilDiv(enclosing, c.tiles[l][d]);
    if (op.getCombiner(d).isReduction() && parts > 1)
      dims.push_back(d);
  }
  return dims;
}

static mdh_ll::Sync syncFor(bool parallel, CombineRegion region) {
  if (!parallel)
    return mdh_ll::Sync::None;
  switch (region) {
  case CombineRegion::Register:
    return mdh_ll::Sync::Shuffle;
  case CombineRegion::Shared:
    return mdh_ll::Sync::Barrier;
  case CombineRegion::Device:
    return mdh_ll::Sync::Phase;
  }
  llvm_unreachable("unknown combine region");
}

/// The scalar phase: the body of `op` with the iteration indices as leading
/// block arguments instead of `mdh.index` ops.
static void buildScalarPhase(OpBuilder &b, ComputeOp op) {
  Location loc = op.getLoc();
  auto scalar = mdh_ll::ScalarOp::create(b, loc);
  Block &hlBody = op.getBody().front();
  SmallVector<Type> argTypes(op.getNumDims(), b.getIndexType());
  llvm::append_range(argTypes, hlBody.getArgumentTypes());
  SmallVector<Location> argLocs(op.getNumDims(), loc);
  for (BlockArgument arg : hlBody.getArguments())
    argLocs.push_back(arg.getLoc());
  Block *body = b.createBlock(&scalar.getBody(), {}, argTypes, argLocs);

  IRMapping mapping;
  for (BlockArgument arg : hlBody.getArguments())
    mapping.map(arg, body->getArgument(op.getNumDims() + arg.getArgNumber()));
  for (Operation &inner : hlBody.without_terminator()) {
    if (auto index = dyn_cast<IndexOp>(inner)) {
      mapping.map(index.getResult(), body->getArgument(index.getDim()));
      continue;
    }
    b.clone(inner, mapping);
  }
  SmallVector<Value> yielded;
  for (Value v : op.getYield().getValues())
    yielded.push_back(mapping.lookupOrDefault(v));
  mdh_ll::YieldOp::create(b, op.getYield().getLoc(), yielded);
}

/// Replaces `op` by the schedule of `c` on `target`.
static void buildSchedule(ComputeOp op, mdh_ll::TargetAttrInterface target,
                          const Config &c) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto schedule = mdh_ll::ScheduleOp::create(
      b, loc, op.getIns(), op.getOuts(), op.getNameAttr(), target,
      op.getSizesAttr(), op.getCombinersAttr(), op.getInMapsAttr(),
      op.getOutMapsAttr(), op.getPrecisionAttr());
  Block *block = &schedule.getBody().emplaceBlock();
  ArrayRef<mdh_ll::Level> levels = target.getLevels();

  for (unsigned l = 0; l < kNumLevels; ++l) {
    const mdh_ll::Level &level = levels[l];
    bool parallel = level.kind == mdh_ll::LevelKind::parallel;
    b.setInsertionPointToEnd(block);
    DenseI64ArrayAttr assignment;
    mdh_ll::AssignmentKindAttr assignmentKind;
    if (parallel) {
      SmallVector<int64_t> hw(c.assignment[l].begin(), c.assignment[l].end());
      assignment = b.getDenseI64ArrayAttr(hw);
      assignmentKind =
          mdh_ll::AssignmentKindAttr::get(b.getContext(), c.assignmentKind[l]);
    }
    SmallVector<int64_t> order(c.orders[l].begin(), c.orders[l].end());
    auto levelOp = mdh_ll::LevelOp::create(
        b, loc, b.getI64IntegerAttr(l), b.getStringAttr(level.name),
        mdh_ll::LevelKindAttr::get(b.getContext(), level.kind),
        b.getDenseI64ArrayAttr(c.tiles[l]), b.getDenseI64ArrayAttr(order),
        assignment, assignmentKind,
        l + 1 == kNumLevels && c.mma
            ? mdh_ll::MmaShapeAttr::get(b.getContext(), *c.mma)
            : mdh_ll::MmaShapeAttr(),
        l == 1 && c.stages > 1 ? b.getI64IntegerAttr(c.stages) : IntegerAttr());

    // The combines of the partial results of this level's parts.
    SmallVector<int64_t> split = splitDims(op, c, l);
    b.setInsertionPointAfter(levelOp);
    if (!split.empty())
      for (auto [o, out] : llvm::enumerate(op.getOuts())) {
        CombineRegion region =
            parallel ? c.outputRegions[o][l] : CombineRegion::Register;
        auto combine = mdh_ll::CombineOp::create(
            b, loc, out, b.getDenseI64ArrayAttr(split), b.getI64IntegerAttr(l),
            mdh_ll::CombineRegionAttr::get(b.getContext(), region),
            mdh_ll::SyncAttr::get(b.getContext(), syncFor(parallel, region)));
        b.setInsertionPointAfter(combine);
      }

    // The level's body starts with its copies.
    block = &levelOp.getBody().emplaceBlock();
    b.setInsertionPointToEnd(block);
    for (auto [i, in] : llvm::enumerate(op.getIns()))
      if (c.inputRegions[i][l] != InputRegion::InPlace)
        mdh_ll::CopyOp::create(
            b, loc, in,
            mdh_ll::InputRegionAttr::get(b.getContext(), c.inputRegions[i][l]),
            mdh_ll::LayoutAttr::get(b.getContext(), c.inputLayouts[i][l]));
  }
  b.setInsertionPointToEnd(block);
  buildScalarPhase(b, op);
  op.erase();
}

namespace {
struct HLToLLPass : mdh::impl::MDHHLToLLBase<HLToLLPass> {
  using Base::Base;
  HLToLLPass(const MDHHLToLLOptions &options,
             std::shared_ptr<const mdh_ll::ConfigSet> configs)
      : Base(options), memoryConfigs(std::move(configs)) {}

  /// The configurations handed over in memory (`createMDHHLToLL`); shared
  /// by the clones of the pass, which only read them.
  std::shared_ptr<const mdh_ll::ConfigSet> memoryConfigs;

  /// A bad `target=` or `config-fallback=` on the command line is the
  /// user's flag: reported when the pipeline is parsed, not at the module's
  /// `file:0:0` (runOnOperation checks them again for passes built in C++).
  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options, errorHandler)))
      return failure();
    if (configFallback != "error" && configFallback != "heuristic")
      return errorHandler("--mdh-hl-to-ll: config-fallback must be 'error' "
                          "or 'heuristic', got '" +
                          configFallback + "'");
    if (target.empty())
      return success();
    // No IR exists yet: the spec is parsed in a context of its own.
    MLIRContext context(MLIRContext::Threading::DISABLED);
    context.loadDialect<mdh_ll::MDHLLDialect>();
    std::string message;
    ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    if (succeeded(mdh_ll::parseTargetSpec(&context, target, [&] {
          return mlir::emitError(UnknownLoc::get(&context));
        })))
      return success();
    return errorHandler("--mdh-hl-to-ll: " + message);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    Attribute optionTarget;
    if (!target.empty()) {
      FailureOr<Attribute> parsed = mdh_ll::parseTargetSpec(ctx, target, [&] {
        return module.emitError() << "--mdh-hl-to-ll: ";
      });
      if (failed(parsed))
        return signalPassFailure();
      optionTarget = *parsed;
    }
    if (configFallback != "error" && configFallback != "heuristic") {
      module.emitError() << "--mdh-hl-to-ll: config-fallback must be 'error' "
                            "or 'heuristic', got '"
                         << configFallback << "'";
      return signalPassFailure();
    }

    // Entries of another context hold target attributes that equal none of
    // this one's: every lookup would fail, naming the wrong cause.
    if (memoryConfigs && memoryConfigs->getContext() != ctx) {
      module.emitError() << "--mdh-hl-to-ll: the configurations in memory "
                            "belong to another MLIRContext";
      return signalPassFailure();
    }

    SmallVector<ComputeOp> ops;
    module.walk([&](ComputeOp op) { ops.push_back(op); });
    if (ops.empty())
      return;
    if (llvm::any_of(ops, [](ComputeOp op) {
          return failed(checkBufferized(op, "--mdh-hl-to-ll"));
        }))
      return signalPassFailure();

    // Every file is read (and each entry's identity checked) before any
    // computation is rewritten; such errors are reported once, at the first
    // computation. The files are pooled with the configurations in memory.
    const mdh_ll::ConfigSet *configs = memoryConfigs.get();
    std::optional<mdh_ll::ConfigSet> pooled;
    if (!configPaths.empty()) {
      pooled.emplace(memoryConfigs ? *memoryConfigs : mdh_ll::ConfigSet(ctx));
      for (const std::string &path : configPaths)
        if (failed(
                pooled->addFile(path, [&] { return ops.front().emitError(); })))
          return signalPassFailure();
      configs = &*pooled;
    }

    Emitted emitted;
    bool ok = true;
    for (ComputeOp op : ops)
      if (failed(schedule(op, optionTarget, configs, ops.size(), emitted)))
        ok = false;
    if (!ok)
      return signalPassFailure();
    if (!emitConfigPath.empty() &&
        failed(mdh_ll::writeConfigsFile(emitConfigPath,
                                        std::move(emitted.configurations),
                                        [&] { return module.emitError(); })))
      return signalPassFailure();
  }

  /// The configurations `emit-config` writes: one per computation key and
  /// target (a computation that occurs twice has one configuration).
  struct Emitted {
    std::vector<llvm::json::Value> configurations;
    llvm::StringSet<> identities;
  };

  /// The configuration of `op` from the files or memory: null to fall back
  /// to the heuristic.
  FailureOr<const mdh_ll::ConfigEntry *> findEntry(ComputeOp op,
                                                   Attribute targetAttr,
                                                   const mdh_ll::ConfigSet &set,
                                                   size_t numComputations) {
    bool fallback = configFallback == "heuristic";
    // One configuration for one computation is read as it is, so that a
    // mismatch is named field by field (the key, the sizes or the target).
    if (!fallback && set.size() == 1 && numComputations == 1)
      return &set.entries().front();
    return set.find(op, targetAttr, fallback,
                    "; pass config-fallback=heuristic to use the heuristic's "
                    "configuration for computations without one",
                    [&] { return op.emitError(); });
  }

  /// Rewrites `op` with its configuration from `configs` (null: none, the
  /// heuristic's).
  LogicalResult schedule(ComputeOp op, Attribute optionTarget,
                         const mdh_ll::ConfigSet *configs,
                         size_t numComputations, Emitted &emitted) {
    Attribute targetAttr = optionTarget ? optionTarget : targetAttributeOf(op);
    if (!targetAttr)
      return op.emitError("no target to schedule on: pass "
                          "--mdh-hl-to-ll=target=<spec> or set the "
                          "mdh_ll.target attribute on an enclosing op");
    auto target = cast<mdh_ll::TargetAttrInterface>(targetAttr);

    const mdh_ll::ConfigEntry *entry = nullptr;
    if (configs) {
      FailureOr<const mdh_ll::ConfigEntry *> found =
          findEntry(op, targetAttr, *configs, numComputations);
      if (failed(found))
        return failure();
      entry = *found;
    }
    Config c;
    if (entry) {
      FailureOr<Config> read =
          configs->read(*entry, op, targetAttr, [&] { return op.emitError(); });
      if (failed(read))
        return failure();
      c = std::move(*read);
    } else {
      c = tuning::defaultConfig(op, targetAttr);
    }
    if (failed(tuning::verifyConfig(op, targetAttr, c, [&] {
          InFlightDiagnostic diag = op.emitError();
          diag << "invalid configuration";
          if (entry)
            diag << " in " << entry->describe();
          diag << ": ";
          return diag;
        })))
      return failure();
    if (!emitConfigPath.empty() &&
        emitted.identities
            .insert(mdh_ll::computationKey(op) + " " +
                    mdh_ll::targetSpecString(targetAttr))
            .second)
      emitted.configurations.push_back(mdh_ll::configToJSON(c, op, targetAttr));
    buildSchedule(op, target, c);
    return success();
  }
};
} // namespace

std::unique_ptr<Pass>
mlir::mdh::createMDHHLToLL(const MDHHLToLLOptions &options,
                           std::shared_ptr<const mdh_ll::ConfigSet> configs) {
  return std::make_unique<HLToLLPass>(options, std::move(configs));
}
