//===- CMfmaPrinter.cpp - Wavefront-level matrix products in HIP ----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `mdh_cl.mma m16n16k16` in HIP: lane l of the wavefront (r = l % 16,
// q = 4 * (l / 16)) loads A[r][q .. q + 3] and B[q .. q + 3][r], the
// fragments of AMD's v_mfma_f32_16x16x16f16 / v_mfma_f32_16x16x16bf16_1k,
// as vectors of four (one 64-bit load where they are an aligned run along
// k), and calls a helper that issues the builtin on its four accumulators
// D[q .. q + 3][r]. The CPU emulation
// replaces the helper by one that rebuilds the 16x16 A and B from the
// fragments of all 64 lanes, so a wrong fragment index fails it
// (test/lit/Target/CUDA/mfma-emulate.test).
//
//===----------------------------------------------------------------------===//

#include "mdh/Target/C/CEmitterBase.h"

#include "mdh/Dialect/CL/MmaFragments.h"

using namespace mlir;
using namespace mlir::mdh;
using namespace mlir::mdh::cemit;

LogicalResult CEmitterBase::printMfma(mdh_cl::MmaOp op) {
  if (op.getShape() != mdh_cl::MmaShape::M16N16K16)
    return opError(op, "cannot be translated to ")
           << targetName << ": " << mdh_cl::stringifyMmaShape(op.getShape())
           << " is an NVIDIA mma.sync shape; AMD GPUs multiply m16n16k16";
  bool bf16 = cast<MemRefType>(op.getLhs().getType()).getElementType().isBF16();
  (bf16 ? needMfmaBF16 : needMfmaF16) = true;
  StringRef vec = bf16 ? "mdh_i16x4" : "mdh_f16x4";

  // The four elements along k as one vector: a 64-bit load where they are
  // an aligned run (k innermost in a shared tile at a multiple of 4), else
  // one by one.
  const char *k[4] = {"mdh_q", "mdh_q + 1u", "mdh_q + 2u", "mdh_q + 3u"};
  auto fragment = [&](Value memref, ValueRange indices, bool transposed,
                      bool alongCols) {
    auto elt = [&](int j) {
      return alongCols
                 ? mmaOperandElement(memref, indices, transposed, "mdh_r", k[j])
                 : mmaOperandElement(memref, indices, transposed, k[j],
                                     "mdh_r");
    };
    if (mdh_cl::mmaRunsAreAligned(memref, indices, alongCols != transposed, 4))
      return ("*reinterpret_cast<const " + vec + " *>(&" + elt(0) + ")").str();
    std::string v = (vec + "{").str();
    for (int j = 0; j < 4; ++j)
      v += (j ? ", " : "") + (bf16 ? "(short)" + elt(j) : elt(j));
    return v + "}";
  };
  os << "{\n"
     << "const unsigned mdh_lane = (threadIdx.x + blockDim.x * (threadIdx.y + "
        "blockDim.y * threadIdx.z)) % 64u;\n"
     << "const unsigned mdh_r = mdh_lane % 16u, mdh_q = 4u * (mdh_lane / "
        "16u);\n"
     << "mdh_mfma_16x16x16_" << (bf16 ? "bf16" : "f16") << "(";
  for (int e = 0; e < 4; ++e)
    os << mmaAccumulator(op, 0, 0, e) << ",\n    ";
  // A: (r, q + j); B: (q + j, r).
  os << fragment(op.getLhs(), op.getLhsIndices(), op.getLhsTransposed(),
                 /*alongCols=*/true)
     << ",\n    "
     << fragment(op.getRhs(), op.getRhsIndices(), op.getRhsTransposed(),
                 /*alongCols=*/false)
     << ");\n}\n";
  return success();
}

void CEmitterBase::printMfmaHelpers(raw_ostream &out, StringRef qualifiers) {
  if (!needMfmaF16 && !needMfmaBF16)
    return;
  // f16 as _Float16; bf16 as its bits, which the _1k builtin takes as i16.
  out << "typedef _Float16 mdh_f16x4 __attribute__((ext_vector_type(4)));\n"
      << "typedef short mdh_i16x4 __attribute__((ext_vector_type(4)));\n"
      << "typedef float mdh_f32x4 __attribute__((ext_vector_type(4)));\n\n";
  for (auto [need, bf16] : {std::make_pair(needMfmaF16, false),
                            std::make_pair(needMfmaBF16, true)}) {
    if (!need)
      continue;
    out << qualifiers << " void mdh_mfma_16x16x16_" << (bf16 ? "bf16" : "f16")
        << "(float &d0, float &d1, float &d2, float &d3,\n    "
        << (bf16 ? "mdh_i16x4" : "mdh_f16x4") << " a, "
        << (bf16 ? "mdh_i16x4" : "mdh_f16x4") << " b) {\n"
        << "  mdh_f32x4 c = {d0, d1, d2, d3};\n"
        << "  c = __builtin_amdgcn_mfma_f32_16x16x16"
        << (bf16 ? "bf16_1k" : "f16") << "(a, b, c, 0, 0, 0);\n"
        << "  d0 = c[0];\n  d1 = c[1];\n  d2 = c[2];\n  d3 = c[3];\n"
        << "}\n\n";
  }
}
