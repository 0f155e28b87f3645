//===- CMmaPrinter.cpp - Warp-level matrix products in CUDA ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `mdh_cl.mma` in CUDA: each lane loads its fragments of A and B from
// memory in the layout of the PTX ISA (Matrix Fragments for mma.m16n8k16
// and mma.m16n8k8 with floating point type) and issues `mma.sync` through
// a helper with inline PTX:
// - m16n8k16: pairs of 16-bit elements packed into 32-bit registers (the
//   lower index in the lower half),
//   `mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32`;
// - m16n8k8: one f32 element per register, rounded by `cvt.rna.tf32.f32`,
//   `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`.
// The CPU emulation replaces the helpers by ones that rebuild A and B from
// the fragments of all 32 lanes, so a wrong fragment index fails the
// emulation.
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/CEmitterBase.h"

#include "mdh/Dialect/CL/MmaFragments.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::cemit;

LogicalResult CEmitterBase::emitMma(mdh_cl::MmaOp op) {
  return opError(op, "cannot be translated to ")
         << targetName
         << ": warp-level matrix products are printed for CUDA and HIP only";
}

std::string CEmitterBase::mmaOperandElement(Value memref, ValueRange indices,
                                            bool transposed, StringRef row,
                                            StringRef col) {
  SmallVector<std::string> idx;
  for (Value v : indices)
    idx.push_back(nameOf(v).str());
  unsigned r = idx.size() - 2, c = idx.size() - 1;
  if (transposed)
    std::swap(r, c);
  idx[r] = paren(idx[r] + " + " + row.str());
  idx[c] = paren(idx[c] + " + " + col.str());
  return element(memref, ArrayRef<std::string>(idx));
}

std::string CEmitterBase::mmaAccumulator(mdh_cl::MmaOp op, int e) {
  SmallVector<std::string> idx;
  for (Value v : op.getAccIndices())
    idx.push_back(nameOf(v).str());
  idx.back() = paren(idx.back() + " + " + std::to_string(e));
  return element(op.getAcc(), ArrayRef<std::string>(idx));
}

LogicalResult CEmitterBase::printMmaSync(mdh_cl::MmaOp op) {
  if (op.getShape() == mdh_cl::MmaShape::M16N16K16)
    return opError(op, "cannot be translated to ")
           << targetName
           << ": m16n16k16 is an AMD MFMA (a wavefront of 64 lanes), not an "
              "mma.sync shape";
  bool tf32 = op.getShape() == mdh_cl::MmaShape::M16N8K8;
  bool bf16 = cast<MemRefType>(op.getLhs().getType()).getElementType().isBF16();
  (tf32 ? needMmaTF32 : bf16 ? needMmaBF16 : needMmaF16) = true;
  StringRef bits = bf16 ? "__bfloat16_as_ushort" : "__half_as_ushort";

  // A pair is one 32-bit load where it is an aligned word (k innermost).
  bool aWords = mdh_cl::mmaPairsAreWords(op.getLhs(), op.getLhsIndices(),
                                         !op.getLhsTransposed());
  bool bWords = mdh_cl::mmaPairsAreWords(op.getRhs(), op.getRhsIndices(),
                                         op.getRhsTransposed());
  auto pack = [&](bool words, const std::string &lo, const std::string &hi) {
    if (words)
      return "*reinterpret_cast<const uint32_t *>(&" + lo + ")";
    return llvm::formatv("(uint32_t){0}({1}) | ((uint32_t){0}({2}) << 16)",
                         bits, lo, hi)
        .str();
  };
  auto a = [&](StringRef row, StringRef col) {
    return mmaOperandElement(op.getLhs(), op.getLhsIndices(),
                             op.getLhsTransposed(), row, col);
  };
  auto bElt = [&](StringRef row, StringRef col) {
    return mmaOperandElement(op.getRhs(), op.getRhsIndices(),
                             op.getRhsTransposed(), row, col);
  };
  // g = lane / 4 and t = lane % 4 (the PTX ISA's groupID and
  // threadID_in_group; m16n8k16 names 2 * threadID_in_group t).
  os << "{\n"
     << "const unsigned mdh_lane = (threadIdx.x + blockDim.x * (threadIdx.y + "
        "blockDim.y * threadIdx.z)) % 32u;\n"
     << "const unsigned mdh_g = mdh_lane / 4u, mdh_t = "
     << (tf32 ? "mdh_lane % 4u" : "2u * (mdh_lane % 4u)") << ";\n";
  os << "mdh_mma_m16n8k"
     << (tf32   ? "8_tf32"
         : bf16 ? "16_bf16"
                : "16_f16")
     << "(";
  for (int e = 0; e < 4; ++e)
    os << mmaAccumulator(op, e) << ",\n    ";
  if (tf32) {
    // A: a0 (g, t), a1 (g+8, t), a2 (g, t+4), a3 (g+8, t+4); B: b0 (t, g),
    // b1 (t+4, g).
    os << a("mdh_g", "mdh_t") << ",\n    " << a("mdh_g + 8u", "mdh_t")
       << ",\n    " << a("mdh_g", "mdh_t + 4u") << ",\n    "
       << a("mdh_g + 8u", "mdh_t + 4u") << ",\n    " << bElt("mdh_t", "mdh_g")
       << ",\n    " << bElt("mdh_t + 4u", "mdh_g") << ");\n}\n";
    return success();
  }
  // A: a0 a1 (g, t..t+1), a2 a3 (g+8, ..), a4 a5 (g, t+8..), a6 a7 (g+8,
  // t+8..); B: b0 b1 (t..t+1, g), b2 b3 (t+8.., g).
  os << pack(aWords, a("mdh_g", "mdh_t"), a("mdh_g", "mdh_t + 1u")) << ",\n    "
     << pack(aWords, a("mdh_g + 8u", "mdh_t"), a("mdh_g + 8u", "mdh_t + 1u"))
     << ",\n    "
     << pack(aWords, a("mdh_g", "mdh_t + 8u"), a("mdh_g", "mdh_t + 9u"))
     << ",\n    "
     << pack(aWords, a("mdh_g + 8u", "mdh_t + 8u"),
             a("mdh_g + 8u", "mdh_t + 9u"))
     << ",\n    "
     << pack(bWords, bElt("mdh_t", "mdh_g"), bElt("mdh_t + 1u", "mdh_g"))
     << ",\n    "
     << pack(bWords, bElt("mdh_t + 8u", "mdh_g"), bElt("mdh_t + 9u", "mdh_g"))
     << ");\n}\n";
  return success();
}

void CEmitterBase::printMmaHelpers(raw_ostream &out, StringRef qualifiers) {
  for (auto [need, type] : {std::make_pair(needMmaF16, "f16"),
                            std::make_pair(needMmaBF16, "bf16")}) {
    if (!need)
      continue;
    out << qualifiers << " void mdh_mma_m16n8k16_" << type
        << "(float &d0, float &d1, float &d2, float &d3, uint32_t a0, "
           "uint32_t a1,\n    uint32_t a2, uint32_t a3, uint32_t b0, "
           "uint32_t b1) {\n"
        << "  asm volatile(\"mma.sync.aligned.m16n8k16.row.col.f32." << type
        << "." << type
        << ".f32 {%0, %1, %2, %3}, \"\n"
           "               \"{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\"\n"
           "               : \"+f\"(d0), \"+f\"(d1), \"+f\"(d2), \"+f\"(d3)\n"
           "               : \"r\"(a0), \"r\"(a1), \"r\"(a2), \"r\"(a3), "
           "\"r\"(b0), \"r\"(b1));\n"
           "}\n\n";
  }
  printMfmaHelpers(out, qualifiers);
  if (!needMmaTF32)
    return;
  // The conversions are not volatile: fragments loaded twice convert once.
  out << qualifiers
      << " void mdh_mma_m16n8k8_tf32(float &d0, float &d1, float &d2, "
         "float &d3, float a0,\n    float a1, float a2, float a3, float b0, "
         "float b1) {\n"
         "  uint32_t x[6];\n"
         "  const float v[6] = {a0, a1, a2, a3, b0, b1};\n"
         "  for (int i = 0; i < 6; ++i)\n"
         "    asm(\"cvt.rna.tf32.f32 %0, %1;\" : \"=r\"(x[i]) : "
         "\"f\"(v[i]));\n"
         "  asm volatile(\"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
         "{%0, %1, %2, %3}, \"\n"
         "               \"{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\"\n"
         "               : \"+f\"(d0), \"+f\"(d1), \"+f\"(d2), \"+f\"(d3)\n"
         "               : \"r\"(x[0]), \"r\"(x[1]), \"r\"(x[2]), "
         "\"r\"(x[3]), \"r\"(x[4]),\n"
         "                 \"r\"(x[5]));\n"
         "}\n\n";
}
