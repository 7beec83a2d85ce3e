#!/usr/bin/python3
"""Makes the ICU data that quickdo's packaged programs link in place of the toolchain's.

Foundation links all of ICU's data into every program (34 MB in each of the two): its
collation, break iteration, transliteration, spelled-out numbers, unit, language and
region names, and legacy charset converters, none of which quickdo uses. This writes an
object file with that data less those items, and the linker flags that make ICU's data
symbol name it, so the linker never pulls in the toolchain's data member. Locale data (dates as each locale writes them), time zones, currencies
(which ICU's date formatting loads) and Unicode properties stay. It serves the package's
size budget (the .deb at most 20 MB).

Usage: scripts/icu-data.py OUTPUT_DIR   (prints the `swift build` flags that link it)
"""
import os
import shutil
import struct
import subprocess
import sys

# ICU data directories and item kinds quickdo's programs never read.
UNUSED_DIRECTORIES = {"coll", "brkitr", "translit", "rbnf", "unit", "lang", "region"}
UNUSED_SUFFIXES = (".cnv", ".cfu")
# Our data's own name; ICU's symbol is made to stand for it (--defsym).
OWN_SYMBOL = "quickdo_icu_data"


def fail(message):
    sys.exit(f"icu-data: {message}")


def toolchain_icu_library():
    swift = shutil.which("swift") or fail("no swift on PATH")
    library = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))),
                           "lib", "swift_static", "linux", "lib_FoundationICU.a")
    return library if os.path.exists(library) else fail(f"no {library}")


def data_member(library):
    """The archive member defining ICU's data symbol (icudtNN_dat), and the symbol."""
    listing = subprocess.run(["nm", "-A", "--defined-only", library], check=True,
                             capture_output=True, text=True).stdout
    for line in listing.splitlines():  # LIBRARY:MEMBER:VALUE TYPE SYMBOL
        where, _, symbol = line.rpartition(" ")
        if symbol.startswith("icudt") and symbol.endswith("_dat"):
            return where[len(library) + 1:].rsplit(":", 1)[0], symbol
    fail(f"no icudt*_dat symbol in {library}")


def items(package):
    """The (name, bytes) items of an ICU common data package (format "CmnD")."""
    header = struct.unpack_from("<H", package, 0)[0]
    if package[2:4] != b"\xda\x27" or package[12:16] != b"CmnD" or package[8] != 0:
        fail("the toolchain's ICU data is not a little-endian common data package")
    count = struct.unpack_from("<I", package, header)[0]
    entries = [struct.unpack_from("<II", package, header + 4 + 8 * i) for i in range(count)]
    ends = [offset for _, offset in entries[1:]] + [len(package) - header]
    result = []
    for (name_at, data_at), end in zip(entries, ends):
        name_end = package.index(b"\0", header + name_at)
        result.append((package[header + name_at:name_end].decode(), package[header + data_at:header + end]))
    return package[:header], result


def wanted(name):
    parts = name.split("/")
    return not (len(parts) > 2 and parts[1] in UNUSED_DIRECTORIES) and not name.endswith(UNUSED_SUFFIXES)


def package(header, kept):
    """A common data package of `kept`: names sorted (ICU looks them up by binary search),
    each item 16-byte aligned as ICU's own tools align them."""
    kept = sorted(kept)
    table = 4 + 8 * len(kept)
    names = b"".join(name.encode() + b"\0" for name, _ in kept)
    name_offsets, at = [], table
    for name, _ in kept:
        name_offsets.append(at)
        at += len(name.encode()) + 1
    at = (at + 15) & ~15
    body, data_offsets = bytearray(), []
    for _, data in kept:
        data_offsets.append(at + len(body))
        body += data + b"\0" * (-len(data) % 16)
    out = bytearray(header) + struct.pack("<I", len(kept))
    for name_at, data_at in zip(name_offsets, data_offsets):
        out += struct.pack("<II", name_at, data_at)
    out += names + b"\0" * ((-(table + len(names))) % 16) + body
    return bytes(out)


def main():
    if len(sys.argv) != 2:
        fail("usage: scripts/icu-data.py OUTPUT_DIR")
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    library = toolchain_icu_library()
    member, symbol = data_member(library)
    object_file = os.path.join(out, "icu-toolchain-data.o")
    with open(object_file, "wb") as f:
        f.write(subprocess.run(["ar", "p", library, member], check=True, capture_output=True).stdout)
    whole = os.path.join(out, "icu-toolchain-data.dat")
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.rodata", object_file, whole], check=True)
    header, all_items = items(open(whole, "rb").read())
    kept = [(name, data) for name, data in all_items if wanted(name)]
    trimmed = os.path.join(out, "icu-data.dat")
    with open(trimmed, "wb") as f:
        f.write(package(header, kept))
    assembly = os.path.join(out, "icu-data.S")
    with open(assembly, "w") as f:
        f.write(f'.section .rodata\n.globl {OWN_SYMBOL}\n.type {OWN_SYMBOL}, @object\n.balign 16\n'
                f'{OWN_SYMBOL}:\n.incbin "{trimmed}"\n.size {OWN_SYMBOL}, .-{OWN_SYMBOL}\n'
                '.section .note.GNU-stack,"",@progbits\n')
    result = os.path.join(out, "icu-data.o")
    subprocess.run(["clang", "-c", assembly, "-o", result], check=True)
    print(f"icu-data: {len(kept)} of {len(all_items)} items, {os.path.getsize(trimmed) / 1e6:.1f} of "
          f"{os.path.getsize(whole) / 1e6:.1f} MB", file=sys.stderr)
    # The linker flags: ICU's symbol defined as ours before any library is read (so the
    # toolchain's data member is never pulled in), and our object.
    print(f"-Xlinker --defsym={symbol}={OWN_SYMBOL} -Xlinker {result}")


if __name__ == "__main__":
    main()
