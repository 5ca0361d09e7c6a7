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

TREE is the prefix notation of src/differential/notation.py (and model.rs), with
dates as d<16 hex>, the bits of a CFAbsoluteTime double (cf_xml.AbsTime). Dates
read by plistlib print as m<micros>; dates read by cf_xml.parse as d<bits>.
"""

import os
import plistlib
import sys

sys.dont_write_bytecode = True  # no __pycache__ in src/
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../src/differential"))
import notation  # noqa: E402


def run(line, cf):
    op, _, args = line.partition(" ")
    if op == "cfparse":
        with open(args, "rb") as f:
            data = f.read()
        try:
            v = cf.parse(data)
        except cf.CFReadError as e:
            return "reject " + str(e).replace("\n", " ")
        except cf.Unmodeled as e:
            return "unmodeled " + str(e).replace("\n", " ")
        return "ok " + notation.text(v, cf.AbsTime)
    if op == "plread":
        with open(args, "rb") as f:
            v = cf.loads(f.read())
        return "ok " + notation.text(v, cf.AbsTime)
    if op == "plxml":
        path, _, text = args.partition(" ")
        with open(path, "wb") as f:
            value = notation.tree(text, cf.AbsTime)
            f.write(plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=False))
        return "ok"
    if op == "cfrender":
        path, _, text = args.partition(" ")
        try:
            data = cf.render(notation.tree(text, cf.AbsTime))
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
    notation.serve(sys.argv[2], lambda line: run(line, cf))


if __name__ == "__main__":
    main()
