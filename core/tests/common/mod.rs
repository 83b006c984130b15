//! A virtual-clock driver for scenario tests: each call is one input at the harness's `now`.
#![allow(dead_code)]

use kip848_core::*;

pub const ID: &str = "m-1";

pub fn set(pairs: &[(&str, &[Partition])]) -> PartitionSet {
    PartitionSet::of(pairs.iter().copied())
}

pub struct Harness {
    pub member: Member,
    pub now: Millis,
}

impl Harness {
    pub fn new(config: Config) -> Self {
        Harness {
            member: Member::new(config),
            now: Millis(0),
        }
    }

    /// A member in JOINED with nothing in flight: subscribed to `orders` at 0, answered at 10 with
    /// id `m-1`, epoch 1, interval 1000 and `assignment` (its callbacks completed at once), its
    /// acknowledgement answered at 20. The next interval heartbeat is due at 1010.
    pub fn joined(config: Config, assignment: PartitionSet) -> Self {
        let mut h = Harness::new(config);
        h.subscribe(&["orders"]);
        h.at(10);
        h.respond(ID, 1, Some(assignment));
        while h.member.awaiting().is_some() {
            h.complete(Outcome::Ok);
        }
        h.at(20);
        if h.member.in_flight().is_some() {
            h.respond(ID, 1, None);
        }
        assert_eq!(h.member.state(), StateName::Joined);
        h
    }

    pub fn at(&mut self, ms: u64) -> &mut Self {
        self.now = Millis(ms);
        self
    }

    pub fn input(&mut self, input: Input) -> Vec<Effect> {
        match self.member.handle(self.now, &input) {
            Ok(effects) => effects,
            Err(rejected) => panic!("{input:?} at {} was rejected: {rejected}", self.now),
        }
    }

    /// Asserts that the input is rejected with `reason` and changes nothing.
    pub fn reject(&mut self, input: Input, reason: Rejected) {
        let before = self.member.clone();
        assert_eq!(self.member.handle(self.now, &input), Err(reason));
        assert_eq!(self.member, before, "a rejected input changed the member");
    }

    pub fn subscribe(&mut self, topics: &[&str]) -> Vec<Effect> {
        let topics = topics.iter().map(|t| t.to_string()).collect();
        self.input(Input::Subscribe { topics })
    }

    pub fn respond(
        &mut self,
        id: &str,
        epoch: i32,
        assignment: Option<PartitionSet>,
    ) -> Vec<Effect> {
        self.input(response(id, epoch, assignment))
    }

    pub fn error(&mut self, code: ErrorCode) -> Vec<Effect> {
        self.input(Input::HeartbeatError { code })
    }

    pub fn fail(&mut self) -> Vec<Effect> {
        self.input(Input::HeartbeatFailed)
    }

    pub fn tick(&mut self) -> Vec<Effect> {
        self.input(Input::Tick)
    }

    pub fn complete(&mut self, outcome: Outcome) -> Vec<Effect> {
        self.input(Input::Completed { outcome })
    }

    pub fn close(&mut self) -> Vec<Effect> {
        self.input(Input::Close)
    }

    fn request(
        &self,
        purpose: Purpose,
        epoch: i32,
        full: bool,
        owned: Option<PartitionSet>,
    ) -> Effect {
        let config = self.member.config();
        Effect::SendHeartbeat(HeartbeatRequest {
            purpose,
            group_id: config.group_id.clone(),
            member_id: self.member.member_id().to_owned(),
            member_epoch: epoch,
            instance_id: config.instance_id.clone(),
            full: full.then(|| FullFields {
                rebalance_timeout_ms: config.rebalance_timeout_ms,
                subscribed_topics: self.member.subscription().clone(),
                server_assignor: config.server_assignor.clone(),
            }),
            owned,
        })
    }

    /// The full heartbeat this member would emit now (member id as it is now).
    pub fn full(&self, purpose: Purpose, epoch: i32, owned: PartitionSet) -> Effect {
        self.request(purpose, epoch, true, Some(owned))
    }

    /// A delta heartbeat, carrying `owned` or not.
    pub fn delta(&self, purpose: Purpose, epoch: i32, owned: Option<PartitionSet>) -> Effect {
        self.request(purpose, epoch, false, owned)
    }

    pub fn leave(&self, epoch: i32) -> Effect {
        self.request(Purpose::Leave, epoch, false, None)
    }
}

pub fn response(id: &str, epoch: i32, assignment: Option<PartitionSet>) -> Input {
    Input::HeartbeatResponse(HeartbeatResponse {
        member_id: id.to_owned(),
        member_epoch: epoch,
        heartbeat_interval_ms: 1000,
        assignment,
    })
}

pub fn transition(from: StateName, to: StateName) -> Effect {
    Effect::Transition { from, to }
}

pub fn removed(p: PartitionSet) -> Effect {
    Effect::RemoveFromAssigned { partitions: p }
}
pub fn commit(p: PartitionSet) -> Effect {
    Effect::CommitOffsets { partitions: p }
}
pub fn revoked(p: PartitionSet) -> Effect {
    Effect::InvokeOnPartitionsRevoked { partitions: p }
}
pub fn added(p: PartitionSet) -> Effect {
    Effect::AddToAssigned { partitions: p }
}
pub fn on_assignment(p: PartitionSet) -> Effect {
    Effect::InvokeOnAssignment { partitions: p }
}
pub fn assigned(p: PartitionSet) -> Effect {
    Effect::InvokeOnPartitionsAssigned { partitions: p }
}
pub fn cleared(p: PartitionSet) -> Effect {
    Effect::ClearAssigned { partitions: p }
}
pub fn report(code: ErrorCode) -> Effect {
    Effect::ReportError { code }
}

pub fn manual() -> Config {
    Config {
        auto_complete: false,
        ..Config::default()
    }
}
