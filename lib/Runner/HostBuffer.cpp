//===- HostBuffer.cpp - Host memory for the buffers of a kernel -----------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/HostBuffer.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mdh;

static void *allocateAligned(int64_t bytes) {
  // aligned_alloc wants a multiple of the alignment; never zero bytes.
  size_t size = (static_cast<size_t>(bytes) + 63) / 64 * 64;
  void *p = std::aligned_alloc(64, size ? size : 64);
  if (!p)
    llvm::report_fatal_error("out of host memory");
  return p;
}

/// Physical memory of this machine in bytes.
static uint64_t hostMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return UINT64_MAX;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
}

LogicalResult mlir::mdh::checkHostBufferTypes(Operation *op, TypeRange types,
                                              StringRef tool) {
  for (Type t : types) {
    auto memref = dyn_cast<MemRefType>(t);
    if (!memref || !memref.hasStaticShape())
      return op->emitError()
             << tool << " needs statically shaped memref arguments, got " << t;
    // Host buffers are dense and row-major in the default memory space.
    if (!memref.getLayout().isIdentity() || memref.getMemorySpace())
      return op->emitError() << tool
                             << " needs memrefs with the identity layout in "
                                "the default memory space, got "
                             << t;
    // Host buffers hold MDH element types only (fills, sentinels and the
    // reference read them as such).
    Type elt = memref.getElementType();
    auto integer = dyn_cast<IntegerType>(elt);
    if (!isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(elt) &&
        !(integer && integer.isSignless() &&
          llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth())))
      return op->emitError() << tool
                             << " needs memrefs of f16, bf16, f32, f64, i8, "
                                "i16, i32 or i64, got "
                             << t;
  }
  // All arguments are allocated at once; refuse what cannot fit instead of
  // failing (or overflowing the size) in the allocator.
  uint64_t totalBytes = 0;
  bool overflow = false;
  for (Type t : types) {
    auto memref = cast<MemRefType>(t);
    uint64_t bytes = memref.getElementTypeBitWidth() / 8;
    if (llvm::is_contained(memref.getShape(), 0))
      continue;
    for (int64_t n : memref.getShape()) {
      bool o = false;
      bytes = llvm::SaturatingMultiply(bytes, static_cast<uint64_t>(n), &o);
      overflow |= o;
    }
    bool o = false;
    totalBytes = llvm::SaturatingAdd(totalBytes, bytes, &o);
    overflow |= o;
    if (overflow || totalBytes > hostMemoryBytes())
      return op->emitError()
             << tool << " cannot allocate the arguments of this kernel: they "
             << "need "
             << (overflow ? std::string("more than 2^64")
                          : std::to_string(totalBytes))
             << " bytes, more than the " << hostMemoryBytes()
             << " bytes of memory of this machine";
  }
  return success();
}

HostBuffer::HostBuffer(MemRefType type)
    : type(type), numElements(type.getNumElements()),
      elementBytes(type.getElementTypeBitWidth() / 8),
      storage(static_cast<char *>(allocateAligned(
                  type.getNumElements() * (type.getElementTypeBitWidth() / 8))),
              std::free) {
  static std::atomic<uint64_t> nextId{0};
  id = nextId++;
  int64_t rank = type.getRank();
  strides.assign(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * type.getDimSize(d + 1);
  auto ptr = reinterpret_cast<int64_t>(storage.get());
  descriptor = {ptr, ptr, 0};
  for (int64_t d = 0; d < rank; ++d)
    descriptor.push_back(type.getDimSize(d));
  for (int64_t d = 0; d < rank; ++d)
    descriptor.push_back(strides[d]);
}

int64_t HostBuffer::linearize(ArrayRef<int64_t> indices) const {
  int64_t linear = 0;
  for (auto [i, s] : llvm::zip_equal(indices, strides))
    linear += i * s;
  return linear;
}

/// f16 and bf16 go through APFloat: slow, but exact and only used by the
/// rare half-precision kernels.
static const llvm::fltSemantics &halfSemantics(Type t) {
  return isa<BFloat16Type>(t) ? llvm::APFloat::BFloat()
                              : llvm::APFloat::IEEEhalf();
}

double HostBuffer::getFloat(int64_t i) const {
  const char *p = storage.get() + i * elementBytes;
  Type t = getElementType();
  if (t.isF64()) {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  if (t.isF32()) {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  uint16_t bits;
  std::memcpy(&bits, p, 2);
  llvm::APFloat f(halfSemantics(t), llvm::APInt(16, bits));
  return f.convertToDouble();
}

void HostBuffer::setFloat(int64_t i, double v) {
  char *p = storage.get() + i * elementBytes;
  Type t = getElementType();
  if (t.isF64()) {
    std::memcpy(p, &v, 8);
    return;
  }
  if (t.isF32()) {
    float f = static_cast<float>(v);
    std::memcpy(p, &f, 4);
    return;
  }
  llvm::APFloat f(v);
  bool lost;
  f.convert(halfSemantics(t), llvm::APFloat::rmNearestTiesToEven, &lost);
  uint16_t bits = f.bitcastToAPInt().getZExtValue();
  std::memcpy(p, &bits, 2);
}

uint64_t HostBuffer::getBits(int64_t i) const {
  uint64_t bits = 0;
  std::memcpy(&bits, storage.get() + i * elementBytes, elementBytes);
  return bits;
}

int64_t HostBuffer::getInt(int64_t i) const {
  uint64_t bits = getBits(i);
  unsigned width = elementBytes * 8;
  if (width == 64)
    return static_cast<int64_t>(bits);
  return llvm::SignExtend64(bits, width);
}

void HostBuffer::setInt(int64_t i, int64_t v) {
  std::memcpy(storage.get() + i * elementBytes, &v, elementBytes);
}

void HostBuffer::fillRandom(std::mt19937_64 &rng) {
  if (isFloat()) {
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    if (getElementType().isF32()) {
      auto *p = static_cast<float *>(data());
      for (int64_t i = 0; i < numElements; ++i)
        p[i] = static_cast<float>(dist(rng));
      return;
    }
    for (int64_t i = 0; i < numElements; ++i)
      setFloat(i, dist(rng));
    return;
  }
  std::uniform_int_distribution<int64_t> dist(-100, 100);
  for (int64_t i = 0; i < numElements; ++i)
    setInt(i, dist(rng));
}

static uint64_t sentinelBits(Type t, int64_t bytes) {
  if (isa<FloatType>(t)) {
    auto &sem = cast<FloatType>(t).getFloatSemantics();
    return llvm::APFloat::getQNaN(sem).bitcastToAPInt().getZExtValue();
  }
  return 0x5A5A5A5A5A5A5A5Aull >> (64 - 8 * bytes);
}

void HostBuffer::fillSentinel() {
  uint64_t bits = sentinelBits(getElementType(), elementBytes);
  for (int64_t i = 0; i < numElements; ++i)
    std::memcpy(storage.get() + i * elementBytes, &bits, elementBytes);
}

bool HostBuffer::isSentinel(int64_t i) const {
  return getBits(i) == sentinelBits(getElementType(), elementBytes);
}
