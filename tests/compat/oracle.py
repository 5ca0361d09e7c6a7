#!/usr/bin/env python3
"""The plistlib side of tests/compat: one process answers a whole batch of jobs.

Usage: oracle.py JOBS

Each line of JOBS is one job, and stdout gets one line per job, in order:

  read IN [OUT]   load IN with plistlib.loads and print "ok TREE"; with OUT, also
                  write plistlib.dumps(loaded, fmt=FMT_BINARY, sort_keys=False) to OUT
  write OUT TREE  build TREE and write plistlib.dumps(tree, fmt=FMT_BINARY,
                  sort_keys=False) to OUT; print "ok"

A job that raises prints "err <exception>" and the batch goes on.

TREE is the prefix notation of src/differential/notation.py (and model.rs), dates
as m<micros>.
"""

import os
import plistlib
import sys

sys.dont_write_bytecode = True  # no __pycache__ in src/
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../src/differential"))
import notation  # noqa: E402


def run(line):
    op, _, args = line.partition(" ")
    if op == "read":
        paths = args.split(" ")
        with open(paths[0], "rb") as f:
            value = plistlib.loads(f.read())
        if len(paths) > 1:
            with open(paths[1], "wb") as f:
                f.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
        return "ok " + notation.text(value)
    if op == "write":
        path, _, tree = args.partition(" ")
        value = notation.tree(tree)
        with open(path, "wb") as f:
            f.write(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
        return "ok"
    raise ValueError("unknown job %r" % op)


if __name__ == "__main__":
    notation.serve(sys.argv[1], run)
