//===- Cache.cpp - The tuning cache of mdh-tune ---------------------------===//
//
// Part of the MDH-MLIR project.
//
//===----------------------------------------------------------------------===//

#include "mdh/Tuner/Cache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdlib>
#include <fstream>
#include <unistd.h>

using namespace mlir::mdh::tune;

std::string TuningCache::defaultDirectory() {
  llvm::SmallString<256> path;
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    path = xdg;
  } else if (const char *home = std::getenv("HOME"); home && *home) {
    path = home;
    llvm::sys::path::append(path, ".cache");
  } else {
    return "";
  }
  llvm::sys::path::append(path, "mdh-tune");
  return std::string(path);
}

std::string TuningCache::machineKey() {
  std::string model = "unknown CPU";
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    llvm::StringRef l(line);
    if (!l.starts_with("model name"))
      continue;
    model = l.split(':').second.trim().str();
    break;
  }
  return llvm::formatv("{0}, {1} threads", model,
                       llvm::hardware_concurrency().compute_thread_count())
      .str();
}

std::string TuningCache::makeKey(llvm::StringRef computation,
                                 llvm::StringRef target,
                                 llvm::StringRef machine) {
  return ("computation=" + computation + "; target=" + target +
          "; machine=" + machine)
      .str();
}

std::string TuningCache::pathFor(llvm::StringRef key) const {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, llvm::utohexstr(llvm::xxh3_64bits(key),
                                                /*LowerCase=*/true,
                                                /*Width=*/16) +
                                    ".json");
  return std::string(path);
}

std::optional<llvm::json::Object>
TuningCache::lookup(llvm::StringRef key) const {
  if (dir.empty())
    return std::nullopt;
  auto buffer = llvm::MemoryBuffer::getFile(pathFor(key));
  if (!buffer)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> value =
      llvm::json::parse((*buffer)->getBuffer());
  if (!value) {
    llvm::consumeError(value.takeError());
    return std::nullopt;
  }
  llvm::json::Object *object = value->getAsObject();
  if (!object)
    return std::nullopt;
  llvm::json::Object *tuning = object->getObject("tuning");
  if (!tuning || tuning->getString("cache_key") != key)
    return std::nullopt;
  return std::move(*object);
}

std::string TuningCache::store(llvm::StringRef key,
                               llvm::json::Object object) const {
  if (dir.empty())
    return "no cache directory";
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return "cannot create the cache directory '" + dir + "': " + ec.message();
  llvm::json::Object *tuning = object.getObject("tuning");
  if (!tuning) {
    object["tuning"] = llvm::json::Object();
    tuning = object.getObject("tuning");
  }
  (*tuning)["cache_key"] = key.str();
  std::string path = pathFor(key);
  // Written next to the target and renamed over it, so that a reader never
  // sees half a file.
  std::string temp = path + ".tmp" + std::to_string(::getpid());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(temp, ec);
    if (ec)
      return "cannot write '" + temp + "': " + ec.message();
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(object))) << "\n";
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, path))
    return "cannot write '" + path + "': " + ec.message();
  return "";
}
