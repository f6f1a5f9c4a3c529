//! Every checkable claim of the five articles, and of the engines' documentation
//! (`claims::engines`), measured by the core when asked and given a verdict. Nothing here is
//! typed in: each figure comes from running the controllers, the atlas or the published
//! listings at the moment [`all_claims`] runs. The scenario numbers (gains, steps) are
//! the articles' own where they give them.
//!
//! One file per article (`a000_spd.rs` ... `a004_submarine.rs`), and `pid_practice.rs`
//! for the PID lore the chapters add; one function per claim
//! building a [`Claim`] by its named fields; `common.rs` holds what several share.

/// A claim's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Verdict {
    /// The measurement agrees with the claim.
    Holds,
    /// It holds only under the conditions stated with it.
    HoldsWithConditions,
    /// The measurement contradicts the claim.
    DoesNotHold,
}

impl Verdict {
    /// `"holds"`, `"holds with conditions"` or `"does not hold"`.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::HoldsWithConditions => "holds with conditions",
            Verdict::DoesNotHold => "does not hold",
        }
    }
}

/// One checked claim.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Claim {
    /// Stable identifier, e.g. `"wu-damping-1-is-critical"`.
    pub id: &'static str,
    /// The source: an article's file name, or the engine documentation a claim of
    /// the engine twin comes from, in words.
    pub article: &'static str,
    /// The chapter page that shows it (`"03-wu"`), for links from the claims table.
    pub chapter: &'static str,
    /// The preset whose numbers it measures (an id of `scenario::registry`): the chapter
    /// figure beside it, or the claim's own setup where no figure shows it.
    pub preset: &'static str,
    /// The claim, in one line of our own words.
    pub claim: &'static str,
    /// What the core measured.
    pub figure: f64,
    /// The figure's unit.
    pub unit: &'static str,
    /// The integrator the figure was measured under (the article's engine's).
    pub integrator: &'static str,
    /// The verdict.
    pub verdict: Verdict,
    /// The conditions, or why it does not hold, with the other figures that decide it.
    pub conditions: String,
}

mod a000_spd;
mod a001_windowed_pid;
mod a002_wu;
mod a003_bloom;
mod a004_submarine;
mod chains;
mod common;
mod engines;
mod orientation;
mod pid_practice;
#[cfg(test)]
mod pinned;

use a000_spd::*;
use a001_windowed_pid::*;
use a002_wu::*;
use a003_bloom::*;
use a004_submarine::*;
use chains::*;
#[cfg(test)]
use common::*;
use pid_practice::*;

/// Measures every claim. Takes a few seconds in release.
pub fn all_claims() -> Vec<Claim> {
    let articles = vec![
        spd_stable_if_kd_ge_kp_dt(),
        spd_v2_stable_if_kd_ge_kp_dt(),
        spd_v2_tolerant_of_gains(),
        spd_no_overshoot_vs_pd(),
        spd_v2_is_pd_with_extra_damping(),
        forward_pd_unstable_high_gains(),
        forward_pd_lags_moving_target(),
        wu_unconditionally_stable(),
        wu_damping_1_is_critical(),
        wu_frequency_95_percent(),
        wu_stable_torque_listing(),
        deadbeat_force_one_step(),
        deadbeat_torque_one_step(),
        bloom_d_1_is_critical(),
        bloom_converges_in_time_scale(),
        bloom_implicit_more_stable_than_exact(),
        simpson_integral(),
        p_only_hunts(),
        p_only_steady_state_error(),
        pid_removes_offset(),
        pid_windup_clamp(),
        derivative_kick(),
        anti_windup_overshoot(),
        euler_feedforward_decouples(),
        tennis_racket_flip(),
        chain_spd_stable_any_gains(),
        chain_joint_spd_breaks(),
        chain_pd_sag(),
    ];
    articles
        .into_iter()
        .chain(engines::claims())
        .chain(orientation::claims())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const REQUIRED: [&str; 34] = [
        "chain-spd-stable-any-gains",
        "chain-joint-spd-breaks",
        "chain-pd-sag-g-over-kp",
        "orientation-long-way-past-half",
        "orientation-gimbal-reaches-any-target",
        "orientation-log-map-shortest-path",
        "rapier-acceleration-ignores-mass",
        "box2d-hertz-ignores-mass",
        "jolt-frequency-is-the-frequency",
        "physx-drive-depends-on-dt",
        "mujoco-euler-keeps-kv-explicit",
        "mujoco-implicitfast-stable-for-any-kp",
        "soft-constraints-stable-at-any-stiffness",
        "spd-stable-if-kd-ge-kp-dt",
        "spd-v2-tolerant-of-gains",
        "spd-no-overshoot-vs-pd",
        "wu-unconditionally-stable",
        "wu-damping-1-is-critical",
        "wu-frequency-95-percent",
        "wu-stable-torque-listing",
        "bloom-d-1-is-critical",
        "bloom-converges-in-time-scale",
        "deadbeat-force-one-step",
        "deadbeat-torque-one-step",
        "simpson-integral",
        "p-only-hunts",
        "p-only-steady-state-error",
        "pid-removes-offset",
        "pid-windup-clamp",
        "derivative-kick",
        "anti-windup-overshoot",
        "euler-feedforward-decouples",
        "tennis-racket-flip",
        "forward-pd-unstable-high-gains",
    ];

    #[test]
    fn every_listed_claim_is_present_with_a_figure_and_unique_id() {
        let claims = all_claims();
        for id in REQUIRED {
            let c = claims
                .iter()
                .find(|c| c.id == id)
                .unwrap_or_else(|| panic!("missing {id}"));
            assert!(!c.figure.is_nan(), "{id} has no figure");
            assert!(!c.unit.is_empty() && !c.claim.is_empty() && !c.integrator.is_empty());
            if c.verdict != Verdict::Holds {
                assert!(
                    !c.conditions.is_empty(),
                    "{id}: a verdict other than 'holds' says why"
                );
            }
        }
        let mut ids: Vec<_> = claims.iter().map(|c| c.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), claims.len());
    }

    #[test]
    fn the_verdicts_we_derived_by_hand_are_what_the_core_measures() {
        let claims = all_claims();
        let verdict = |id: &str| claims.iter().find(|c| c.id == id).unwrap().verdict;
        assert_eq!(
            verdict("spd-stable-if-kd-ge-kp-dt"),
            Verdict::HoldsWithConditions
        );
        assert_eq!(
            verdict("spd-v2-stable-if-kd-ge-kp-dt"),
            Verdict::DoesNotHold
        );
        assert_eq!(verdict("wu-unconditionally-stable"), Verdict::Holds);
        assert_eq!(verdict("wu-damping-1-is-critical"), Verdict::DoesNotHold);
        assert_eq!(verdict("bloom-d-1-is-critical"), Verdict::DoesNotHold);
        assert_eq!(verdict("forward-pd-unstable-high-gains"), Verdict::Holds);
        assert_eq!(verdict("wu-stable-torque-listing"), Verdict::DoesNotHold);
        assert_eq!(verdict("tennis-racket-flip"), Verdict::HoldsWithConditions);
        assert_eq!(verdict("pid-removes-offset"), Verdict::Holds);
        assert_eq!(verdict("euler-feedforward-decouples"), Verdict::Holds);
        assert_eq!(
            verdict("chain-spd-stable-any-gains"),
            Verdict::HoldsWithConditions
        );
        assert_eq!(verdict("chain-joint-spd-breaks"), Verdict::Holds);
        assert_eq!(
            verdict("chain-pd-sag-g-over-kp"),
            Verdict::HoldsWithConditions
        );
    }

    /// Every claim, word for word and to the last bit of its figure, as the chapters
    /// print it (`claims.json`, which `npm run core-data` writes): `npm test` compares the
    /// whole file, and this holds the same inside `cargo test`, so a change to a claim's
    /// number or sentence that the file would show fails here too (under mutation as well).
    #[test]
    fn every_claim_is_what_the_chapters_print() {
        let printed: serde_json::Value =
            serde_json::from_str(include_str!("../../../../web/src/core/claims.json"))
                .expect("claims.json");
        let printed = printed.as_array().expect("a list");
        let claims = all_claims();
        assert_eq!(claims.len(), printed.len());
        for (c, p) in claims.iter().zip(printed) {
            let text = |key: &str| {
                p[key]
                    .as_str()
                    .unwrap_or_else(|| panic!("{}: {key}", c.id))
                    .to_string()
            };
            assert_eq!(c.id, text("id"));
            assert_eq!(
                c.figure,
                p["figure"].as_f64().unwrap_or(f64::NAN),
                "{}: figure",
                c.id
            );
            assert_eq!(c.conditions, text("conditions"), "{}: conditions", c.id);
            assert_eq!(
                (c.claim, c.unit, c.integrator),
                (&*text("claim"), &*text("unit"), &*text("integrator")),
                "{}",
                c.id
            );
            assert_eq!(
                (c.article, c.chapter, c.preset),
                (&*text("article"), &*text("chapter"), &*text("preset")),
                "{}",
                c.id
            );
            assert_eq!(
                c.verdict.label().replace(' ', "-"),
                text("verdict"),
                "{}: verdict",
                c.id
            );
        }
    }

    #[test]
    fn verdicts_read_as_the_claims_table_prints_them() {
        let labels = [
            Verdict::Holds,
            Verdict::HoldsWithConditions,
            Verdict::DoesNotHold,
        ]
        .map(Verdict::label);
        assert_eq!(labels, ["holds", "holds with conditions", "does not hold"]);
    }

    #[test]
    fn stable_everywhere_needs_the_whole_grid_under_each_integrator() {
        assert_eq!(stability_verdict(1.0, 1.0), Verdict::Holds);
        assert_eq!(stability_verdict(1.0, 0.4), Verdict::HoldsWithConditions);
        assert_eq!(stability_verdict(0.99, 1.0), Verdict::DoesNotHold);
        assert_eq!(stability_verdict(0.5, 0.5), Verdict::DoesNotHold);
    }
}
