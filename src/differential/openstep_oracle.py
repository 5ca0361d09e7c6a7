#!/usr/bin/env python3
"""The Python side of the OpenStep tests: one process answers a batch of jobs with
../shared/tools/openstep.py, the reference model of CoreFoundation's old-style parser
(and of Xcode's writer).

Usage: openstep_oracle.py SHARED_TOOLS_DIR JOBS

Each line of JOBS is one job; stdout gets one line per job, in order:

  parse IN     the model reads IN: "ok TREE", or "reject MESSAGE" (the message
               starts "line L, column C:")
  rewrite IN<TAB>OUT
               the model reads IN, a project, and writes it into OUT as Xcode's
               writer would, the project's name from IN's own annotations: "wrote"

A job that raises anything else prints "err <exception>" and the batch goes on.
TREE is the prefix notation of notation.py beside this file (model.rs in Rust):
the model's trees hold only str, bytes, list and dict.
"""

import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in src/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import notation  # noqa: E402


def run(line, model):
    op, _, arg = line.partition(" ")
    if op == "parse":
        with open(arg, "rb") as f:
            data = f.read()
        try:
            v = model.parse(data)
        except ValueError as e:
            return "reject " + str(e).replace("\n", " ")
        return "ok " + notation.text(v)
    if op == "rewrite":
        src, dst = arg.split("\t")
        with open(src, "rb") as f:
            data = f.read()
        tree = model.parse(data)
        name = model.guess_project_name(tree, data.decode("utf-8", "replace"))
        with open(dst, "wb") as f:
            f.write(model.write_pbxproj(tree, name))
        return "wrote"
    raise ValueError("unknown job %r" % op)


def main():
    sys.path.insert(0, sys.argv[1])
    import openstep as model
    notation.serve(sys.argv[2], lambda line: run(line, model))


if __name__ == "__main__":
    main()
