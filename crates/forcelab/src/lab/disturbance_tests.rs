//! Every disturbance combined with every other, against a reference written here from
//! the Lab's rules alone: one bug found by hand (a moving target advanced by the nominal
//! dt during a dt spike) lived where two disturbances meet, and no test walked the pairs.
//!
//! The reference steps one cube under forward PD (`F = kp (x* - x_measured) + kd (v* -
//! v)`, semi-implicit Euler) with its own loop and clock, sharing nothing with
//! [`Lab::step`] but the noise generator: an event at time `T` acts in the step that
//! starts at `T`; a target step moves the target before the force is computed; a dt
//! spike makes that one step `factor dt` long, for the body, the moving target and the
//! clock alike; a sideswipe adds `J / m` to the velocity before the step; the constant
//! force adds to the law's force; the noise offsets the measured position by
//! `noise * N(0, 1)`, one draw per step from the seeded generator.
use super::*;
use crate::catalogue::LawId;
use crate::controllers::Controller1;
use crate::integrator::Integrator;
use crate::random::SplitMix64;

const KP: f64 = 120.0;
const KD: f64 = 14.0;
const MASS: f64 = 1.5;
const DT: f64 = 1.0 / 60.0;
const STEPS: usize = 150;

/// One row of the reference: (time, target, position).
fn reference(d: &Disturbances) -> Vec<(f64, f64, f64)> {
    let (mut x, mut v) = (0.0_f64, 0.0_f64);
    let (mut target, speed) = (d.target_start, d.target_velocity);
    let mut rng = SplitMix64::new(d.seed);
    let mut clock = 0.0;
    let mut rows = vec![(clock, target, x)];
    // The events are placed on step starts (a spike of a whole factor keeps them there),
    // so the step an event acts in is the one whose start reads its time.
    let at = |event: Option<(f64, f64)>, clock: f64| match event {
        Some((t, value)) if (t - clock).abs() < 1e-9 => Some(value),
        _ => None,
    };
    for _ in 0..STEPS {
        if let Some(to) = at(d.target_step, clock) {
            target = to;
        }
        let h = at(d.dt_spike, clock).map_or(DT, |factor| DT * factor);
        let noise = if d.noise > 0.0 {
            d.noise * rng.next_normal()
        } else {
            0.0
        };
        let force = KP * (target - (x + noise)) + KD * (speed - v);
        if let Some(j) = at(d.sideswipe, clock) {
            v += j / MASS;
        }
        v += (force + d.constant_force) / MASS * h;
        x += v * h;
        target += speed * h;
        clock += h;
        rows.push((clock, target, x));
    }
    rows
}

/// The six disturbances, each alone, with times on step starts that coincide (all at
/// 1 s, the same step) or not (each its own step, the target step after the spike), so a
/// pair is walked both ways.
fn each(coincide: bool) -> [Disturbances; 6] {
    let t = |own: f64| if coincide { 1.0 } else { own };
    let none = Disturbances {
        target_start: 0.5,
        ..Disturbances::default()
    };
    [
        Disturbances {
            target_velocity: 0.4,
            ..none
        },
        Disturbances {
            target_step: Some((t(1.5), -0.25)),
            ..none
        },
        Disturbances {
            sideswipe: Some((t(1.0), 2.0)),
            ..none
        },
        Disturbances {
            constant_force: -9.0,
            ..none
        },
        Disturbances {
            noise: 0.01,
            seed: 11,
            ..none
        },
        Disturbances {
            dt_spike: Some((t(0.5), 4.0)),
            ..none
        },
    ]
}

/// `a` with what `b` sets on top.
fn combine(a: Disturbances, b: Disturbances) -> Disturbances {
    let or = |x: Option<(f64, f64)>, y: Option<(f64, f64)>| x.or(y);
    Disturbances {
        target_velocity: a.target_velocity + b.target_velocity,
        target_step: or(a.target_step, b.target_step),
        sideswipe: or(a.sideswipe, b.sideswipe),
        constant_force: a.constant_force + b.constant_force,
        noise: a.noise + b.noise,
        seed: a.seed.max(b.seed),
        dt_spike: or(a.dt_spike, b.dt_spike),
        ..a
    }
}

fn lab_rows(d: Disturbances) -> Vec<(f64, f64, f64)> {
    let pd = Controller1::new(LawId::ForwardPd, KP, KD, MASS).unwrap();
    let mut lab = Lab1::new(vec![pd], MASS, DT, Integrator::SemiImplicitEuler, d).unwrap();
    lab.step(STEPS as u32);
    let t = lab.trace();
    (0..t.time.len())
        .map(|k| (t.time[k], t.target[k], t.x[k]))
        .collect()
}

fn assert_agrees(d: Disturbances, what: &str) {
    let (lab, reference) = (lab_rows(d), reference(&d));
    assert_eq!(lab.len(), reference.len(), "{what}");
    for (k, (l, r)) in lab.iter().zip(&reference).enumerate() {
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * (1.0 + b.abs());
        assert!(
            close(l.0, r.0) && close(l.1, r.1) && close(l.2, r.2),
            "{what}: row {k}: the Lab has (t, target, x) = {l:?}, the reference {r:?}"
        );
    }
}

#[test]
fn each_disturbance_alone_agrees_with_the_reference() {
    for (i, d) in each(false).into_iter().enumerate() {
        assert_agrees(d, &format!("disturbance {i} alone"));
    }
}

#[test]
fn every_pair_of_disturbances_agrees_with_the_reference_at_the_same_step_and_apart() {
    let names = [
        "moving target",
        "target step",
        "sideswipe",
        "constant force",
        "noise",
        "dt spike",
    ];
    for coincide in [false, true] {
        let ds = each(coincide);
        for i in 0..ds.len() {
            for j in i + 1..ds.len() {
                let what = format!(
                    "{} with {} ({})",
                    names[i],
                    names[j],
                    if coincide { "same step" } else { "apart" }
                );
                assert_agrees(combine(ds[i], ds[j]), &what);
            }
        }
    }
}

#[test]
fn all_six_disturbances_at_once_agree_with_the_reference() {
    for coincide in [false, true] {
        let all = each(coincide).into_iter().reduce(combine).unwrap();
        assert_agrees(all, &format!("all six (coincide: {coincide})"));
    }
}

#[test]
fn the_reference_tells_a_spike_apart_from_the_nominal_step() {
    // The reference must see what the pairs test looks for: with the spiked step taken
    // at dt, a moving target ends elsewhere.
    let d = combine(each(false)[0], each(false)[5]);
    let plain = reference(&Disturbances {
        dt_spike: None,
        ..d
    });
    let spiked = reference(&d);
    let (a, b) = (plain.last().unwrap(), spiked.last().unwrap());
    assert!((b.0 - a.0 - 3.0 * DT).abs() < 1e-12, "{a:?} {b:?}");
    assert!((b.1 - a.1 - 0.4 * 3.0 * DT).abs() < 1e-9, "{a:?} {b:?}");
}
