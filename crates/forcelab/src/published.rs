//! The articles' listings exactly as printed, wherever a listing contradicts the
//! article's own equations. Each sits beside the corrected law in `controllers`, so the
//! page can run both on the same body; each has a test that shows the difference.
//!
//! Quaternion conventions follow the listings (Unity's `ToAngleAxis` returns an angle
//! in `[0, 360)` degrees with no shortest-path fix) but in our right-handed frame; the
//! errata do not depend on handedness.

use crate::body::Body3;
use crate::error::{finite, positive, Error};
use crate::math;
use crate::program::{Program, Statement::*, Text, TorqueProgram};
use glam::{DQuat, DVec3};

/// Unity's `Quaternion.ToAngleAxis`, in radians: angle `2 acos(w)` in `[0, 2 pi]`
/// (no shortest path), axis `v / |v|` (x when the angle is zero).
pub fn to_angle_axis(q: DQuat) -> (f64, DVec3) {
    let q = q.normalize();
    let angle = 2.0 * math::acos(q.w.clamp(-1.0, 1.0));
    let v = DVec3::new(q.x, q.y, q.z);
    let s = v.length();
    let axis = if s > 1e-12 { v / s } else { DVec3::X };
    (angle, axis)
}

/// Article 002, "Force Needed To Achieve A Desired Translation", as printed:
/// `F = m (p_new - p - v dt) / dt`.
///
/// Erratum: the article's own update `p_new = (a dt + v) dt + p` solves to
/// `a = (p_new - p - v dt) / dt^2`; the listing divides by `dt` once, so the force is
/// `dt` times too small and the body covers only a fraction `dt` of the way.
/// Corrected: [`crate::controllers::one_step_force`].
pub fn one_step_force_as_printed(
    mass: f64,
    p: f64,
    v: f64,
    p_new: f64,
    dt: f64,
) -> Result<f64, Error> {
    positive("mass", mass)?;
    finite("p", p)?;
    finite("v", v)?;
    finite("p_new", p_new)?;
    positive("dt", dt)?;
    Ok(mass * (p_new - p - v * dt) / dt)
}

/// Article 002, "Torque Needed to Achieve a Desired Rotation", as printed (world torque).
///
/// Errata against the article's own aim (reach the rotation in one step):
/// 1. it returns `I dw`, an angular impulse, not a torque: the `/ dt` of `I dw / dt`
///    is missing;
/// 2. it rotates into the principal frame with `inertiaTensorRotation` and back with
///    its inverse, the wrong way round (it should be the inverse first);
/// 3. `ToAngleAxis` gives angles up to 360 degrees, so past 180 it turns the long way.
///
/// Corrected: [`crate::controllers::one_step_torque3`].
pub fn one_step_torque_as_printed(body: &Body3, desired: DQuat, dt: f64) -> Result<DVec3, Error> {
    body.validate()?;
    positive("dt", dt)?;
    let q = desired * body.orientation.conjugate();
    let (angle, axis) = to_angle_axis(q);
    let w = axis * angle / dt - body.angular_velocity;
    let wl = body.orientation.conjugate() * w;
    let wll = (body.inertia_rotation * wl) * body.inertia;
    let tl = body.inertia_rotation.conjugate() * wll;
    Ok(body.orientation * tl)
}

/// Article 002, "Stable Torque PD Controller", as printed (world torque), with its gains
/// from `frequency` and `damping`: `kp = (6 f)^2 / 4`, `kd = 4.5 f damping`.
///
/// Errata against the article's own backward-PD equations:
/// 1. it computes `ksg` and `kdg` and then uses `kp` and `kd`: the law that runs is the
///    forward PD `kp theta - kd w`, unstable at high gains;
/// 2. `rotInertia2World = inertiaTensorRotation * rotation` composes in the wrong order
///    (the principal frame is `rotation * inertiaTensorRotation`);
/// 3. no shortest path.
///
/// Corrected: [`crate::controllers::BackwardPdTorque`].
pub fn stable_torque_pd_as_printed(
    frequency: f64,
    damping: f64,
    body: &Body3,
    desired: DQuat,
    dt: f64,
) -> Result<DVec3, Error> {
    body.validate()?;
    finite("frequency", frequency)?;
    finite("damping", damping)?;
    positive("dt", dt)?;
    let kp = (6.0 * frequency) * (6.0 * frequency) * 0.25;
    let kd = 4.5 * frequency * damping;
    let g = 1.0 / (1.0 + kd * dt + kp * dt * dt);
    let _ksg = kp * g; // computed and unused, as printed
    let _kdg = (kd + kp * dt) * g;
    let (angle, axis) = to_angle_axis(desired * body.orientation.conjugate());
    let pidv = kp * axis * angle - kd * body.angular_velocity;
    let rot_inertia_to_world = body.inertia_rotation * body.orientation;
    let local = (rot_inertia_to_world.conjugate() * pidv) * body.inertia;
    Ok(rot_inertia_to_world * local)
}

/// Article 001's window integral as printed: Simpson's weights (`1 4 2 4 ... 4 1`, as
/// the loops produce them for any count) and then `/= 3 dt`.
///
/// Errata: Simpson's rule multiplies by `dt / 3`; dividing by `3 dt` makes the integral
/// `1 / dt^2` times too large (10,000 times at the default `dt = 0.01 s`). And for an
/// even number of samples (4 and 6 while the window fills) the weights are not a
/// Simpson rule at all. Corrected: [`crate::controllers::simpson`].
pub fn simpson_as_printed(errors: &[f64], dt: f64) -> f64 {
    let n = errors.len();
    if n < 2 {
        return 0.0;
    }
    let mut integral = 0.0;
    let mut idx = 1;
    while idx < n - 1 {
        integral += 4.0 * errors[idx];
        idx += 2;
    }
    let mut idx = 2;
    while idx < n - 1 {
        integral += 2.0 * errors[idx];
        idx += 2;
    }
    integral += errors[0];
    integral += errors[n - 1];
    integral /= 3.0 * dt;
    integral
}

/// Article 004's feed-forward line as printed: `Scale(I/|I|, alpha) +
/// Cross(w, Scale(I/|I|, w))`, applied with `AddRelativeTorque` (body frame), where
/// `w` is `rb.angularVelocity`, a world-frame vector. Returns the world torque.
///
/// Erratum against the article's own Euler equation `tau = I alpha + w x (I w)`: all
/// three quantities must be in one frame; the listing mixes the world angular velocity
/// into a body-frame torque, so the gyroscopic feed-forward is wrong whenever the body
/// is not aligned with the world. (Normalising `I` only rescales the gains.)
pub fn submarine_feed_forward_as_printed(body: &Body3, alpha_body: DVec3) -> Result<DVec3, Error> {
    body.validate()?;
    let i = body.inertia / body.inertia.length();
    let w = body.angular_velocity;
    let relative = i * alpha_body + w.cross(i * w);
    Ok(body.orientation * relative)
}

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit
/// tests hold it to by running it against the core.
pub(crate) const ONE_STEP_PROGRAM: Program = Program::stateless(
    &[Text::Words(
        "crates/forcelab/src/controllers/../published.rs (article 002 as printed: divides by dt once where dt^2 is needed)",
    )],
    &[Let("force", "m * ((xt + vt * dt) - x - v * dt) / dt")],
);

/// This law on the box written out for engines that do not run forcelab (see
/// [`program`](crate::program)); the page's unit test holds it to the 1-D law on a unit
/// mass, per unit inertia.
pub(crate) const BACKWARD_PD_TORQUE_PROGRAM: TorqueProgram = TorqueProgram {
    source: "crates/forcelab/src/published.rs (article 002's torque listing as printed: computes Wu's gains, applies the forward ones, and turns the long way past 180 degrees)",
    lines: &[("stiffness", "kpu"), ("damping", "kdu")],
    printed_angle: true,
};

/// [`one_step_torque_as_printed`] written out for engines that do not run forcelab
/// (see [`program`](crate::program)), step for step as the listing prints it:
/// `w = axis angle / dt - w_body`, then `q (f^-1 (i o (f (q^-1 w))))` with `f` the
/// inertia frame: an impulse where a torque is meant, turned through the frame the
/// wrong way round.
pub(crate) const ONE_STEP_VECTOR_PROGRAM: Program = Program::stateless(
    &[Text::Words("crates/forcelab/src/published.rs (one_step_torque_as_printed: article 002's listing as printed. It returns I dw, an impulse, where a torque I dw / dt is meant; it turns into the inertia frame and back the wrong way round; its angle-axis angle runs to 360 degrees, so past 180 it turns the long way)")],
    &[
        LetVector("w", "PrintedRotation(q, qt) / dt - omega"),
        LetVector("wl", "Inverse(q) * w"),
        Note("Where the engine keeps the inertia along the body's axes, frame is the identity"),
        Note("and the listing's wrong-way turn into the inertia frame does not show."),
        LetVector("wll", "Times(frame * wl, inertia)"),
        LetVector("tl", "Inverse(frame) * wll"),
        LetVector("torque", "q * tl"),
    ],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Body1;
    use crate::controllers::{
        one_step_force, one_step_torque3, simpson, BackwardPdTorque, Target3,
    };
    use crate::rotation::{error_vector, from_rotation_vector};
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};

    #[test]
    fn printed_one_step_force_covers_only_dt_of_the_way() {
        let dt = 0.02;
        let start = Body1::default();
        let printed = one_step_force_as_printed(1.0, 0.0, 0.0, 1.0, dt).unwrap();
        let mut b = start;
        b.step(printed, dt).unwrap();
        assert!((b.x - dt).abs() < ROUND_OFF, "lands at {} m of 1 m", b.x);
        let mut c = start;
        c.step(one_step_force(&start, 1.0, dt).unwrap(), dt)
            .unwrap();
        assert!((c.x - 1.0).abs() < ROUND_OFF);
    }

    #[test]
    fn printed_one_step_torque_misses_the_corrected_one_lands() {
        let crate::scenario::claim_setups::TiltedBox { body, goal, dt } =
            crate::scenario::claim_setups::tilted_box();
        let mut printed = body;
        printed
            .step(
                DVec3::ZERO,
                one_step_torque_as_printed(&body, goal, dt).unwrap(),
                dt,
            )
            .unwrap();
        let mut fixed = body;
        fixed
            .step(DVec3::ZERO, one_step_torque3(&body, goal, dt).unwrap(), dt)
            .unwrap();
        assert!(error_vector(fixed.orientation, goal).length() < ROUND_OFF);
        assert!(error_vector(printed.orientation, goal).length() > 0.5);
    }

    #[test]
    fn printed_stable_torque_pd_is_a_forward_pd_and_diverges_at_high_frequency() {
        let dt = 1.0 / 60.0;
        let frequency = 40.0; // kp = 14400 /s^2: kp dt^2 = 4, the forward PD's edge
        let goal = from_rotation_vector(DVec3::new(0.0, 1.0, 0.0));
        let mut printed = Body3::default();
        let mut fixed = Body3::default();
        let wu = BackwardPdTorque {
            kp: (6.0 * frequency) * (6.0 * frequency) * 0.25,
            kd: 4.5 * frequency,
        };
        let mut blew_up = false;
        for _ in 0..600 {
            let t = stable_torque_pd_as_printed(frequency, 1.0, &printed, goal, dt).unwrap();
            if printed.step(DVec3::ZERO, t, dt).is_err() || printed.angular_velocity.length() > 1e6
            {
                blew_up = true;
                break;
            }
        }
        for _ in 0..600 {
            let t = wu.torque(&fixed, &Target3::facing(goal), dt).unwrap().total;
            fixed.step(DVec3::ZERO, t, dt).unwrap();
        }
        assert!(blew_up, "the printed law is a forward PD: unstable here");
        assert!(error_vector(fixed.orientation, goal).length() < 1e-6);
    }

    #[test]
    fn printed_simpson_is_dt_squared_off_and_misweights_even_windows() {
        let dt = 0.01;
        let ones = [1.0; 7];
        assert!((simpson(&ones, dt) - 6.0 * dt).abs() < 1e-15);
        assert!((simpson_as_printed(&ones, dt) - 6.0 / dt).abs() < ALGEBRA_TOL);
        // Four samples of a straight line: the printed weights 1 4 2 1 are not Simpson's.
        let line = [0.0, 1.0, 2.0, 3.0];
        let exact = 4.5 * dt;
        assert!((simpson(&line, dt) - exact).abs() < 1e-15);
        assert!((simpson_as_printed(&line, dt) * dt * dt - exact).abs() > 0.1 * exact);
    }

    #[test]
    fn printed_pid_integral_swamps_the_other_terms() {
        let mut printed = crate::controllers::WindowedPidAsPrinted::new(1.0, 1.0, 0.0);
        let mut fixed = crate::controllers::WindowedPid::new(1.0, 1.0, 0.0);
        let (mut a, mut b) = (0.0, 0.0);
        for _ in 0..7 {
            a = printed.add_sample(0.1).unwrap();
            b = fixed.add_sample(0.1).unwrap().total;
        }
        assert!((b - (0.1 + 0.1 * 0.06)).abs() < ROUND_OFF);
        assert!(a > 50.0 * b, "{a} vs {b}");
    }

    #[test]
    fn printed_feed_forward_mixes_frames() {
        let body = Body3 {
            inertia: DVec3::new(1.0, 2.0, 3.0),
            orientation: from_rotation_vector(DVec3::new(0.0, 1.2, 0.0)),
            angular_velocity: DVec3::new(0.5, 1.0, -0.3),
            ..Body3::default()
        };
        let i = body.inertia / body.inertia.length();
        let scaled = Body3 { inertia: i, ..body };
        let w = body.angular_velocity;
        let correct = w.cross(scaled.inertia_times(w));
        let printed = submarine_feed_forward_as_printed(&body, DVec3::ZERO).unwrap();
        assert!(
            (printed - correct).length() > 0.05,
            "{printed} vs {correct}"
        );
        let aligned = Body3 {
            orientation: DQuat::IDENTITY,
            ..body
        };
        let aligned_scaled = Body3 {
            inertia: i,
            ..aligned
        };
        let same = submarine_feed_forward_as_printed(&aligned, DVec3::ZERO).unwrap();
        assert!((same - w.cross(aligned_scaled.inertia_times(w))).length() < ROUND_OFF);
    }
}
