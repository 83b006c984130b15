//! The review page (review.html): two of the three models (the seed design, the client Kafka
//! shipped, librdkafka) side by side, on the member session's inputs.

use super::member::start;
use super::{options, Shell};
use crate::components::review_view::ReviewView;
use crate::session::address::Mode;
use crate::session::review::{ReviewSession, COLD_START};
use crate::shell::mode::on_review_key;
use crate::teaching::scenarios::open_scenario;
use leptos::prelude::*;

/// What the review page is for, under its title.
const TAGLINE: &str = "The seed design, the client Kafka shipped and librdkafka, two at a time: the same inputs, side by side, every difference grouped by its cause.";

/// The review page.
#[component]
pub fn ReviewPage() -> impl IntoView {
    let embed = options(false);
    let session = start(&embed);
    // A cold review page (no session yet) opens on a scenario where the two models part ways.
    if session.timeline.with_untracked(|t| t.is_empty()) {
        open_scenario(session, COLD_START);
    }
    let review = ReviewSession::new(session, embed.pair.unwrap_or_default());
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        on_review_key(review, session, &ev);
    });
    on_cleanup(move || keys.remove());
    view! {
        <Shell mode=Mode::Review tagline=TAGLINE blank=Signal::stored(false)>
            <ReviewView review=review/>
        </Shell>
    }
}
