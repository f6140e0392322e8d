#!/usr/bin/env python3
"""library_with_check.py - a review page's library columns against each drive's own report.

  library_with_check.py PAGE-DIR COLUMN OWN-REPORT-DIR OWN-COLUMN
      every figure of COLUMN in PAGE-DIR/summary.csv equals the row's figure of OWN-COLUMN in
      OWN-REPORT-DIR/summary.csv (the same row, latencies compared in ns whatever unit each row
      chose, within the CSV's 9 significant digits), and every number of OWN-COLUMN is in COLUMN
      but the rows the library does not keep (steady state, spec-sheet checks): prints "ok N"
      (the figures compared) or what differs.
"""
import csv
import re
import sys

UNITS = {"ns": 1, "µs": 1e3, "ms": 1e6, "s": 1e9}


def rows(path, column):
    """{row name without its latency unit: value in base units} of one column."""
    table = list(csv.reader(open(path, encoding="utf-8")))
    col = table[0].index(column)
    out = {}
    for r in table[1:]:
        name, cell = r[0], r[col] if col < len(r) else ""
        try:
            v = float(cell)
        except ValueError:
            continue
        m = re.match(r"^(.*latency) \((ns|µs|ms|s)\)$", name)
        if m:
            name, v = m.group(1), v * UNITS[m.group(2)]
        out[name] = v
    return out


def main():
    page, column, own, own_column = sys.argv[1:5]
    a = rows(page + "/summary.csv", column)
    b = rows(own + "/summary.csv", own_column)
    bad = []
    for k, v in b.items():
        if k not in a:
            bad.append("%s: %g in its own report, not on the page" % (k, v))
        elif abs(a[k] - v) > 1e-8 * max(abs(a[k]), abs(v), 1e-30):
            bad.append("%s: %r on the page, %r in its own report" % (k, a[k], v))
    for k in a:
        if k not in b:
            bad.append("%s: on the page, not in its own report" % k)
    print("ok %d" % len(b) if not bad and b else "; ".join(bad) or "no figures")


main()
