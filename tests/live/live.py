#!/usr/bin/env python3
"""The live check: real librdkafka consumers run a schedule against the mock cluster (harness.py),
each log is followed on the project's `librdkafka` model (`kip848-import --librdkafka`), and every
consumer must have passed through the same join states, sent the same heartbeats (epoch, full or
not) and been handed the same rebalance callbacks (kind, partitions) in the same order.

  make test runs:  live.py --scenarios a_join_close,... --seed draw --count 4 --jobs 2 --out target/live/check
  make live runs:  live.py --seed 1 --count 200 --jobs 2 --out target/live/random

`--seed draw` picks the first seed at random for each run and prints it first, so a disagreement
found by `make test` is replayed with `make live SEED=<it> COUNT=<count>`.

Prints a line per log and the figures at the end; exits 1 when a consumer disagrees with the
model in a way tests/live/differences.json does not document (an entry that names a race in
librdkafka's own timing explains a difference only where the log shows that race: RACES), 2 when a
run could not be made.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


# A schedule takes seconds; one still running after this hangs inside librdkafka (a close() that
# never returned, seen once in a thousand): it is stopped and reported, and the others go on.
HANG_S = int(os.environ.get("LIVE_HANG_S", "180"))


def run_harness(args_list, out, jobs):
    """Runs harness.py once per argument list, `jobs` at a time; returns the failures and the
    runs stopped as hung (their logs stay, cut where they hung)."""
    def one(extra):
        cmd = [sys.executable, os.path.join(HERE, "harness.py"), "--log-mode", "stderr",
               "--out", out] + extra
        try:
            p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True, timeout=HANG_S)
        except subprocess.TimeoutExpired:
            return ("hung", " ".join(extra))
        if p.returncode != 0:
            return ("failed", "%s: exit %d\n%s" % (" ".join(cmd), p.returncode, p.stderr[-2000:]))
        return None
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = [r for r in pool.map(one, args_list) if r]
    return ([what for kind, what in results if kind == "failed"],
            [what for kind, what in results if kind == "hung"])


def signature(difference):
    """A difference in words that do not depend on the run: what each side did there."""
    def side(o):
        if not o:
            return "nothing"
        if o["kind"] == "join_state":
            return o["state"]
        if o["kind"] == "heartbeat":
            return "heartbeat epoch %s%s" % (
                "-1/-2" if o["epoch"] < 0 else (">0" if o["epoch"] > 0 else "0"),
                " full" if o["full"] else "")
        return "%s of %d" % (o["call"], o["partitions"])
    return "%s: log %s, model %s" % (difference["aspect"], side(difference["log"]),
                                     side(difference["model"]))


def own_lines(log, handle):
    """The consumer's own lines of `log` (and the harness's about it), numbered from 1."""
    client = handle.split("#")[0]
    with open(log, errors="replace") as f:
        lines = f.read().splitlines()
    return [(n, t) for n, t in enumerate(lines, 1)
            if "|%s|" % handle in t or "|HARNESS|%s|" % client in t]


def offset_fetch_or_leaving_call(log, consumer, difference):
    """librdkafka's own race, `rd_kafka_cgrp_consumer_assignment_done` against the application:
    an incremental assign that adds partitions brings the member to steady, but the
    acknowledgement is expedited only once `rd_kafka_assignment_serve` finds the assignment done,
    after the committed offsets' OffsetFetch is answered (broker thread); an unsubscribe or close
    the application makes first (its op served on the main thread before that answer) moves the
    join state on to wait-unassign-call, where assignment done does nothing, and no
    acknowledgement is ever sent: the next heartbeat is the leave. The model sends the
    acknowledgement with the assign (the answer's usual order). Holds only when the log shows
    exactly that: the model's heartbeat on the ASSIGN op of wait-assign-call, offset queries
    outstanding after it, the unsubscribe (or close) op before any "assignment operations done
    in join-state steady", and the log's heartbeat the leave."""
    model, logged = difference["model"], difference["log"]
    if difference["aspect"] != "heartbeats" or not model or not logged:
        return False
    if logged["epoch"] >= 0 or model["epoch"] <= 0 or logged["line"] <= model["line"]:
        return False
    own = dict(own_lines(log, consumer["handle"]))
    if "received op ASSIGN in state up (join-state wait-assign-call)" not in own.get(
            model["line"], ""):
        return False
    fetching = False
    for n in range(model["line"] + 1, logged["line"]):
        t = own.get(n, "")
        if "assignment operations done in join-state steady" in t or "ConsumerGroupHeartbeat of" in t:
            return False
        m = re.search(r"with \d+ pending adds, (\d+) offset queries", t)
        if m and int(m.group(1)) > 0:
            fetching = True
        if ("subscribe to new unset subscription" in t or "received op TERMINATE" in t):
            return fetching
    return False


# The races in librdkafka's own timing a documented difference may name (differences.json's
# "race"): each says whether the log shows that race where the model and the log part.
RACES = {"offset_fetch_or_leaving_call": offset_fetch_or_leaving_call}


def documented_as(documented, sig, log, consumer, difference):
    """The entry of differences.json that explains this difference: same signature and, when it
    names a race, the log shows that race there."""
    for d in documented:
        if d["signature"] != sig:
            continue
        race = d.get("race")
        if race is None or (difference is not None and RACES[race](log, consumer, difference)):
            return d
    return None


def print_excerpt(log, consumer, before=40, after=10):
    """The consumer's own lines (and the harness's about it) around where it and the model part
    ways: a run's logs are gone with the machine that made them, and a disagreement that comes
    once in many runs must be readable from the output alone."""
    where = [o["line"] for d in consumer["differences"] for o in (d["log"], d["model"]) if o]
    where += [r["line"] for r in consumer["refused"]]
    if not where:
        return
    first, last = min(where), max(where)
    handle = consumer["handle"]
    client = handle.split("#")[0]
    with open(log, errors="replace") as f:
        lines = f.read().splitlines()
    own = [(n, t) for n, t in enumerate(lines, 1)
           if "|%s|" % handle in t or "|HARNESS|%s|" % client in t]
    shown = [(n, t) for n, t in own if first - before <= n <= last + after]
    print("    %s, lines %d-%d (the consumer's own):" % (os.path.basename(log),
                                                        first - before, last + after))
    for n, t in shown:
        print("    %6d %s" % (n, t[:300]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenarios", help="named scenarios, comma-separated")
    ap.add_argument("--seed", help="the first random schedule, or 'draw' for one drawn now")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", required=True)
    ap.add_argument("--import-bin", default="target/debug/kip848-import")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    started = time.time()
    if not a.scenarios and a.seed is None:
        ap.error("--scenarios or --seed")
    runs, logs = [], []
    if a.scenarios:
        names = [n for n in a.scenarios.split(",") if n]
        logs += [os.path.join(a.out, n + ".log") for n in names]
        runs += [[n] for n in names]
    if a.seed is not None:
        if a.seed == "draw":
            first = random.SystemRandom().randrange(1, 1000000)
        elif a.seed.isdigit():
            first = int(a.seed)
        else:
            ap.error("--seed takes a number or 'draw'")
        print("random schedules %d to %d (make live SEED=%d COUNT=%d runs them again)"
              % (first, first + a.count - 1, first, a.count), flush=True)
        seeds = list(range(first, first + a.count))
        logs += [os.path.join(a.out, "random-%d.log" % s) for s in seeds]
        # One process per schedule: a hang stops only its own.
        runs += [["--random", str(s), "--count", "1"] for s in seeds]
    failed, hung = run_harness(runs, a.out, a.jobs)
    ran = time.time() - started
    if failed:
        print("\n".join(failed), file=sys.stderr)
        return 2
    hung_logs = set()
    for extra in hung:
        name = "random-%s" % extra.split()[1] if extra.startswith("--random") else extra.split()[0]
        hung_logs.add(os.path.join(a.out, name + ".log"))
        print("HUNG        %s.log: still running after %d s, stopped (librdkafka did not return; "
              "the log is cut there)" % (name, HANG_S))
    logs = [l for l in logs if l not in hung_logs]
    with open(os.path.join(HERE, "differences.json")) as f:
        documented = json.load(f)
    consumers = agreed = explained = 0
    unexplained = []
    by_signature = {}
    for log in logs:
        p = subprocess.run([a.import_bin, "--librdkafka", log], capture_output=True, text=True)
        if p.returncode == 2:
            print("%s: %s" % (os.path.basename(log), p.stderr.strip()))
            continue
        for c in json.loads(p.stdout):
            consumers += 1
            if c["agrees"]:
                agreed += 1
                continue
            diffs = list(c["differences"]) + [None] * len(c["refused"])
            sigs = [signature(d) for d in c["differences"]] + [
                "refused: %s" % r["reason"].split(",")[0] for r in c["refused"]]
            known = [documented_as(documented, s, log, c, d) for s, d in zip(sigs, diffs)]
            for s in sigs:
                by_signature[s] = by_signature.get(s, 0) + 1
            where = "%s %s: %s" % (os.path.basename(log), c["handle"], "; ".join(sigs))
            if all(known):
                explained += 1
                print("documented  " + where)
            else:
                unexplained.append(where)
                print("DISAGREES   " + where)
                print_excerpt(log, c)
    print("live check: %d logs, %d consumers in %.0f s: %d agree with the model, %d differ in "
          "documented ways, %d disagree; %d runs hung and were stopped" % (
              len(logs), consumers, ran, agreed, explained, len(unexplained), len(hung)))
    for s, n in sorted(by_signature.items(), key=lambda kv: -kv[1]):
        print("  %4d  %s" % (n, s))
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
