use super::*;
use crate::analysis::fit::second_order;
use crate::random::SplitMix64;

/// A spring-damper of `f` Hz and `zeta` from rest at 0 to 1, sampled every `dt` from `t0`.
fn step(f: f64, zeta: f64, dt: f64, n: usize, t0: f64) -> (Vec<f64>, Vec<f64>) {
    let w = TAU * f;
    // From rest at 0: a = -1 and b = -zeta w in x = 1 + a C + b S.
    let x = (0..n)
        .map(|k| {
            let (c, s) = basis(w, zeta, k as f64 * dt);
            1.0 - c - zeta * w * s
        })
        .collect();
    ((0..n).map(|k| t0 + k as f64 * dt).collect(), x)
}

#[test]
fn a_clean_spring_is_read_back_at_every_damping_ratio() {
    for (f, zeta) in [
        (3.0, 0.3),
        (2.0, 0.0),
        (1.0, 1.0),
        (0.8, 1.0 + 1e-9),
        (1.5, 2.5),
        (12.0, 0.7),
    ] {
        let (t, x) = step(f, zeta, 1.0 / 60.0, 150, 10.0);
        let s = spring_fit(&t, &x).unwrap();
        assert!(
            (s.natural_frequency / (TAU * f) - 1.0).abs() < 1e-6,
            "{f} {zeta}: {s:?}"
        );
        assert!((s.damping_ratio - zeta).abs() < 1e-6, "{f} {zeta}: {s:?}");
        assert!((s.rest - 1.0).abs() < 1e-6 && s.rms < 1e-9, "{s:?}");
        assert!((s.at(t[40]) - x[40]).abs() < 1e-9, "{s:?}");
    }
}

/// The cosh and sinh branches meet the cos and sin branch at `zeta = 1`, and neither
/// overflows on a long, heavily damped trace.
#[test]
fn the_curve_is_continuous_through_critical_damping_and_finite_far_out() {
    for t in [0.0, 0.01, 0.3, 2.0] {
        let below = basis(5.0, 1.0 - 1e-9, t);
        let at = basis(5.0, 1.0, t);
        let above = basis(5.0, 1.0 + 1e-9, t);
        for (p, q) in [(below, at), (above, at)] {
            assert!(
                (p.0 - q.0).abs() < 1e-7 && (p.1 - q.1).abs() < 1e-7,
                "{t}: {p:?} {q:?}"
            );
        }
    }
    let (c, s) = basis(400.0, MAX_ZETA, 1e4);
    assert!(c.is_finite() && s.is_finite() && c >= 0.0 && s >= 0.0);
}

/// On a clean stepped motion the recurrence fit is exact, and this fit agrees with it.
#[test]
fn on_a_stepped_motion_it_agrees_with_the_recurrence_fit() {
    use crate::engines::{entry, Intent};
    let e = entry("box2d-v3").unwrap();
    let intent = Intent {
        frequency: 2.5,
        damping_ratio: 0.4,
        ..Intent::default()
    };
    let run = e
        .predict(
            e.docs_knobs(&intent).unwrap(),
            &intent,
            &e.variant("no-sleep").unwrap(),
            100,
        )
        .unwrap();
    let t: Vec<f64> = (0..run.positions.len())
        .map(|k| k as f64 * intent.dt)
        .collect();
    let ar = second_order(&run.positions, intent.dt, |_| true).unwrap();
    let oe = spring_fit(&t, &run.positions).unwrap();
    assert!(
        (oe.natural_frequency / ar.natural_frequency - 1.0).abs() < 1e-7,
        "{oe:?} {ar:?}"
    );
    assert!(
        (oe.damping_ratio / ar.damping_ratio - 1.0).abs() < 1e-7,
        "{oe:?} {ar:?}"
    );
}

/// Seeded measurement noise of 1 % of the step (uniform within +-1 % of the move) moves
/// the fitted frequency and damping ratio by less than 2 % where the motion is seen over
/// many samples (the recurrence fit, on the same samples, reads 3 Hz at 0.3 as 3.7 Hz at
/// 0.6), and everywhere by less than five of the standard errors the fit states: a stiff
/// or heavily damped drive at a coarse step is over in a few samples, and the fit says it
/// knows it less well.
#[test]
fn measurement_noise_of_one_percent_moves_the_fit_by_what_it_states() {
    for (f, zeta, dt, n, well_seen) in [
        (3.0, 0.3, 1.0 / 60.0, 120, true),
        (3.0, 0.2, 1.0 / 120.0, 240, true),
        (6.0, 0.15, 1.0 / 240.0, 480, true),
        (1.0, 0.7, 1.0 / 120.0, 480, true),
        (2.0, 1.0, 1.0 / 60.0, 120, false),
        (2.0, 1.0, 1.0 / 120.0, 240, false),
        (20.0, 0.5, 1.0 / 60.0, 120, false),
    ] {
        let (t, clean) = step(f, zeta, dt, n, 0.0);
        let exact = spring_fit(&t, &clean).unwrap();
        assert!(exact.natural_frequency_error < 1e-6 * exact.natural_frequency);
        for seed in 1..=12 {
            let mut rng = SplitMix64::new(seed);
            let noisy: Vec<f64> = clean
                .iter()
                .map(|x| x + 0.01 * (2.0 * rng.next_open01() - 1.0))
                .collect();
            let got = spring_fit(&t, &noisy).unwrap();
            let (dw, dz) = (
                got.natural_frequency - exact.natural_frequency,
                got.damping_ratio - exact.damping_ratio,
            );
            let case = format!("{f} Hz at {zeta}, seed {seed}: {got:?}");
            if well_seen {
                assert!((dw / exact.natural_frequency).abs() < 0.02, "{case}");
                assert!((dz / exact.damping_ratio).abs() < 0.02, "{case}");
            }
            assert!(dw.abs() < 5.0 * got.natural_frequency_error, "{case}");
            assert!(dz.abs() < 5.0 * got.damping_ratio_error, "{case}");
        }
    }
}

#[test]
fn too_few_samples_or_no_motion_fit_nothing() {
    let (t, x) = step(2.0, 0.5, 0.01, 7, 0.0);
    assert!(spring_fit(&t, &x).is_none());
    let flat = vec![0.25; 50];
    let t: Vec<f64> = (0..50).map(|k| k as f64 * 0.01).collect();
    assert!(spring_fit(&t, &flat).is_none());
}

/// What the fit says it knows is what noise does to it: over seeds of 1 % noise, the
/// frequency and damping ratio scatter about the clean fit by about the standard errors
/// each noisy fit states (within a factor of 2 either way).
#[test]
fn the_stated_errors_are_the_scatter_that_noise_gives() {
    let (t, clean) = step(3.0, 0.3, 1.0 / 60.0, 120, 0.0);
    let exact = spring_fit(&t, &clean).unwrap();
    let seeds = 8;
    let (mut dw2, mut dz2, mut ew, mut ez) = (0.0, 0.0, 0.0, 0.0);
    for seed in 1..=seeds {
        let mut rng = SplitMix64::new(seed);
        let noisy: Vec<f64> = clean
            .iter()
            .map(|x| x + 0.01 * (2.0 * rng.next_open01() - 1.0))
            .collect();
        let got = spring_fit(&t, &noisy).unwrap();
        dw2 += (got.natural_frequency - exact.natural_frequency).powi(2);
        dz2 += (got.damping_ratio - exact.damping_ratio).powi(2);
        ew += got.natural_frequency_error;
        ez += got.damping_ratio_error;
    }
    let n = seeds as f64;
    for (scatter, stated) in [((dw2 / n).sqrt(), ew / n), ((dz2 / n).sqrt(), ez / n)] {
        assert!(
            stated < 2.0 * scatter && scatter < 2.0 * stated,
            "scatter {scatter:e}, stated {stated:e}"
        );
    }
}

/// Nine samples are too few for the recurrence fit (it needs eight rows of three), so
/// the grid alone starts the search: it spans a tenth of a cycle over the trace to the
/// Nyquist frequency whatever the step, and a clean spring is read back exactly at a
/// game's step and at a slow log's.
#[test]
fn nine_samples_of_a_clean_spring_are_read_back_at_any_step() {
    for dt in [1.0 / 60.0, 0.5, 5.0] {
        for part_of_nyquist in [0.1, 0.4, 0.8] {
            for zeta in [0.02, 0.5] {
                let f = part_of_nyquist * 0.5 / dt;
                let (t, x) = step(f, zeta, dt, 9, 0.0);
                let s = spring_fit(&t, &x).unwrap();
                let case = format!("{f} Hz at {zeta}, every {dt} s: {s:?}");
                assert!(
                    (s.natural_frequency / (TAU * f) - 1.0).abs() < 1e-6,
                    "{case}"
                );
                assert!((s.damping_ratio - zeta).abs() < 1e-6, "{case}");
                assert!(s.rms < 1e-9, "{case}");
            }
        }
    }
}

/// A step from rest with noise: a curve that starts moving explains the noise a little
/// better, by less than the one number it spends, so the fit says the trace starts at
/// rest, and its curve does (`b = zeta w a`).
#[test]
fn a_noisy_step_from_rest_is_read_as_starting_at_rest() {
    let (t, clean) = step(2.0, 0.7, 1.0 / 60.0, 120, 0.0);
    for seed in 1..=3 {
        let mut rng = SplitMix64::new(seed);
        let noisy: Vec<f64> = clean
            .iter()
            .map(|x| x + 0.01 * (2.0 * rng.next_open01() - 1.0))
            .collect();
        let s = spring_fit(&t, &noisy).unwrap();
        assert!(s.starts_at_rest, "seed {seed}: {s:?}");
        let b = s.damping_ratio * s.natural_frequency * s.a;
        assert!((s.b / b - 1.0).abs() < 1e-12, "seed {seed}: {s:?}");
    }
}

/// At the spring that made a step from rest, the at-rest projection gives that step's
/// own numbers: rest 1, `a = -1`, `b = -zeta w`, and nothing left over.
#[test]
fn a_step_from_rest_projects_onto_its_own_curve() {
    for (f, zeta) in [(3.0, 0.3), (0.5, 2.0)] {
        let (t, x) = step(f, zeta, 1.0 / 60.0, 90, 0.0);
        let w = TAU * f;
        let ([rest, a, b], r) = project(&t, &x, w, zeta, Start::AtRest).unwrap();
        assert!((rest - 1.0).abs() < 1e-9, "{f} {zeta}: {rest}");
        assert!((a + 1.0).abs() < 1e-9, "{f} {zeta}: {a}");
        assert!((b / (-zeta * w) - 1.0).abs() < 1e-9, "{f} {zeta}: {b}");
        assert!(r.iter().all(|e| e.abs() < 1e-12), "{f} {zeta}: {r:?}");
    }
}

/// Samples that alternate about their rest, shrinking: their spring rings at the Nyquist
/// frequency with some damping, so its natural frequency is above it; a sampled motion
/// cannot tell such a spring from a slower one, and the fit stops at the step's Nyquist
/// frequency `pi / dt`.
#[test]
fn no_fitted_frequency_is_above_the_steps_nyquist_frequency() {
    let dt = 1.0 / 60.0;
    let t: Vec<f64> = (0..40).map(|k| k as f64 * dt).collect();
    let x: Vec<f64> = (0..40).map(|k| 1.0 + (-0.9f64).powi(k)).collect();
    let s = spring_fit(&t, &x).unwrap();
    assert!(s.natural_frequency <= PI / dt * (1.0 + 1e-12), "{s:?}");
}

/// Where the full Gauss-Newton step overshoots (the sum of `(p^2 + 0.1)^2` near its
/// bottom), Levenberg-Marquardt shortens it until the sum falls, and reaches the bottom.
#[test]
fn refining_shortens_a_step_that_overshoots_until_it_reaches_the_bottom() {
    let bowl = |p: [f64; 2]| Some(vec![p[0] * p[0] + 0.1, p[1] - 0.5]);
    let p = refine(&bowl, [0.5, 0.0], 1e9);
    assert!(p[0].abs() < 1e-3 && (p[1] - 0.5).abs() < 1e-3, "{p:?}");
}

/// On residuals linear in the two numbers the search lands on the least-squares solution
/// (the normal equations by hand: `3 p0 + p1 = 0.5`, `p0 + 6 p1 = 1.4`) and then stops,
/// rather than trying more steps that can gain nothing.
#[test]
fn refining_stops_once_a_step_no_longer_lowers_the_sum() {
    let calls = std::cell::Cell::new(0);
    let linear = |p: [f64; 2]| {
        calls.set(calls.get() + 1);
        Some(vec![
            p[0] - 1.0,
            p[0] + 0.5,
            p[1] - 2.0,
            2.0 * p[1] + 0.3,
            p[0] + p[1],
        ])
    };
    let p = refine(&linear, [0.0, 0.0], 1e9);
    assert!((p[0] - 1.6 / 17.0).abs() < 1e-9 && (p[1] - 3.7 / 17.0).abs() < 1e-9);
    assert!(calls.get() <= 15, "{} evaluations", calls.get());
}

/// `1 + sin(w t + 0.7)` with seeded uniform noise of `noise` either way, sampled at 60 Hz.
fn noisy_swing(f: f64, n: usize, noise: f64, seed: u64) -> (Vec<f64>, Vec<f64>) {
    let dt = 1.0 / 60.0;
    let mut rng = SplitMix64::new(seed);
    let t: Vec<f64> = (0..n).map(|k| k as f64 * dt).collect();
    let x = t
        .iter()
        .map(|t| 1.0 + (TAU * f * t + 0.7).sin() + noise * (2.0 * rng.next_open01() - 1.0))
        .collect();
    (t, x)
}

/// An undamped swing of 1 Hz over 10 s under noise of half its amplitude: the recurrence
/// fit reads no spring there, so the grid alone starts the search, and it spans the
/// frequencies up to Nyquist's closely enough to start in the swing's valley.
#[test]
fn a_swing_under_noise_the_recurrence_fit_cannot_read_is_found_from_the_grid() {
    for seed in 1..=3 {
        let (t, x) = noisy_swing(1.0, 600, 0.5, seed);
        assert!(second_order(&x, t[1], |_| true).is_none(), "seed {seed}");
        let s = spring_fit(&t, &x).unwrap();
        let case = format!("seed {seed}: {s:?}");
        assert!((s.natural_frequency / TAU - 1.0).abs() < 0.01, "{case}");
        assert!(s.damping_ratio < 0.01, "{case}");
    }
}

/// Under two cycles of a 0.5 Hz swing with noise of 5 % of its amplitude, the recurrence
/// fit reads 0.37 to 0.39 Hz, and refined from there the search falls into a valley far
/// off (12 Hz and more, heavily damped); refined from the grid's best it finds the swing,
/// and the nearer of the two curves is kept.
#[test]
fn of_the_two_refined_starts_the_curve_nearer_the_samples_is_kept() {
    for seed in 1..=2 {
        let (t, x) = noisy_swing(0.5, 200, 0.05, seed);
        let ar = second_order(&x, t[1], |_| true).unwrap();
        assert!(ar.natural_frequency / TAU < 0.4, "seed {seed}: {ar:?}");
        let s = spring_fit(&t, &x).unwrap();
        let case = format!("seed {seed}: {s:?}");
        assert!((s.natural_frequency / TAU - 0.5).abs() < 0.005, "{case}");
        assert!(s.damping_ratio < 0.01 && s.rms < 0.05, "{case}");
    }
}
