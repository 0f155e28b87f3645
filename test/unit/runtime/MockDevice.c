/*===- MockDevice.c - The device behind the mock GPU drivers --------------===*\
|*                                                                            *|
|* Part of the MDH-MLIR project.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "MockDevice.h"

#include <ctype.h>
#include <elf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t mockLock = PTHREAD_MUTEX_INITIALIZER;

/*===--- Trace and environment -------------------------------------------===*/

void mockTrace(const char *format, ...) {
  static FILE *file;
  pthread_mutex_lock(&mockLock);
  if (!file) {
    const char *path = getenv("MDH_MOCK_TRACE");
    file = path && path[0] ? fopen(path, "a") : NULL;
    if (!file)
      file = stderr;
  }
  va_list args;
  va_start(args, format);
  vfprintf(file, format, args);
  va_end(args);
  fputc('\n', file);
  fflush(file);
  pthread_mutex_unlock(&mockLock);
}

int mockDeviceCount(void) {
  const char *count = getenv("MDH_MOCK_DEVICES");
  return count && count[0] ? atoi(count) : 1;
}

int mockShouldFail(const char *function) {
  const char *name = getenv("MDH_MOCK_FAIL");
  return name && strcmp(name, function) == 0;
}

/*===--- Memory ----------------------------------------------------------===*/

typedef struct Allocation {
  char *base;
  size_t size;
  int live;
} Allocation;

static Allocation *allocations;
static int numAllocations, capacity;

void *mockAlloc(size_t sizeBytes) {
  char *base = malloc(sizeBytes);
  if (!base)
    return NULL;
  pthread_mutex_lock(&mockLock);
  if (numAllocations == capacity) {
    capacity = capacity ? 2 * capacity : 64;
    allocations = realloc(allocations, capacity * sizeof(Allocation));
  }
  allocations[numAllocations++] = (Allocation){base, sizeBytes, 1};
  pthread_mutex_unlock(&mockLock);
  return base;
}

/* The id of the allocation holding `ptr` (freed ones included), or -1. The
 * latest match wins: malloc may reuse a freed block. */
static int findAllocation(const void *ptr) {
  const char *p = ptr;
  for (int i = numAllocations - 1; i >= 0; --i)
    if (p >= allocations[i].base &&
        p < allocations[i].base + allocations[i].size)
      return i;
  return -1;
}

int mockFree(void *ptr) {
  pthread_mutex_lock(&mockLock);
  int id = findAllocation(ptr);
  int bad = id < 0 || !allocations[id].live || allocations[id].base != ptr;
  if (!bad) {
    allocations[id].live = 0;
    free(ptr);
  }
  pthread_mutex_unlock(&mockLock);
  return bad;
}

int mockBadRange(const void *ptr, size_t size) {
  pthread_mutex_lock(&mockLock);
  int id = findAllocation(ptr);
  int bad = id >= 0 && (!allocations[id].live ||
                        (const char *)ptr + size >
                            allocations[id].base + allocations[id].size);
  pthread_mutex_unlock(&mockLock);
  return bad;
}

const char *mockDescribe(const void *ptr, char *buffer, size_t size) {
  if (!ptr)
    return "null";
  pthread_mutex_lock(&mockLock);
  int id = findAllocation(ptr);
  if (id < 0)
    snprintf(buffer, size, "host");
  else
    snprintf(buffer, size, "%sdev%d+%td", allocations[id].live ? "" : "freed-",
             id, (const char *)ptr - allocations[id].base);
  pthread_mutex_unlock(&mockLock);
  return buffer;
}

/*===--- Kernel signatures -----------------------------------------------===*/

/* Sets `param` from a type name without the dot ("u64", "f32", "ptr"). */
static int setParamType(MockParam *param, const char *type, size_t length) {
  if (length == 0 || length >= sizeof(param->type))
    return 1;
  memcpy(param->type, type, length);
  param->type[length] = '\0';
  if (strcmp(param->type, "ptr") == 0) {
    strcpy(param->type, "u64");
    param->isPointer = 1;
  }
  int bits = atoi(param->type + 1);
  if (!strchr("usbf", param->type[0]) || bits % 8 != 0 || bits == 0)
    return 1;
  param->size = (size_t)bits / 8;
  return 0;
}

/* One PTX parameter declaration in [begin, end), e.g.
 * ".param .u64 .ptr .align 1 scale_param_0" or ".param .b8 s_param_1[16]". */
static void parsePtxParam(MockKernel *kernel, const char *begin,
                          const char *end) {
  MockParam param;
  memset(&param, 0, sizeof(param));
  size_t count = 1;
  int sawParam = 0;
  for (const char *p = begin; p < end;) {
    while (p < end && isspace((unsigned char)*p))
      ++p;
    const char *token = p;
    while (p < end && !isspace((unsigned char)*p))
      ++p;
    size_t length = (size_t)(p - token);
    if (length == 0)
      break;
    if (strncmp(token, ".param", length) == 0 && length == 6) {
      sawParam = 1;
    } else if (length == 4 && strncmp(token, ".ptr", 4) == 0) {
      param.isPointer = 1;
    } else if (length == 6 && strncmp(token, ".align", 6) == 0) {
      while (p < end && isspace((unsigned char)*p))
        ++p;
      while (p < end && !isspace((unsigned char)*p))
        ++p;
    } else if (token[0] == '.' && !param.type[0] && strchr("usbf", token[1])) {
      setParamType(&param, token + 1, length - 1);
    } else if (token[0] != '.') {
      const char *bracket = memchr(token, '[', length);
      if (bracket)
        count = strtoul(bracket + 1, NULL, 10);
    }
  }
  if (!sawParam || !param.type[0] || kernel->numParams >= kMockMaxParams)
    return;
  param.size *= count;
  kernel->params[kernel->numParams++] = param;
}

static MockKernel *addKernel(MockModule *module, const char *name,
                             size_t length) {
  if (module->numKernels == kMockMaxKernels ||
      length >= sizeof(module->kernels[0].name))
    return NULL;
  MockKernel *kernel = &module->kernels[module->numKernels++];
  memset(kernel, 0, sizeof(*kernel));
  memcpy(kernel->name, name, length);
  kernel->name[length] = '\0';
  kernel->numParams = -1;
  kernel->maxDynamicSharedBytes = 48 * 1024;
  kernel->module = module;
  return kernel;
}

static void parsePtx(MockModule *module, const char *text) {
  for (const char *p = text; (p = strstr(p, ".entry"));) {
    p += 6;
    if (!isspace((unsigned char)*p))
      continue;
    while (isspace((unsigned char)*p))
      ++p;
    const char *name = p;
    while (isalnum((unsigned char)*p) || *p == '_' || *p == '$')
      ++p;
    MockKernel *kernel = addKernel(module, name, (size_t)(p - name));
    const char *open = strchr(p, '('), *close = open ? strchr(open, ')') : 0;
    if (!kernel || !close)
      continue;
    kernel->numParams = 0;
    for (const char *begin = open + 1; begin < close;) {
      const char *comma = memchr(begin, ',', (size_t)(close - begin));
      const char *end = comma ? comma : close;
      parsePtxParam(kernel, begin, end);
      begin = end + 1;
    }
    p = close;
  }
}

/* Functions in the symbol table of an ELF object: kernels of a cubin or of
 * an AMDGPU code object. */
static void parseElf(MockModule *module, const unsigned char *image) {
  const Elf64_Ehdr *header = (const Elf64_Ehdr *)image;
  if (header->e_ident[EI_CLASS] != ELFCLASS64)
    return;
  const Elf64_Shdr *sections = (const Elf64_Shdr *)(image + header->e_shoff);
  for (int i = 0; i < header->e_shnum; ++i) {
    if (sections[i].sh_type != SHT_SYMTAB)
      continue;
    const char *names =
        (const char *)image + sections[sections[i].sh_link].sh_offset;
    const Elf64_Sym *symbols =
        (const Elf64_Sym *)(image + sections[i].sh_offset);
    size_t count = sections[i].sh_size / sizeof(Elf64_Sym);
    for (size_t s = 0; s < count; ++s) {
      const char *name = names + symbols[s].st_name;
      if (ELF64_ST_TYPE(symbols[s].st_info) == STT_FUNC && name[0])
        addKernel(module, name, strlen(name));
    }
  }
}

/* Applies the MDH_MOCK_KERNELS signature of `kernel`, if any; it overrides
 * one parsed from PTX. */
static void applySignature(MockKernel *kernel) {
  const char *table = getenv("MDH_MOCK_KERNELS");
  size_t nameLength = strlen(kernel->name);
  for (const char *p = table; p && *p;) {
    const char *end = strchr(p, ';');
    if (!end)
      end = p + strlen(p);
    const char *colon = memchr(p, ':', (size_t)(end - p));
    if (colon && (size_t)(colon - p) == nameLength &&
        strncmp(p, kernel->name, nameLength) == 0) {
      kernel->numParams = 0;
      for (const char *type = colon + 1; type < end;) {
        const char *comma = memchr(type, ',', (size_t)(end - type));
        const char *typeEnd = comma ? comma : end;
        /* "u64*5" is five u64 parameters. */
        const char *star = memchr(type, '*', (size_t)(typeEnd - type));
        long repeat = star ? strtol(star + 1, NULL, 10) : 1;
        MockParam param;
        memset(&param, 0, sizeof(param));
        if (!setParamType(&param, type,
                          (size_t)((star ? star : typeEnd) - type)))
          for (long i = 0; i < repeat && kernel->numParams < kMockMaxParams;
               ++i)
            kernel->params[kernel->numParams++] = param;
        type = typeEnd + 1;
      }
      return;
    }
    p = *end ? end + 1 : end;
  }
}

MockModule *mockLoadModule(const void *image, size_t sizeBytes) {
  static int nextId;
  const unsigned char *bytes = image;
  MockModule *module = calloc(1, sizeof(MockModule));
  if (!module)
    return NULL;
  module->image = bytes;
  module->imageSize = sizeBytes;
  if (memcmp(bytes, ELFMAG, SELFMAG) == 0) {
    module->format = "elf";
    parseElf(module, bytes);
  } else if (bytes[0] == 0x50 && bytes[1] == 0xed && bytes[2] == 0x55 &&
             bytes[3] == 0xba) {
    module->format = "fatbin";
  } else if (strstr((const char *)bytes, ".version") &&
             strstr((const char *)bytes, ".target")) {
    module->format = "ptx";
    parsePtx(module, (const char *)bytes);
  } else {
    free(module);
    return NULL;
  }
  for (int i = 0; i < module->numKernels; ++i)
    applySignature(&module->kernels[i]);
  pthread_mutex_lock(&mockLock);
  module->id = nextId++;
  pthread_mutex_unlock(&mockLock);
  return module;
}

MockKernel *mockGetKernel(MockModule *module, const char *name) {
  for (int i = 0; i < module->numKernels; ++i)
    if (strcmp(module->kernels[i].name, name) == 0)
      return &module->kernels[i];
  /* A fatbin is opaque to the mock: its kernels are the declared ones. */
  if (strcmp(module->format, "fatbin") != 0)
    return NULL;
  MockKernel *kernel = addKernel(module, name, strlen(name));
  if (kernel)
    applySignature(kernel);
  if (kernel && kernel->numParams < 0) {
    --module->numKernels;
    return NULL;
  }
  return kernel;
}

void mockFormatArgs(const MockKernel *kernel, void **params, char *buffer,
                    size_t size) {
  if (kernel->numParams < 0) {
    snprintf(buffer, size, "params=?");
    return;
  }
  size_t used =
      (size_t)snprintf(buffer, size, "params=%d args=", kernel->numParams);
  for (int i = 0; i < kernel->numParams && used < size; ++i) {
    const MockParam *param = &kernel->params[i];
    const unsigned char *value = params[i];
    char text[64];
    void *pointer = NULL;
    if (param->size == sizeof(pointer) && param->type[0] != 'f')
      memcpy(&pointer, value, sizeof(pointer));
    /* PTX marks only some pointers with .ptr; an address in device memory
     * is shown as one either way. */
    if (param->isPointer ||
        (pointer &&
         strcmp(mockDescribe(pointer, text, sizeof(text)), "host") != 0)) {
      mockDescribe(pointer, text, sizeof(text));
    } else if (param->type[0] == 'f' && param->size == 4) {
      float f;
      memcpy(&f, value, 4);
      snprintf(text, sizeof(text), "%g", f);
    } else if (param->type[0] == 'f' && param->size == 8) {
      double d;
      memcpy(&d, value, 8);
      snprintf(text, sizeof(text), "%g", d);
    } else if (param->size == 8 || param->size == 4 || param->size == 2 ||
               param->size == 1) {
      int64_t v = 0;
      if (param->size == 8) {
        memcpy(&v, value, 8);
      } else if (param->size == 4) {
        int32_t v32;
        memcpy(&v32, value, 4);
        v = v32;
      } else if (param->size == 2) {
        int16_t v16;
        memcpy(&v16, value, 2);
        v = v16;
      } else {
        v = (int8_t)value[0];
      }
      snprintf(text, sizeof(text), "%lld", (long long)v);
    } else {
      size_t n = 0;
      for (size_t b = 0; b < param->size && n + 3 < sizeof(text); ++b)
        n += (size_t)snprintf(text + n, sizeof(text) - n, "%02x", value[b]);
    }
    used += (size_t)snprintf(buffer + used, size - used, "%s%s", i ? "," : "",
                             text);
  }
}
