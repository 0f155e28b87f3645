"""Stub CUDA libraries that let PyPI's torch (a CUDA build) import without
the nvidia-* wheels (about 2.2 GB), for CPU-only use.

    python torch-cuda-stubs.py SITE_PACKAGES [CC]

torch's libraries name libcudart, libcublas, libcudnn, ... as DT_NEEDED and
bind their symbols lazily. For each such library this writes, into
SITE_PACKAGES/nvidia/cu13/lib (on torch's RPATH), a small shared library with
the SONAME, the symbol version nodes torch asks for and every symbol torch
imports from it, each a function that returns 100 (cudaErrorNoDevice).
torch.cuda.is_available() is then False; nothing on the CPU calls them.
Opt-in from scripts/setup-torch.sh (MDH_TORCH_CUDA_STUBS=1).
"""

import collections
import glob
import os
import re
import subprocess
import sys
import tempfile

# Libraries of the system, of the compiler and of torch itself: not stubbed.
SYSTEM = re.compile(
    r"^(libc\.|libm\.|libstdc|libgcc|ld-linux|libdl|libpthread|librt|libgomp|libquadmath|libz|"
    r"libc10|libtorch|libshm|libgfortran)"
)
# Unversioned imports, by name prefix.
UNVERSIONED = [
    ("nccl", "libnccl.so.2"),
    ("cusparseLt", "libcusparseLt.so.0"),
    ("cuFile", "libcufile.so.0"),
    ("nvshmem", "libnvshmem_host.so.3"),
]


def lines(*cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()


def main():
    site, cc = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "cc")
    libs = glob.glob(os.path.join(site, "torch", "lib", "*.so*"))
    if not libs:
        sys.exit(f"torch-cuda-stubs: no torch libraries under {site}")
    needed, versions, ver2lib = set(), collections.defaultdict(set), {}
    symbols = collections.defaultdict(set)
    for so in libs:
        for line in lines("readelf", "-d", so):
            m = re.search(r"\(NEEDED\).*\[(\S+)\]", line)
            if m and not SYSTEM.match(m.group(1)):
                needed.add(m.group(1))
        current = None
        for line in lines("readelf", "-V", "-W", so):
            m = re.search(r"File: (\S+)", line)
            if m:
                current = m.group(1)
                continue
            m = re.search(r"Name: (\S+)\s+Flags", line)
            if m and current:
                versions[current].add(m.group(1))
                ver2lib[m.group(1)] = current
        for line in lines("nm", "-D", "--undefined-only", so):
            name = line.split()[-1]
            if "@" in name:
                name, version = name.split("@", 1)
                lib = ver2lib.get(version.lstrip("@"))
                if lib and not SYSTEM.match(lib):
                    symbols[lib].add(name)
                continue
            for prefix, lib in UNVERSIONED:
                if name.startswith(prefix):
                    symbols[lib].add(name)
                    break
            else:
                if re.match(r"cu[A-Z]", name):  # the driver API
                    symbols["libcuda.so.1"].add(name)
    out = os.path.join(site, "nvidia", "cu13", "lib")
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for lib in sorted(needed | set(symbols)):
            if os.path.exists(os.path.join(out, lib)) and not os.path.exists(os.path.join(out, lib + ".stub")):
                continue  # a real library from an nvidia-* wheel
            src, script = os.path.join(tmp, lib + ".c"), os.path.join(tmp, lib + ".map")
            body = "".join(f"long {s}(void) {{ return 100; }}\n" for s in sorted(symbols[lib]))
            with open(src, "w") as f:
                f.write(body or "int mdh_cuda_stub;\n")
            nodes = sorted(versions.get(lib, ())) or [lib]
            with open(script, "w") as f:
                f.write(f"{nodes[0]} {{ global: *; }};\n" + "".join(f"{v} {{ }};\n" for v in nodes[1:]))
            subprocess.run(
                [cc, "-shared", "-fPIC", "-O1", "-w", "-o", os.path.join(out, lib), src,
                 f"-Wl,-soname,{lib}", f"-Wl,--version-script={script}"],
                check=True,
            )
            open(os.path.join(out, lib + ".stub"), "w").close()
            print(f"torch-cuda-stubs: {lib}: {len(symbols[lib])} symbols")


if __name__ == "__main__":
    main()
