//! The models a trace can run on, as the registry lists them (`crate::models!` in `lib.rs`): the
//! seed design (the seed model), the client Kafka shipped (Kafka's `AbstractMembershipManager` and
//! `ConsumerHeartbeatRequestManager`, 4.x) and librdkafka's consumer (`rdkafka_cgrp.c`, 2.15.0).
//! Same inputs, same effect vocabulary; everything else about a model is its descriptor.

use crate::protocol::state::StateName;
pub use crate::Model;

impl Model {
    /// As a trace or an address names it (`seed`, `kafka`, `librdkafka`).
    pub fn as_str(self) -> &'static str {
        self.descriptor().name
    }

    /// The model a trace or an address names.
    pub fn parse(name: &str) -> Option<Model> {
        Model::ALL.into_iter().find(|m| m.as_str() == name)
    }

    /// The model's name on screen.
    pub fn title(self) -> &'static str {
        self.descriptor().title
    }

    /// What the model is, in a line: for choosing one.
    pub fn summary(self) -> &'static str {
        self.descriptor().summary
    }

    /// How a simulated group names the member ids this model's clients make up for themselves.
    pub fn id_prefix(self) -> &'static str {
        self.descriptor().id_prefix
    }

    /// The model's states, in diagram order.
    pub fn states(self) -> &'static [StateName] {
        self.descriptor().states
    }

    /// The state a new member starts in.
    pub fn initial(self) -> StateName {
        self.descriptor().initial
    }

    /// Every (from, to) pair the model allows, each once.
    pub fn transitions(self) -> Vec<(StateName, StateName)> {
        let mut out: Vec<(StateName, StateName)> = Vec::new();
        for pair in (self.descriptor().transitions)() {
            if !out.contains(&pair) {
                out.push(pair);
            }
        }
        out
    }

    /// Whether the model allows `from → to`.
    pub fn is_allowed(self, from: StateName, to: StateName) -> bool {
        (self.descriptor().is_allowed)(from, to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A model's name in a trace is its serde name: a trace written by one reads in the other.
    #[test]
    fn a_model_is_named_alike_by_serde_and_its_descriptor() {
        for model in Model::ALL {
            let json = serde_json::to_string(&model).expect("a model serializes");
            assert_eq!(json, format!("\"{}\"", model.as_str()));
            assert_eq!(Model::parse(model.as_str()), Some(model));
            assert!(model.states().contains(&model.initial()), "{model:?}");
        }
    }
}
