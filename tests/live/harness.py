#!/usr/bin/env python3
"""The live harness: real librdkafka consumers (confluent-kafka, group.protocol=consumer,
debug=cgrp,consumer) against librdkafka's mock cluster, in one process, each scenario a run whose
every line goes to <out>/<scenario>.log in librdkafka's stderr layout (lines with the facility
HARNESS are this program's: what it did, which callback ran with what), with its events beside it
as <scenario>.events.json. Consumers are polled round-robin from the main thread, so rebalance
callbacks and, in logger mode, log lines arrive from poll().

  make live-logs                                   # the scenarios core/tests/logs/librdkafka/ holds
  target/live-venv/bin/python tests/live/harness.py --list
  target/live-venv/bin/python tests/live/harness.py b_second_join --log-mode stderr --out DIR
  target/live-venv/bin/python tests/live/harness.py --random 1 --count 5 --out DIR   # random-1 … random-5
"""

import argparse
import json
import logging
import os
import sys
import time

import rdk
import confluent_kafka
from confluent_kafka import Consumer, KafkaError, KafkaException
from rdk import GROUP, TOPIC, API_CONSUMER_GROUP_HEARTBEAT, MockCluster, RdkLogHandler, Sink, load_lib
from scenarios import SCENARIOS
from schedules import schedule

# --------------------------------------------------------------------------
# Members
# --------------------------------------------------------------------------

def tps(parts):
    return "[" + ",".join("%s-%d" % (p.topic, p.partition) for p in parts) + "]"


class Member:
    def __init__(self, h, name, topics=(TOPIC,), group=GROUP, extra=None):
        self.h = h
        self.name = name
        self.closed = False
        self.fatal = None
        conf = {
            "bootstrap.servers": h.mock.bootstraps,
            "group.id": group,
            "group.protocol": "consumer",
            "client.id": name,
            "debug": h.debug,
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
        }
        conf.update(extra or {})
        if h.sink.mode == "logger":
            conf["logger"] = h.logger
        self.c = Consumer(conf)
        self.member_id = self.c.memberid()
        h.sink.event(name, "created", member_id=self.member_id,
                     **({"instance": conf["group.instance.id"]}
                        if "group.instance.id" in conf else {}))
        self.c.subscribe(list(topics), on_assign=self._on_assign,
                         on_revoke=self._on_revoke, on_lost=self._on_lost)
        h.sink.event(name, "subscribe", topics=",".join(topics))

    def _cb(self, kind, consumer, parts):
        # The Python client calls incremental_(un)assign itself after this
        # returns (its fallback), since we don't call it here.
        self.h.sink.event(self.name, kind, partitions=tps(parts),
                          current=tps(consumer.assignment()))

    def _on_assign(self, c, parts):
        self._cb("on_assign", c, parts)

    def _on_revoke(self, c, parts):
        self._cb("on_revoke", c, parts)

    def _on_lost(self, c, parts):
        self._cb("on_lost", c, parts)

    def poll(self, timeout):
        if self.closed:
            return
        try:
            msg = self.c.poll(timeout)
        except KafkaException as e:
            self.h.sink.event(self.name, "poll_exception", error=str(e))
            return
        if msg is not None and msg.error():
            e = msg.error()
            self.h.sink.event(self.name, "poll_error", code=e.name(),
                              fatal=e.fatal(), retriable=e.retriable(),
                              str=e.str())
            # NB: the consumer-error event for a fatal error carries code
            # _FATAL but e.fatal() is False on it (observed with 2.15.0).
            if e.fatal() or e.code() == KafkaError._FATAL:
                self.fatal = e

    def assignment(self):
        return tps(self.c.assignment())

    def close(self):
        if self.closed:
            return
        self.h.sink.event(self.name, "close_begin")
        try:
            self.c.close()
            self.h.sink.event(self.name, "close_end")
        except KafkaException as e:
            self.h.sink.event(self.name, "close_exception", error=str(e))
        self.closed = True


class Harness:
    def __init__(self, scenario, log_mode="logger", brokers=1, hb_ms=500,
                 session_ms=3000, debug="cgrp,consumer", mock_debug=True):
        os.makedirs(rdk.RUNS, exist_ok=True)
        self.scenario = scenario
        self.path = os.path.join(rdk.RUNS, scenario + ".log")
        self.sink = Sink(self.path, log_mode)
        self.debug = debug
        self.logger = logging.getLogger("rdkafka." + scenario)
        self.logger.setLevel(logging.DEBUG)
        self.logger.propagate = False
        self.logger.handlers[:] = [RdkLogHandler(self.sink)]
        self.lib = load_lib()
        self.sink.event("harness", "start", scenario=scenario,
                        librdkafka=self.lib.rd_kafka_version_str().decode(),
                        confluent_kafka=confluent_kafka.version(),
                        log_mode=log_mode)
        self.mock = MockCluster(self.lib, self.sink, brokers, mock_debug)
        self.mock.set_heartbeat_interval_ms(hb_ms)
        self.mock.set_session_timeout_ms(session_ms)
        self.mock.topic_create(TOPIC, 4)
        self.members = []

    def member(self, name, **kw):
        m = Member(self, name, **kw)
        self.members.append(m)
        return m

    def run(self, seconds, only=None):
        """Poll all (open) members round-robin for `seconds`."""
        end = time.time() + seconds
        ms = only or self.members
        while time.time() < end:
            for m in ms:
                m.poll(0.02)

    def until(self, pred, timeout, what):
        end = time.time() + timeout
        while time.time() < end:
            self.run(0.05)
            if pred():
                return True
        self.sink.event("harness", "timeout", waiting_for=what)
        return False

    def inject(self, *names):
        """The mock answers the next heartbeats with these errors (KafkaError names), in order;
        the log says so first."""
        self.sink.event("harness", "inject", api=API_CONSUMER_GROUP_HEARTBEAT,
                        errors=",".join(names))
        self.mock.push_errors(API_CONSUMER_GROUP_HEARTBEAT,
                              [getattr(KafkaError, n) for n in names])

    def assigned(self, m, n):
        return lambda: len(m.c.assignment()) == n

    def finish(self):
        for m in self.members:
            m.close()
        self.sink.event("harness", "destroy_mock")
        for m in self.members:
            del m.c
        self.members = []
        self.mock.destroy()
        self.sink.event("harness", "end")
        with open(os.path.join(rdk.RUNS, self.scenario + ".events.json"), "w") as f:
            json.dump(self.sink.events, f, indent=1)
        self.sink.close()


def run_scenario(name, log_mode, suffix="", play=None):
    print("== %s (%s)" % (name, log_mode), flush=True)
    h = Harness(name + suffix, log_mode=log_mode)
    try:
        (play or SCENARIOS[name])(h)
    finally:
        h.finish()
    print("   log: %s" % h.path, flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scenarios", nargs="*")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--log-mode", choices=("logger", "stderr"),
                    default="logger")
    ap.add_argument("--suffix", default="",
                    help="appended to the run file names")
    ap.add_argument("--out", default=rdk.RUNS, help="where the runs are written")
    ap.add_argument("--random", type=int, metavar="SEED",
                    help="run random schedules from this seed (schedules.py)")
    ap.add_argument("--count", type=int, default=1, help="how many random schedules")
    a = ap.parse_args()
    rdk.RUNS = a.out
    if a.random is not None:
        for seed in range(a.random, a.random + a.count):
            run_scenario("random-%d" % seed, a.log_mode, play=schedule(seed))
        return
    if a.list or not a.scenarios:
        for n, f in SCENARIOS.items():
            print("%-28s %s" % (n, (f.__doc__ or "").strip().splitlines()[0]))
        return
    names = list(SCENARIOS) if a.scenarios == ["all"] else a.scenarios
    for n in names:
        run_scenario(n, a.log_mode, a.suffix)


if __name__ == "__main__":
    main()
