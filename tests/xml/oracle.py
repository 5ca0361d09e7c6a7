#!/usr/bin/env python3
"""The Python side of tests/xml: one process answers a batch of jobs.

Usage: oracle.py SHARED_TOOLS_DIR JOBS

Each line of JOBS is one job; stdout gets one line per job, in order:

  cfparse IN        CF's XML parser, as ../shared/tools/cf_xml.py models it, reads IN:
                    "ok TREE", "reject MESSAGE" or "unmodeled MESSAGE"
  plread IN         plistlib reads IN (cf_xml.loads: raw CRs survive): "ok TREE"
  plxml OUT TREE    plistlib writes TREE as XML (sort_keys=False) to OUT: "ok"
  cfrender OUT TREE cf_xml.render writes TREE to OUT: "ok", or "unmodeled MESSAGE"

A job that raises prints "err <exception>" and the batch goes on.

TREE is the prefix notation of tests/compat/oracle.py (t f n i r m b s u a k), plus
  d<16 hex>   a date as the bits of its CFAbsoluteTime double (cf_xml.AbsTime)
Dates read by plistlib print as m<micros>; dates read by cf_xml.parse as d<bits>.
"""

import datetime
import plistlib
import struct
import sys

EPOCH = datetime.datetime(2001, 1, 1)


def dump(v, out, cf):
    if v is None:
        out.append("n")
    elif v is True:
        out.append("t")
    elif v is False:
        out.append("f")
    elif isinstance(v, cf.AbsTime):
        out.append("d" + struct.pack(">d", float(v)).hex())
    elif isinstance(v, plistlib.UID):
        out.append("u%d" % v.data)
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
    elif isinstance(v, list):
        out.append("a%d" % len(v))
        for x in v:
            dump(x, out, cf)
    elif isinstance(v, dict):
        out.append("k%d" % len(v))
        for k, x in v.items():
            dump(k, out, cf)
            dump(x, out, cf)
    else:
        raise TypeError("cannot describe %r" % type(v).__name__)


def build(tokens, cf):
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
    if tag == "d":
        return cf.AbsTime(struct.unpack(">d", bytes.fromhex(rest))[0])
    if tag == "m":
        return EPOCH + datetime.timedelta(microseconds=int(rest))
    if tag == "b":
        return bytes.fromhex(rest)
    if tag == "s":
        return bytes.fromhex(rest).decode("utf-8")
    if tag == "u":
        return plistlib.UID(int(rest))
    if tag == "a":
        return [build(tokens, cf) for _ in range(int(rest))]
    if tag == "k":
        d = {}
        for _ in range(int(rest)):
            k = build(tokens, cf)
            d[k] = build(tokens, cf)
        return d
    raise ValueError("unknown token %r" % t)


def tree(text, cf):
    tokens = iter(text.split(" "))
    v = build(tokens, cf)
    if next(tokens, None) is not None:
        raise ValueError("trailing tokens")
    return v


def run(line, cf):
    op, _, args = line.partition(" ")
    out = []
    if op == "cfparse":
        with open(args, "rb") as f:
            data = f.read()
        try:
            v = cf.parse(data)
        except cf.CFReadError as e:
            return "reject " + str(e).replace("\n", " ")
        except cf.Unmodeled as e:
            return "unmodeled " + str(e).replace("\n", " ")
        dump(v, out, cf)
        return "ok " + " ".join(out)
    if op == "plread":
        with open(args, "rb") as f:
            v = cf.loads(f.read())
        dump(v, out, cf)
        return "ok " + " ".join(out)
    if op == "plxml":
        path, _, text = args.partition(" ")
        with open(path, "wb") as f:
            f.write(plistlib.dumps(tree(text, cf), fmt=plistlib.FMT_XML, sort_keys=False))
        return "ok"
    if op == "cfrender":
        path, _, text = args.partition(" ")
        try:
            data = cf.render(tree(text, cf))
        except cf.Unmodeled as e:
            return "unmodeled " + str(e).replace("\n", " ")
        with open(path, "wb") as f:
            f.write(data)
        return "ok"
    raise ValueError("unknown job %r" % op)


def main():
    sys.path.insert(0, sys.argv[1])
    import cf_xml as cf
    sys.setrecursionlimit(100000)
    with open(sys.argv[2]) as jobs:
        for line in jobs:
            try:
                print(run(line.rstrip("\n"), cf))
            except Exception as e:  # one bad case must not stop the batch
                print("err %s: %s" % (type(e).__name__, str(e).replace("\n", " ")))


if __name__ == "__main__":
    main()
