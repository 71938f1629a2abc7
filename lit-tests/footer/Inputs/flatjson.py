"""Flattens a JSON document to one `path=value` line per scalar (keys sorted, arrays also give
`path.#=<length>`), so lit tests can check fields with FileCheck independent of key order."""
import json
import sys


def walk(path, value, out):
    if isinstance(value, dict):
        for key in sorted(value):
            walk(f"{path}.{key}" if path else key, value[key], out)
    elif isinstance(value, list):
        out.append(f"{path}.#={len(value)}")
        for i, item in enumerate(value):
            walk(f"{path}.{i}", item, out)
    else:
        out.append(f"{path}={json.dumps(value)}")


def main():
    with open(sys.argv[1], encoding="utf-8") if len(sys.argv) > 1 else sys.stdin as f:
        doc = json.load(f)
    out = []
    walk("", doc, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
