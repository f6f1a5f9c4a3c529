//! The atlas's maps are the box's too, about any one principal axis. Turning about a
//! principal axis the gyroscopic term `w x (I w)` vanishes and, to first order in the
//! angle, every orientation law is its 1-D law on the angle with the axis' inertia `I_i`
//! in place of the mass: the laws with gains per unit inertia (PD, Wu's backward PD, the
//! simplified SPD, the printed stable torque PD, which runs the forward PD) at those
//! gains, the laws with torque gains (SPD, the PID) at `kp / I_i`, `kd / I_i`, and the
//! one-step laws at their points. So the box's map about axis `i` is the cube's map read
//! with `kp h^2 / I_i` and `kd h / I_i`: these tests turn the real box by a small angle
//! about each principal axis and measure its error's growth per step against the map's
//! spectral radius.

use super::atlas::{one_step_matrix, spectral_radius};
use super::{poles, AtlasPoint};
use crate::body::Body3;
use crate::catalogue::LawId;
use crate::controllers::{Controller3, Pid, PidTorque, Target3};
use crate::integrator::Integrator;
use crate::math;
use crate::rotation::{from_rotation_vector, rotation_vector};
use glam::DVec3;

const DT: f64 = 1.0 / 60.0;

/// The 1-D map's spectral radius of `law` at gains per unit mass `(kp, kd)`, `ki` for the PID.
fn map_radius(law: LawId, integrator: Integrator, kp: f64, kd: f64, ki: f64) -> Option<f64> {
    match law {
        LawId::OneStep | LawId::OneStepAsPrinted => AtlasPoint::compute(law, integrator, DT)
            .ok()
            .map(|p| p.radius),
        // The printed stable torque PD computes Wu's gains and runs the forward PD's.
        LawId::BackwardPdAsPrinted => Some(spectral_radius(
            one_step_matrix(LawId::ForwardPd, integrator, kp, kd, DT).ok()?,
        )),
        LawId::Pid => Some(poles::of_law(law, integrator, kp, kd, ki, DT).ok()?[0].abs()),
        _ => Some(spectral_radius(
            one_step_matrix(law, integrator, kp, kd, DT).ok()?,
        )),
    }
}

/// A box law whose gains per unit inertia about principal axis `i` (inertia `inertia`) are
/// `(kp, kd, ki)`.
enum BoxLaw {
    Memoryless(Controller3),
    Pid(PidTorque),
}

fn box_law(law: LawId, kp: f64, kd: f64, ki: f64, inertia: f64) -> BoxLaw {
    match law {
        LawId::Pid => {
            BoxLaw::Pid(PidTorque::new(Pid::new(kp * inertia, ki * inertia, kd * inertia)).unwrap())
        }
        // Torque gains: the axis' inertia turns them into gains per unit inertia.
        LawId::Spd => {
            BoxLaw::Memoryless(Controller3::new(law, kp * inertia, kd * inertia, 1.0).unwrap())
        }
        // Gains per unit inertia already (kp / reference inertia).
        _ => BoxLaw::Memoryless(Controller3::new(law, kp, kd, 1.0).unwrap()),
    }
}

/// The growth of the box's error per step (log), turning from `start` rad about `axis` with
/// the law, measured over the second half of the steps it stays in `[low, high]` rad, and
/// that half's length; `None` where the law refuses the integrator.
fn measured_rate(
    law: &mut BoxLaw,
    integrator: Integrator,
    axis: DVec3,
    start: f64,
    (low, high): (f64, f64),
) -> Option<(f64, usize)> {
    let mut body = Body3 {
        integrator,
        orientation: from_rotation_vector(axis * start),
        angular_velocity: axis * (0.3 * start / DT),
        ..Body3::cuboid(1.0, DVec3::new(1.0, 0.5, 0.25))
    };
    let target = Target3::default();
    // Any norm gives the rate; (angle, w dt) keeps both parts in radians.
    let norm = |b: &Body3| {
        rotation_vector(b.orientation)
            .length()
            .max(b.angular_velocity.length() * DT)
    };
    let mut norms = vec![norm(&body)];
    for _ in 0..2000 {
        let torque = match law {
            BoxLaw::Memoryless(c) => c.torque(&body, &target, DT).ok()?.total,
            BoxLaw::Pid(p) => p.torque(&body, &target, DT).ok()?.total,
        };
        body.step(DVec3::ZERO, torque, DT).ok()?;
        let n = norm(&body);
        if !(low..high).contains(&n) {
            break;
        }
        norms.push(n);
    }
    let end = norms.len() - 1;
    let mid = end / 2;
    (end - mid >= 3).then(|| {
        (
            math::ln(norms[end] / norms[mid]) / (end - mid) as f64,
            end - mid,
        )
    })
}

#[test]
fn about_each_principal_axis_every_box_law_grows_or_shrinks_as_its_map_says() {
    let samples = [
        (0.05, 0.3),
        (0.5, 0.05),
        (2.0, 1.0),
        (3.9, 0.01),
        (0.2, 1.5),
        (10.0, 0.5),
    ];
    let ki_dt3 = 1e-4;
    let mut checked = 0;
    for law in Controller3::laws().into_iter().chain([LawId::Pid]) {
        // The printed listings read the angle through acos, blind below about 3e-8 rad:
        // they start larger and stop before that.
        let printed = law.law().printed_of.is_some();
        let (start, window) = if printed {
            (1e-3, (1e-6, 3e-2))
        } else {
            (1e-8, (1e-100, 1e-3))
        };
        let gainless = law.law().gains.is_empty();
        for integrator in Integrator::ALL {
            for (i, axis) in [DVec3::X, DVec3::Y, DVec3::Z].into_iter().enumerate() {
                let inertia = Body3::cuboid(1.0, DVec3::new(1.0, 0.5, 0.25)).inertia[i];
                for &(a, b) in if gainless {
                    &samples[..1]
                } else {
                    &samples[..]
                } {
                    let (kp, kd, ki) = (a / (DT * DT), b / DT, ki_dt3 / DT.powi(3));
                    let ki = if law == LawId::Pid { ki } else { 0.0 };
                    let Some(radius) = map_radius(law, integrator, kp, kd, ki) else {
                        continue;
                    };
                    if radius < 1e-3 {
                        continue; // deadbeat-like: the error underflows, nothing to measure
                    }
                    let mut controller = box_law(law, kp, kd, ki, inertia);
                    let Some((rate, steps)) =
                        measured_rate(&mut controller, integrator, axis, start, window)
                    else {
                        continue;
                    };
                    // A complex pair makes the norm wobble by a bounded factor: the rate
                    // is known to about 1/steps.
                    let tolerance = (2.0 / steps as f64).max(1e-2);
                    assert!(
                        (rate - math::ln(radius)).abs() < tolerance,
                        "{} {:?} about axis {i} at kp h^2/I = {a}, kd h/I = {b}: map radius {radius}, box e^{rate} = {} over {steps} steps",
                        law.id(),
                        integrator,
                        math::exp(rate)
                    );
                    checked += 1;
                }
            }
        }
    }
    // Every law, every integrator the box accepts, three axes: most of the grid is measured.
    assert!(checked > 200, "only {checked} points measured");
}
