#!/usr/bin/env python3
"""ga3c's config reader agrees with Python's tomllib (TOML 1.0) on a generated corpus of valid and
invalid documents of the value kinds ga3c's settings take: integers, floats, strings and booleans,
under bare or quoted keys in a [train] table.

For each document, with tomllib as the reference:
- tomllib refuses it: ga3c refuses it too, with one line naming the file and a line.
- tomllib reads it: ga3c reads every key to the same value, unless a value does not fit its
  setting (a float for an integer, a negative seed, an integer beyond the setting's C++ type, a
  number for a name, a string holding NUL), which ga3c refuses naming the file and the line.
  What ga3c writes back (config.toml) must read with tomllib to the same values.

The corpus is drawn from a fixed seed, so a failure repeats; --count sets its size."""
import argparse
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

# The settings the corpus uses, with what a value must be: ("int", lo, hi) for integers of the
# setting's C++ type, "float", "str" or "bool".
SETTINGS = {
    "seed": ("int", 0, 2**64 - 1),             # uint64_t
    "max-frames": ("int", -2**63, 2**63 - 1),  # int64_t
    "agents": ("int", -2**31, 2**31 - 1),      # int
    "lr": "float",                             # float
    "target-return": "float",                  # double
    "env": "str",
    "run-dir": "str",
    "quiet": "bool",
    "sync-overlap": "bool",
}


def digits(rng, alphabet="0123456789", n=None):
    n = n or rng.choice([1, 1, 2, 3, 4, 7, 20])
    return "".join(rng.choice(alphabet) for _ in range(n))


def underscored(rng, text):
    """text with underscores put between some digits (and, rarely, where TOML refuses them)."""
    out = []
    for i, c in enumerate(text):
        out.append(c)
        if i + 1 < len(text) and rng.random() < 0.15:
            out.append("_")
    s = "".join(out)
    if rng.random() < 0.05:
        pos = rng.randrange(len(s) + 1)
        s = s[:pos] + rng.choice(["_", "__"]) + s[pos:]
    return s


def sign(rng):
    return rng.choice(["", "", "", "+", "-"])


def number(rng):
    kind = rng.random()
    if kind < 0.35:  # decimal integer
        body = digits(rng)
        if rng.random() < 0.85 and len(body) > 1:
            body = body.lstrip("0") or "0"
        return sign(rng) + underscored(rng, body)
    if kind < 0.55:  # hex, octal, binary
        base = rng.choice([("0x", "0123456789abcdefABCDEF"), ("0o", "01234567"), ("0b", "01")])
        prefix = base[0] if rng.random() < 0.9 else base[0].upper()
        alphabet = base[1] if rng.random() < 0.95 else base[1] + "89g"
        text = prefix + underscored(rng, digits(rng, alphabet))
        return (rng.choice(["+", "-"]) if rng.random() < 0.1 else "") + text
    if kind < 0.9:  # float
        int_part = digits(rng, n=rng.choice([1, 1, 2, 3]))
        if rng.random() < 0.9 and len(int_part) > 1:
            int_part = int_part.lstrip("0") or "0"
        text = sign(rng) + underscored(rng, int_part)
        has_frac = rng.random() < 0.7
        if has_frac:
            text += "." + underscored(rng, digits(rng, n=rng.choice([0, 1, 1, 2, 5, 17])))
        if not has_frac or rng.random() < 0.5:
            text += rng.choice("eE") + rng.choice(["", "+", "-"]) + underscored(
                rng, digits(rng, n=rng.choice([0, 1, 1, 2, 3])))
        return text
    special = rng.choice(["inf", "nan", "Inf", "NaN", "infinity", "INF"])
    return sign(rng) + special


def mutate(rng, text):
    """A small slip of the kind people make: a character inserted, dropped or doubled."""
    pos = rng.randrange(len(text) + 1)
    op = rng.random()
    if op < 0.4:
        return text[:pos] + rng.choice("0123456789_.eE+-xob ") + text[pos:]
    if op < 0.7 and text:
        return text[:pos] + text[pos + 1:]
    return text[:pos] + text[pos:pos + 1] * 2 + text[pos + 1:]


STRING_PIECES = ["a", "Z", "0", "-", "/", " ", "\t", "#", "=", "[", "]", "é", "日本", "😀", "'", "\"",
                 "\\\\", "\\n", "\\t", "\\\"", "\\b", "\\f", "\\r", "\\u00e9", "\\U0001F600",
                 "\\u0041", "\\uD800", "\\x41", "\\e", "\\0", "\\u00", "\\", "\\u0000"]


def string(rng):
    n = rng.choice([0, 1, 2, 4, 8])
    body = "".join(rng.choice(STRING_PIECES) for _ in range(n))
    form = rng.random()
    if form < 0.5:
        return '"' + body + '"'
    if form < 0.75:
        return "'" + body.replace("'", "") + "'" if rng.random() < 0.9 else "'" + body + "'"
    if form < 0.88:
        quotes = '"' * rng.choice([0, 1, 2])
        return '"""' + body + quotes + '"""'
    if form < 0.95:
        return "'''" + body + "'" * rng.choice([0, 1, 2]) + "'''"
    return rng.choice(['"', "'"]) + body  # not closed


def value(rng, name):
    """Mostly a value of the setting's own kind, sometimes of another."""
    own = SETTINGS[name]
    kind = rng.random()
    if rng.random() < 0.6:
        kind = 0.0 if own in ("float",) or isinstance(own, tuple) else 0.6 if own == "str" else 0.9
    if kind < 0.55:
        text = number(rng)
    elif kind < 0.8:
        text = string(rng)
    else:
        text = rng.choice(["true", "false", "True", "FALSE", "yes", "1", "0"])
    if rng.random() < 0.12:
        text = mutate(rng, text)
    return text


def key(rng, name):
    form = rng.random()
    if form < 0.8:
        return name
    if form < 0.9:
        return '"' + name + '"'
    return "'" + name + "'"


def document(rng):
    lines = [rng.choice(["[train]", "[train]", "[ train ]", '["train"]', "[train] # t"])]
    names = rng.sample(sorted(SETTINGS), rng.choice([1, 1, 1, 2, 3]))
    if rng.random() < 0.05:
        names.append(names[0])  # set twice
    for name in names:
        if rng.random() < 0.1:
            lines.append(rng.choice(["", "# a comment", "  "]))
        eq = rng.choice([" = ", "=", " =", "= ", "\t=\t"])
        comment = rng.choice(["", "", "", " # c", "#c", "\t"])
        lines.append(key(rng, name) + eq + value(rng, name) + comment)
    newline = "\r\n" if rng.random() < 0.1 else "\n"
    return newline.join(lines) + newline


def fits(name, v):
    """Why value v does not fit setting `name`, or None."""
    kind = SETTINGS[name]
    if isinstance(kind, tuple):
        if type(v) is not int:
            return "not an integer"
        return None if kind[1] <= v <= kind[2] else "out of the type's range"
    if kind == "float":
        if type(v) is int:
            return None if -2**63 <= v < 2**63 else "integer beyond 64 bits"
        return None if type(v) is float else "not a number"
    if kind == "str":
        if type(v) is not str:
            return "not a string"
        return "NUL in a string" if "\0" in v else None
    return None if type(v) is bool else "not a boolean"


def same(a, b):
    """Equal values; a float setting's integer and float of one value are the same (ga3c writes
    a float setting's value as a float)."""
    if float in (type(a), type(b)) and {type(a), type(b)} <= {int, float}:
        a, b = float(a), float(b)
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    return a == b and type(a) is type(b)


def read_all(reader, paths):
    out = subprocess.run([reader] + paths, capture_output=True, text=True, check=True).stdout
    results = {}
    for block in out.split("== ")[1:]:
        path, _, rest = block.partition("\n")
        results[path] = rest
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reader", required=True, help="the config_read tool")
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="ga3c_tomllib_")
    try:
        docs = {}
        for i in range(args.count):
            path = os.path.join(tmp, "d%05d.toml" % i)
            text = document(rng)
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            docs[path] = text
        results = read_all(args.reader, sorted(docs))
        return compare(docs, results)
    finally:
        shutil.rmtree(tmp)


def compare(docs, results):
    failures = []
    counts = {"both read": 0, "both refuse": 0, "ga3c refuses what does not fit": 0}
    for path, text in sorted(docs.items()):
        got = results[path]
        ours_ok = not got.startswith("error: ")
        where = "%s %r" % (os.path.basename(path), text)
        try:
            ref = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            ref = None
        if ref is None:
            if ours_ok:
                failures.append("%s: tomllib refuses it, ga3c reads it" % where)
            else:
                counts["both refuse"] += 1
                if not re.match(r"error: config file %s(, line \d+:| )" % re.escape(path), got):
                    failures.append("%s: message does not name the file: %r" % (where, got))
                if got.count("\n") != 1:
                    failures.append("%s: message is not one line: %r" % (where, got))
            continue
        table = ref.get("train", {})
        misfits = [name for name, v in table.items() if fits(name, v)]
        if misfits:
            if ours_ok:
                failures.append("%s: ga3c reads %s, which does not fit (%s)" % (
                    where, misfits[0], fits(misfits[0], table[misfits[0]])))
            elif not re.match(r"error: config file %s, line \d+: " % re.escape(path), got):
                failures.append("%s: message does not name file and line: %r" % (where, got))
            else:
                counts["ga3c refuses what does not fit"] += 1
            continue
        if not ours_ok:
            failures.append("%s: tomllib reads %r, ga3c refuses: %s" % (where, table, got.strip()))
            continue
        try:
            written = tomllib.loads(got)["train"]
        except tomllib.TOMLDecodeError as e:
            failures.append("%s: what ga3c writes does not read with tomllib (%s): %r" % (where, e, got))
            continue
        for name, v in table.items():
            if not same(v, written.get(name)):
                failures.append("%s: %s is %r for tomllib, %r for ga3c" % (where, name, v, written.get(name)))
        counts["both read"] += 1
    for failure in failures[:40]:
        print("FAIL: " + failure)
    print("%d documents: %s; %d failures" % (
        len(docs), ", ".join("%s %d" % kv for kv in counts.items()), len(failures)))
    if min(counts.values()) < len(docs) // 20:
        print("FAIL: the corpus is lopsided; every outcome should be common")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
