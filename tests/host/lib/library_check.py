#!/usr/bin/env python3
"""library_check.py - the figures a library holds against the report a drive's own ssdreport wrote.

  library_check.py figures LIBRARY REPORT-DIR LABEL...
      every figure of each LABEL's run equals the report's summary.csv cell (or family-curve.csv
      row) it is, within the CSV's 9 significant digits, and every value of the report's summary
      column (and curve row) of that drive is stored: prints "ok N" or what differs
  library_check.py ranking LIBRARY RANK-CSV ENTRY METRIC PROFILE
      the page's ranking table lists the complete runs of PROFILE in the order of their stored
      figures (highest first; latencies lowest first), then the others: prints "ok N" or why not

LIBRARY is an SQLite file or a postgresql:// URI (read with psql: $PSQL, else psql).
The catalogue (jobfiles/catalogue.json) says which profile title a curve's workload has.
"""
import csv
import json
import os
import sqlite3
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
WORDS = {"iops": "IOPS", "mbps": "MB/s", "lat_mean": "average latency", "lat_max": "maximum latency",
         "lat_sd": "latency standard deviation", "tps": "transactions/s", "p99": "p99 latency"}
LAT = {"(µs)": 1e3, "(ms)": 1e6, "(s)": 1e9}


class Psql:
    """The few queries of this check on a PostgreSQL library, through psql's CSV output."""

    def __init__(self, uri):
        self.uri, self.rows = uri, []

    @staticmethod
    def literal(v):
        return str(v) if isinstance(v, (int, float)) else "'" + str(v).replace("'", "''") + "'"

    @staticmethod
    def typed(s):
        for t in (int, float):
            try:
                return t(s)
            except ValueError:
                pass
        return s

    def execute(self, sql, params=()):
        for v in params:
            sql = sql.replace("?", self.literal(v), 1)
        out = subprocess.run([os.environ.get("PSQL", "psql"), "-X", "-q", "-t", "--csv",
                              "-v", "ON_ERROR_STOP=1", "-d", self.uri, "-c", sql],
                             check=True, capture_output=True, text=True).stdout
        self.rows = [tuple(self.typed(c) for c in r) for r in csv.reader(out.splitlines())]
        return self

    def fetchone(self):
        return self.rows[0] if self.rows else None

    def fetchall(self):
        return self.rows


def connect(lib):
    return Psql(lib) if lib.startswith(("postgresql://", "postgres://")) else sqlite3.connect(lib)


def near(a, b):
    return abs(a - b) <= 1e-7 * max(abs(a), abs(b), 1e-30)


def shown(value, unit, label):
    """A stored base-unit value in the unit of the CSV's row label."""
    if unit == "B/s":
        return value / 1e6
    if unit == "ns":
        for k, d in LAT.items():
            if label.endswith(k):
                return value / d
        raise ValueError("no latency unit in " + label)
    return value


def figures(lib, report, labels):
    db = connect(lib)
    rows = list(csv.reader(open(os.path.join(report, "summary.csv"), encoding="utf-8")))
    head, body = rows[0], rows[1:]
    curve = os.path.join(report, "family-curve.csv")
    crows = list(csv.DictReader(open(curve, encoding="utf-8"))) if os.path.exists(curve) else []
    cat = json.load(open(os.path.join(ROOT, "jobfiles", "catalogue.json")))
    titles = {}
    for e in cat["tests"]:
        if e.get("workload") and ", flat out" in e.get("title", ""):
            titles[e["workload"]] = e["title"].split(", flat out")[0]
    bad, n = [], 0
    for label in labels:
        col = head.index(label) if label in head else head.index(label + " (total)")
        run = db.execute("SELECT id FROM runs WHERE label = ?", (label,)).fetchone()
        if not run:
            bad.append(label + ": not in the library")
            continue
        stored = db.execute("SELECT entry, metric, title, unit, value FROM figures WHERE run_id = ?",
                            (run[0],)).fetchall()
        seen = set()
        for entry, metric, title, unit, value in stored:
            n += 1
            if entry.startswith("curve:"):
                prof = titles.get(entry[6:], entry[6:])
                row = [r for r in crows if r["profile"] == prof and r["drive"] == label]
                key = {"peak_iops": "peak IOPS", "peak_mbps": "MB/s at peak",
                       "under_1ms_iops": "best IOPS under 1 ms"}.get(metric)
                if metric == "peak_lat_mean":
                    key = [k for k in row[0] if k.startswith("latency at peak")][0] if row else None
                if not row or key is None:
                    bad.append(f"{label} {entry} {metric}: no row in family-curve.csv")
                    continue
                got = float(row[0][key])
                want = shown(value, unit, "(" + key.split("(")[-1]) if unit == "ns" else shown(value, unit, key)
                seen.add(("curve", prof, key))
            else:
                words = WORDS.get(metric, metric + " latency")
                lab = [r for r in body if r[0].startswith(f"{title} {words}")]
                if len(lab) != 1:
                    bad.append(f"{label} {entry} {metric}: {len(lab)} summary rows '{title} {words}'")
                    continue
                got = float(lab[0][col].lstrip(">="))
                want = shown(value, unit, lab[0][0])
                seen.add(("summary", lab[0][0]))
            if not near(got, want):
                bad.append(f"{label} {entry} {metric}: stored {want} shown {got}")
        # every value the report shows for this drive is stored
        for r in body:
            if r[col] and r[col][0].isdigit() and ("summary", r[0]) not in seen and " of " not in r[col]:
                bad.append(f"{label}: summary row '{r[0]}' = {r[col]} not stored")
        for r in crows:
            if r["drive"] != label:
                continue
            for k, v in r.items():
                if k in ("profile", "drive") or not v or not v[0].isdigit():
                    continue
                if ("curve", r["profile"], k) not in seen:
                    bad.append(f"{label}: curve '{r['profile']}' {k} = {v} not stored")
    print("\n".join(bad) if bad else f"ok {n}")


def ranking(lib, rank_csv, entry, metric, profile):
    db = connect(lib)
    rows = db.execute(
        "SELECT r.id, r.status, f.value, f.unit, r.tests_planned, r.tests_done, r.only_tests"
        " FROM figures f JOIN runs r ON r.id = f.run_id"
        " WHERE f.entry = ? AND f.metric = ? AND r.profile = ?", (entry, metric, profile)).fetchall()
    lower = rows and rows[0][3] == "ns"

    def whole(r):  # docs/library.md: a whole review is ranked, nothing else
        planned, done, only = (None if v == "" else v for v in r[4:7])  # psql's NULL: ""
        if r[1] != "complete":
            return False
        if planned is not None and planned > 0 and done is not None and done < planned:
            return False
        return not (only and (planned is None or planned <= 0))
    done = sorted([r for r in rows if whole(r)], key=lambda r: (r[2] if lower else -r[2], r[0]))
    others = [r for r in rows if not whole(r)]
    table = list(csv.DictReader(open(rank_csv, encoding="utf-8")))
    want = [str(r[0]) for r in done]
    got = [t["run"] for t in table[:len(done)]]
    ranks = [t["rank"] for t in table[:len(done)]]
    if got != want or ranks != [str(i + 1) for i in range(len(done))]:
        print(f"ranked runs {got} ranks {ranks}, expected {want}")
    elif sorted(t["run"] for t in table[len(done):]) != sorted(str(r[0]) for r in others) or \
            any(t["rank"] != "not ranked" for t in table[len(done):]):
        print("unranked runs differ: " + str(table[len(done):]))
    else:
        print(f"ok {len(done)}")


if __name__ == "__main__":
    if sys.argv[1] == "figures":
        figures(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        ranking(*sys.argv[2:7])
