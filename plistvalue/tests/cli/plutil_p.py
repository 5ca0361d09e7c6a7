"""CLI.md's `-p` rendering ("The -p format"), written from the text of the spec over
plistlib's tree: the oracle the CLI tests compare `plistvalue -p` with.

usage: python3 plutil_p.py FILE   (prints the rendering; exit 3 if plistlib fails)
"""

import datetime
import functools
import plistlib
import re
import sys


def tokens(key):
    return re.findall(r"[0-9]+|.", key, re.S)


def fold(c):
    return c.lower() if "A" <= c <= "Z" else c


def compare_tokens(a, b):
    da, db = a.isascii() and a.isdigit(), b.isascii() and b.isdigit()
    if da and db:
        a, b = a.lstrip("0"), b.lstrip("0")
        x, y = (len(a), a), (len(b), b)
    elif da:
        x, y = "0", fold(b)
    elif db:
        x, y = fold(a), "0"
    else:
        x, y = fold(a), fold(b)
    return (x > y) - (x < y)


def key_order(a, b):
    for ta, tb in zip(tokens(a), tokens(b)):
        c = compare_tokens(ta, tb)
        if c:
            return c
    la, lb = len(tokens(a)), len(tokens(b))
    if la != lb:
        return -1 if la < lb else 1
    return (a > b) - (a < b)


def leaf(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "%.16g" % v
    if isinstance(v, datetime.datetime):
        return v.strftime("%Y-%m-%d %H:%M:%S +0000")
    if isinstance(v, bytes):
        h = v.hex() if len(v) <= 24 else v[:16].hex() + " ... " + v[-8:].hex()
        return "{length = %d, bytes = 0x%s}" % (len(v), h)
    if isinstance(v, plistlib.UID):
        return "<CFKeyedArchiverUID>{value = %d}" % v.data
    if isinstance(v, str):
        return '"' + v + '"'
    raise TypeError(type(v))


def xml_uids(root):
    """CF reads an XML `<dict><key>CF$UID</key><integer>N</integer></dict>` as a
    UID; plistlib leaves it a dict."""
    stack = [root]
    while stack:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else []
        for k, c in list(items):
            if isinstance(c, dict) and len(c) == 1 and type(c.get("CF$UID")) is int:
                v[k] = plistlib.UID(c["CF$UID"])
            else:
                stack.append(c)
    return root


def render(root):
    out = []
    # (prefix, value, depth) items, and closers, on an explicit stack.
    stack = [("", root, 1)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        prefix, v, depth = item
        if depth > 10000:  # plistlib builds a cyclic file as a cyclic tree
            print("nested too deep, or a cycle", file=sys.stderr)
            sys.exit(3)
        if isinstance(v, dict):
            out.append(prefix + "{")
            stack.append("  " * (depth - 1) + "}")
            keys = sorted(v, key=functools.cmp_to_key(key_order))
            for k in reversed(keys):
                stack.append(("  " * depth + '"' + k + '" => ', v[k], depth + 1))
        elif isinstance(v, list):
            out.append(prefix + "[")
            stack.append("  " * (depth - 1) + "]")
            for i in reversed(range(len(v))):
                stack.append(("  " * depth + "%d => " % i, v[i], depth + 1))
        else:
            out.append(prefix + leaf(v))
    return "\n".join(out) + "\n"


def main():
    try:
        with open(sys.argv[1], "rb") as f:
            data = f.read()
        tree = plistlib.loads(data)
        if not data.startswith(b"bplist"):
            tree = xml_uids(tree)
    except Exception as e:  # plistlib refuses some files CF reads
        print(e, file=sys.stderr)
        sys.exit(3)
    try:
        text = render(tree)
    except (TypeError, AttributeError) as e:  # a non-string key: no -p form
        print(e, file=sys.stderr)
        sys.exit(3)
    sys.stdout.buffer.write(text.encode("utf-8", "surrogatepass"))


main()
