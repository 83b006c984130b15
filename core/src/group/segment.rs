//! What the ownership chart draws for a partition at one instant, worst first: two owners, a
//! zombie holder (with its cause), revoking, awaited, owned, orphaned, reserved, unreleased.

use super::ownership::Holding;
use serde::Serialize;

/// What the chart draws for a partition at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Segment {
    Free,
    Owned,
    /// Owned, and its new owner waits for it; the owner has not been told yet.
    OwnedAwaited,
    /// The coordinator has asked the owner to revoke it and waits for the owner to say it has.
    Revoking,
    /// Nobody has it; its new owner gets it at its next heartbeat (or the response is on its
    /// way).
    Unreleased,
    /// Held by a member the coordinator does not count as its owner (see `Holding::zombies`).
    Zombie,
    /// Its owner died; the coordinator does not know yet.
    Orphaned,
    /// Kept for a static member that left with epoch -2 and will be back.
    Reserved,
    /// Two members of the group own it: what the safety rule prevents.
    Double,
}

impl Segment {
    pub const ALL: [Segment; 9] = [
        Segment::Owned,
        Segment::OwnedAwaited,
        Segment::Revoking,
        Segment::Unreleased,
        Segment::Orphaned,
        Segment::Reserved,
        Segment::Zombie,
        Segment::Double,
        Segment::Free,
    ];

    /// The name the chart's markup and the legend use.
    pub fn as_str(self) -> &'static str {
        match self {
            Segment::Free => "free",
            Segment::Owned => "owned",
            Segment::OwnedAwaited => "owned_awaited",
            Segment::Revoking => "revoking",
            Segment::Unreleased => "unreleased",
            Segment::Zombie => "zombie",
            Segment::Orphaned => "orphaned",
            Segment::Reserved => "reserved",
            Segment::Double => "double",
        }
    }

    /// What it means, for the legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Segment::Free => "nobody has it",
            Segment::Owned => "owned",
            Segment::OwnedAwaited => "owned; a new owner waits (the owner has not heard yet)",
            Segment::Revoking => "the owner was asked to revoke it; the coordinator waits",
            Segment::Unreleased => "released; its new owner gets it at its next heartbeat",
            Segment::Zombie => {
                "also held by a member the coordinator does not count as its owner (†): fenced, \
                 and not told yet; or finishing a reconciliation toward an outdated target"
            }
            Segment::Orphaned => "its owner died (✗); it waits for the session timeout",
            Segment::Reserved => "kept for a static member that will be back",
            Segment::Double => "two members own it at once",
        }
    }
}

impl Holding {
    pub fn segment(&self) -> Segment {
        if self.owners.len() > 1 {
            return Segment::Double;
        }
        if !self.zombies.is_empty() {
            return Segment::Zombie;
        }
        match self.owners.first() {
            Some(owner) if self.revoking.contains(owner) => Segment::Revoking,
            Some(_) if !self.waiting.is_empty() => Segment::OwnedAwaited,
            Some(_) => Segment::Owned,
            // The seed drops a partition before it says so: the group still waits for it.
            None if !self.revoking.is_empty() => Segment::Revoking,
            None if !self.orphaned.is_empty() => Segment::Orphaned,
            None if !self.reserved.is_empty() => Segment::Reserved,
            None if !self.waiting.is_empty() => Segment::Unreleased,
            None => Segment::Free,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::ownership::{Zombie, ZombieCause};

    fn holding(owners: &[&str], zombies: &[&str], revoking: &[&str], waiting: &[&str]) -> Holding {
        let v = |s: &[&str]| s.iter().map(|s| (*s).to_owned()).collect();
        Holding {
            owners: v(owners),
            zombies: zombies
                .iter()
                .map(|z| Zombie {
                    name: (*z).to_owned(),
                    cause: ZombieCause::Fenced,
                })
                .collect(),
            revoking: v(revoking),
            waiting: v(waiting),
            ..Holding::default()
        }
    }

    #[test]
    fn segments_say_the_worst_first() {
        assert_eq!(holding(&[], &[], &[], &[]).segment(), Segment::Free);
        assert_eq!(holding(&["A"], &[], &[], &[]).segment(), Segment::Owned);
        assert_eq!(
            holding(&["A"], &[], &["A"], &[]).segment(),
            Segment::Revoking
        );
        assert_eq!(
            holding(&["A"], &[], &["A"], &["B"]).segment(),
            Segment::Revoking
        );
        assert_eq!(
            holding(&[], &[], &["A"], &["B"]).segment(),
            Segment::Revoking
        );
        assert_eq!(
            holding(&["A"], &[], &[], &["B"]).segment(),
            Segment::OwnedAwaited
        );
        assert_eq!(
            holding(&[], &[], &[], &["B"]).segment(),
            Segment::Unreleased
        );
        assert_eq!(holding(&["B"], &["A"], &[], &[]).segment(), Segment::Zombie);
        // With the safety switch off the new owner has it while the old one is still asked.
        assert_eq!(holding(&["B"], &[], &["A"], &[]).segment(), Segment::Owned);
        let orphaned = Holding {
            orphaned: vec!["B".into()],
            waiting: vec!["C".into()],
            ..Holding::default()
        };
        assert_eq!(orphaned.segment(), Segment::Orphaned);
        let reserved = Holding {
            reserved: vec!["a-1".into()],
            ..Holding::default()
        };
        assert_eq!(reserved.segment(), Segment::Reserved);
        assert_eq!(
            holding(&["A", "B"], &["C"], &[], &[]).segment(),
            Segment::Double
        );
    }
}
