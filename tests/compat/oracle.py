#!/usr/bin/env python3
"""The plistlib side of tests/compat.rs: one process answers a whole batch of jobs.

Usage: oracle.py JOBS

Each line of JOBS is one job, and stdout gets one line per job, in order:

  read IN [OUT]   load IN with plistlib.loads and print "ok TREE"; with OUT, also
                  write plistlib.dumps(loaded, fmt=FMT_BINARY, sort_keys=False) to OUT
  write OUT TREE  build TREE and write plistlib.dumps(tree, fmt=FMT_BINARY,
                  sort_keys=False) to OUT; print "ok"

A job that raises prints "err <exception>" and the batch goes on.

TREE is prefix notation, tokens separated by one space (tests/compat/model.rs):
  t f n            true, false, None
  i<decimal>       int
  r<16 hex>        float, as the bits of an IEEE double
  m<decimal>       datetime, as whole microseconds since 2001-01-01T00:00:00
  b<hex>           bytes
  s<hex>           str, as the hex of its UTF-8
  u<decimal>       plistlib.UID
  a<n> ...         list of the next n values
  k<n> ...         dict of the next n key, value pairs
"""

import datetime
import plistlib
import struct
import sys

EPOCH = datetime.datetime(2001, 1, 1)


def dump(v, out):
    # bool before int: True is an int in Python.
    if v is None:
        out.append("n")
    elif v is True:
        out.append("t")
    elif v is False:
        out.append("f")
    elif isinstance(v, int):
        out.append("i%d" % v)
    elif isinstance(v, float):
        out.append("r" + struct.pack(">d", v).hex())
    elif isinstance(v, datetime.datetime):
        d = v - EPOCH
        out.append("m%d" % ((d.days * 86400 + d.seconds) * 10**6 + d.microseconds))
    elif isinstance(v, bytes):
        out.append("b" + v.hex())
    elif isinstance(v, str):
        out.append("s" + v.encode("utf-8", "surrogatepass").hex())
    elif isinstance(v, plistlib.UID):
        out.append("u%d" % v.data)
    elif isinstance(v, list):
        out.append("a%d" % len(v))
        for x in v:
            dump(x, out)
    elif isinstance(v, dict):
        out.append("k%d" % len(v))
        for k, x in v.items():
            dump(k, out)
            dump(x, out)
    else:
        raise TypeError("cannot describe %r" % type(v).__name__)


def build(tokens):
    t = next(tokens)
    tag, rest = t[0], t[1:]
    if tag == "t":
        return True
    if tag == "f":
        return False
    if tag == "i":
        return int(rest)
    if tag == "r":
        return struct.unpack(">d", bytes.fromhex(rest))[0]
    if tag == "m":
        return EPOCH + datetime.timedelta(microseconds=int(rest))
    if tag == "b":
        return bytes.fromhex(rest)
    if tag == "s":
        return bytes.fromhex(rest).decode("utf-8")
    if tag == "u":
        return plistlib.UID(int(rest))
    if tag == "a":
        return [build(tokens) for _ in range(int(rest))]
    if tag == "k":
        d = {}
        for _ in range(int(rest)):
            k = build(tokens)
            d[k] = build(tokens)
        return d
    raise ValueError("unknown token %r" % t)


def run(line):
    op, _, args = line.partition(" ")
    if op == "read":
        paths = args.split(" ")
        with open(paths[0], "rb") as f:
            value = plistlib.loads(f.read())
        if len(paths) > 1:
            with open(paths[1], "wb") as f:
                f.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
        out = []
        dump(value, out)
        return "ok " + " ".join(out)
    if op == "write":
        path, _, tree = args.partition(" ")
        tokens = iter(tree.split(" "))
        value = build(tokens)
        if next(tokens, None) is not None:
            raise ValueError("trailing tokens")
        with open(path, "wb") as f:
            f.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
        return "ok"
    raise ValueError("unknown job %r" % op)


def main():
    with open(sys.argv[1]) as jobs:
        for line in jobs:
            try:
                print(run(line.rstrip("\n")))
            except Exception as e:  # one bad file must not stop the batch
                print("err %s: %s" % (type(e).__name__, str(e).replace("\n", " ")))


if __name__ == "__main__":
    main()
