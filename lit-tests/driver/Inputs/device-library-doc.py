"""Checks docs/device-library.md's table of SYCL 2020 built-in functions against the device
prelude: every `__spirv_*` name the table lists is declared (or defined) by the prelude, and
every `__spirv_ocl_*` name the prelude declares is listed. The prelude's functions come from
clang's AST of it (`-Xclang -ast-dump=json`), not from its text.

usage: device-library-doc.py DOC PRELUDE_AST_JSON
"""
import json
import re
import sys

SECTION = "## SYCL 2020 built-in functions"


def table_names(doc):
    """The `__spirv_*` names in the section's table; `__spirv_ocl_{a,b}` is two names."""
    text = open(doc, encoding="utf-8").read()
    start = text.index(SECTION)
    end = text.find("\n## ", start + 1)
    section = text[start:end if end >= 0 else len(text)]
    names = set()
    for row in section.splitlines():
        if not row.startswith("|"):
            continue
        for code in re.findall(r"`([^`]*)`", row):
            for match in re.finditer(r"(__spirv_[A-Za-z0-9_]*)(?:\{([A-Za-z0-9_,]+)\})?", code):
                if match.group(1) == "__spirv_" and not match.group(2):
                    continue  # "`__spirv_*`", the column's title
                stem, alternatives = match.group(1), match.group(2)
                if alternatives:
                    names.update(stem + alt for alt in alternatives.split(","))
                else:
                    names.add(stem)
    return names


def prelude_names(ast_json):
    """Names of the `__spirv_*` functions the prelude's AST declares or defines."""
    names = set()
    pending = [json.load(open(ast_json, encoding="utf-8"))]
    while pending:
        node = pending.pop()
        if node.get("kind") == "FunctionDecl" and node.get("name", "").startswith("__spirv_"):
            names.add(node["name"])
        pending.extend(node.get("inner", []))
    return names


def main():
    doc, ast_json = sys.argv[1], sys.argv[2]
    listed = table_names(doc)
    declared = prelude_names(ast_json)
    missing = sorted(listed - declared)
    unlisted = sorted(n for n in declared - listed if n.startswith("__spirv_ocl_"))
    for name in missing:
        print(f"listed in {doc} but not declared in the prelude: {name}")
    for name in unlisted:
        print(f"declared in the prelude but not listed in {doc}: {name}")
    if missing or unlisted:
        return 1
    ocl = sum(1 for n in listed if n.startswith("__spirv_ocl_"))
    print(f"{len(listed)} names listed ({ocl} __spirv_ocl_), all declared in the prelude; "
          f"every __spirv_ocl_ name of the prelude listed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
