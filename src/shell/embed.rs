//! Embed mode for docs sites, from URL query parameters (the trace itself rides in the fragment):
//!
//! Over 300 lines: every embed parameter, its parsing and its limits in one table a docs writer reads.
//!
//! | parameter | effect |
//! |---|---|
//! | `embed=1` | compact page: no header, no configuration or session panels |
//! | `readonly=1` | no console, no application actions, no keys that change the session |
//! | `hide=log,sequence,…` | hides panels by name (see [`PANELS`]) |
//! | `scenario=05-fenced-mid-revocation` | opens a built-in scenario (when no link is given) |
//! | `step=N` | starts at step N |
//! | `from=A&to=B` | limits every move to steps A..=B |
//! | `autoplay=1` | starts playing |
//! | `speed=-2..4` | playback speed |
//! | `show=member,assigned,…` | shows only these panels (either view) |
//! | `theme=light\|dark\|auto` | the colours, whatever the reader's system says (auto: follow it) |
//! | `present=1` | presenter mode: large type, one key one effect, the notes as speaker text |
//! | `lesson=1`, `quiz=1` | lesson mode, predict-then-reveal |
//! | `focus=inspector` (a panel), `focus=member:C` (a group member's card) | that panel, or card, first under the caption: what a live step's caption points at, on screen in a short frame |

use std::collections::BTreeSet;

/// A theme an embed can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// Follow the reader's system.
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// A panel `show=` and `hide=` can name, in either view (by its name in the address).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Panel {
    Caption,
    Scenarios,
    Console,
    Actions,
    Member,
    Assigned,
    Inspector,
    Lane,
    Log,
    Sequence,
    Compare,
    Config,
    Session,
    Transport,
    Header,
    // The group view's own.
    Controls,
    Chart,
    Members,
    Coordinator,
    Lanes,
    Steps,
    Settings,
    /// The hazards the group shows at the step, under the caption.
    Hazards,
}

/// The member view's panels.
pub const PANELS: [Panel; 15] = [
    Panel::Caption,
    Panel::Scenarios,
    Panel::Console,
    Panel::Actions,
    Panel::Member,
    Panel::Assigned,
    Panel::Inspector,
    Panel::Lane,
    Panel::Log,
    Panel::Sequence,
    Panel::Compare,
    Panel::Config,
    Panel::Session,
    Panel::Transport,
    Panel::Header,
];

/// The group view's panels.
pub const GROUP_PANELS: [Panel; 10] = [
    Panel::Caption,
    Panel::Hazards,
    Panel::Controls,
    Panel::Chart,
    Panel::Members,
    Panel::Coordinator,
    Panel::Lanes,
    Panel::Steps,
    Panel::Settings,
    Panel::Transport,
];

impl Panel {
    /// Its name in the address.
    pub fn as_str(self) -> &'static str {
        match self {
            Panel::Caption => "caption",
            Panel::Scenarios => "scenarios",
            Panel::Console => "console",
            Panel::Actions => "actions",
            Panel::Member => "member",
            Panel::Assigned => "assigned",
            Panel::Inspector => "inspector",
            Panel::Lane => "lane",
            Panel::Log => "log",
            Panel::Sequence => "sequence",
            Panel::Compare => "compare",
            Panel::Config => "config",
            Panel::Session => "session",
            Panel::Transport => "transport",
            Panel::Header => "header",
            Panel::Controls => "controls",
            Panel::Chart => "chart",
            Panel::Members => "members",
            Panel::Coordinator => "coordinator",
            Panel::Lanes => "lanes",
            Panel::Steps => "steps",
            Panel::Settings => "settings",
            Panel::Hazards => "hazards",
        }
    }

    /// The panel named `name` in either view, if there is one.
    pub fn parse(name: &str) -> Option<Panel> {
        PANELS
            .into_iter()
            .chain(GROUP_PANELS)
            .find(|p| p.as_str() == name)
    }
}

/// The panels named in a `hide=` or `show=` list, either view's, unknown names left out.
fn panels(value: &str) -> impl Iterator<Item = Panel> + '_ {
    value.split(',').map(str::trim).filter_map(Panel::parse)
}

/// The page's embed options (all off on a normal visit).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Embed {
    pub embedded: bool,
    pub readonly: bool,
    pub hidden: BTreeSet<Panel>,
    pub scenario: Option<String>,
    pub step: Option<usize>,
    pub range: Option<(usize, usize)>,
    pub autoplay: bool,
    pub speed: Option<i32>,
    /// `model=seed|kafka|librdkafka`: the member model the page runs the session on.
    pub model: Option<kip848_core::Model>,
    /// `pair=seed-kafka|seed-librdkafka|kafka-librdkafka`: the two models the review page compares.
    pub pair: Option<kip848_core::compare::Pair>,
    /// `mode=group`: open in group mode (`scenario` then names a group scenario).
    pub group: bool,
    /// `quiz=1`: predict each step before it is shown.
    pub quiz: bool,
    /// `lesson=1`: lesson mode.
    pub lesson: bool,
    /// `show=`: only these panels (when given).
    pub shown: Option<BTreeSet<Panel>>,
    pub theme: Theme,
    /// `present=1`: presenter mode.
    pub present: bool,
    /// `focus=`: what comes first under the caption.
    pub focus: Option<Focus>,
}

/// What an embed puts first under its caption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Focus {
    /// A panel.
    Panel(Panel),
    /// A group member's card, by the member's name.
    Member(String),
}

impl Focus {
    fn parse(value: &str) -> Option<Focus> {
        match value.split_once(':') {
            Some(("member", name)) if !name.is_empty() && name.len() <= 40 => {
                Some(Focus::Member(name.to_owned()))
            }
            None => Panel::parse(value).map(Focus::Panel),
            _ => None,
        }
    }

    /// The body class that orders the page (`focus-inspector`; a member's card is ordered by its
    /// own component).
    pub fn class(&self) -> String {
        match self {
            Focus::Panel(p) => format!("focus-{}", p.as_str()),
            Focus::Member(_) => "focus-members".to_owned(),
        }
    }
}

impl Embed {
    /// Reads a query string (`?a=1&b=2`); unknown or malformed parameters are ignored.
    pub fn parse(query: &str) -> Embed {
        let mut embed = Embed::default();
        let flag = |v: &str| matches!(v, "" | "1" | "true" | "yes");
        for pair in query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = value.replace('+', " ");
            match key {
                "embed" => embed.embedded = flag(&value),
                // The group page sets it too; `mode=review` is boot.js's (it opens review.html).
                "mode" => embed.group = value == "group",
                "readonly" => embed.readonly = flag(&value),
                "autoplay" => embed.autoplay = flag(&value),
                "quiz" => embed.quiz = flag(&value),
                "lesson" => embed.lesson = flag(&value),
                "hide" => embed.hidden.extend(panels(&value)),
                "show" => embed.shown = Some(panels(&value).collect()),
                "theme" => {
                    embed.theme = match value.as_str() {
                        "light" => Theme::Light,
                        "dark" => Theme::Dark,
                        _ => Theme::Auto,
                    }
                }
                "present" => embed.present = flag(&value),
                "scenario" => embed.scenario = Some(value.chars().take(80).collect()),
                "step" => embed.step = value.parse().ok(),
                "from" => {
                    embed.range = value
                        .parse()
                        .ok()
                        .map(|a| (a, embed.range.map_or(usize::MAX, |r| r.1)))
                }
                "to" => {
                    embed.range = value
                        .parse()
                        .ok()
                        .map(|b| (embed.range.map_or(0, |r| r.0), b))
                }
                "speed" => embed.speed = value.parse().ok(),
                "model" => embed.model = kip848_core::Model::parse(&value),
                "pair" => embed.pair = kip848_core::compare::Pair::parse(&value),
                "focus" => embed.focus = Focus::parse(&value),
                _ => {}
            }
        }
        // The live steps' build is only ever a live step: what it cannot show is not in its
        // module (`crate::LIVE`), and is hidden here too so that the page says the same.
        if crate::LIVE {
            embed.embedded = true;
            embed.readonly = true;
            embed.quiz = false;
            embed.lesson = false;
            embed.present = false;
            embed.hidden.extend([Panel::Scenarios, Panel::Compare]);
        }
        if embed.embedded {
            embed
                .hidden
                .extend([Panel::Config, Panel::Session, Panel::Header]);
        }
        if embed.readonly {
            embed.hidden.extend([
                Panel::Console,
                Panel::Actions,
                Panel::Session,
                Panel::Config,
            ]);
        }
        embed
    }

    /// Whether `panel` is shown: listed by `show=` when it is given, else not hidden.
    pub fn shows(&self, panel: Panel) -> bool {
        // A range of one step has nothing to move through.
        if panel == Panel::Transport && self.range.is_some_and(|(a, b)| a == b) {
            return false;
        }
        match &self.shown {
            Some(shown) => shown.contains(&panel) && !self.hidden.contains(&panel),
            None => !self.hidden.contains(&panel),
        }
    }

    /// The query string that produces these options (for the embed dialog).
    pub fn query(&self) -> String {
        let mut parts = vec!["embed=1".to_owned()];
        if self.group {
            parts.push("mode=group".to_owned());
        }
        if self.readonly {
            parts.push("readonly=1".to_owned());
        }
        if let Some(shown) = &self.shown {
            // By name, as links have always listed them.
            let mut shown: Vec<&str> = shown.iter().map(|p| p.as_str()).collect();
            shown.sort_unstable();
            parts.push(format!("show={}", shown.join(",")));
        }
        if self.theme != Theme::Auto {
            parts.push(format!("theme={}", self.theme.as_str()));
        }
        if self.present {
            parts.push("present=1".to_owned());
        }
        let implied = [
            Panel::Config,
            Panel::Session,
            Panel::Header,
            Panel::Console,
            Panel::Actions,
        ];
        let mut hidden: Vec<&str> = self
            .hidden
            .iter()
            .filter(|p| !implied.contains(p))
            .map(|p| p.as_str())
            .collect();
        hidden.sort_unstable();
        if !hidden.is_empty() {
            parts.push(format!("hide={}", hidden.join(",")));
        }
        if let Some(step) = self.step {
            parts.push(format!("step={step}"));
        }
        if let Some((from, to)) = self.range {
            parts.push(format!("from={from}&to={to}"));
        }
        if self.autoplay {
            parts.push("autoplay=1".to_owned());
        }
        if self.quiz {
            parts.push("quiz=1".to_owned());
        }
        if self.lesson {
            parts.push("lesson=1".to_owned());
        }
        match &self.focus {
            Some(Focus::Panel(p)) => parts.push(format!("focus={}", p.as_str())),
            Some(Focus::Member(m)) => parts.push(format!("focus=member:{m}")),
            None => {}
        }
        parts.join("&")
    }
}
