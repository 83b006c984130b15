//! The registry's macro: one line per model (`crate::models!` in `lib.rs`) declares the model's
//! folder and makes the two types that name every model, [`Model`](crate::Model) and
//! [`AnyMember`](crate::AnyMember), with the dispatch between them. Adding a model is a folder with
//! a `Machine`, a `DESCRIPTOR` and a `layout()`, and a line.

/// `Variant => folder::MemberType,` per model, each line optionally under one `#[cfg(..)]`.
#[macro_export]
macro_rules! models {
    ($( $(#[cfg($cfg:meta)])? $(#[doc = $doc:expr])* $variant:ident => $folder:ident :: $member:ident, )+) => {
        $( $(#[cfg($cfg)])? pub mod $folder; )+

        /// Which state machine a trace runs on: one per line of the registry, in its order.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(rename_all = "snake_case")]
        pub enum Model {
            $( $(#[cfg($cfg)])? $(#[doc = $doc])* $variant, )+
        }

        impl Model {
            /// Every model, in the registry's order (the first is the default).
            pub const ALL: [Model; [$( $(#[cfg($cfg)])? stringify!($variant), )+].len()] =
                [$( $(#[cfg($cfg)])? Model::$variant, )+];

            /// Its state diagram, laid out (its folder's `layout()`): only a page that calls this
            /// carries the layout code.
            pub fn layout(self) -> $crate::screen::diagram::Diagram {
                match self {
                    $( $(#[cfg($cfg)])? Model::$variant => $folder::layout(), )+
                }
            }

            /// What the rest of the crate knows of it.
            pub fn descriptor(self) -> &'static $crate::machine::descriptor::Descriptor {
                match self {
                    $( $(#[cfg($cfg)])? Model::$variant => &$folder::DESCRIPTOR, )+
                }
            }
        }

        impl Default for Model {
            fn default() -> Self {
                Model::ALL[0]
            }
        }

        /// A member of any model, for what holds one without knowing which: the timeline, the
        /// replay, the compare engine, a group. Not boxed: a timeline holds one, clones it at
        /// checkpoints, and replays through it; a box would add an allocation to each of those.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        #[allow(clippy::large_enum_variant)]
        pub enum AnyMember {
            $( $(#[cfg($cfg)])? $variant($folder::$member), )+
        }

        impl AnyMember {
            pub fn new(model: Model, config: $crate::protocol::config::Config) -> Self {
                match model {
                    $( $(#[cfg($cfg)])? Model::$variant => AnyMember::$variant($folder::$member::new(config)), )+
                }
            }
        }

        $(
            $(#[cfg($cfg)])?
            impl From<$folder::$member> for AnyMember {
                fn from(member: $folder::$member) -> Self {
                    AnyMember::$variant(member)
                }
            }
        )+

        $crate::models!(@dispatch [$( $(#[cfg($cfg)])? $variant )+]);
    };

    (@dispatch [$( $(#[cfg($cfg:meta)])? $variant:ident )+]) => {
        impl $crate::machine::Machine for AnyMember {
            fn handle(
                &mut self,
                now: $crate::protocol::time::Millis,
                input: &$crate::protocol::input::Input,
            ) -> Result<Vec<$crate::protocol::effect::Effect>, $crate::protocol::rejected::Rejected> {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::handle(m, now, input), )+ }
            }
            fn handle_observed(
                &mut self,
                now: $crate::protocol::time::Millis,
                input: &$crate::protocol::input::Input,
            ) -> Result<
                (Vec<$crate::protocol::effect::Effect>, Vec<$crate::machine::facts::Facts>),
                $crate::protocol::rejected::Rejected,
            > {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::handle_observed(m, now, input), )+ }
            }
            fn facts(&self) -> $crate::machine::facts::Facts {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::facts(m), )+ }
            }
            fn model(&self) -> Model {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::model(m), )+ }
            }
            fn config(&self) -> &$crate::protocol::config::Config {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::config(m), )+ }
            }
            fn next_completion(&self) -> Option<$crate::machine::NextCompletion> {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::next_completion(m), )+ }
            }
            fn requests_in_flight(&self) -> Vec<$crate::protocol::effect::Purpose> {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::requests_in_flight(m), )+ }
            }
            fn waits_on(&self, work: $crate::machine::work::Work) -> bool {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::waits_on(m, work), )+ }
            }
            fn shift_time(&mut self, by: u64) {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::shift_time(m, by), )+ }
            }
            #[cfg(test)]
            fn forget_shown(&mut self) {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::forget_shown(m), )+ }
            }
            fn lag_that_matters(&self) -> Option<u64> {
                match self { $( $(#[cfg($cfg)])? AnyMember::$variant(m) => $crate::machine::Machine::lag_that_matters(m), )+ }
            }
        }
    };
}
