//! The three models a trace can run on: the seed design (the seed model), the client Kafka shipped
//! (Kafka's `AbstractMembershipManager` and `ConsumerHeartbeatRequestManager`, 4.x) and librdkafka's
//! consumer (`rdkafka_cgrp.c`, 2.15.0). Same inputs, same effect vocabulary.

use crate::protocol::state::StateName;
use crate::seed::transitions::TRANSITIONS;
use serde::{Deserialize, Serialize};

/// Which state machine a trace runs on.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Model {
    /// The seed CGMSM of the design page.
    #[default]
    Seed,
    /// Apache Kafka's shipped membership manager (4.x).
    Kafka,
    /// librdkafka's consumer-protocol member (2.15.0): the client of confluent-kafka for Python,
    /// Go, .NET and Node.
    Librdkafka,
}

impl Model {
    pub const ALL: [Model; 3] = [Model::Seed, Model::Kafka, Model::Librdkafka];

    pub fn as_str(self) -> &'static str {
        match self {
            Model::Seed => "seed",
            Model::Kafka => "kafka",
            Model::Librdkafka => "librdkafka",
        }
    }

    /// `seed`, `kafka` or `librdkafka` (as a trace or an address names it).
    pub fn parse(name: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.as_str() == name)
    }

    /// The model's name on screen.
    pub fn title(self) -> &'static str {
        match self {
            Model::Seed => "Seed design",
            Model::Kafka => "Java client",
            Model::Librdkafka => "librdkafka",
        }
    }

    /// What the model is, in a line: for choosing one.
    pub fn summary(self) -> &'static str {
        match self {
            Model::Seed => "Kafka's early design page, completed: NEW → JOINING → JOINED ⇄ ASSIGNING → TERMINATED. The protocol's idea at its simplest.",
            Model::Kafka => "What Kafka's Java consumer does (4.x): UNSUBSCRIBED → JOINING → RECONCILING → ACKNOWLEDGING → STABLE, and FENCED, STALE, FATAL. The states your logs show.",
            Model::Librdkafka => "What librdkafka does (2.15.0; confluent-kafka for Python, Go, .NET, Node): join states init → wait-assign-call → steady ⇄ wait-unassign-call, each the rebalance callback the application was handed.",
        }
    }

    /// How a simulated group names the member ids this model's clients make up for themselves
    /// (a real client makes a UUID; a short id reads better on a chart).
    pub fn id_prefix(self) -> &'static str {
        match self {
            Model::Seed => "m",
            Model::Kafka => "j",
            Model::Librdkafka => "r",
        }
    }

    /// The model's states, in diagram order.
    pub fn states(self) -> &'static [StateName] {
        match self {
            Model::Seed => &StateName::ALL,
            Model::Kafka => &crate::kafka::STATES,
            Model::Librdkafka => &crate::librdkafka::STATES,
        }
    }

    /// The state a new member starts in.
    pub fn initial(self) -> StateName {
        match self {
            Model::Seed => StateName::New,
            Model::Kafka => StateName::Unsubscribed,
            Model::Librdkafka => StateName::Init,
        }
    }

    /// Every (from, to) pair the model allows.
    pub fn transitions(self) -> Vec<(StateName, StateName)> {
        match self {
            Model::Seed => {
                let mut out: Vec<(StateName, StateName)> = Vec::new();
                for (from, to, _) in TRANSITIONS {
                    if !out.contains(&(from, to)) {
                        out.push((from, to));
                    }
                }
                out
            }
            Model::Kafka => crate::kafka::ALLOWED
                .iter()
                .flat_map(|(to, froms)| froms.iter().map(move |from| (*from, *to)))
                .collect(),
            Model::Librdkafka => crate::librdkafka::ALLOWED.to_vec(),
        }
    }

    /// Whether the model allows `from → to`.
    pub fn is_allowed(self, from: StateName, to: StateName) -> bool {
        match self {
            Model::Seed => crate::seed::transitions::is_allowed(from, to),
            Model::Kafka => crate::kafka::is_allowed(from, to),
            Model::Librdkafka => crate::librdkafka::is_allowed(from, to),
        }
    }
}
