#!/usr/bin/env python3
"""Plays the SYCL runtime's part for the execution tests: reads a .prop file written by
sycl-post-link and turns "set spec constant <symbolic ID> to <value>" into what the runtime would
hand to OpenCL (`docs/reference/post-link.md` §10).

  specconst.py native PROP SPECS [--json JSON] [SYM=VALUE]...
      writes SPECS, one `ID:HEX` line per descriptor of every given constant, for `ocl-run -S`
      (clSetProgramSpecializationConstant by numeric SpecId, bytes taken at the descriptor's
      offset inside the value)
  specconst.py emulation PROP BLOB [--json JSON] [SYM=VALUE]...
      writes the spec-constant buffer: the default-value blob laid out by the descriptors,
      with the given constants overwritten

VALUE is a comma-separated list of typed fields laid out like the C++ struct (natural alignment,
tail padding): i:INT (int32), f:FLOAT (float32), c:INT (char), e.g. `i:-3,f:4.75,c:113`.

--json JSON: the `--json` output of the same sycl-post-link run; the script fails unless its
descriptors and default blob equal the ones decoded from the .prop, and says so on stdout.
"""
import json
import struct
import sys

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
SPEC_SET = "SYCL/specialization constants"
DEFAULTS_SET = "SYCL/specialization constants default values"
PADDING_ID = 0xFFFFFFFF


def b64decode(text):
    """Intel's base64 variant (`docs/reference/post-link.md` §8.3): LSB-first bit packing, no '=' padding."""
    bits = 0
    nbits = 0
    out = bytearray()
    for ch in text:
        bits |= ALPHABET.index(ch) << nbits
        nbits += 6
        if nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8
    return bytes(out)


def byte_array(value):
    """A type-2 property: 8-byte little-endian size in bits, then the data (§8.2)."""
    raw = b64decode(value)
    (bit_count,) = struct.unpack_from("<Q", raw)
    data = raw[8:]
    if bit_count != 8 * len(data):
        sys.exit(f"specconst.py: bit count {bit_count} does not match {len(data)} bytes")
    return data


def read_prop(path):
    """Returns ([(symbolic ID, [(id, offset, size)])] in file order, default blob)."""
    sets = {}
    current = None
    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            if not line:
                continue
            if line.startswith("["):
                current = line[1 : line.rindex("]")]
                sets.setdefault(current, [])
                continue
            name, rest = line.split("=", 1)
            kind, value = rest.split("|", 1)
            sets[current].append((name, int(kind), value))
    constants = []
    for name, kind, value in sets.get(SPEC_SET, []):
        assert kind == 2, name
        data = byte_array(value)
        triples = [struct.unpack_from("<III", data, i) for i in range(0, len(data), 12)]
        constants.append((name, triples))
    defaults = dict((n, v) for n, _, v in sets.get(DEFAULTS_SET, []))
    blob = byte_array(defaults["all"]) if "all" in defaults else b""
    return constants, blob


def blob_layout(constants, blob):
    """The runtime's walk (§10.2): per real descriptor, its offset in the blob."""
    layout = {}
    blob_offset = 0
    for name, triples in constants:
        local = 0
        entries = []
        for spec_id, offset, size in triples:
            gap = offset - local
            blob_offset += gap
            if spec_id != PADDING_ID:
                entries.append((spec_id, offset, size, blob_offset))
            local += gap + size
            blob_offset += size
        layout[name] = entries
    if blob_offset != len(blob):
        sys.exit(f"specconst.py: descriptors cover {blob_offset} bytes, default blob has {len(blob)}")
    return layout


def pack_value(text):
    """Packs typed fields with C layout; the trailing '0<code>' adds the struct's tail padding."""
    codes = {"i": "i", "f": "f", "c": "b"}
    fmt = "@"
    values = []
    align_code = "b"
    for field in text.split(","):
        kind, val = field.split(":", 1)
        code = codes[kind]
        fmt += code
        values.append(float(val) if kind == "f" else int(val, 0))
        if struct.calcsize(code) > struct.calcsize(align_code):
            align_code = code
    return struct.pack(fmt + "0" + align_code, *values)


def field(value, offset, size):
    """The bytes a descriptor covers; a value too short for its descriptors is an error."""
    if offset + size > len(value):
        sys.exit(f"specconst.py: value of {len(value)} bytes has no field at {offset}+{size}")
    return value[offset : offset + size]


def parse_sets(args):
    sets = []
    for a in args:
        name, value = a.split("=", 1)
        sets.append((name, pack_value(value)))
    return sets


def check_json(path, constants, blob):
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    (module,) = report["modules"]
    from_json = [
        (c["symbolic_id"], [(d["id"], d["offset"], d["size"]) for d in c["descriptors"]])
        for c in module["spec_constants"]
    ]
    if from_json != constants:
        sys.exit(f"specconst.py: --json descriptors differ from .prop:\n{from_json}\n{constants}")
    if bytes.fromhex(module["default_blob"]) != blob:
        sys.exit("specconst.py: --json default blob differs from .prop")
    print(f"json agrees with .prop: {len(constants)} constants, {len(blob)}-byte default blob")


def main(argv):
    if len(argv) < 3 or argv[1] not in ("native", "emulation"):
        sys.exit(__doc__)
    mode, prop = argv[1], argv[2]
    rest = argv[3:]
    constants, blob = read_prop(prop)
    layout = blob_layout(constants, blob)
    out_path, rest = rest[0], rest[1:]
    if len(rest) >= 2 and rest[0] == "--json":
        check_json(rest[1], constants, blob)
        rest = rest[2:]
    if mode == "native":
        lines = []
        for name, value in parse_sets(rest):
            for spec_id, offset, size, _ in layout[name]:
                lines.append(f"{spec_id}:{field(value, offset, size).hex()}\n")
        with open(out_path, "w", encoding="utf-8") as f:
            f.writelines(lines)
    else:
        buf = bytearray(blob)
        for name, value in parse_sets(rest):
            for _, offset, size, blob_offset in layout[name]:
                buf[blob_offset : blob_offset + size] = field(value, offset, size)
        with open(out_path, "wb") as f:
            f.write(buf)


if __name__ == "__main__":
    main(sys.argv)
