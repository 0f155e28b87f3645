//===- Npy.h - NumPy .npy files for the buffers of a kernel -----*- C++ -*-===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Reads and writes the NumPy .npy format (versions 1.0, 2.0 and 3.0): the
// magic string "\x93NUMPY", a version, the length of a header that is a
// Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': ...},
// then the raw elements. mdh-run fills kernel inputs from such files
// (`--input`) and writes the outputs as such files (`--output-dir`).
//
// Element types and their dtypes (docs: README.md, section mdh-run):
//   f16 '<f2', f32 '<f4', f64 '<f8', i8 '|i1', i16 '<i2', i32 '<i4',
//   i64 '<i8'; integers are signless, so '<uN' of the same width is read
//   too (and '<i1'/'|u1' for i8). bf16 has no NumPy dtype: it is written as
//   '<f4' (exact) and read from '<f4', rounded to the nearest bf16 (ties to
//   even). Big-endian data is refused; Fortran-ordered data is transposed
//   to the row-major order of the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_RUNNER_NPY_H
#define MDH_RUNNER_NPY_H

#include "mdh/Runner/HostBuffer.h"

#include "mlir/Support/LLVM.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace mlir::mdh {

/// The header of a .npy file.
struct NpyHeader {
  unsigned majorVersion = 1;
  unsigned minorVersion = 0;
  /// The dtype as written, e.g. "<f4".
  std::string descr;
  bool fortranOrder = false;
  SmallVector<int64_t> shape;
  /// Where the elements start, in bytes from the start of the file.
  uint64_t dataOffset = 0;
};

/// Parses the header at the start of `contents`. On failure `error` says
/// what is wrong (and where, as a byte offset, for a malformed dict).
FailureOr<NpyHeader> parseNpyHeader(StringRef contents, std::string &error);

/// The header NumPy writes for a C-ordered array: version 1.0 (2.0 when the
/// dict does not fit 65535 bytes), the dict padded with spaces and ended by
/// a newline so that the data starts at a multiple of 64 bytes.
std::string buildNpyHeader(StringRef descr, ArrayRef<int64_t> shape);

/// A shape as Python prints a tuple: "(13, 7)", "(5,)", "()".
std::string formatNpyShape(ArrayRef<int64_t> shape);

/// The dtype mdh-run writes for `elementType` ("<f4" for bf16).
std::string getNpyDescr(Type elementType);

/// Bytes per element of a simple dtype ('<f4', '|i1', ...), or 0 when
/// `descr` is no such dtype (a structured or string dtype, say).
unsigned getNpyItemSize(StringRef descr);

/// A .npy file read into memory (mapped, for large files).
class NpyArray {
public:
  /// Reads and checks `path`: magic, version, header, and that the data has
  /// exactly the bytes the shape and dtype ask for. On failure `error` says
  /// why ("cannot open the file: ...", "not a .npy file: ...", ...), without
  /// the path (the caller names it).
  static FailureOr<NpyArray> read(StringRef path, std::string &error);
  /// The same for a file already in memory.
  static FailureOr<NpyArray> parse(std::unique_ptr<llvm::MemoryBuffer> file,
                                   std::string &error);

  const NpyHeader &getHeader() const { return header; }

  /// Checks that this array can fill a buffer of `type`: an accepted dtype
  /// for the element type and exactly its shape. On failure `error` says
  /// "dtype '<f8', expected '<f4'" or "shape (7, 13), expected (13, 7)".
  LogicalResult checkFits(MemRefType type, std::string &error) const;

  /// Copies the elements into `buffer`, in row-major order (a Fortran-order
  /// file is transposed; bf16 is rounded from float). `checkFits` must have
  /// accepted the buffer's type.
  void copyTo(HostBuffer &buffer) const;

private:
  NpyArray(std::unique_ptr<llvm::MemoryBuffer> file, NpyHeader header)
      : file(std::move(file)), header(std::move(header)) {}

  std::unique_ptr<llvm::MemoryBuffer> file;
  NpyHeader header;
};

/// Writes `buffer` as a C-ordered .npy file (version 1.0) to `os`.
void writeNpy(llvm::raw_ostream &os, HostBuffer &buffer);

/// Writes `buffer` to the file `path`; on failure `error` says why.
LogicalResult writeNpyFile(StringRef path, HostBuffer &buffer,
                           std::string &error);

} // namespace mlir::mdh

#endif // MDH_RUNNER_NPY_H
