//! Embed parameters (pure parsing; the embedded page itself is tested end to end).

use kip848_viz::session::playback::Transport;
use kip848_viz::shell::embed::Embed;
use kip848_viz::shell::embed::Panel;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn parameters_parse_and_junk_is_ignored() {
    let e = Embed::parse(
        "?embed=1&readonly&hide=log,nonsense,sequence&step=4&from=2&to=9&autoplay=1&x=<b>",
    );
    assert!(e.embedded && e.readonly && e.autoplay);
    assert!(
        !e.shows(Panel::Log)
            && !e.shows(Panel::Sequence)
            && !e.shows(Panel::Console)
            && e.shows(Panel::Member)
    );
    assert_eq!((e.step, e.range), (Some(4), Some((2, 9))));
    // The transport keeps every move inside the range, given either way round.
    let transport = Transport::new(e.range);
    assert_eq!(
        (transport.clamp(20), transport.clamp(0), transport.clamp(5)),
        (9, 2, 5)
    );
    let reversed = Transport::new(Some((9, 2)));
    assert_eq!((reversed.clamp(20), reversed.clamp(0)), (9, 2));
    assert_eq!(Transport::new(None).clamp(20), 20);
    assert_eq!(Embed::parse("?step=banana&from=-1"), Embed::default());
}

#[wasm_bindgen_test]
fn the_dialog_query_round_trips() {
    let e = Embed::parse("?embed=1&readonly=1&hide=log&step=3&from=1&to=5&autoplay=1");
    assert_eq!(Embed::parse(&e.query()), e);
}

#[wasm_bindgen_test]
fn mode_group_opens_group_mode() {
    let e = Embed::parse("?mode=group&scenario=safety-off");
    assert!(e.group);
    assert_eq!(e.scenario.as_deref(), Some("safety-off"));
    assert!(!Embed::parse("?mode=member").group);
}
