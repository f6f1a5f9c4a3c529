//! Article 004 (submarine) and the PID claims measured on its hull: P only, PID, windup, feed-forward, the tennis racket.

use super::common::*;
use super::{Claim, Verdict};
use crate::scenes::{
    attitude, Dive, DiveSettings, Orders, Tumble, TumbleSettings, FIRST_ORDERS, MODES,
};

pub(super) fn submarine() -> Body3 {
    crate::scenario::submarine_hull()
}

/// Pitch and roll after `seconds` and the peak pitch, ordering the dive figure's first
/// pitch and roll `roll`,
/// with a constant world `load` torque (N m).
pub(super) fn run_submarine(
    mut c: SubmarineAttitude,
    body: Body3,
    roll: f64,
    seconds: f64,
    load: DVec3,
) -> (f64, f64, f64) {
    let (dt, pitch) = (DiveSettings::default().dt, FIRST_ORDERS.pitch);
    let mut b = body;
    let mut peak: f64 = f64::NEG_INFINITY;
    let attitude = |b: &Body3| {
        let (_, x, z) = b.orientation.to_euler(glam::EulerRot::YXZ);
        (x, z)
    };
    for _ in 0..(seconds / dt) as usize {
        let t = c.torque(&b, pitch, roll, dt).unwrap().total;
        b.step(DVec3::ZERO, t + load, dt).unwrap();
        peak = peak.max(attitude(&b).0);
    }
    let (x, z) = attitude(&b);
    (x, z, peak)
}

/// The dive figure's boats (`scenes::four_generations`): P only, manual damping, PID,
/// PID with feed-forward.
fn dive_boat(generation: usize) -> SubmarineAttitude {
    DiveSettings::default().boats[generation]
}

/// The dive figure's run (`scenes::Dive`, what its figure steps, at its step and
/// hull) with `boats`, ordered `orders`, under a steady `load` (N m about world x), for
/// `seconds`; `watch` sees each hull's (pitch, roll), rad, after every step.
fn run_dive(
    boats: Vec<SubmarineAttitude>,
    orders: Orders,
    load: f64,
    seconds: f64,
    mut watch: impl FnMut(usize, f64, f64),
) -> Dive {
    let mut dive = Dive::new(DiveSettings {
        boats,
        load,
        ..DiveSettings::default()
    })
    .expect("the dive figure's settings");
    dive.set_orders(orders).expect("orders in range");
    for _ in 0..(seconds / dive.settings.dt) as usize {
        dive.step().expect("a bounded dive");
        for (k, hull) in dive.hulls.iter().enumerate() {
            let (_, pitch, roll) = attitude(hull);
            watch(k, pitch, roll);
        }
    }
    dive
}

/// Pitch only, as the claims on pitch order it.
const PITCH_ONLY: Orders = Orders {
    roll: 0.0,
    ..FIRST_ORDERS
};

pub(super) fn p_only_hunts() -> Claim {
    // The dive figure's P-only boat on the figure's run, ordered pitch only.
    let mut peak = f64::NEG_INFINITY;
    run_dive(vec![dive_boat(0)], PITCH_ONLY, 0.0, 15.0, |_, pitch, _| {
        peak = peak.max(pitch)
    });
    let overshoot = (peak / FIRST_ORDERS.pitch - 1.0) * 100.0;
    Claim {
        id: "p-only-hunts",
        article: A004,
        chapter: "07-submarine",
        preset: "dive",
        claim: "proportional control alone makes the submarine oscillate around the ordered pitch",
        figure: overshoot,
        unit: "% pitch overshoot (kp 400 N m/rad, light angular damping 0.05 /s)",
        integrator: SEMI,
        verdict: if overshoot > 20.0 {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: String::new(),
    }
}

pub(super) fn p_only_steady_state_error() -> Claim {
    let s = claim_setups::P_ONLY_LOAD;
    let c = SubmarineAttitude::new(SubmarineLaw::Proportional, s.kp, 0.0, 0.0);
    let damped = Body3 {
        angular_damping: s.angular_damping,
        ..submarine()
    };
    let (free, _, _) = run_submarine(c, damped, 0.0, s.seconds, DVec3::ZERO);
    let load = DVec3::new(-s.load, 0.0, 0.0);
    let (loaded, _, _) = run_submarine(c, damped, 0.0, s.seconds, load);
    let free_error = (free - FIRST_ORDERS.pitch).abs();
    Claim {
        id: "p-only-steady-state-error",
        article: A001,
        chapter: "06-pid-turning",
        preset: "p-only-load",
        claim: "proportional control alone leaves a steady-state error",
        figure: (loaded - FIRST_ORDERS.pitch).abs(),
        unit: "rad of pitch error left under a steady load",
        integrator: SEMI,
        verdict: if free_error < 1e-3 { Verdict::HoldsWithConditions } else { Verdict::Holds },
        conditions: format!(
            "only against a steady load ({} N m against kp {} N m/rad: error = load / kp = {:.3} rad); with \
             no load it ends {free_error:.1e} rad from the target",
            s.load,
            s.kp,
            s.load / s.kp
        ),
    }
}

pub(super) fn pid_removes_offset() -> Claim {
    // The dive figure's PID, integral clamp 0.3 rad s: holding 40 N m needs ki E = 40,
    // E = 0.2 rad s, inside the clamp.
    let dive = run_dive(vec![dive_boat(2)], PITCH_ONLY, -40.0, 60.0, |_, _, _| {});
    let (_, pitch, _) = attitude(&dive.hulls[0]);
    let error = (pitch - FIRST_ORDERS.pitch).abs();
    Claim {
        id: "pid-removes-offset",
        article: A004,
        chapter: "07-submarine",
        preset: "dive",
        claim: "adding the integral term removes the steady offset a constant load causes",
        figure: error,
        unit: "rad of pitch error left under a 40 N m load",
        integrator: SEMI,
        verdict: if error < 1e-3 {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: String::new(),
    }
}

pub(super) fn pid_windup_clamp() -> Claim {
    // Held away from the setpoint for 5 s, then released: overshoot with and without
    // the integral clamp.
    let s = claim_setups::WINDUP;
    let run = |integral_limit: f64| {
        let mut pid = Pid {
            anti_windup: AntiWindup::Clamp,
            output_limit: s.output_limit,
            integral_limit,
            ..Pid::new(s.kp, s.ki, 0.0)
        };
        let mut b = Body1::default();
        let mut overshoot: f64 = 0.0;
        let held = (s.hold[1] / s.dt).round() as usize;
        for i in 0..(s.seconds / s.dt).round() as usize {
            let u = pid.step(s.setpoint, b.x, s.dt).unwrap().total;
            b.step(u - s.damping * b.v, s.dt).unwrap();
            if i < held {
                b.x = b.x.min(s.hold[0]);
                b.v = 0.0;
            } else {
                overshoot = overshoot.max(b.x - s.setpoint);
            }
        }
        overshoot
    };
    let (free, clamped) = (run(f64::INFINITY), run(s.integral_limit));
    Claim {
        id: "pid-windup-clamp",
        article: A004,
        chapter: "07-submarine",
        preset: "windup",
        claim: "clamping the integral keeps it from winding up while the actuator saturates",
        figure: clamped,
        unit: "m overshoot after release with the clamp (without it, see conditions)",
        integrator: SEMI,
        verdict: if clamped < free {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: format!("without the clamp it overshoots {free:.3} m"),
    }
}

/// Seconds until pitch and until roll settle (2 % band) toward the dive figure's first
/// orders, for each of `boats` on the figure's run.
pub(super) fn settling_times(boats: Vec<SubmarineAttitude>, seconds: f64) -> Vec<(f64, f64)> {
    let (o, dt) = (FIRST_ORDERS, DiveSettings::default().dt);
    let n = boats.len();
    let mut series = vec![(vec![0.0], vec![0.0]); n];
    run_dive(boats, o, 0.0, seconds, |k, pitch, roll| {
        series[k].0.push(pitch);
        series[k].1.push(roll);
    });
    let t: Vec<f64> = (0..series[0].0.len()).map(|k| k as f64 * dt).collect();
    let settle = |y: &[f64], target: f64| {
        StepMetrics::of(&t, y, &[], 0.0, target, MetricsOptions::default())
            .expect("valid trace")
            .settling_time
            .unwrap_or(f64::INFINITY)
    };
    series
        .iter()
        .map(|(pitch, roll)| (settle(pitch, o.pitch), settle(roll, o.roll)))
        .collect()
}

pub(super) fn euler_feedforward_decouples() -> Claim {
    // Pitch (400 kg m^2) and roll (60 kg m^2) ordered at once. Plain PID: the same
    // torque gains on both axes. Feed-forward: the same gains as accelerations, turned
    // into torque through I alpha + w x I w.
    // The dive figure's feed-forward boat with its integral off: the integral's slow
    // tail would otherwise set both settling times.
    let ff = SubmarineAttitude {
        ki: 0.0,
        ..dive_boat(3)
    };
    let plain = SubmarineAttitude {
        max_torque: 1e9,
        ..SubmarineAttitude::new(SubmarineLaw::Pid, 4.0 * 400.0, 0.0, 4.0 * 400.0)
    };
    // Both on the figure's run, beside each other (the plain PD is no boat of the figure).
    let times = settling_times(vec![ff, plain], 30.0);
    let ((fp, fr), (pp, pr)) = (times[0], times[1]);
    let (gap_ff, gap_plain) = ((fp - fr).abs(), (pp - pr).abs());
    Claim {
        id: "euler-feedforward-decouples",
        article: A004,
        chapter: "07-submarine",
        preset: "dive",
        claim: "feeding Euler's equations forward makes pitch and roll arrive together",
        figure: gap_ff,
        unit: "s between the pitch and roll settling times (2 % band) with feed-forward",
        integrator: SEMI,
        verdict: if gap_ff < gap_plain { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "kp 4 /s^2, kd 4 /s, integral off; with feed-forward pitch settles in {fp:.2} s and roll in \
             {fr:.2} s; the plain PD with the same torque gains (x 400 kg m^2) on both axes: {pp:.2} s and \
             {pr:.2} s"
        ),
    }
}

pub(super) fn tennis_racket_flip() -> Claim {
    // The tumble figure's run (`scenes::Tumble`: its spin, nudge, moments and step) for
    // 10 s: the plate without the gyroscopic term and the one with its implicit step.
    let mut tumble = Tumble::new(TumbleSettings::default()).expect("the tumble figure's settings");
    let [off, implicit] = [Gyroscopic::Off, Gyroscopic::Implicit].map(|mode| {
        MODES
            .iter()
            .position(|&m| m == mode)
            .expect("a mode of the figure")
    });
    let (mut with, mut without): (f64, f64) = (1.0, 1.0);
    for _ in 0..(10.0 / tumble.settings.dt).round() as usize {
        tumble.step().expect("the figure's 10 s are bounded");
        with = with.min(tumble.axis_cosine(implicit));
        without = without.min(tumble.axis_cosine(off));
    }
    Claim {
        id: "tennis-racket-flip",
        article: A004,
        chapter: "07-submarine",
        preset: "tumble",
        claim: "a free body spun about its intermediate axis flips over with no torque applied",
        figure: with,
        unit: "smallest cosine between the spin axis and its start over 10 s (-1 is a full flip)",
        integrator: "semi-implicit Euler with the implicit gyroscopic term, dt 1/240 s",
        verdict: if with < -0.9 { Verdict::HoldsWithConditions } else { Verdict::DoesNotHold },
        conditions: format!("only when the engine keeps the gyroscopic term w x Iw; without it the cosine stays at {without:.3}"),
    }
}
