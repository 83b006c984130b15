//! What librdkafka's member shows of itself: the [`Machine`] the rest of the crate sees.

use super::member::RdkMember;
use crate::machine::facts::{Facts, RetryOwed};
use crate::machine::model::Model;
use crate::machine::work::Work;
use crate::machine::{Machine, NextCompletion};
use crate::protocol::config::Config;
use crate::protocol::effect::{Effect, Purpose};
use crate::protocol::input::Input;
use crate::protocol::rejected::Rejected;
use crate::protocol::state::StateName;
use crate::protocol::time::Millis;

impl Machine for RdkMember {
    fn handle(&mut self, now: Millis, input: &Input) -> Result<Vec<Effect>, Rejected> {
        crate::machine::facts::handle(self, now, input)
    }
    fn handle_observed(
        &mut self,
        now: Millis,
        input: &Input,
    ) -> Result<(Vec<Effect>, Vec<Facts>), Rejected> {
        crate::machine::facts::handle_observed(self, now, input)
    }
    fn facts(&self) -> Facts {
        Facts {
            state: self.state,
            member_id: self.member_id.clone(),
            member_epoch: self.epoch,
            heartbeat_interval_ms: self.interval_ms,
            // Closed or unsubscribed (`F_SUBSCRIPTION` cleared): subscribed to nothing, though
            // the topics are kept for a later subscribe.
            subscription: if self.subscribed {
                self.subscription.clone()
            } else {
                std::sync::Arc::default()
            },
            assigned: self.assigned.clone(),
            in_flight: self.in_flight.front().copied(),
            remembered: None,
            retry_owed: self.retry_due.map(|due| RetryOwed { due, leave: false }),
            last_heartbeat_at: self.last_sent_at,
            awaiting: self.pending.front().map(|p| p.effect.clone()),
            target: self.target.clone(),
            newest_target: self.next.clone(),
            failure: self.failure.clone(),
            owed_to_abandoned: 0,
            next_deadline: self.next_due(),
            now: self.now,
            local: None,
            finished: self.fatal || self.state == StateName::Term,
        }
    }
    fn model(&self) -> Model {
        Model::Librdkafka
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn next_completion(&self) -> Option<NextCompletion> {
        RdkMember::next_completion(self)
    }
    fn requests_in_flight(&self) -> Vec<Purpose> {
        self.in_flight.iter().copied().collect()
    }
    fn waits_on(&self, work: Work) -> bool {
        // librdkafka commits by itself (unmodelled), has no onAssignment and no callback for
        // unsubscribe; its rebalance callback runs always, an empty on_assign after a revocation.
        matches!(
            work,
            Work::Abandoned | Work::Revoked | Work::Assigned | Work::AssignedNothing | Work::Lost
        )
    }
    fn shift_time(&mut self, by: u64) {
        RdkMember::shift_time(self, by)
    }
}
