#!/usr/bin/env python3
# record_schema.py - check the record's documents against docs/schemas (JSON Schema draft-07),
# with python3-jsonschema (Debian's 4.10 or a newer one): every status.json, run.json,
# drive.json, drive-<M>.json, apps.json and tpcc.json under each PATH, and each line of every
# telemetry/<test>.jsonl and logs/<test>.engine.jsonl (the engine's report) (a file or a results
# directory; a report and what --overwrite moved aside are left out).
# Prints TAP lines: "ok - schema: N documents under PATH match docs/schemas (...)" or one
# "not ok - schema: FILE: where: what" per failure. Exit status 1 on a failure.
# usage: tests/host/lib/record_schema.py PATH...
import json
import os
import sys

import jsonschema

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
SCHEMAS = os.path.join(ROOT, "docs", "schemas")
KINDS = {"status.json": "status", "run.json": "run", "drive.json": "drive", "apps.json": "apps",
         "tpcc.json": "tpcc"}


def load_schemas():
    out = {}
    for name in sorted(os.listdir(SCHEMAS)):
        if name.endswith(".schema.json"):
            with open(os.path.join(SCHEMAS, name)) as f:
                s = json.load(f)
            jsonschema.Draft7Validator.check_schema(s)
            out[name[: -len(".schema.json")]] = s
    return out


def validators(schemas):
    try:  # jsonschema >= 4.18: a registry of the schemas, by $id
        from referencing import Registry, Resource

        reg = Registry().with_resources(
            [(s["$id"], Resource.from_contents(s)) for s in schemas.values()])
        return {k: jsonschema.Draft7Validator(s, registry=reg) for k, s in schemas.items()}
    except (ImportError, TypeError):  # Debian 12's 4.10: a resolver with a store
        store = {s["$id"]: s for s in schemas.values()}
        return {k: jsonschema.Draft7Validator(
            s, resolver=jsonschema.RefResolver.from_schema(s, store=store))
            for k, s in schemas.items()}


def kind_of(name):
    if name.endswith(".engine.jsonl"):
        return "engine-report"
    if name.endswith(".jsonl"):
        return "telemetry"
    if name in KINDS:
        return KINDS[name]
    if name.startswith("drive-") and name.endswith(".json"):
        return "drive"
    return None


def documents(path):
    if os.path.isfile(path):
        yield path
        return
    for d, dirs, files in os.walk(path):
        dirs[:] = [x for x in dirs
                   if not x.startswith(".")
                   and not os.path.exists(os.path.join(d, x, ".ssdreport"))]
        for f in sorted(files):
            if kind_of(f):
                yield os.path.join(d, f)


def main(paths):
    v = validators(load_schemas())
    bad = 0
    for p in paths:
        n, failed, seen = 0, 0, set()
        for f in documents(p):
            k = kind_of(os.path.basename(f))
            with open(f) as fh:
                if k in ("telemetry", "engine-report"):  # one document a line
                    docs = [json.loads(line) for line in fh if line.strip()]
                else:
                    docs = [json.load(fh)]
            errors = sorted((e for doc in docs for e in v[k].iter_errors(doc)),
                            key=lambda e: list(e.absolute_path))
            for e in errors[:5]:
                where = "/".join(str(x) for x in e.absolute_path) or "(top)"
                print("not ok - schema: %s: %s: %s" % (f, where, e.message[:300]))
            failed += bool(errors)
            n += 1
            seen.add(k)
        bad += failed
        if n == 0:
            print("not ok - schema: no record document under %s" % p)
            bad += 1
        elif not failed:
            print("ok - schema: %d documents under %s match docs/schemas (%s)"
                  % (n, p, ", ".join(sorted(seen))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
