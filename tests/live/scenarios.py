"""The live harness's scenarios: each drives the consumers of one run (harness.py), named after what
happens. Each takes the run's Harness `h`: `h.member(name)` makes a consumer, `h.until(...)` polls
them until a condition holds, `h.mock` is the mock cluster, `h.sink.event(...)` writes a HARNESS line.
"""

import time

from rdk import API_CONSUMER_GROUP_HEARTBEAT, GROUP, TOPIC

# --------------------------------------------------------------------------
# Scenarios
# --------------------------------------------------------------------------

def a_join_close(h):
    """One consumer joins, gets all 4 partitions, closes (leave epoch -1)."""
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.5)   # ack heartbeat + a couple of steady heartbeats


def b_second_join(h):
    """c2 joins: mock moves t1-2,t1-3 to c2 only after c1 revoked them."""
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    c2 = h.member("c2")
    h.until(lambda: len(c1.c.assignment()) == 2 and
            len(c2.c.assignment()) == 2, 10, "2+2")
    h.run(1.5)
    h.sink.event("harness", "assignments", c1=c1.assignment(),
                 c2=c2.assignment())


def _fenced(h, name):
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    h.inject(name)
    h.run(1.5)
    h.until(h.assigned(c1, 4), 8, "c1 re-assigned 4")
    h.run(1.0)


def c_fenced(h):
    """Inject FENCED_MEMBER_EPOCH: on_lost, rejoin at epoch 0, re-assign."""
    _fenced(h, "FENCED_MEMBER_EPOCH")


def c2_unknown_member(h):
    """Same with UNKNOWN_MEMBER_ID."""
    _fenced(h, "UNKNOWN_MEMBER_ID")


def d_retriable(h):
    """COORDINATOR_NOT_AVAILABLE then COORDINATOR_LOAD_IN_PROGRESS:
    no callbacks; coordinator re-query; next HB is a full request."""
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    h.inject("COORDINATOR_NOT_AVAILABLE", "COORDINATOR_LOAD_IN_PROGRESS")
    h.run(3.0)
    h.sink.event("harness", "assignments", c1=c1.assignment())


def _fatal(h, name):
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    h.inject(name)
    h.until(lambda: c1.fatal is not None, 5, "fatal error surfaced")
    h.run(1.0)
    h.sink.event("harness", "assignments", c1=c1.assignment())


def e_fatal_authz(h):
    """GROUP_AUTHORIZATION_FAILED: fatal error, partitions dropped."""
    _fatal(h, "GROUP_AUTHORIZATION_FAILED")


def e2_fatal_unsupported_version(h):
    """UNSUPPORTED_VERSION returned by the broker in the HB response."""
    _fatal(h, "UNSUPPORTED_VERSION")


def f_static_close(h):
    """Static member: close sends epoch -2; a new instance with the same
    group.instance.id takes the member over (new member id) and gets the same
    partitions back."""
    c1 = h.member("c1", extra={"group.instance.id": "i1"})
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    c1.close()
    h.run(0.5)
    c1b = h.member("c1b", extra={"group.instance.id": "i1"})
    h.until(h.assigned(c1b, 4), 8, "c1b assigned 4")
    h.run(1.0)


def g_manual_target(h):
    """Two consumers; then a manual target assignment moves partitions."""
    c1 = h.member("c1")
    c2 = h.member("c2")
    h.until(lambda: len(c1.c.assignment()) + len(c2.c.assignment()) == 4 and
            len(c1.c.assignment()) > 0 and len(c2.c.assignment()) > 0,
            10, "both assigned")
    h.run(1.0)
    target = {c1.member_id: [(TOPIC, 0)],
              c2.member_id: [(TOPIC, 1), (TOPIC, 2), (TOPIC, 3)]}
    h.sink.event("harness", "manual_target", c1="[t1-0]", c2="[t1-1,t1-2,t1-3]")
    h.mock.target_assignment(GROUP, target)
    h.until(lambda: len(c1.c.assignment()) == 1 and
            len(c2.c.assignment()) == 3, 10, "1+3")
    h.run(1.5)
    h.sink.event("harness", "assignments", c1=c1.assignment(),
                 c2=c2.assignment())


def h_empty_member(h):
    """Second consumer on a 1-partition topic gets an empty assignment and
    stays in join-state init."""
    h.mock.topic_create("t0", 1)
    c1 = h.member("c1", topics=("t0",))
    h.until(h.assigned(c1, 1), 8, "c1 assigned 1")
    c2 = h.member("c2", topics=("t0",))
    h.run(3.0)
    h.sink.event("harness", "assignments", c1=c1.assignment(),
                 c2=c2.assignment())


def i_max_poll(h):
    """max.poll.interval.ms exceeded: lost + leave (epoch -1) + rejoin after
    the application polls again."""
    c1 = h.member("c1", extra={"max.poll.interval.ms": 2000})
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    h.sink.event("harness", "stop_polling", seconds=3.5)
    time.sleep(3.5)
    h.until(h.assigned(c1, 4), 8, "c1 re-assigned 4")
    h.run(1.0)


def j_session_timeout(h):
    """Coordinator unreachable longer than the mock's session timeout (2 s):
    the mock fences the member; on reconnect the client is fenced too."""
    h.mock.set_session_timeout_ms(2000)
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    h.sink.event("harness", "broker_down", broker=1)
    h.mock.broker_down(1)
    h.run(3.5)
    h.sink.event("harness", "broker_up", broker=1)
    h.mock.broker_up(1)
    h.until(lambda: any(e["kind"] == "on_lost" for e in h.sink.events),
            10, "c1 on_lost")
    h.until(h.assigned(c1, 4), 8, "c1 re-assigned 4")
    h.run(1.0)


def _unsubscribe_then_subscribe(h, m):
    """unsubscribe(), two seconds of polling everyone, then the same subscription again."""
    h.sink.event(m.name, "unsubscribe")
    m.c.unsubscribe()
    h.run(2.0)
    m.c.subscribe([TOPIC], on_assign=m._on_assign,
                  on_revoke=m._on_revoke, on_lost=m._on_lost)
    h.sink.event(m.name, "subscribe", topics=TOPIC)


def k_unsubscribe(h):
    """unsubscribe() (no close): revoke all, leave with epoch -1, stay idle;
    then subscribe again."""
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    h.run(1.0)
    _unsubscribe_then_subscribe(h, c1)
    h.until(h.assigned(c1, 4), 8, "c1 re-assigned 4")
    h.run(1.0)


def l_duplicate_instance(h):
    """Two live members with the same group.instance.id: the real broker
    would answer UNRELEASED_INSTANCE_ID (fatal); the mock answers
    UNKNOWN_MEMBER_ID, so the second member loops through fenced/rejoin."""
    c1 = h.member("c1", extra={"group.instance.id": "i1"})
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    c2 = h.member("c2", extra={"group.instance.id": "i1"})
    h.run(3.0)
    h.sink.event("harness", "assignments", c1=c1.assignment(),
                 c2=c2.assignment())


def n_unsubscribe_while_part_is_revoked(h):
    """A target takes two of c1's four partitions; c1 is not polled, so its on_revoke of those two
    waits for the application (wait-unassign-call) while it keeps the other two; c1 then
    unsubscribes before it polls again; then everything is served, and it subscribes again."""
    c1 = h.member("c1")
    h.until(h.assigned(c1, 4), 8, "c1 assigned 4")
    c2 = h.member("c2")
    h.until(lambda: len(c1.c.assignment()) == 2 and
            len(c2.c.assignment()) == 2, 10, "2+2")
    h.run(1.0)
    # c1's two partitions become one: its on_revoke of the other is handed over while c1 is not
    # polled, and the unsubscribe comes before the application answers it.
    kept = min(tp.partition for tp in c1.c.assignment())
    rest = [p for p in range(4) if p != kept]
    target = {c1.member_id: [(TOPIC, kept)],
              c2.member_id: [(TOPIC, p) for p in rest]}
    h.sink.event("harness", "manual_target", c1="[t1-%d]" % kept,
                 c2="[%s]" % ",".join("t1-%d" % p for p in rest))
    h.mock.target_assignment(GROUP, target)
    h.sink.event("c1", "stall", seconds=1.5)
    h.run(1.5, only=[c2])
    _unsubscribe_then_subscribe(h, c1)
    h.run(3.0)


def m_api_disabled(h):
    """Broker without ConsumerGroupHeartbeat (ApiVersions says no API 68):
    the client marks the coordinator dead (UNSUPPORTED_FEATURE) and keeps
    re-querying; nothing is surfaced to poll()."""
    h.mock.set_apiversion(API_CONSUMER_GROUP_HEARTBEAT, -1, -1)
    c1 = h.member("c1")
    h.run(4.0)
    h.sink.event("harness", "assignments", c1=c1.assignment())


SCENARIOS = {f.__name__: f for f in [
    a_join_close, b_second_join, c_fenced, c2_unknown_member, d_retriable,
    e_fatal_authz, e2_fatal_unsupported_version, f_static_close,
    g_manual_target, h_empty_member, i_max_poll, j_session_timeout,
    k_unsubscribe, l_duplicate_instance, m_api_disabled,
    n_unsubscribe_while_part_is_revoked]}
