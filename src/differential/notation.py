"""The tree notation of model.rs, for the Python oracles (tests/compat/oracle.py,
tests/xml/oracle.py), and the batch loop they share.

Prefix notation, tokens separated by one space:
  t f n            true, false, None
  i<decimal>       int
  r<16 hex>        float, as the bits of an IEEE double
  m<decimal>       datetime, as whole microseconds since 2001-01-01T00:00:00
  d<16 hex>        a date as the bits of its CFAbsoluteTime double, for an oracle
                   that passes the class holding one (cf_xml.AbsTime)
  b<hex>           bytes
  s<hex>           str, as the hex of its UTF-8
  u<decimal>       plistlib.UID
  a<n> ...         list of the next n values
  k<n> ...         dict of the next n key, value pairs
"""

import datetime
import plistlib
import struct

EPOCH = datetime.datetime(2001, 1, 1)


def dump(v, out, abs_time=None):
    """Appends the tokens of v to out."""
    # bool before int: True is an int in Python; a CF date is a float.
    if v is None:
        out.append("n")
    elif v is True:
        out.append("t")
    elif v is False:
        out.append("f")
    elif abs_time is not None and isinstance(v, abs_time):
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
            dump(x, out, abs_time)
    elif isinstance(v, dict):
        out.append("k%d" % len(v))
        for k, x in v.items():
            dump(k, out, abs_time)
            dump(x, out, abs_time)
    else:
        raise TypeError("cannot describe %r" % type(v).__name__)


def text(v, abs_time=None):
    """The notation of v."""
    out = []
    dump(v, out, abs_time)
    return " ".join(out)


def build(tokens, abs_time=None):
    """The value of the next tokens."""
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
    if tag == "d" and abs_time is not None:
        return abs_time(struct.unpack(">d", bytes.fromhex(rest))[0])
    if tag == "m":
        return EPOCH + datetime.timedelta(microseconds=int(rest))
    if tag == "b":
        return bytes.fromhex(rest)
    if tag == "s":
        return bytes.fromhex(rest).decode("utf-8")
    if tag == "u":
        return plistlib.UID(int(rest))
    if tag == "a":
        return [build(tokens, abs_time) for _ in range(int(rest))]
    if tag == "k":
        d = {}
        for _ in range(int(rest)):
            k = build(tokens, abs_time)
            d[k] = build(tokens, abs_time)
        return d
    raise ValueError("unknown token %r" % t)


def tree(text, abs_time=None):
    """The value of a whole notation text."""
    tokens = iter(text.split(" "))
    v = build(tokens, abs_time)
    if next(tokens, None) is not None:
        raise ValueError("trailing tokens")
    return v


def serve(jobs_path, run):
    """Prints run(line) for each line of the jobs file; a job that raises prints
    "err <exception>" and the batch goes on."""
    with open(jobs_path) as jobs:
        for line in jobs:
            try:
                print(run(line.rstrip("\n")))
            except Exception as e:  # one bad case must not stop the batch
                print("err %s: %s" % (type(e).__name__, str(e).replace("\n", " ")))
