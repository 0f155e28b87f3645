//===- MDHLLOps.cpp - Operations of LL-IR ---------------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// The assembly directives and the local verifiers of the LL-IR ops. The
// rules that need the whole schedule (where copies and combines belong, and
// the configuration against the tuning rules) are in ScheduleVerifier.cpp.
//
//===----------------------------------------------------------------------===//

#include "mdh/Dialect/LL/MDHLLOps.h"
#include "mdh/Dialect/HL/AssemblyFormat.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mdh_ll;
using mdh::parseCombiners;
using mdh::parseSizes;
using mdh::parseViews;
using mdh::printCombiners;
using mdh::printSizes;
using mdh::printViews;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

static constexpr char kHardwareDims[] = {'x', 'y', 'z'};

/// ` assign [x, y, z] blocked` on parallel levels, nothing on the others.
static ParseResult parseAssignment(OpAsmParser &parser,
                                   DenseI64ArrayAttr &assignment,
                                   AssignmentKindAttr &kind) {
  if (failed(parser.parseOptionalKeyword("assign")))
    return success();
  SmallVector<int64_t> dims;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            StringRef name;
            if (parser.parseKeyword(&name))
              return failure();
            const char *pos = llvm::find(kHardwareDims, name.front());
            if (name.size() != 1 || pos == std::end(kHardwareDims))
              return parser.emitError(loc, "expected a hardware dimension "
                                           "(x, y or z), got '")
                     << name << "'";
            dims.push_back(pos - std::begin(kHardwareDims));
            return success();
          }))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  StringRef kindName;
  if (parser.parseKeyword(&kindName))
    return failure();
  std::optional<AssignmentKind> parsed = symbolizeAssignmentKind(kindName);
  if (!parsed)
    return parser.emitError(loc, "expected 'blocked' or 'strided', got '")
           << kindName << "'";
  assignment = parser.getBuilder().getDenseI64ArrayAttr(dims);
  kind = AssignmentKindAttr::get(parser.getContext(), *parsed);
  return success();
}

static void printAssignment(OpAsmPrinter &p, Operation *,
                            DenseI64ArrayAttr assignment,
                            AssignmentKindAttr kind) {
  if (!assignment)
    return;
  p << " assign [";
  llvm::interleaveComma(assignment.asArrayRef(), p, [&](int64_t d) {
    if (d >= 0 && d < 3)
      p << kHardwareDims[d];
    else
      p << "<invalid " << d << ">";
  });
  p << "]";
  if (kind)
    p << " " << stringifyAssignmentKind(kind.getValue());
}

#define GET_OP_CLASSES
#include "mdh/Dialect/LL/MDHLLOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ScheduleOp
//===----------------------------------------------------------------------===//

SmallVector<AffineMap> ScheduleOp::getInputMaps(unsigned i) {
  return mdh::mapsOf(getInMaps(), i);
}

SmallVector<AffineMap> ScheduleOp::getOutputMaps(unsigned i) {
  return mdh::mapsOf(getOutMaps(), i);
}

LogicalResult ScheduleOp::verify() { return mdh::verifyComputation(*this); }

LogicalResult ScheduleOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  for (unsigned d = 0, e = getNumDims(); d < e; ++d) {
    mdh::CombinerAttr c = getCombiner(d);
    if (!c.isReduction() || !c.getCustom())
      continue;
    if (!symbolTable.lookupNearestSymbolFrom<mdh::CombinerOp>(*this,
                                                              c.getCustom()))
      return emitOpError("'")
             << c.getCustom() << "' does not reference an mdh.combiner";
    return success();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LevelOp
//===----------------------------------------------------------------------===//

/// The position of `op` in its schedule: the number of enclosing levels.
static unsigned depthOf(Operation *op) {
  unsigned depth = 0;
  for (Operation *p = op->getParentOp(); p && isa<LevelOp>(p);
       p = p->getParentOp())
    ++depth;
  return depth;
}

LogicalResult LevelOp::verify() {
  auto schedule = (*this)->getParentOfType<ScheduleOp>();
  TargetAttrInterface target = schedule.getTarget();
  ArrayRef<Level> levels = target.getLevels();
  unsigned depth = depthOf(*this);
  if (static_cast<uint64_t>(getIndex()) != depth)
    return emitOpError("is level ")
           << depth << " of its schedule (counted from the outermost), but "
           << "says " << getIndex();
  if (depth >= levels.size())
    return emitOpError("target '")
           << target.getTargetName() << "' has " << levels.size()
           << " levels (0 to " << levels.size() - 1 << "), no level " << depth;
  const Level &level = levels[depth];
  if (getLevelName() != level.name)
    return emitOpError("level ")
           << depth << " of target '" << target.getTargetName() << "' is \""
           << level.name << "\", got \"" << getLevelName() << "\"";
  if (getKind() != level.kind)
    return emitOpError("level ") << depth << " (" << level.name
                                 << ") of target '" << target.getTargetName()
                                 << "' is " << stringifyLevelKind(level.kind)
                                 << ", got " << stringifyLevelKind(getKind());

  unsigned numDims = schedule.getNumDims();
  if (getTiles().size() != numDims)
    return emitOpError("expects one tile size per dimension: ")
           << numDims << " dimensions but " << getTiles().size()
           << " tile sizes";
  if (getOrder().size() != numDims)
    return emitOpError("order must list each of the ")
           << numDims << " dimensions once, got " << getOrder().size()
           << " entries";
  SmallVector<bool> seen(numDims, false);
  for (int64_t d : getOrder()) {
    if (d < 0 || d >= numDims)
      return emitOpError("order names dimension ")
             << d << ", but the computation has " << numDims;
    if (seen[d])
      return emitOpError("order names dimension ") << d << " twice";
    seen[d] = true;
  }

  if (getMma() &&
      (depth + 1 != levels.size() ||
       (target.getTargetName() != "cuda" && target.getTargetName() != "hip")))
    return emitOpError("only the register_tile level of a `cuda` or `hip` "
                       "target may be a warp-level matrix product (mma)");

  // Multi-buffered shared copies: the GPU level between the blocks and the
  // threads.
  if (getStages() && (depth != 1 || (target.getTargetName() != "cuda" &&
                                     target.getTargetName() != "hip")))
    return emitOpError("only the shared_tile level of a `cuda` or `hip` "
                       "target may keep several stages of its copies");

  bool parallel = level.kind == LevelKind::parallel;
  if (parallel && (!getAssignment() || !getAssignmentKind()))
    return emitOpError("parallel level ")
           << depth << " (" << level.name
           << ") needs an assignment: `assign [x, ...] blocked|strided`";
  if (!parallel && getAssignment())
    return emitOpError(stringifyLevelKind(level.kind))
           << " level " << depth << " (" << level.name
           << ") runs no parallel units and takes no assignment";
  if (parallel) {
    if (getAssignment()->size() != numDims)
      return emitOpError("expects one hardware dimension per dimension: ")
             << numDims << " dimensions but " << getAssignment()->size()
             << " entries in `assign`";
    for (auto [d, hw] : llvm::enumerate(*getAssignment()))
      if (hw < 0 || hw > 2)
        return emitOpError("dimension ")
               << d << " is assigned to hardware dimension " << hw
               << "; expected 0 (x), 1 (y) or 2 (z)";
  }

  // The body: the level's copies, then either the next level and the
  // combines of its partial results, or (innermost) the scalar phase.
  Block &body = getBody().front();
  auto it = body.begin();
  while (it != body.end() && isa<CopyOp>(*it))
    ++it;
  bool innermost = depth + 1 == levels.size();
  if (innermost) {
    if (it == body.end() || !isa<ScalarOp>(*it))
      return emitOpError("the innermost level (")
             << level.name
             << ") must hold its copies and then one mdh_ll.scalar";
    if (std::next(it) != body.end())
      return std::next(it)->emitOpError(
          "is not allowed after the scalar phase of the innermost level");
    return success();
  }
  if (it == body.end() || !isa<LevelOp>(*it))
    return emitOpError("level ")
           << depth << " (" << level.name
           << ") must hold its copies, then mdh_ll.level " << depth + 1
           << " and the combines of its partial results";
  for (++it; it != body.end(); ++it)
    if (!isa<CombineOp>(*it))
      return it->emitOpError("is not allowed after mdh_ll.level ")
             << depth + 1 << "; only mdh_ll.combine ops follow a level";
  return success();
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

LogicalResult CopyOp::verify() {
  auto schedule = (*this)->getParentOfType<ScheduleOp>();
  if (!llvm::is_contained(schedule.getIns(), getInput()))
    return emitOpError("copies a buffer that is not an input of its schedule");
  if (getRegion() == InputRegion::InPlace)
    return emitOpError("'in_place' is no copy: an input without a copy on a "
                       "level is read in place, so omit the op");
  auto level = cast<LevelOp>((*this)->getParentOp());
  for (Operation &other : level.getBody().front()) {
    if (&other == getOperation())
      break;
    auto copy = dyn_cast<CopyOp>(other);
    if (copy && copy.getInput() == getInput())
      return emitOpError("copies the same input twice on level ")
             << level.getIndex();
  }
  StringRef targetName = schedule.getTarget().getTargetName();
  if (!isLegalInputRegion(targetName, level.getIndex(), getRegion()))
    return emitOpError("region '")
           << stringifyInputRegion(getRegion()) << "' is not legal on level "
           << level.getIndex() << " (" << level.getLevelName()
           << ") of target '" << targetName << "'";
  if (!isLegalLayout(targetName, getLayout()))
    return emitOpError("layout '")
           << stringifyLayout(getLayout()) << "' is not legal on target '"
           << targetName << "' (legal: identity, transposed)";
  int64_t rank = cast<MemRefType>(getInput().getType()).getRank();
  if (getLayout() == Layout::Transposed && rank < 2)
    return emitOpError("a 'transposed' layout swaps the last two buffer "
                       "dimensions, but the input has rank ")
           << rank;
  if (getLayout() == Layout::Rotated && rank < 2)
    return emitOpError("a 'rotated' layout moves the first buffer dimension "
                       "innermost, but the input has rank ")
           << rank;
  if (getLayout() == Layout::Panels && rank < 2)
    return emitOpError("a 'panels' layout cuts the innermost buffer "
                       "dimension into panels outside the others, but the "
                       "input has rank ")
           << rank;
  return success();
}

//===----------------------------------------------------------------------===//
// ScalarOp
//===----------------------------------------------------------------------===//

LogicalResult ScalarOp::verifyRegions() {
  auto schedule = (*this)->getParentOfType<ScheduleOp>();
  Block &body = getBody().front();
  SmallVector<Type> argTypes(schedule.getNumDims(),
                             IndexType::get(getContext()));
  for (auto [i, in] : llvm::enumerate(schedule.getIns()))
    argTypes.append(cast<ArrayAttr>(schedule.getInMaps()[i]).size(),
                    cast<MemRefType>(in.getType()).getElementType());
  if (TypeRange(body.getArgumentTypes()) != TypeRange(argTypes))
    return emitOpError("expects ")
           << argTypes.size() << " block arguments (" << schedule.getNumDims()
           << " indices of type index, then one scalar per input access), "
           << "got (" << body.getArgumentTypes() << ")";
  if (failed(mdh::verifyScalarBody(body, "the scalar phase")))
    return failure();
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitOpError("must end with mdh_ll.yield");
  SmallVector<Type> yielded;
  for (auto [i, out] : llvm::enumerate(schedule.getOuts()))
    yielded.append(cast<ArrayAttr>(schedule.getOutMaps()[i]).size(),
                   cast<MemRefType>(out.getType()).getElementType());
  if (TypeRange(yield.getValues().getTypes()) != TypeRange(yielded))
    return yield.emitOpError("must yield one value per output access, of ")
           << "types (" << yielded << "), got (" << yield.getValues().getTypes()
           << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// CombineOp
//===----------------------------------------------------------------------===//

LogicalResult CombineOp::verify() {
  auto schedule = (*this)->getParentOfType<ScheduleOp>();
  if (!llvm::is_contained(schedule.getOuts(), getOutput()))
    return emitOpError(
        "combines a buffer that is not an output of its schedule");

  // The level whose partial results this combines precedes it, possibly
  // after other combines.
  Operation *prev = getOperation()->getPrevNode();
  while (prev && isa<CombineOp>(prev))
    prev = prev->getPrevNode();
  auto level = dyn_cast_or_null<LevelOp>(prev);
  if (!level)
    return emitOpError("must follow the mdh_ll.level whose partial results "
                       "it combines");
  if (level.getIndex() != getLevel())
    return emitOpError("follows level ")
           << level.getIndex() << " but says it combines across level "
           << getLevel();

  unsigned numDims = schedule.getNumDims();
  int64_t last = -1;
  for (int64_t d : getDims()) {
    if (d <= last || d >= numDims)
      return emitOpError("dims must be increasing dimensions below ")
             << numDims << ", got [" << getDims() << "]";
    last = d;
    if (!schedule.getCombiner(d).isReduction())
      return emitOpError("dimension ")
             << d << " is combined with cc: its tiles write their own parts "
             << "and need no combine";
  }
  if (getDims().empty())
    return emitOpError("combines along no dimension");

  bool parallel = level.getKind() == LevelKind::parallel;
  Sync expected = Sync::None;
  if (parallel) {
    switch (getRegion()) {
    case CombineRegion::Register:
      expected = Sync::Shuffle;
      break;
    case CombineRegion::Shared:
      expected = Sync::Barrier;
      break;
    case CombineRegion::Device:
      expected = Sync::Phase;
      break;
    }
  } else if (getRegion() != CombineRegion::Register) {
    return emitOpError("a ")
           << stringifyLevelKind(level.getKind())
           << " level combines in the thread's registers, got '"
           << stringifyCombineRegion(getRegion()) << "'";
  }
  if (getSync() != expected)
    return emitOpError("combining in '")
           << stringifyCombineRegion(getRegion()) << "' across "
           << (parallel ? "parallel units" : "sequential tiles") << " needs '"
           << stringifySync(expected) << "', got '" << stringifySync(getSync())
           << "'";
  return success();
}
