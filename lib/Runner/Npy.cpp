//===- Npy.cpp - NumPy .npy files for the buffers of a kernel -------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Runner/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir;
using namespace mlir::mdh;

// The data is copied as it is: the host must be little-endian like the
// files mdh-run reads and writes.
static_assert(llvm::endianness::native == llvm::endianness::little,
              "the .npy reader and writer assume a little-endian host");

static constexpr char kMagic[] = "\x93NUMPY";
static constexpr size_t kMagicSize = 6;

namespace {
/// A parser of the Python dict literal of a .npy header, with the subset of
/// Python that NumPy writes: strings, True/False, tuples of integers.
class HeaderParser {
public:
  HeaderParser(StringRef text, uint64_t base, std::string &error)
      : text(text), base(base), error(error) {}

  LogicalResult parse(NpyHeader &header);

private:
  LogicalResult fail(const Twine &message) {
    error = ("malformed header at byte " + Twine(base + pos) + ": " + message)
                .str();
    return failure();
  }
  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  LogicalResult parseString(std::string &out);
  LogicalResult parseBool(bool &out);
  LogicalResult parseShape(SmallVector<int64_t> &out);

  StringRef text;
  uint64_t base;
  std::string &error;
  size_t pos = 0;
};
} // namespace

LogicalResult HeaderParser::parseString(std::string &out) {
  skipSpace();
  if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
    return fail("expected a quoted string");
  char quote = text[pos++];
  out.clear();
  while (pos < text.size() && text[pos] != quote) {
    if (text[pos] == '\\' && pos + 1 < text.size())
      ++pos;
    out.push_back(text[pos++]);
  }
  if (pos >= text.size())
    return fail("unterminated string");
  ++pos;
  return success();
}

LogicalResult HeaderParser::parseBool(bool &out) {
  skipSpace();
  StringRef rest = text.drop_front(pos);
  for (auto [word, value] :
       {std::pair{"True", true}, std::pair{"False", false}}) {
    if (rest.starts_with(word)) {
      pos += StringRef(word).size();
      out = value;
      return success();
    }
  }
  return fail("expected True or False");
}

LogicalResult HeaderParser::parseShape(SmallVector<int64_t> &out) {
  if (!consume('('))
    return fail("expected a tuple of sizes");
  out.clear();
  while (!consume(')')) {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    int64_t size;
    if (start == pos ||
        text.slice(start, pos).getAsInteger(10, size) /*overflow*/)
      return fail("expected a non-negative size");
    out.push_back(size);
    // Python 2 wrote long integers with an L.
    if (pos < text.size() && text[pos] == 'L')
      ++pos;
    if (!consume(',')) {
      if (!consume(')'))
        return fail("expected ',' or ')' in the shape");
      break;
    }
  }
  return success();
}

LogicalResult HeaderParser::parse(NpyHeader &header) {
  if (!consume('{'))
    return fail("expected '{'");
  bool seenDescr = false, seenOrder = false, seenShape = false;
  while (!consume('}')) {
    size_t keyPos = pos;
    std::string key;
    if (failed(parseString(key)))
      return failure();
    if (!consume(':'))
      return fail("expected ':' after '" + key + "'");
    bool *seen = key == "descr"           ? &seenDescr
                 : key == "fortran_order" ? &seenOrder
                 : key == "shape"         ? &seenShape
                                          : nullptr;
    if (!seen || *seen) {
      pos = keyPos;
      skipSpace();
      return fail((seen ? "repeated key '" : "unexpected key '") + key +
                  "' (a header has 'descr', 'fortran_order' and 'shape')");
    }
    *seen = true;
    if (key == "descr") {
      skipSpace();
      if (pos < text.size() && text[pos] == '[')
        return fail("a structured dtype (a list of fields) is not supported; "
                    "mdh-run reads arrays of numbers");
      if (failed(parseString(header.descr)))
        return failure();
    } else if (key == "fortran_order") {
      if (failed(parseBool(header.fortranOrder)))
        return failure();
    } else if (failed(parseShape(header.shape))) {
      return failure();
    }
    if (!consume(',')) {
      if (!consume('}'))
        return fail("expected ',' or '}'");
      break;
    }
  }
  skipSpace();
  if (pos != text.size())
    return fail("unexpected text after the dict");
  for (auto [seen, key] :
       {std::pair{seenDescr, "descr"}, std::pair{seenOrder, "fortran_order"},
        std::pair{seenShape, "shape"}})
    if (!seen)
      return fail(Twine("the header has no '") + key + "'");
  return success();
}

FailureOr<NpyHeader> mlir::mdh::parseNpyHeader(StringRef contents,
                                               std::string &error) {
  if (!contents.starts_with(StringRef(kMagic, kMagicSize))) {
    error = "not a .npy file: it does not start with \\x93NUMPY";
    return failure();
  }
  if (contents.size() < kMagicSize + 2) {
    error = "truncated: the file ends inside the header";
    return failure();
  }
  NpyHeader header;
  header.majorVersion = static_cast<unsigned char>(contents[6]);
  header.minorVersion = static_cast<unsigned char>(contents[7]);
  if (header.minorVersion != 0 || header.majorVersion < 1 ||
      header.majorVersion > 3) {
    error =
        ("unsupported .npy format version " + Twine(header.majorVersion) + "." +
         Twine(header.minorVersion) + " (mdh-run reads 1.0, 2.0 and 3.0)")
            .str();
    return failure();
  }
  // 1.0 has a 2-byte header length, 2.0 and 3.0 (UTF-8 field names, which
  // plain arrays do not have) a 4-byte one; both little-endian.
  size_t lengthBytes = header.majorVersion == 1 ? 2 : 4;
  size_t prefix = kMagicSize + 2 + lengthBytes;
  if (contents.size() < prefix) {
    error = "truncated: the file ends inside the header";
    return failure();
  }
  uint64_t length = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    length |= uint64_t(static_cast<unsigned char>(contents[8 + i])) << (8 * i);
  if (contents.size() - prefix < length) {
    error =
        ("truncated: the header is " + Twine(length) +
         " bytes long, the file ends after " + Twine(contents.size() - prefix))
            .str();
    return failure();
  }
  header.dataOffset = prefix + length;
  HeaderParser parser(contents.substr(prefix, length), prefix, error);
  if (failed(parser.parse(header)))
    return failure();
  return header;
}

std::string mlir::mdh::formatNpyShape(ArrayRef<int64_t> shape) {
  std::string text = "(";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os);
  if (shape.size() == 1)
    os << ",";
  os << ")";
  return text;
}

std::string mlir::mdh::buildNpyHeader(StringRef descr,
                                      ArrayRef<int64_t> shape) {
  std::string dict =
      ("{'descr': '" + descr +
       "', 'fortran_order': False, 'shape': " + formatNpyShape(shape) + ", }")
          .str();
  // As NumPy: room for the first size to grow in place (an appending
  // writer rewrites it), then spaces up to a 64-byte boundary.
  if (!shape.empty())
    dict.append(21 - std::to_string(shape.front()).size(), ' ');
  auto padding = [&](size_t prefix) {
    return (64 - (prefix + dict.size() + 1) % 64) % 64;
  };
  // Version 1.0 has room for 65535 bytes of header, 2.0 for 2^32 - 1.
  size_t prefix = dict.size() + padding(10) + 1 <= 65535 ? 10 : 12;
  dict.append(padding(prefix), ' ');
  dict.push_back('\n');
  std::string header(kMagic, kMagicSize);
  header.push_back(prefix == 10 ? 1 : 2);
  header.push_back(0);
  for (size_t i = 0; i < prefix - 8; ++i)
    header.push_back(static_cast<char>((dict.size() >> (8 * i)) & 0xff));
  return header + dict;
}

std::string mlir::mdh::getNpyDescr(Type elementType) {
  if (elementType.isF16())
    return "<f2";
  if (elementType.isBF16() || elementType.isF32())
    return "<f4";
  if (elementType.isF64())
    return "<f8";
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (width == 8)
    return "|i1";
  return "<i" + std::to_string(width / 8);
}

unsigned mlir::mdh::getNpyItemSize(StringRef descr) {
  if (!descr.empty() && StringRef("<>|=").contains(descr.front()))
    descr = descr.drop_front();
  if (descr.size() < 2 || !StringRef("biufc").contains(descr.front()))
    return 0;
  unsigned size;
  if (descr.drop_front().getAsInteger(10, size) || size == 0 || size > 16)
    return 0;
  return size;
}

FailureOr<NpyArray> NpyArray::read(StringRef path, std::string &error) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file) {
    error = "cannot open the file: " + file.getError().message();
    return failure();
  }
  return parse(std::move(*file), error);
}

FailureOr<NpyArray> NpyArray::parse(std::unique_ptr<llvm::MemoryBuffer> file,
                                    std::string &error) {
  FailureOr<NpyHeader> header = parseNpyHeader(file->getBuffer(), error);
  if (failed(header))
    return failure();
  // The size check needs the item size; a dtype without one is refused by
  // checkFits.
  if (unsigned itemSize = getNpyItemSize(header->descr)) {
    uint64_t bytes = itemSize;
    bool overflow = false;
    for (int64_t n : header->shape)
      bytes = llvm::SaturatingMultiply(bytes, uint64_t(n), &overflow);
    uint64_t have = file->getBufferSize() - header->dataOffset;
    if (overflow || have != bytes) {
      error =
          "the data has " + std::to_string(have) + " bytes, but shape " +
          formatNpyShape(header->shape) + " of dtype '" + header->descr +
          "' needs " +
          (overflow ? std::string("more than 2^64") : std::to_string(bytes));
      return failure();
    }
  }
  return NpyArray(std::move(file), std::move(*header));
}

LogicalResult NpyArray::checkFits(MemRefType type, std::string &error) const {
  Type elt = type.getElementType();
  std::string expected = getNpyDescr(elt);
  StringRef descr = header.descr;
  unsigned itemSize = getNpyItemSize(descr);
  char order = descr.empty() ? 0 : descr.front();
  char kind = descr.size() < 2 ? 0 : descr[1];
  bool kindFits = isa<IntegerType>(elt) ? (kind == 'i' || kind == 'u')
                                        : kind == expected[1];
  bool sizeFits = itemSize && itemSize == getNpyItemSize(expected);
  // Byte order means nothing for one byte; NumPy writes '|' there.
  bool orderFits =
      order == '<' || (itemSize == 1 && StringRef("|>=").contains(order));
  if (!kindFits || !sizeFits || !orderFits) {
    error = "dtype '" + header.descr + "', expected '" + expected + "'";
    if (kindFits && sizeFits && order == '>')
      error += " (the file is big-endian; numpy: a.astype('" + expected + "'))";
    else if (elt.isBF16())
      error += " (bf16 has no NumPy dtype: mdh-run reads float32 and rounds "
               "it to bf16)";
    return failure();
  }
  if (ArrayRef<int64_t>(header.shape) != type.getShape()) {
    error = "shape " + formatNpyShape(header.shape) + ", expected " +
            formatNpyShape(type.getShape());
    return failure();
  }
  return success();
}

void NpyArray::copyTo(HostBuffer &buffer) const {
  const char *source = file->getBufferStart() + header.dataOffset;
  char *dest = static_cast<char *>(buffer.data());
  int64_t n = buffer.getNumElements();
  bool bf16 = buffer.getElementType().isBF16();
  int64_t itemSize = getNpyItemSize(header.descr);
  auto copyElement = [&](int64_t to, int64_t from) {
    if (bf16) {
      float value;
      std::memcpy(&value, source + from * 4, 4);
      buffer.setFloat(to, value);
    } else {
      std::memcpy(dest + to * itemSize, source + from * itemSize, itemSize);
    }
  };
  ArrayRef<int64_t> shape = header.shape;
  if (!header.fortranOrder || shape.size() < 2) {
    if (!bf16) {
      std::memcpy(dest, source, n * itemSize);
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      copyElement(i, i);
    return;
  }
  // Walk the buffer in row-major order and the file in column-major order:
  // `from` is the column-major position of `index`.
  size_t rank = shape.size();
  SmallVector<int64_t> strides(rank, 1), index(rank, 0);
  for (size_t d = 1; d < rank; ++d)
    strides[d] = strides[d - 1] * shape[d - 1];
  int64_t from = 0;
  for (int64_t to = 0; to < n; ++to) {
    copyElement(to, from);
    for (size_t d = rank; d-- > 0;) {
      from += strides[d];
      if (++index[d] < shape[d])
        break;
      from -= shape[d] * strides[d];
      index[d] = 0;
    }
  }
}

void mlir::mdh::writeNpy(llvm::raw_ostream &os, HostBuffer &buffer) {
  os << buildNpyHeader(getNpyDescr(buffer.getElementType()),
                       buffer.getType().getShape());
  if (!buffer.getElementType().isBF16()) {
    os.write(static_cast<const char *>(buffer.data()), buffer.getSizeInBytes());
    return;
  }
  // Every bf16 is a float: widening is exact.
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i) {
    float value = static_cast<float>(buffer.getFloat(i));
    os.write(reinterpret_cast<const char *>(&value), sizeof(value));
  }
}

LogicalResult mlir::mdh::writeNpyFile(StringRef path, HostBuffer &buffer,
                                      std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    error = ec.message();
    return failure();
  }
  writeNpy(os, buffer);
  os.close();
  if (os.has_error()) {
    error = os.error().message();
    os.clear_error();
    return failure();
  }
  return success();
}
