//! Invariant: every stable controller on its scene stays finite and bounded, with unit
//! quaternions (within 1e-12). `npm run soak` runs each for 10^7 steps; `cargo test`
//! runs this short version.

use forcelab_invariants::soak;

#[test]
fn every_stable_controller_survives_a_short_soak() {
    let steps = 20_000;
    let runs = soak::all(steps);
    assert_eq!(
        runs.len(),
        soak::STABLE_1D.len() + soak::STABLE_3D.len() + 3
    );
    for r in &runs {
        assert_eq!(r.steps, steps);
        assert!(r.worst_unit <= soak::UNIT_TOLERANCE, "{r:?}");
    }
    // The trackers really track: none is left more than a metre (or a radian) behind.
    for r in runs
        .iter()
        .filter(|r| r.name.starts_with("cube/") || r.name.starts_with("box/"))
    {
        assert!(r.worst_error < 1.0, "{r:?}");
    }
}
