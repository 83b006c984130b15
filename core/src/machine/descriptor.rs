//! What the rest of the crate, and the app, know of a model: one [`Descriptor`] per model folder,
//! read through [`super::model::Model::descriptor`]. Most code reaches a model only by this road;
//! what still names one model's states directly (the narration and the words read
//! `librdkafka::STATES` for librdkafka's callback names, the Java client's log importer reads
//! `kafka::STATES`, the review's finer seed-and-Java state table is `compare::equivalent`) is the
//! Java client's and librdkafka's own, not something a new model must supply: a model is its folder
//! and its line in the registry (`crate::models!` in `lib.rs`).

use crate::compare::classify::Named;
use crate::compare::pair::Phase;
use crate::compare::{Row, Source, Switch};
use crate::group::hazard::{Allowed, Hazard};
use crate::machine::model::Model;
use crate::protocol::config::Config;
use crate::protocol::state::StateName;
use crate::screen::diagram::drawn::Drawn;
use crate::session::trace::Step;
use crate::teaching::quiz_rules::QuizRules;

/// Who names a member: the coordinator, in its first answer, or the client itself (KIP-1082).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberIdFrom {
    Coordinator,
    Client,
}

/// A model, as everything but its own folder sees it.
#[derive(Debug)]
pub struct Descriptor {
    /// How a trace, an address and a group configuration name it (`seed`).
    pub name: &'static str,
    /// Its name on screen (`Seed design`).
    pub title: &'static str,
    /// Its name inside a sentence (`the seed design`).
    pub in_a_sentence: &'static str,
    /// What the model is, in a line: for choosing one.
    pub summary: &'static str,
    /// How a simulated group names the member ids this model's clients make up for themselves
    /// (a real client makes a UUID; a short id reads better on a chart).
    pub id_prefix: &'static str,
    /// Who names its members.
    pub member_id_from: MemberIdFrom,
    /// Its states, in diagram order.
    pub states: &'static [StateName],
    /// The state a new member starts in.
    pub initial: StateName,
    /// Every (from, to) pair the model allows, in its table's order (repeats allowed).
    pub transitions: fn() -> Vec<(StateName, StateName)>,
    /// Whether the model allows `from → to`.
    pub is_allowed: fn(StateName, StateName) -> bool,
    /// Where the real client keeps its own table of allowed transitions, when it has one (the
    /// member page shows the table under that name): the Java client's `MemberState.java`.
    pub table: Option<&'static str>,
    /// A few of its states, for a sentence that lists what a member may be in.
    pub some_states: &'static str,
    /// Its name as a page's first sentence gives it, with its release.
    pub in_full: &'static str,
    /// What a member of it is, as the notice after switching models says it ("the same inputs now
    /// run on the seed model").
    pub a_member_of_it: &'static str,
    /// Its name heading a column or a side of the review (`The seed design`).
    pub heading: &'static str,
    /// The diagram's key: what its states of a reconciliation are called, before "means the
    /// member is in a reconciliation".
    pub key: &'static str,
    /// What it does when an answer names another member id than its own (the console's lint).
    pub on_other_member_id: &'static str,
    /// What its design allows of each hazard a model can be responsible for
    /// ([`Hazard::allowed`] answers the coordinator's own).
    pub allows: fn(Hazard) -> Allowed,
    /// Its state diagram as the app draws it (laid out ahead of time). The layout itself is its
    /// folder's `layout()`, reached by `Model::layout`: a pointer here would link the layout code
    /// into every page.
    pub drawn: fn() -> &'static Drawn,
    /// The sections of its specification a review cause cites.
    pub sections: fn(&Source) -> &'static [&'static str],
    /// The rules the quiz cites.
    pub quiz: QuizRules,
    /// The model the quiz asks "what would the other model do?" of.
    pub counterpart: Model,
    /// Where a member stands in each of its states, in words every model's states can be read in
    /// (the review lines two models' states up by these).
    pub phases: fn(StateName) -> &'static [Phase],
    /// What its application sees that the review's *Align* switches are about.
    pub habits: Habits,
    /// The *Align* switches that change its own run (the others leave it as it is).
    pub switchable: &'static [Switch],
    /// The review's rules for why it differs from a model listed before it in the registry (it is
    /// then the right side of the pair): what no switch removes. None: a difference no switch
    /// explains is "not explained by any known cause".
    pub(crate) differs: Option<Rules>,
}

/// The review's rules for residual row `i` (rows under every switch), given the trace's steps and
/// configuration.
pub(crate) type Rules = fn(&[Row], &[Step], &Config, usize) -> Named;

/// What a model's application sees, as far as the review's switches go: a switch applies to a pair
/// when one side can be switched and the two differ in the habit it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Habits {
    /// The application is told of partitions lost (onPartitionsLost, librdkafka's lost revoke).
    pub lost_callback: bool,
    /// The assignment callback runs after every reconciliation, with nothing added too.
    pub assigned_always: bool,
    /// A client-side assignor is called (onAssignment), when one is configured.
    pub client_assignor: bool,
    /// The client commits offsets by itself, never as a piece of the application's work.
    pub commits_itself: bool,
}
