"""Checks that every entry of a v3 footer names the variable its ID belongs to.

Usage: check_footer_ids.py IR FOOTER PREFIX

IR is the LLVM IR of source + footer compiled with `-Xclang -femit-all-decls` (so the unused
inline `get_spec_constant_symbolic_ID_impl<TARGET>` specializations are emitted). The mangled
name of each specialization carries the variable TARGET refers to (`…ITnRDaL<var>EEEPKcv`), and
its body returns the ID string. `docs/reference/footer.md` §2.1: ID = mangled name, or PREFIX + "___" + mangled
name; prefixed exactly when the variable is internal in the IR. Also checks that the IR has one specialization per `template<>` line of the footer.
"""
import re
import sys

ir_path, footer_path, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
ir = open(ir_path, encoding="utf-8").read()
strings = {m.group(1): m.group(2) for m in re.finditer(r'^(@\.str[.\d]*) = .*?c"(.*?)\\00"', ir, re.M)}
entries = []
for m in re.finditer(
        r'^define [^@]*@_ZN4sycl3_V16detail34get_spec_constant_symbolic_ID_implITnRDaL(\S+)EEEPKcv\(\)[^{]*\{(.*?)^\}',
        ir, re.M | re.S):
    var, body = m.group(1), m.group(2)
    ret = re.search(r'ret ptr (@\.str[.\d]*)', body)
    entries.append((var, strings.get(ret.group(1)) if ret else None))

footer_entries = open(footer_path, encoding="utf-8").read().count("\ntemplate<>\n")
errors = []
if len(entries) != footer_entries:
    errors.append(f"{footer_entries} footer entries but {len(entries)} specializations in the IR")
for var, sid in entries:
    if sid not in (var, f"{prefix}___{var}"):
        errors.append(f"TARGET names {var} but the footer returns {sid!r}")
        continue
    # When the variable itself is in the IR, its linkage must agree with the prefix (§2.1 steps
    # 3/4). A global-namespace C++ variable's symbol is its bare name (`_Z3ext` -> `@ext`).
    bare = re.fullmatch(r"_Z\d+([A-Za-z_]\w*)", var)
    names = [var] + ([bare.group(1)] if bare else [])
    for name in names:
        g = re.search(r"^@" + re.escape(name) + r" = (\S+)", ir, re.M)
        if g:
            internal = g.group(1) == "internal"
            if internal != (sid != var):
                errors.append(f"{var} has {'internal' if internal else 'external'} linkage in the IR but ID {sid!r}")
            break
for e in errors:
    print(f"check_footer_ids: error: {e}", file=sys.stderr)
if errors:
    sys.exit(1)
print(f"check_footer_ids: {len(entries)} entries consistent")
