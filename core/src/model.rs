//! The two models a trace can run on: the seed design (the seed model) and the client Kafka shipped
//! (Kafka's `AbstractMembershipManager` and `ConsumerHeartbeatRequestManager`, 4.x). Same inputs, same effect vocabulary.

use crate::state::{StateName, TRANSITIONS};
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
}

impl Model {
    pub const ALL: [Model; 2] = [Model::Seed, Model::Kafka];

    pub fn as_str(self) -> &'static str {
        match self {
            Model::Seed => "seed",
            Model::Kafka => "kafka",
        }
    }

    /// The model's states, in diagram order.
    pub fn states(self) -> &'static [StateName] {
        match self {
            Model::Seed => &StateName::ALL,
            Model::Kafka => &crate::kafka::STATES,
        }
    }

    /// The state a new member starts in.
    pub fn initial(self) -> StateName {
        match self {
            Model::Seed => StateName::New,
            Model::Kafka => StateName::Unsubscribed,
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
        }
    }

    /// Whether the model allows `from → to`.
    pub fn is_allowed(self, from: StateName, to: StateName) -> bool {
        match self {
            Model::Seed => crate::state::is_allowed(from, to),
            Model::Kafka => crate::kafka::is_allowed(from, to),
        }
    }
}
