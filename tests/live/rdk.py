"""librdkafka itself, for the live harness (harness.py): its bundled shared library through ctypes,
the mock cluster (librdkafka's own KIP-848 coordinator, no broker), and the log file every line of
a run goes to, in librdkafka's stderr layout.

Pinned: confluent-kafka==2.15.0 (requirements.txt), which bundles librdkafka 2.15.0. The mock API
is marked experimental in librdkafka's header: another version may change it.

The mock cluster is made on the same shared library the wheel's consumers use (glibc maps it
once), through a producer handle made only for it, so the mock and the consumers run in one
librdkafka instance.
"""

import argparse
import ctypes
import glob
import json
import logging
import os
import sys
import threading
import time

import confluent_kafka
from confluent_kafka import Consumer, KafkaError, KafkaException

# Where runs are written: `--out DIR` (harness.py) sets it.
RUNS = os.environ.get("KIP848_LIVE_OUT", os.path.join("target", "live"))

API_CONSUMER_GROUP_HEARTBEAT = 68
TOPIC = "t1"
GROUP = "g1"


# --------------------------------------------------------------------------
# librdkafka via ctypes
# --------------------------------------------------------------------------

LOG_CB_T = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int,
                            ctypes.c_char_p, ctypes.c_char_p)


def find_bundled_librdkafka():
    pkg = os.path.dirname(confluent_kafka.__file__)
    cands = sorted(glob.glob(os.path.join(pkg, os.pardir,
                                          "confluent_kafka.libs",
                                          "librdkafka*.so*")))
    if not cands:
        raise RuntimeError("bundled librdkafka not found next to %s" % pkg)
    return os.path.realpath(cands[0])


def load_lib():
    lib = ctypes.CDLL(find_bundled_librdkafka())
    vp, ci, cc = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p
    i16, i32 = ctypes.c_int16, ctypes.c_int32

    def proto(name, res, *args):
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = list(args)

    proto("rd_kafka_version_str", cc)
    proto("rd_kafka_conf_new", vp)
    proto("rd_kafka_conf_set", ci, vp, cc, cc, ctypes.c_char_p, ctypes.c_size_t)
    proto("rd_kafka_conf_set_log_cb", None, vp, LOG_CB_T)
    proto("rd_kafka_new", vp, ci, vp, ctypes.c_char_p, ctypes.c_size_t)
    proto("rd_kafka_destroy", None, vp)
    proto("rd_kafka_mock_cluster_new", vp, vp, ci)
    proto("rd_kafka_mock_cluster_destroy", None, vp)
    proto("rd_kafka_mock_cluster_bootstraps", cc, vp)
    proto("rd_kafka_mock_topic_create", ci, vp, cc, ci, ci)
    proto("rd_kafka_mock_push_request_errors_array", None, vp, i16,
          ctypes.c_size_t, ctypes.POINTER(ci))
    proto("rd_kafka_mock_clear_request_errors", None, vp, i16)
    proto("rd_kafka_mock_set_group_consumer_heartbeat_interval_ms", None, vp, ci)
    proto("rd_kafka_mock_set_group_consumer_session_timeout_ms", None, vp, ci)
    proto("rd_kafka_mock_broker_set_down", ci, vp, i32)
    proto("rd_kafka_mock_broker_set_up", ci, vp, i32)
    proto("rd_kafka_mock_coordinator_set", ci, vp, cc, cc, i32)
    proto("rd_kafka_mock_set_apiversion", ci, vp, i16, i16, i16)
    proto("rd_kafka_topic_partition_list_new", vp, ci)
    proto("rd_kafka_topic_partition_list_add", vp, vp, cc, i32)
    proto("rd_kafka_topic_partition_list_destroy", None, vp)
    proto("rd_kafka_mock_cgrp_consumer_target_assignment_new", vp,
          ctypes.POINTER(cc), ci, ctypes.POINTER(vp))
    proto("rd_kafka_mock_cgrp_consumer_target_assignment_destroy", None, vp)
    proto("rd_kafka_mock_cgrp_consumer_target_assignment", None, vp, cc, vp)
    return lib


# --------------------------------------------------------------------------
# One log sink per run, librdkafka stderr line format
# --------------------------------------------------------------------------

class Sink:
    def __init__(self, path, mode):
        self.mode = mode
        self.lock = threading.Lock()
        self.events = []
        self.t0 = time.time()
        if mode == "stderr":
            # librdkafka's default logger prints to fd 2: point fd 2 at the
            # run log; harness lines go through the same fd, unbuffered.
            self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            self.saved_stderr = os.dup(2)
            sys.stderr.flush()
            os.dup2(self.fd, 2)
            self.out_fd = 2
        else:
            self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            self.saved_stderr = None
            self.out_fd = self.fd

    def line(self, level, fac, name, msg, ts=None):
        ts = time.time() if ts is None else ts
        s = "%%%d|%.3f|%s|%s| %s\n" % (level, ts, fac, name, msg)
        with self.lock:
            os.write(self.out_fd, s.encode("utf-8", "replace"))

    def event(self, client, kind, **kw):
        ts = time.time()
        ev = dict(t=round(ts - self.t0, 3), client=client, kind=kind, **kw)
        self.events.append(ev)
        detail = " ".join("%s=%s" % (k, v) for k, v in kw.items())
        self.line(6, "HARNESS", client, ("%s %s" % (kind, detail)).strip(), ts)
        print("  [%7.3f] %-4s %s %s" % (ev["t"], client, kind, detail),
              file=sys.__stdout__, flush=True)

    def close(self):
        if self.saved_stderr is not None:
            os.dup2(self.saved_stderr, 2)
            os.close(self.saved_stderr)
        os.close(self.fd)


class RdkLogHandler(logging.Handler):
    """Receives confluent-kafka's logger= calls.

    confluent-kafka calls logger.log(pylevel, "%s [%s] %s", fac, rk_name, buf)
    from inside poll()/close() (log.queue=true is forced when logger= is set).
    buf already carries the "[thrd:NAME]: " prefix and, for broker-scoped
    lines, the "broker-name: " prefix. There is no emission timestamp: the
    time we print is the delivery (poll) time.
    """
    PY2SYSLOG = {50: 2, 40: 3, 30: 4, 20: 6, 10: 7}

    def __init__(self, sink):
        super().__init__(logging.DEBUG)
        self.sink = sink

    def emit(self, record):
        try:
            fac, name, buf = record.args
        except (TypeError, ValueError):
            fac, name, buf = "PY", record.name, record.getMessage()
        self.sink.line(self.PY2SYSLOG.get(record.levelno, 7), fac, name, buf,
                       record.created)


# --------------------------------------------------------------------------
# Mock cluster
# --------------------------------------------------------------------------

class MockCluster:
    def __init__(self, lib, sink, brokers=1, mock_debug=True):
        self.lib = lib
        self.sink = sink
        errstr = ctypes.create_string_buffer(512)
        conf = lib.rd_kafka_conf_new()

        def cset(k, v):
            if lib.rd_kafka_conf_set(conf, k.encode(), v.encode(), errstr,
                                     512) != 0:
                raise RuntimeError("conf %s: %s" % (k, errstr.value))
        cset("client.id", "mock")
        if mock_debug:
            cset("debug", "mock")
        self._log_cb = None
        if sink.mode == "logger":
            def _cb(rk, level, fac, buf):
                sink.line(level, fac.decode(), "mock#producer-1",
                          buf.decode("utf-8", "replace"))
            self._log_cb = LOG_CB_T(_cb)     # keep a reference!
            lib.rd_kafka_conf_set_log_cb(conf, self._log_cb)
        self.rk = lib.rd_kafka_new(0, conf, errstr, 512)   # RD_KAFKA_PRODUCER
        if not self.rk:
            raise RuntimeError("rd_kafka_new: %s" % errstr.value)
        self.mc = lib.rd_kafka_mock_cluster_new(self.rk, brokers)
        if not self.mc:
            raise RuntimeError("rd_kafka_mock_cluster_new failed")
        self.bootstraps = lib.rd_kafka_mock_cluster_bootstraps(self.mc).decode()

    def topic_create(self, topic, partitions, rf=1):
        err = self.lib.rd_kafka_mock_topic_create(self.mc, topic.encode(),
                                                  partitions, rf)
        assert err == 0, err

    def set_heartbeat_interval_ms(self, ms):
        self.lib.rd_kafka_mock_set_group_consumer_heartbeat_interval_ms(self.mc, ms)

    def set_session_timeout_ms(self, ms):
        self.lib.rd_kafka_mock_set_group_consumer_session_timeout_ms(self.mc, ms)

    def push_errors(self, apikey, errs):
        """Errors are per-cluster, per-ApiKey, FIFO; consumed by whichever
        client's request of that ApiKey reaches the mock first."""
        arr = (ctypes.c_int * len(errs))(*errs)
        self.lib.rd_kafka_mock_push_request_errors_array(self.mc, apikey,
                                                         len(errs), arr)

    def set_apiversion(self, apikey, minv, maxv):
        """(-1, -1) removes the API from the mock's ApiVersions response."""
        return self.lib.rd_kafka_mock_set_apiversion(self.mc, apikey, minv, maxv)

    def broker_down(self, bid):
        return self.lib.rd_kafka_mock_broker_set_down(self.mc, bid)

    def broker_up(self, bid):
        return self.lib.rd_kafka_mock_broker_set_up(self.mc, bid)

    def target_assignment(self, group, per_member):
        """per_member: {member_id: [(topic, partition), ...]} or None to go
        back to the mock's automatic (range-like) assignment."""
        lib = self.lib
        if per_member is None:
            lib.rd_kafka_mock_cgrp_consumer_target_assignment(
                self.mc, group.encode(), None)
            return
        ids = list(per_member)
        c_ids = (ctypes.c_char_p * len(ids))(*[m.encode() for m in ids])
        lists = []
        for m in ids:
            l = lib.rd_kafka_topic_partition_list_new(len(per_member[m]) or 1)
            for topic, p in per_member[m]:
                lib.rd_kafka_topic_partition_list_add(l, topic.encode(), p)
            lists.append(l)
        c_lists = (ctypes.c_void_p * len(lists))(*lists)
        t = lib.rd_kafka_mock_cgrp_consumer_target_assignment_new(
            c_ids, len(ids), c_lists)
        lib.rd_kafka_mock_cgrp_consumer_target_assignment(
            self.mc, group.encode(), t)
        lib.rd_kafka_mock_cgrp_consumer_target_assignment_destroy(t)
        for l in lists:
            lib.rd_kafka_topic_partition_list_destroy(l)

    def destroy(self):
        if self.mc:
            self.lib.rd_kafka_mock_cluster_destroy(self.mc)
            self.mc = None
        if self.rk:
            self.lib.rd_kafka_destroy(self.rk)
            self.rk = None
