"""Random schedules for the live harness: real librdkafka consumers joining, leaving, unsubscribing,
stalling, and answered with errors or new targets by the mock cluster, at random times. Each
schedule is a function of its seed alone (the times librdkafka takes are its own), and is written
down as HARNESS lines as it runs, so a log says what was done to make it.

  target/live-venv/bin/python tests/live/harness.py --random 7 --count 3 --out DIR
"""

import random

from rdk import GROUP, TOPIC

# Errors the mock can answer a heartbeat with, weighted: mostly the ones a member survives.
ERRORS = [
    ("FENCED_MEMBER_EPOCH", 4),
    ("UNKNOWN_MEMBER_ID", 3),
    ("COORDINATOR_NOT_AVAILABLE", 3),
    ("NOT_COORDINATOR", 2),
    ("COORDINATOR_LOAD_IN_PROGRESS", 3),
    ("GROUP_AUTHORIZATION_FAILED", 1),
    ("STALE_MEMBER_EPOCH", 1),
]

# Every member may be stalled past this (the application not polling).
MAX_POLL_MS = 2000


def schedule(seed):
    """The schedule of `seed`: a function of the harness `h`."""

    def run(h):
        rng = random.Random(seed)
        h.sink.event("harness", "schedule", seed=seed)
        names = iter("c%d" % i for i in range(1, 100))
        extra = {"max.poll.interval.ms": MAX_POLL_MS}

        def join():
            static = rng.random() < 0.2
            conf = dict(extra)
            if static:
                conf["group.instance.id"] = "i-%s" % rng.randrange(1000)
            return h.member(next(names), extra=conf)

        def open_members():
            return [m for m in h.members if not m.closed and m.fatal is None]

        for _ in range(rng.randint(2, 3)):
            join()
            h.run(rng.uniform(0.0, 0.6))
        h.run(1.0)
        for _ in range(rng.randint(5, 9)):
            live = open_members()
            action = rng.choices(
                ["join", "close", "unsubscribe", "error", "stall", "target", "wait"],
                weights=[(6 if not live else 2) if len(live) < 4 else 0,
                         1 if len(live) > 1 else 0, 1 if live else 0, 4,
                         1 if live else 0, 2 if live else 0, 1])[0]
            if action == "join":
                join()
            elif action == "close":
                rng.choice(live).close()
            elif action == "unsubscribe":
                m = rng.choice(live)
                h.sink.event(m.name, "unsubscribe")
                m.c.unsubscribe()
                h.run(rng.uniform(0.2, 1.0))
                m.c.subscribe([TOPIC], on_assign=m._on_assign,
                              on_revoke=m._on_revoke, on_lost=m._on_lost)
                h.sink.event(m.name, "subscribe", topics=TOPIC)
            elif action == "error":
                names_ = [e for e, _ in ERRORS]
                weights = [w for _, w in ERRORS]
                errs = rng.choices(names_, weights=weights, k=rng.randint(1, 2))
                h.inject(*errs)
            elif action == "stall":
                m = rng.choice(live)
                seconds = rng.choice([0.5, 1.0, MAX_POLL_MS / 1000 + 0.8])
                h.sink.event(m.name, "stall", seconds=seconds)
                h.run(seconds, only=[o for o in h.members if o is not m])
            elif action == "target":
                parts = list(range(4))
                rng.shuffle(parts)
                target = {m.member_id: [] for m in live}
                for p in parts:
                    target[rng.choice(live).member_id].append((TOPIC, p))
                h.sink.event("harness", "manual_target",
                             **{m.name: str(target[m.member_id]) for m in live})
                h.mock.target_assignment(GROUP, target)
            h.run(rng.uniform(0.3, 1.5))
        h.run(1.0)

    run.__doc__ = "Random schedule %d." % seed
    return run
