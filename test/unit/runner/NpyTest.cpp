//===- NpyTest.cpp - The .npy reader and writer of Runner/Npy -------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//
//
// Headers byte for byte as numpy.save writes them (the expected bytes were
// taken from NumPy 1.24), a Fortran-ordered file from NumPy, every element
// type written and read back, bf16 rounding, the header variants of format
// versions 1.0 to 3.0, and every malformed or mismatching file with its
// message.
//
//===----------------------------------------------------------------------===//

#include "../TestUtil.h"

#include "mdh/Runner/Npy.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"

#include <cstring>
#include <random>

using namespace mlir;
using namespace mlir::mdh;

namespace {
MLIRContext context;

/// A .npy file of format version `major` with header `dict` (as is, no
/// padding) and `data`.
std::string npyFile(unsigned major, StringRef dict, StringRef data) {
  std::string file("\x93NUMPY", 6);
  file.push_back(static_cast<char>(major));
  file.push_back(0);
  unsigned lengthBytes = major == 1 ? 2 : 4;
  for (unsigned i = 0; i < lengthBytes; ++i)
    file.push_back(static_cast<char>((dict.size() >> (8 * i)) & 0xff));
  return file + dict.str() + data.str();
}

FailureOr<NpyArray> parse(StringRef contents, std::string &error) {
  return NpyArray::parse(llvm::MemoryBuffer::getMemBufferCopy(contents), error);
}

/// The error of parsing `contents` (empty when it parses).
std::string parseError(StringRef contents) {
  std::string error;
  if (succeeded(parse(contents, error)))
    return "";
  return error;
}

/// The error of checking `contents` against `type` (empty when it fits).
std::string fitError(StringRef contents, MemRefType type) {
  std::string error;
  FailureOr<NpyArray> array = parse(contents, error);
  if (failed(array))
    return "parse: " + error;
  if (succeeded(array->checkFits(type, error)))
    return "";
  return error;
}

std::string write(HostBuffer &buffer) {
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  writeNpy(os, buffer);
  return bytes;
}

MemRefType memref(ArrayRef<int64_t> shape, Type element) {
  return MemRefType::get(shape, element);
}

void headersAsNumPy() {
  // numpy.save(np.zeros((2, 3), np.float32)): 118 header bytes, data at 128.
  std::string header = buildNpyHeader("<f4", {2, 3});
  MDH_CHECK_EQ(header.size(), size_t(128));
  MDH_CHECK(
      StringRef(header).starts_with(StringRef("\x93NUMPY\x01\x00v\x00", 10)));
  MDH_CHECK(StringRef(header).drop_front(10).starts_with(
      "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }   "));
  MDH_CHECK_EQ(header.back(), '\n');
  MDH_CHECK_EQ(StringRef(header).drop_front(10).drop_back().rtrim(' '),
               StringRef("{'descr': '<f4', 'fortran_order': False, "
                         "'shape': (2, 3), }"));
  // A 0-d array and a 1-d one (with the trailing comma of a 1-tuple).
  MDH_CHECK_EQ(buildNpyHeader("<f8", {}).size(), size_t(128));
  MDH_CHECK(StringRef(buildNpyHeader("<f8", {})).contains("'shape': (), }"));
  MDH_CHECK(StringRef(buildNpyHeader("|i1", {5})).contains("'shape': (5,), }"));
  // Long shapes still end at a multiple of 64.
  SmallVector<int64_t> shape(20, 1000);
  MDH_CHECK_EQ(buildNpyHeader("<f4", shape).size() % 64, size_t(0));
  MDH_CHECK_EQ(formatNpyShape({13, 7}), std::string("(13, 7)"));
}

void readsNumPyFortranOrder() {
  // numpy.save(np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3)))
  std::string dict = "{'descr': '<i4', 'fortran_order': True, 'shape': (2, "
                     "3), }";
  dict.append(128 - 10 - dict.size() - 1, ' ');
  dict += "\n";
  const int32_t columnMajor[] = {0, 3, 1, 4, 2, 5};
  std::string file = npyFile(
      1, dict, StringRef(reinterpret_cast<const char *>(columnMajor), 24));
  std::string error;
  FailureOr<NpyArray> array = parse(file, error);
  MDH_CHECK(succeeded(array));
  if (failed(array))
    return;
  MDH_CHECK(array->getHeader().fortranOrder);
  MDH_CHECK_EQ(array->getHeader().dataOffset, uint64_t(128));
  MemRefType type = memref({2, 3}, IntegerType::get(&context, 32));
  MDH_CHECK(succeeded(array->checkFits(type, error)));
  HostBuffer buffer(type);
  array->copyTo(buffer);
  for (int64_t i = 0; i < 6; ++i)
    MDH_CHECK_EQ(buffer.getInt(i), i);

  // Rank 3 in Fortran order: element (i, j, k) at i + 2 j + 6 k.
  SmallVector<float> data(24);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 4; ++k)
        data[i + 2 * j + 6 * k] = float(100 * i + 10 * j + k);
  file =
      npyFile(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3, 4)}",
              StringRef(reinterpret_cast<const char *>(data.data()), 96));
  array = parse(file, error);
  MDH_CHECK(succeeded(array));
  if (failed(array))
    return;
  HostBuffer cube(memref({2, 3, 4}, Float32Type::get(&context)));
  array->copyTo(cube);
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 4; ++k)
        MDH_CHECK_EQ(cube.getFloat(cube.linearize({i, j, k})),
                     double(100 * i + 10 * j + k));
}

void roundTripsEveryType() {
  Builder b(&context);
  std::mt19937_64 rng(7);
  struct Case {
    Type type;
    StringRef descr;
  } cases[] = {{b.getF16Type(), "<f2"}, {b.getBF16Type(), "<f4"},
               {b.getF32Type(), "<f4"}, {b.getF64Type(), "<f8"},
               {b.getI8Type(), "|i1"},  {b.getI16Type(), "<i2"},
               {b.getI32Type(), "<i4"}, {b.getI64Type(), "<i8"}};
  for (const Case &c : cases) {
    MDH_CHECK_EQ(getNpyDescr(c.type), c.descr.str());
    MemRefType type = memref({3, 5}, c.type);
    HostBuffer original(type);
    original.fillRandom(rng);
    std::string bytes = write(original);
    std::string error;
    FailureOr<NpyArray> array = parse(bytes, error);
    MDH_CHECK(succeeded(array));
    if (failed(array))
      continue;
    MDH_CHECK_EQ(array->getHeader().descr, c.descr.str());
    MDH_CHECK(array->getHeader().shape == SmallVector<int64_t>({3, 5}));
    MDH_CHECK(succeeded(array->checkFits(type, error)));
    HostBuffer copy(type);
    array->copyTo(copy);
    for (int64_t i = 0; i < 15; ++i)
      MDH_CHECK_EQ(copy.getBits(i), original.getBits(i));
  }
  // 0-d.
  HostBuffer scalar(memref({}, b.getF64Type()));
  scalar.setFloat(0, 2.5);
  std::string error;
  FailureOr<NpyArray> array = parse(write(scalar), error);
  MDH_CHECK(succeeded(array) && array->getHeader().shape.empty());
}

void roundsToBF16() {
  // 1 + 2^-8 lies halfway between 1 and the next bf16, 1 + 2^-7: ties to
  // the even one, 1. 1 + 3 * 2^-8 lies halfway between 1 + 2^-7 and
  // 1 + 2^-6: the even one is 1 + 2^-6.
  const float values[] = {1.0f + 0x1p-8f, 1.0f + 3 * 0x1p-8f, -0.5f};
  std::string file = npyFile(
      1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
      StringRef(reinterpret_cast<const char *>(values), sizeof(values)));
  std::string error;
  FailureOr<NpyArray> array = parse(file, error);
  MDH_CHECK(succeeded(array));
  if (failed(array))
    return;
  HostBuffer buffer(memref({3}, BFloat16Type::get(&context)));
  MDH_CHECK(succeeded(array->checkFits(buffer.getType(), error)));
  array->copyTo(buffer);
  MDH_CHECK_EQ(buffer.getFloat(0), 1.0);
  MDH_CHECK_EQ(buffer.getFloat(1), 1.0 + 0x1p-6);
  MDH_CHECK_EQ(buffer.getFloat(2), -0.5);
}

void parsesHeaderVariants() {
  std::string data(8, '\0');
  // Versions 2.0 and 3.0 (a 4-byte header length), keys in any order,
  // double quotes, no trailing comma, Python 2 long integers.
  for (unsigned major : {1u, 2u, 3u}) {
    std::string error;
    FailureOr<NpyArray> array =
        parse(npyFile(major,
                      "{\"shape\": (2L,), \"fortran_order\": False, \"descr\": "
                      "\"<f4\"}\n",
                      data),
              error);
    MDH_CHECK(succeeded(array));
    if (failed(array))
      continue;
    MDH_CHECK_EQ(array->getHeader().majorVersion, major);
    MDH_CHECK_EQ(array->getHeader().descr, std::string("<f4"));
    MDH_CHECK(array->getHeader().shape == SmallVector<int64_t>({2}));
  }
  // Unsigned data for signless integers; one-byte integers with any order.
  Builder b(&context);
  MDH_CHECK_EQ(
      fitError(npyFile(1,
                       "{'descr': '<u4', 'fortran_order': False, 'shape': "
                       "(2,)}",
                       data),
               memref({2}, b.getI32Type())),
      std::string());
  MDH_CHECK_EQ(
      fitError(npyFile(1,
                       "{'descr': '|u1', 'fortran_order': False, 'shape': "
                       "(8,)}",
                       data),
               memref({8}, b.getI8Type())),
      std::string());
}

void refusesMalformedFiles() {
  const char *dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}";
  std::string data(8, '\0');
  MDH_CHECK_EQ(parseError("PK\x03\x04 not numpy"),
               std::string("not a .npy file: it does not start with "
                           "\\x93NUMPY"));
  MDH_CHECK_EQ(parseError(StringRef("\x93NUMPY\x01", 7)),
               std::string("truncated: the file ends inside the header"));
  MDH_CHECK_EQ(parseError(npyFile(4, dict, data)),
               std::string("unsupported .npy format version 4.0 (mdh-run "
                           "reads 1.0, 2.0 and 3.0)"));
  MDH_CHECK_EQ(parseError(npyFile(1, dict, data).substr(0, 30)),
               std::string("truncated: the header is 55 bytes long, the file "
                           "ends after 20"));
  MDH_CHECK_EQ(parseError(npyFile(1, dict, data.substr(4))),
               std::string("the data has 4 bytes, but shape (2,) of dtype "
                           "'<f4' needs 8"));
  MDH_CHECK_EQ(parseError(npyFile(1, dict, data + "x")),
               std::string("the data has 9 bytes, but shape (2,) of dtype "
                           "'<f4' needs 8"));
  MDH_CHECK_EQ(parseError(npyFile(1, "{'descr': '<f4', 'shape': (2,)}", data)),
               std::string("malformed header at byte 41: the header has no "
                           "'fortran_order'"));
  MDH_CHECK_EQ(parseError(npyFile(1,
                                  "{'descr': '<f4', 'fortran_order': False, "
                                  "'shape': (2,), 'extra': 1}",
                                  data)),
               std::string("malformed header at byte 66: unexpected key "
                           "'extra' (a header has 'descr', 'fortran_order' "
                           "and 'shape')"));
  MDH_CHECK_EQ(parseError(npyFile(1,
                                  "{'descr': '<f4', 'descr': '<f4', "
                                  "'fortran_order': False, 'shape': (2,)}",
                                  data)),
               std::string("malformed header at byte 27: repeated key "
                           "'descr' (a header has 'descr', 'fortran_order' "
                           "and 'shape')"));
  MDH_CHECK_EQ(parseError(npyFile(1,
                                  "{'descr': [('a', '<f4')], "
                                  "'fortran_order': False, 'shape': (2,)}",
                                  data)),
               std::string("malformed header at byte 20: a structured dtype "
                           "(a list of fields) is not supported; mdh-run "
                           "reads arrays of numbers"));
  MDH_CHECK_EQ(parseError(npyFile(1,
                                  "{'descr': '<f4', 'fortran_order': False, "
                                  "'shape': (-2,)}",
                                  data)),
               std::string("malformed header at byte 61: expected a "
                           "non-negative size"));
  MDH_CHECK_EQ(parseError(npyFile(1,
                                  "{'descr': '<f4', 'fortran_order': 0, "
                                  "'shape': (2,)}",
                                  data)),
               std::string("malformed header at byte 44: expected True or "
                           "False"));
  MDH_CHECK_EQ(parseError(npyFile(1, std::string(dict) + " junk", data)),
               std::string("malformed header at byte 66: unexpected text "
                           "after the dict"));
  MDH_CHECK_EQ(parseError(npyFile(1, "{'descr: '<f4'}", data)),
               std::string("malformed header at byte 20: expected ':' after "
                           "'descr: '"));
}

void refusesMismatches() {
  Builder b(&context);
  std::string data(48, '\0');
  auto file = [&](StringRef descr, StringRef shape) {
    return npyFile(1,
                   ("{'descr': '" + descr +
                    "', 'fortran_order': False, 'shape': " + shape + "}")
                       .str(),
                   data.substr(0, getNpyItemSize(descr) * 6));
  };
  MDH_CHECK_EQ(fitError(file("<f8", "(2, 3)"), memref({2, 3}, b.getF32Type())),
               std::string("dtype '<f8', expected '<f4'"));
  MDH_CHECK_EQ(fitError(file("<f4", "(3, 2)"), memref({2, 3}, b.getF32Type())),
               std::string("shape (3, 2), expected (2, 3)"));
  MDH_CHECK_EQ(fitError(file("<f4", "(6,)"), memref({2, 3}, b.getF32Type())),
               std::string("shape (6,), expected (2, 3)"));
  MDH_CHECK_EQ(fitError(file(">f4", "(2, 3)"), memref({2, 3}, b.getF32Type())),
               std::string("dtype '>f4', expected '<f4' (the file is "
                           "big-endian; numpy: a.astype('<f4'))"));
  MDH_CHECK_EQ(fitError(file("<i4", "(2, 3)"), memref({2, 3}, b.getF32Type())),
               std::string("dtype '<i4', expected '<f4'"));
  MDH_CHECK_EQ(fitError(file("<f4", "(2, 3)"), memref({2, 3}, b.getI32Type())),
               std::string("dtype '<f4', expected '<i4'"));
  MDH_CHECK_EQ(fitError(file("<f2", "(2, 3)"), memref({2, 3}, b.getBF16Type())),
               std::string("dtype '<f2', expected '<f4' (bf16 has no NumPy "
                           "dtype: mdh-run reads float32 and rounds it to "
                           "bf16)"));
  MDH_CHECK_EQ(fitError(npyFile(1,
                                "{'descr': '<U3', 'fortran_order': False, "
                                "'shape': (2,)}",
                                data),
                        memref({2}, b.getF32Type())),
               std::string("dtype '<U3', expected '<f4'"));
  MDH_CHECK_EQ(getNpyItemSize("<U3"), 0u);
  MDH_CHECK_EQ(getNpyItemSize("|b1"), 1u);
}

void writesFiles() {
  HostBuffer buffer(memref({4}, Float32Type::get(&context)));
  for (int64_t i = 0; i < 4; ++i)
    buffer.setFloat(i, i);
  SmallString<128> dir;
  MDH_CHECK(!llvm::sys::fs::createUniqueDirectory("mdh-npy-test", dir));
  std::string path = (dir + "/x.npy").str();
  std::string error;
  MDH_CHECK(succeeded(writeNpyFile(path, buffer, error)));
  FailureOr<NpyArray> array = NpyArray::read(path, error);
  MDH_CHECK(succeeded(array));
  if (succeeded(array)) {
    HostBuffer copy(buffer.getType());
    array->copyTo(copy);
    MDH_CHECK_EQ(copy.getFloat(3), 3.0);
  }
  MDH_CHECK(failed(writeNpyFile((dir + "/none/x.npy").str(), buffer, error)));
  MDH_CHECK_EQ(error, std::string("No such file or directory"));
  MDH_CHECK(failed(NpyArray::read((dir + "/none.npy").str(), error)));
  MDH_CHECK_EQ(error,
               std::string("cannot open the file: No such file or directory"));
  llvm::sys::fs::remove(path);
  llvm::sys::fs::remove(dir);
}
} // namespace

int main() {
  MDH_RUN(headersAsNumPy);
  MDH_RUN(readsNumPyFortranOrder);
  MDH_RUN(roundTripsEveryType);
  MDH_RUN(roundsToBF16);
  MDH_RUN(parsesHeaderVariants);
  MDH_RUN(refusesMalformedFiles);
  MDH_RUN(refusesMismatches);
  MDH_RUN(writesFiles);
  return mdh_test::failures() ? 1 : 0;
}
