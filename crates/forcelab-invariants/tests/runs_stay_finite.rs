//! Invariant: a Lab, a scene or a world built from any numbers either refuses them with
//! an error naming the field, or runs without panicking, and every number it reports is
//! finite. The fuzz target `runs` checks the same on bytes; inputs it once broke on are
//! kept below.

use forcelab_invariants::runs;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig {
        // Seeded, so a run is reproducible; `npm run fuzz` explores beyond these cases.
        rng_seed: proptest::test_runner::RngSeed::Fixed(20261121),
        failure_persistence: None,
        ..ProptestConfig::with_cases(1500)
    })]

    #[test]
    fn runs_from_any_bytes_stay_finite(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        runs::from_bytes(&bytes);
    }
}

// Inputs that broke the invariant once, each with what was wrong and the fix.

/// A swarm with kp = 1e300: the heading PID overflowed and every missile's position
/// became NaN (the swarm has no per-missile divergence flag). Its gains are now capped
/// at 1e6 and its dt at 1 s.
#[test]
fn regression_swarm_with_a_huge_gain() {
    runs::from_bytes(&[
        113, 116, 89, 0, 0, 77, 0, 0, 236, 61, 0, 1, 1, 1, 179, 0, 0, 0, 0, 0, 0, 0, 96,
    ]);
    let gains = forcelab::world::SwarmGains {
        kp: 1e300,
        ..Default::default()
    };
    assert_eq!(gains.validate().unwrap_err().field(), "kp");
}

/// A tumble that starts at rest (no spin, no nudge): its energy ratio was 0/0 = NaN.
/// A body at rest that stays at rest now has ratio 1.
#[test]
fn regression_tumble_at_rest() {
    runs::from_bytes(&[
        141, 83, 0, 0, 0, 0, 0, 0, 0, 128, 28, 105, 0, 1, 222, 0, 1, 25, 0, 7, 17, 0, 1, 0, 0, 0,
        0, 0, 0,
    ]);
}

/// Found by `npm run fuzz` (runs): a tumble spun so slowly that its start energy was
/// subnormal, so the energy ratio overflowed. Such a body counts as at rest (ratio 1),
/// and the settings are now bounded.
#[test]
fn regression_fuzz_tumble_with_a_subnormal_energy() {
    runs::from_bytes(&[
        0x39, 0xb0, 0x3f, 0xa0, 0xf6, 0x65, 0x65, 0x65, 0x65, 0x65, 0x70, 0xa0, 0xa0, 0x12, 0x70,
        0xa0, 0xa0, 0x65, 0x65, 0x65, 0x65, 0x65, 0x65, 0x70, 0xa0, 0xa0, 0x12, 0x70, 0xa0, 0x70,
        0xa0, 0x70, 0x75, 0x73,
    ]);
}

/// A Lab with dt = 1e306 and a 1000-fold dt spike: its clock overflowed to infinity, and
/// a target speed of 1e308 did the same to the target. The Lab now takes dt up to 1 s,
/// and its disturbances are capped (1e9 for positions, impulses and forces, 1e6 for
/// speeds and noise).
#[test]
fn regression_lab_clock_and_target_overflow() {
    use forcelab::lab::Disturbances;
    let spike = Disturbances {
        dt_spike: Some((0.0, 1e3)),
        ..Disturbances::default()
    };
    runs::step_lab(&[100.0, 20.0, 1.0, 1e306, 0.0], &[0, 1, 2], Some(spike));
    let fast = Disturbances {
        target_velocity: 1e308,
        ..Disturbances::default()
    };
    assert_eq!(fast.validate().unwrap_err().field(), "target_velocity");
    runs::step_lab(&[100.0, 20.0, 1.0, 1.0 / 60.0, 0.0], &[0, 1, 2], Some(fast));
}
