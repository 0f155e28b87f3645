//===- HostBuffer.h - Host memory for the buffers of a kernel ---*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_HOSTBUFFER_H
#define MDH_RUNNER_HOSTBUFFER_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace mlir::mdh {

/// A statically shaped, row-major, 64-byte aligned host buffer holding the
/// data of one memref argument, with element access by linear index as
/// `double` (float types) or `int64_t` (integer types, sign-extended).
class HostBuffer {
public:
  explicit HostBuffer(MemRefType type);

  MemRefType getType() const { return type; }
  Type getElementType() const { return type.getElementType(); }
  bool isFloat() const { return isa<FloatType>(getElementType()); }
  int64_t getNumElements() const { return numElements; }
  int64_t getElementBytes() const { return elementBytes; }
  int64_t getSizeInBytes() const { return numElements * elementBytes; }
  void *data() { return storage.get(); }
  /// A number no other buffer of this process has (device copies are keyed
  /// by it: a new buffer may reuse a freed one's address).
  uint64_t getId() const { return id; }

  double getFloat(int64_t i) const;
  void setFloat(int64_t i, double v);
  int64_t getInt(int64_t i) const;
  void setInt(int64_t i, int64_t v);
  /// The raw bits of element `i` (zero-extended).
  uint64_t getBits(int64_t i) const;

  /// Fills with seeded uniform data: floats in [-1, 1], integers in
  /// [-100, 100] (both signs, small enough to keep products meaningful).
  void fillRandom(std::mt19937_64 &rng);
  /// Fills with the sentinel: NaN for floats, 0x5A repeated for integers.
  void fillSentinel();
  /// Whether element `i` still holds the sentinel bit pattern.
  bool isSentinel(int64_t i) const;

  /// Linear (row-major) index of `indices`.
  int64_t linearize(ArrayRef<int64_t> indices) const;

  /// The C-interface memref descriptor `{alloc, aligned, offset, sizes[R],
  /// strides[R]}` of this buffer, as a blob of int64-sized words.
  std::vector<int64_t> &getDescriptor() { return descriptor; }

private:
  MemRefType type;
  int64_t numElements;
  int64_t elementBytes;
  std::unique_ptr<char, void (*)(void *)> storage;
  std::vector<int64_t> descriptor;
  SmallVector<int64_t> strides;
  uint64_t id;
};

/// Checks that host buffers can hold arguments of types `types` the way
/// mdh-run and mdh-tune allocate them, all at once: statically shaped memrefs
/// with the identity layout in the default memory space, of f16, bf16, f32,
/// f64, i8, i16, i32 or i64, together no larger than this machine's physical
/// memory (the allocator would abort otherwise). Reports the first violation
/// at `op`, the message naming `tool`, and fails.
LogicalResult checkHostBufferTypes(Operation *op, TypeRange types,
                                   StringRef tool);

} // namespace mlir::mdh

#endif // MDH_RUNNER_HOSTBUFFER_H
