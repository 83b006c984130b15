//! The group page (group.html): several members and a coordinator that follows KIP-848's rules.

use super::{options, Shell};
use crate::components::group::GroupView;
use crate::group::persist::fragment as group_fragment;
use crate::session::address;
use crate::session::address::Mode;
use crate::session::context::Notice;
use crate::shell::mode::{on_group_key, open_group};
use kip848_core::session::link::{decode_link, Link, LinkError, SharedGroup};
use leptos::prelude::*;

/// What the group page is for, under its title.
const TAGLINE: &str = "Several members and a coordinator that follows KIP-848's rules: watch partitions move between members, and step in.";

/// The group page.
#[component]
pub fn GroupPage() -> impl IntoView {
    let embed = options(true);
    // A live step reads no link (`crate::LIVE`).
    let (link, unread) = if crate::LIVE {
        (None, None)
    } else {
        group_start()
    };
    let group = open_group(&embed, link);
    if let Some(e) = unread {
        group.say(Some(Notice::Error(format!(
            "This link could not be opened: {e}."
        ))));
    }
    if !crate::LIVE {
        follow_group_links(group);
    }
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        on_group_key(group, &ev);
    });
    on_cleanup(move || keys.remove());
    view! {
        <Shell mode=Mode::Group tagline=TAGLINE presenter=true blank=Signal::stored(false)>
            <GroupView/>
        </Shell>
    }
}

/// Opens a group link the reader puts in the address, and hands a member's to the member page.
fn follow_group_links(group: crate::group::session::GroupSession) {
    address::follow_links(
        move |hash| hash == group_fragment(group),
        // A member's link belongs to the member page, which opens it.
        |_| crate::shell::mode::open_link_on(Mode::Member),
        move |hash| match decode_link(hash) {
            Ok(Link::Group(shared)) => {
                group.open_shared(shared);
                address::mark_linked(Mode::Group);
            }
            // It was read as a group link; a member link never reaches here.
            Ok(Link::Member(_)) => {}
            Err(e) => group.say(Some(Notice::Error(address::link_error(&e)))),
        },
        move |notice| group.say(Some(notice)),
    );
}

/// The group session a link in the address holds, if it holds one, or why it could not be read; a
/// member link on the group page belongs to the member page, which opens it.
fn group_start() -> (Option<SharedGroup>, Option<LinkError>) {
    let hash = window().location().hash().unwrap_or_default();
    match (hash.len() > 1).then(|| decode_link(&hash)) {
        Some(Ok(Link::Group(shared))) => (Some(shared), None),
        Some(Ok(Link::Member(_))) => {
            crate::shell::mode::open_link_on(Mode::Member);
            (None, None)
        }
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    }
}
