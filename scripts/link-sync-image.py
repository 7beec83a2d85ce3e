#!/usr/bin/python3
"""Links sync's image for the Debian package, and `quickdo` to go with it.

The package carries one Swift runtime, Foundation and ICU: those linked into `quickdo`.
Sync's code is an image, `quickdo-sync.so`, that `quickdo` loads to run `quickdo sync`
(SyncLaunch in Sources/QuickdoCLI), for the package's size budget. This script:

1. links the image from the objects of `quickdo-sync` that `quickdo` does not link (the
   HTTP client, TLS, the CalDAV code, sync's command), exporting only its entry point;
2. links `quickdo` again, from the link command SwiftPM used for it, exporting what the
   image imports, and linking that in even where `quickdo` calls none of it.

swiftc's static runtime hides every symbol of its libraries (`--exclude-libs ALL`): the
second link uses a copy of the toolchain's static resource folder whose link arguments
leave that out; `--no-export-dynamic` still keeps every other symbol private.

Run after `swift build -c release --static-swift-stdlib … --product quickdo` and
`… --product quickdo-sync`, with the same flags.

Usage: scripts/link-sync-image.py BIN_PATH OUTPUT_DIR   (writes quickdo and quickdo-sync.so)
"""
import json
import os
import shutil
import subprocess
import sys

ENTRY_POINT = "quickdo_sync_image_main"  # Sources/QuickdoSync/SyncImageEntry.swift


def fail(message):
    sys.exit(f"link-sync-image: {message}")


def run(args):
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{args[0]} failed:\n{result.stderr}")
    return result.stdout


def link_file_list(bin_path, product):
    with open(os.path.join(bin_path, f"{product}.product", "Objects.LinkFileList")) as f:
        return [line for line in f.read().splitlines() if line]


def swiftpm_link_command(bin_path, product):
    """The arguments SwiftPM linked `product` with, from its build manifest."""
    manifest = os.path.join(os.path.dirname(os.path.dirname(bin_path)), "release.yaml")
    output = json.dumps(os.path.join(bin_path, product))
    for line in open(manifest):
        line = line.strip()
        if line.startswith("args: [") and f'"-o",{output}' in line:
            return json.loads(line[len("args: "):])
    fail(f"no link command for {product} in {manifest}")


def static_resources_without_hidden_exports(swiftc, folder):
    """A copy of the toolchain's swift_static folder (links to its files) whose
    static-stdlib-args.lnk leaves out `-export-dynamic` and `--exclude-libs ALL`."""
    real = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib", "swift_static")
    copy = os.path.join(folder, "swift_static")
    shutil.rmtree(copy, ignore_errors=True)
    for root, _, files in os.walk(real):
        target = os.path.join(copy, os.path.relpath(root, real))
        os.makedirs(target, exist_ok=True)
        for name in files:
            source = os.path.join(root, name)
            if name == "static-stdlib-args.lnk":
                # One linker flag per "-Xlinker X" line; the lines for the two flags go.
                kept = [line for line in open(source).read().splitlines()
                        if line.split()[1:2] not in (["-export-dynamic"], ["--exclude-libs"], ["ALL"])]
                with open(os.path.join(target, name), "w") as f:
                    f.write("\n".join(kept) + "\n")
            else:
                os.symlink(source, os.path.join(target, name))
    return copy


def main():
    if len(sys.argv) != 3:
        fail("usage: scripts/link-sync-image.py BIN_PATH OUTPUT_DIR")
    bin_path, out = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    swiftc = shutil.which("swiftc") or fail("no swiftc on PATH")

    in_quickdo = set(link_file_list(bin_path, "quickdo"))
    objects = [o for o in link_file_list(bin_path, "quickdo-sync")
               if o not in in_quickdo and "/quickdo_sync.build/" not in o]
    with open(os.path.join(out, "image-objects"), "w") as f:
        f.write("\n".join(objects) + "\n")
    with open(os.path.join(out, "image.exports"), "w") as f:
        f.write(f"{{ global: {ENTRY_POINT}; local: *; }};\n")
    runtime_object = os.path.join(
        os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib", "swift_static", "linux",
        os.uname().machine, "swiftrt.o")
    image = os.path.join(out, "quickdo-sync.so")
    run(["clang", "-shared", "-fuse-ld=gold", "-o", image, "@" + os.path.join(out, "image-objects"),
         runtime_object, "-lstdc++", "-lm", "-Wl,--gc-sections", "-Wl,-z,relro", "-Wl,-z,now",
         "-Wl,--version-script=" + os.path.join(out, "image.exports")])

    # What the image takes from quickdo: undefined, not weak, and with no version (a system
    # library's symbols carry one).
    imports = [fields[1] for fields in (line.split() for line in run(["nm", "-D", "--undefined-only", image]).splitlines())
               if len(fields) == 2 and fields[0] == "U" and "@" not in fields[1]]
    exports = os.path.join(out, "quickdo.exports")
    with open(exports, "w") as f:
        f.write("{\n" + "".join(f'  "{symbol}";\n' for symbol in imports) + "};\n")

    args = swiftpm_link_command(bin_path, "quickdo")
    args[args.index("-o") + 1] = os.path.join(out, "quickdo")
    args += ["-resource-dir", static_resources_without_hidden_exports(swiftc, out),
             "-Xlinker", "--dynamic-list=" + exports]
    for symbol in imports:
        args += ["-Xlinker", "--undefined=" + symbol]
    run(args)
    exported = {line.split()[-1] for line in run(["nm", "-D", "--defined-only", os.path.join(out, "quickdo")]).splitlines()}
    missing = [symbol for symbol in imports if symbol not in exported]
    if missing:
        fail(f"quickdo does not export {len(missing)} of the image's imports, {missing[0]} first")
    print(f"link-sync-image: the image takes {len(imports)} symbols from quickdo", file=sys.stderr)


if __name__ == "__main__":
    main()
