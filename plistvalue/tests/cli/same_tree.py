"""Reads ORIGINAL with plistlib and CONVERTED with plistlib (binary1, xml1) or
json (json), and says whether they hold the same tree: same types, same values,
same keys. The CLI tests' oracle for -convert and -extract.

usage: python3 same_tree.py ORIGINAL CONVERTED FMT [KEY...]
  KEY...: compare CONVERTED with the value at these keys/indices of ORIGINAL
exit: 0 same, 1 different (printed), 3 plistlib cannot read ORIGINAL,
      4 it cannot read CONVERTED
"""

import datetime
import json
import math
import plistlib
import sys


def same(a, b, path="(root)", whole_seconds=False):
    stack = [(a, b, path)]
    while stack:
        x, y, p = stack.pop()
        if whole_seconds and isinstance(x, plistlib.UID) and y == {"CF$UID": x.data}:
            continue  # XML writes a UID as CF does, which plistlib reads as a dict
        if type(x) is not type(y):
            return "%s: %s vs %s" % (p, type(x).__name__, type(y).__name__)
        if isinstance(x, dict):
            if set(x) != set(y):
                return "%s: keys %s vs %s" % (p, sorted(x), sorted(y))
            stack.extend((x[k], y[k], p + "." + k) for k in x)
        elif isinstance(x, list):
            if len(x) != len(y):
                return "%s: %d vs %d elements" % (p, len(x), len(y))
            stack.extend((x[i], y[i], "%s.%d" % (p, i)) for i in range(len(x)))
        elif whole_seconds and isinstance(x, datetime.datetime):
            if x.replace(microsecond=0) != y.replace(microsecond=0):
                return "%s: %r vs %r" % (p, x, y)
        elif isinstance(x, float) and math.isnan(x):
            if not math.isnan(y):
                return "%s: nan vs %r" % (p, y)
        elif x != y:
            return "%s: %r vs %r" % (p, x, y)
    return None


def main():
    original, converted, fmt = sys.argv[1:4]
    try:
        with open(original, "rb") as f:
            tree = plistlib.load(f)
    except Exception as e:
        print(e)
        sys.exit(3)
    for key in sys.argv[4:]:
        tree = tree[int(key)] if isinstance(tree, list) else tree[key]
    try:
        with open(converted, "rb") as f:
            back = json.load(f) if fmt == "json" else plistlib.load(f)
    except Exception as e:  # expat refuses control characters CF writes raw
        print(e)
        sys.exit(4)
    # XML dates have whole seconds, as CoreFoundation writes them.
    diff = same(tree, back, whole_seconds=fmt == "xml1")
    if diff:
        print(diff)
        sys.exit(1)


main()
