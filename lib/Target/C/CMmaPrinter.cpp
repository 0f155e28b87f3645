//===- CMmaPrinter.cpp - Warp-level matrix products in CUDA ---------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// `mdh_cl.mma` in CUDA: each lane loads its fragments of A and B from
// memory in the layout of the PTX ISA (Matrix Fragments for mma.m16n8k16
// and mma.m16n8k8 with floating point type), once per row (A) and column
// (B) of the op's warp tile: with `ldmatrix` (.x4, or .x2/.x4 .trans for
// operands whose pairs run across rows) from shared tiles with 16-byte
// rows, else element by element. Then it issues one `mma.sync` per product
// through a helper with inline PTX:
// - m16n8k16: pairs of 16-bit elements packed into 32-bit registers (the
//   lower index in the lower half),
//   `mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32`;
// - m16n8k8: one f32 element per register, rounded by `cvt.rna.tf32.f32`,
//   `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`.
// The CPU emulation replaces the helpers by ones that rebuild A and B from
// the fragments of all 32 lanes (and ldmatrix by one that gathers the 32
// lanes' row addresses), so a wrong fragment index fails the emulation.
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

std::string CEmitterBase::mmaAccumulator(mdh_cl::MmaOp op, int64_t i, int64_t j,
                                         int e) {
  SmallVector<std::string> idx;
  for (Value v : op.getAccIndices())
    idx.push_back(nameOf(v).str());
  auto plus = [&](size_t back, int64_t c) {
    if (c != 0 || back == 1)
      idx[idx.size() - back] =
          paren(idx[idx.size() - back] + " + " + std::to_string(c));
  };
  plus(1, e);
  if (op.getTiles()) {
    plus(2, j);
    plus(3, i);
  }
  return element(op.getAcc(), ArrayRef<std::string>(idx));
}

/// Whether the 8 x 8 blocks of 16-bit units that an operand's fragments
/// are made of can be loaded by `ldmatrix`: the rows of the operand's
/// shared tile are aligned runs of 16 bytes from the index read
/// (mmaRunsAreAligned, asked of the innermost dimension whichever it is).
/// With k innermost each block row runs along k (plain ldmatrix); otherwise
/// along m or n, and `.trans` gives the pairs along k, which only 16-bit
/// elements allow.
static bool ldmatrixReads(Value memref, ValueRange indices, bool kInnermost,
                          int64_t bytes) {
  return mdh_cl::mmaRunsAreAligned(memref, indices, /*kInnermost=*/true,
                                   16 / bytes) &&
         (kInnermost || bytes == 2);
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
  int64_t bytes = tf32 ? 4 : 2, kUnit = 16 / bytes;
  int64_t tm = op.getTilesM(), tn = op.getTilesN();
  bool aKInner = !op.getLhsTransposed(), bKInner = op.getRhsTransposed();

  // A pair is one 32-bit load where it is an aligned word (k innermost).
  bool aWords =
      mdh_cl::mmaPairsAreWords(op.getLhs(), op.getLhsIndices(), aKInner);
  bool bWords =
      mdh_cl::mmaPairsAreWords(op.getRhs(), op.getRhsIndices(), bKInner);
  auto pack = [&](bool words, const std::string &lo, const std::string &hi) {
    if (words)
      return "*reinterpret_cast<const uint32_t *>(&" + lo + ")";
    return llvm::formatv("(uint32_t){0}({1}) | ((uint32_t){0}({2}) << 16)",
                         bits, lo, hi)
        .str();
  };
  auto a = [&](const std::string &row, const std::string &col) {
    return mmaOperandElement(op.getLhs(), op.getLhsIndices(),
                             op.getLhsTransposed(), row, col);
  };
  auto bElt = [&](const std::string &row, const std::string &col) {
    return mmaOperandElement(op.getRhs(), op.getRhsIndices(),
                             op.getRhsTransposed(), row, col);
  };
  auto u = [](int64_t v) { return std::to_string(v) + "u"; };
  // A fragment register: one element (TF32: its bits, rounded) or a packed
  // pair.
  auto reg = [&](bool words, const std::string &first,
                 const std::string &second) {
    return tf32 ? "mdh_tf32(__float_as_uint(" + first + "))"
                : pack(words, first, second);
  };
  // ldmatrix: lane l gives row l % 8 of 8 x 8 block l / 8 (q, r below).
  auto ldmatrix = [&](bool x4, bool trans, ArrayRef<std::string> regs,
                      const std::string &element) {
    needLdmatrix |= 1u << ((x4 ? 1 : 0) | (trans ? 2 : 0));
    os << "mdh_ldmatrix_" << (x4 ? "x4" : "x2") << (trans ? "_trans" : "")
       << "(";
    for (const std::string &r : regs)
      os << r << ", ";
    os << "&" << element << ");\n";
    // TF32: each register rounded once, where it is loaded.
    if (tf32)
      for (const std::string &r : regs)
        os << r << " = mdh_tf32(" << r << ");\n";
  };

  // g = lane / 4 and t = lane % 4 (the PTX ISA's groupID and
  // threadID_in_group; m16n8k16 names 2 * threadID_in_group t).
  os << "{\n"
     << "const unsigned mdh_lane = (threadIdx.x + blockDim.x * (threadIdx.y + "
        "blockDim.y * threadIdx.z)) % 32u;\n"
     << "const unsigned mdh_g = mdh_lane / 4u, mdh_t = "
     << (tf32 ? "mdh_lane % 4u" : "2u * (mdh_lane % 4u)") << ";\n"
     << "const unsigned mdh_q = mdh_lane / 8u, mdh_r = mdh_lane % 8u;\n"
     << "(void)mdh_g; (void)mdh_t; (void)mdh_q; (void)mdh_r;\n"
     << "uint32_t mdh_fa[" << tm << "][4], mdh_fb[" << tn << "][2];\n";
  auto fa = [&](int64_t i, int r) {
    return "mdh_fa[" + std::to_string(i) + "][" + std::to_string(r) + "]";
  };
  auto fb = [&](int64_t j, int r) {
    return "mdh_fb[" + std::to_string(j) + "][" + std::to_string(r) + "]";
  };

  // A of product row i: rows 16 i .. 16 i + 15. Its registers are the
  // blocks (rows 0-7, k 0..), (rows 8-15, k 0..), (rows 0-7, k + unit),
  // (rows 8-15, k + unit): block q holds rows 8 (q % 2), k from unit (q /
  // 2).
  bool aLd = ldmatrixReads(op.getLhs(), op.getLhsIndices(), aKInner, bytes);
  std::string half = tf32 ? "4u" : "8u";
  for (int64_t i = 0; i < tm; ++i) {
    std::string r0 = u(16 * i);
    if (aLd) {
      std::string row = r0 + " + 8u * (mdh_q % 2u)";
      std::string col = u(kUnit) + " * (mdh_q / 2u)";
      (aKInner ? row : col) += " + mdh_r";
      ldmatrix(true, !aKInner, {fa(i, 0), fa(i, 1), fa(i, 2), fa(i, 3)},
               a(row, col));
      continue;
    }
    std::string g = r0 + " + mdh_g", g8 = r0 + " + mdh_g + 8u";
    std::string t1 = "mdh_t + 1u", th = "mdh_t + " + half,
                th1 = "mdh_t + " + u(kUnit + 1);
    // m16n8k16: a0 a1 (g, t..t+1), a2 a3 (g+8, ..), a4 a5 (g, t+8..), a6 a7
    // (g+8, t+8..); m16n8k8: a0 (g, t), a1 (g+8, t), a2 (g, t+4), a3 (g+8,
    // t+4).
    os << fa(i, 0) << " = " << reg(aWords, a(g, "mdh_t"), a(g, t1)) << ";\n"
       << fa(i, 1) << " = " << reg(aWords, a(g8, "mdh_t"), a(g8, t1)) << ";\n"
       << fa(i, 2) << " = " << reg(aWords, a(g, th), a(g, th1)) << ";\n"
       << fa(i, 3) << " = " << reg(aWords, a(g8, th), a(g8, th1)) << ";\n";
  }

  // B of product column j: columns 8 j .. 8 j + 7, as the blocks (n 0-7, k
  // 0..) and (n 0-7, k + unit); x4 loads those of two columns.
  bool bLd = ldmatrixReads(op.getRhs(), op.getRhsIndices(), bKInner, bytes);
  for (int64_t j = 0; j < tn;) {
    if (bLd) {
      bool x4 = j + 1 < tn;
      std::string n = u(8 * j) + (x4 ? " + 8u * (mdh_q / 2u)" : "");
      std::string k = u(kUnit) + " * (mdh_q % 2u)";
      (bKInner ? n : k) += " + mdh_r";
      SmallVector<std::string> regs = {fb(j, 0), fb(j, 1)};
      if (x4)
        regs.append({fb(j + 1, 0), fb(j + 1, 1)});
      ldmatrix(x4, !bKInner, regs, bElt(k, n));
      j += x4 ? 2 : 1;
      continue;
    }
    std::string g = u(8 * j) + " + mdh_g";
    // m16n8k16: b0 b1 (t..t+1, g), b2 b3 (t+8.., g); m16n8k8: b0 (t, g),
    // b1 (t+4, g).
    os << fb(j, 0) << " = "
       << reg(bWords, bElt("mdh_t", g), bElt("mdh_t + 1u", g)) << ";\n"
       << fb(j, 1) << " = "
       << reg(bWords, bElt("mdh_t + " + half, g),
              bElt("mdh_t + " + u(kUnit + 1), g))
       << ";\n";
    ++j;
  }

  for (int64_t i = 0; i < tm; ++i) {
    for (int64_t j = 0; j < tn; ++j) {
      os << "mdh_mma_m16n8k"
         << (tf32   ? "8_tf32"
             : bf16 ? "16_bf16"
                    : "16_f16")
         << "(";
      for (int e = 0; e < 4; ++e)
        os << mmaAccumulator(op, i, j, e) << ", ";
      os << fa(i, 0) << ", " << fa(i, 1) << ", " << fa(i, 2) << ", " << fa(i, 3)
         << ", " << fb(j, 0) << ", " << fb(j, 1) << ");\n";
    }
  }
  os << "}\n";
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
  // cp.async of 16 bytes, .cg (the copy bypasses L1), and the wait for all
  // of the thread's copies, which every barrier of the kernel precedes.
  if (needCpAsync)
    out << qualifiers
        << " void mdh_cp_async16(void *dst, const void *src) {\n"
           "  asm volatile(\"cp.async.cg.shared.global [%0], [%1], 16;\"\n"
           "               :: \"r\"((unsigned)__cvta_generic_to_shared(dst)),\n"
           "                  \"l\"(__cvta_generic_to_global(src))\n"
           "               : \"memory\");\n"
           "}\n\n"
        << qualifiers
        << " void mdh_cp_async_wait() {\n"
           "  asm volatile(\"cp.async.wait_all;\" ::: \"memory\");\n"
           "}\n\n";
  // ldmatrix: volatile, like the mma.sync, so that it stays between the
  // barriers around the shared tile; each fragment is loaded once anyway.
  for (unsigned kind = 0; kind < 4; ++kind) {
    if (!(needLdmatrix & (1u << kind)))
      continue;
    bool x4 = kind & 1, trans = kind & 2;
    int n = x4 ? 4 : 2;
    out << qualifiers << " void mdh_ldmatrix_" << (x4 ? "x4" : "x2")
        << (trans ? "_trans" : "") << "(";
    for (int r = 0; r < n; ++r)
      out << "uint32_t &r" << r << ", ";
    out << "const void *p) {\n"
        << "  asm volatile(\"ldmatrix.sync.aligned.m8n8.x" << n
        << (trans ? ".trans" : "") << ".shared.b16 {";
    for (int r = 0; r < n; ++r)
      out << (r ? ", " : "") << "%" << r;
    out << "}, [%" << n << "];\"\n               : ";
    for (int r = 0; r < n; ++r)
      out << (r ? ", " : "") << "\"=r\"(r" << r << ")";
    out << "\n               : \"r\"((unsigned)__cvta_generic_to_shared(p)));\n"
        << "}\n\n";
  }
  printMfmaHelpers(out, qualifiers);
  if (!needMmaTF32)
    return;
  // The fragments come rounded (mdh_tf32, once per fragment register).
  out << qualifiers
      << " uint32_t mdh_tf32(uint32_t x) {\n"
         "  uint32_t r;\n"
         "  asm(\"cvt.rna.tf32.f32 %0, %1;\" : \"=r\"(r) : "
         "\"f\"(__uint_as_float(x)));\n"
         "  return r;\n"
         "}\n\n"
      << qualifiers
      << " void mdh_mma_m16n8k8_tf32(float &d0, float &d1, float &d2, "
         "float &d3, uint32_t a0,\n    uint32_t a1, uint32_t a2, uint32_t a3, "
         "uint32_t b0, uint32_t b1) {\n"
         "  asm volatile(\"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
         "{%0, %1, %2, %3}, \"\n"
         "               \"{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\"\n"
         "               : \"+f\"(d0), \"+f\"(d1), \"+f\"(d2), \"+f\"(d3)\n"
         "               : \"r\"(a0), \"r\"(a1), \"r\"(a2), \"r\"(a3), "
         "\"r\"(b0), \"r\"(b1));\n"
         "}\n\n";
}
