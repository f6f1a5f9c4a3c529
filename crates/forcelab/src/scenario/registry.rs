//! Every preset by id: what it is, which chapter shows it, and one line saying what it
//! shows. The claims name one of these ids, the page mounts the figure ids
//! (`data-scene="ID"`), and the tests check both directions: each claim's preset exists,
//! and each preset is read by a claim or mounted by a page.

use super::LAB_FIGURES;

/// What kind of preset an id names, and so where its numbers live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum PresetKind {
    /// A chapter figure that is a Lab run: [`super::LAB_FIGURES`].
    LabFigure,
    /// A figure with a simulation of its own, started from its settings' `Default`
    /// (`scenes::PursuitSettings`, `DiveSettings`, `TumbleSettings`, `SnapSettings`,
    /// `ArmSettings`) or
    /// from
    /// [`super::CUBE_SCENE`].
    Scene,
    /// A figure computed by analysis: the atlas (`analysis::AtlasSpec::default`), the
    /// convergence sweep (`analysis::ConvergenceSpec::default`), the Simpson table
    /// ([`super::SIMPSON`]), the translator ([`super::TRANSLATOR_INTENT`]) and the trace
    /// panel (`user_trace::TRACE_EXAMPLE`).
    Analysis,
    /// The claims table, which shows every claim.
    Table,
    /// Numbers a claim measures where no figure stands beside it
    /// (`scenario::claim_setups`).
    ClaimSetup,
}

impl PresetKind {
    /// Whether a page mounts it as a figure (every kind but a claim's setup).
    pub fn is_figure(self) -> bool {
        self != PresetKind::ClaimSetup
    }
}

/// One preset of the registry.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PresetEntry {
    /// The id (`data-scene`, a claim's `preset`).
    pub id: &'static str,
    /// What it is.
    pub kind: PresetKind,
    /// The chapter page that shows it or whose claims read it (`"02-pd"`; `"index"`
    /// for the cube scene).
    pub chapter: &'static str,
    /// What it shows, in one line.
    // The words are written apart, one file per chapter (`FigureWords`), so that a page
    // downloads its own figures' words and not every chapter's.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub summary: &'static str,
    /// For a figure, what to look at first ([`super::figure_caption`]); empty for a
    /// claim's setup.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub look: &'static str,
    /// For a figure, one thing to try with it; empty for a claim's setup.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub try_this: &'static str,
}

/// A figure's words as the page shows them: its one-line summary and its caption
/// (what to look at, one thing to try). The page reads them per chapter
/// (`web/src/core/captions/CHAPTER.json`, [`figure_words`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct FigureWords {
    /// What it shows, in one line.
    pub summary: &'static str,
    /// What to look at first.
    pub look: &'static str,
    /// One thing to try with it.
    pub try_this: &'static str,
}

/// The words of every figure the page `chapter` shows (`"02-pd"`, `"index"`), by id in
/// the registry's order; a claim's setup, which no page shows, has none.
pub fn figure_words(chapter: &str) -> Vec<(&'static str, FigureWords)> {
    registry()
        .into_iter()
        .filter(|p| p.chapter == chapter && p.kind.is_figure())
        .map(|p| {
            let words = FigureWords {
                summary: p.summary,
                look: p.look,
                try_this: p.try_this,
            };
            (p.id, words)
        })
        .collect()
}

/// Every page that shows a figure (`"index"` and the chapters), each once, in the registry's order.
pub fn figure_pages() -> Vec<&'static str> {
    let mut pages: Vec<&'static str> = Vec::new();
    for p in registry() {
        if p.kind.is_figure() && !pages.contains(&p.chapter) {
            pages.push(p.chapter);
        }
    }
    pages
}

const fn entry(
    id: &'static str,
    kind: PresetKind,
    chapter: &'static str,
    summary: &'static str,
) -> PresetEntry {
    PresetEntry {
        id,
        kind,
        chapter,
        summary,
        look: "",
        try_this: "",
    }
}

/// `entry` with its figure's caption, if it has one.
fn captioned(entry: PresetEntry) -> PresetEntry {
    match super::figure_caption(entry.id) {
        Some(c) => PresetEntry {
            look: c.look,
            try_this: c.try_this,
            ..entry
        },
        None => entry,
    }
}

use PresetKind::*;

/// The presets that are not Lab figures, in chapter order.
pub const OTHER_PRESETS: [PresetEntry; 27] = [
    entry(
        "cube",
        Scene,
        "index",
        "Three cubes, one per law, chasing one target at the reader's gains",
    ),
    entry(
        "tilted-box",
        ClaimSetup,
        "01-forces",
        "A box with unequal moments and a turned inertia frame, about 1 rad from its goal",
    ),
    entry(
        "spd-brake",
        ClaimSetup,
        "04-spd",
        "Forward PD, SPD and its simplified form at moderate gains: which brakes first",
    ),
    entry(
        "spd-probe",
        ClaimSetup,
        "04-spd",
        "One state at which the simplified SPD and a forward PD are compared force for force",
    ),
    entry(
        "wu-frequency-sweep",
        ClaimSetup,
        "03-wu",
        "Wu's backward PD at damping 1 and 1, 2, 6 Hz: time to 95 % of the way",
    ),
    entry(
        "wu-torque-listing",
        ClaimSetup,
        "03-wu",
        "The printed stable-torque listing and the corrected one at 40 Hz, 60 Hz steps",
    ),
    entry(
        "snap",
        Scene,
        "05-implicit-pd",
        "Bloom's update with and without the minimum velocity: one lands, one crawls",
    ),
    entry(
        "convergence",
        Analysis,
        "05-implicit-pd",
        "Time for Bloom's implicit PD to land against its time scale, over distances",
    ),
    entry(
        "simpson",
        Analysis,
        "06-pid-turning",
        "The windowed PID's integral of a constant error, as printed and corrected",
    ),
    entry(
        "pursuit",
        Scene,
        "06-pid-turning",
        "Missiles steering by the article's heading PID toward moving waypoints",
    ),
    entry(
        "windup",
        ClaimSetup,
        "07-submarine",
        "A saturated PID held short of its setpoint, released with and without a clamp",
    ),
    entry(
        "p-only-load",
        ClaimSetup,
        "06-pid-turning",
        "Proportional pitch control of the hull against a steady 40 N m load",
    ),
    entry(
        "dive",
        Scene,
        "07-submarine",
        "Four generations of submarine attitude control ordered to pitch and roll",
    ),
    entry(
        "tumble",
        Scene,
        "07-submarine",
        "A free body spun about its intermediate axis, with and without the gyroscopic term",
    ),
    entry(
        "atlas",
        Analysis,
        "08-atlas",
        "Where each linear law and each PID is stable, over kp dt^2 / m and kd dt / m, under every integrator",
    ),
    entry(
        "claims",
        Table,
        "09-claims",
        "Every checkable claim of the articles and the engines' documentation, measured",
    ),
    entry(
        "translator",
        Analysis,
        "10-translator",
        "One intent written as each engine's parameters, with what each engine does",
    ),
    entry(
        "trace",
        Analysis,
        "10-translator",
        "A trace a reader brings: what it amounts to, which engine settings or Lab law explain it, and what to set instead",
    ),
    entry(
        "orientation",
        Analysis,
        "11-orientation",
        "One target orientation, every engine's 3-D drive and every article's torque law turning a body to it",
    ),
    entry(
        "engine-mass-gap",
        ClaimSetup,
        "10-translator",
        "The same engine knobs on a 1 kg and a 50 kg body",
    ),
    entry(
        "engine-steps",
        ClaimSetup,
        "10-translator",
        "One intent through Jolt's and PhysX's drives at a coarse and a fine step",
    ),
    entry(
        "engine-sweeps",
        ClaimSetup,
        "10-translator",
        "MuJoCo's stable kp range and every soft drive over stiffness and damping",
    ),
    entry(
        "arm",
        Scene,
        "12-chains",
        "An arm of two or three links lifted from hanging to a pose under gravity, one arm per chain law",
    ),
    entry(
        "arm-breaking",
        Analysis,
        "12-chains",
        "The stiffness at which each chain law blows up on the arm at 30, 60 and 120 Hz, the damping tied to it",
    ),
    entry(
        "arm-map",
        Analysis,
        "12-chains",
        "The stability map of the arm held at its pose: each chain law's spectral radius over kp and kd, with the mass matrix and gravity in it",
    ),
    entry(
        "arm-sag",
        Analysis,
        "12-chains",
        "How far each chain law lets the arm sag under its weight as the stiffness grows, beside the weight's torque over kp",
    ),
    entry(
        "arm-tune",
        Analysis,
        "12-chains",
        "The arm tuned from a wish: for each chain law and each engine's drive, the gains that settle it in time, within the overshoot and torque asked",
    ),
];

/// Every preset: the Lab figures (summarised by their own text), then the others.
pub fn registry() -> Vec<PresetEntry> {
    LAB_FIGURES
        .iter()
        .map(|f| entry(f.id, LabFigure, f.chapter, f.summary))
        .chain(OTHER_PRESETS)
        .map(captioned)
        .collect()
}

/// The preset with this id, if any.
pub fn preset(id: &str) -> Option<PresetEntry> {
    registry().into_iter().find(|p| p.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::all_claims;

    #[test]
    fn each_page_gets_the_words_of_its_own_figures_and_no_other() {
        let pages = figure_pages();
        assert_eq!(pages.first(), Some(&"01-forces"));
        assert!(pages.contains(&"index") && pages.contains(&"12-chains"));
        for (i, page) in pages.iter().enumerate() {
            assert!(!pages[..i].contains(page), "{page} twice");
        }
        let mut worded = 0;
        for page in &pages {
            let words = figure_words(page);
            let figures: Vec<_> = registry()
                .into_iter()
                .filter(|p| p.chapter == *page && p.kind.is_figure())
                .collect();
            assert_eq!(words.len(), figures.len(), "{page}");
            for ((id, w), p) in words.iter().zip(&figures) {
                assert_eq!(*id, p.id);
                assert_eq!(
                    (w.summary, w.look, w.try_this),
                    (p.summary, p.look, p.try_this)
                );
                assert!(!w.look.is_empty() && !w.try_this.is_empty(), "{id}");
            }
            worded += words.len();
        }
        // Every figure is worded on its page; a claim's setup (chapter 10 has only
        // setups besides its two figures) nowhere.
        let all = registry();
        assert_eq!(worded, all.iter().filter(|p| p.kind.is_figure()).count());
        assert!(all.iter().any(|p| !p.kind.is_figure()));
        assert!(figure_words("10-translator")
            .iter()
            .all(|(id, _)| preset(id).is_some_and(|p| p.kind.is_figure())));
        assert!(figure_words("no-such-page").is_empty());
    }

    #[test]
    fn ids_are_unique_and_summaries_say_something() {
        let all = registry();
        for (i, p) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|q| q.id != p.id), "{} twice", p.id);
            assert!(p.summary.len() > 20, "{}", p.id);
            assert_eq!(preset(p.id), Some(*p));
        }
        assert_eq!(preset("nope"), None);
    }

    #[test]
    fn every_claim_names_a_preset_and_every_setup_is_read_by_a_claim() {
        let claims = all_claims();
        for c in &claims {
            assert!(
                preset(c.preset).is_some(),
                "{}: no preset {}",
                c.id,
                c.preset
            );
        }
        for p in registry().iter().filter(|p| !p.kind.is_figure()) {
            assert!(
                claims.iter().any(|c| c.preset == p.id),
                "setup {} is read by no claim",
                p.id
            );
        }
    }
}
