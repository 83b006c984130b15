//! The import page (import.html): the member view with the log importer on top, which the member
//! page hands logs to (`crate::log_import`), so that the member page's first load does not carry it.

use super::member::{start, MemberView};
use super::options;
use crate::components::log_group_view::LogGroupView;
use crate::components::log_import_panel::{ImportedLog, LogImportPanel};
use leptos::prelude::*;

/// What the import page is for, under its title.
const TAGLINE: &str = "Debug your own rebalance: a Kafka consumer's log (the Java client's or librdkafka's) replayed on that client's model, and where the two part ways.";

/// The import page.
#[component]
pub fn ImportPage() -> impl IntoView {
    let embed = options(false);
    // The importer first: the session's shelf is the import page's own (`crate::session::persist`).
    crate::log_import::install_importer();
    let session = start(&embed);
    crate::log_import::take_handed_over(session);
    crate::log_import::restore_last_import(session);
    view! { <MemberView session=session embed=embed tagline=TAGLINE importer=Some(importer)/> }
}

/// The importer, above the member view.
fn importer() -> AnyView {
    view! {
        <LogImportPanel><ImportedLog/></LogImportPanel>
        <LogGroupView/>
    }
    .into_any()
}
