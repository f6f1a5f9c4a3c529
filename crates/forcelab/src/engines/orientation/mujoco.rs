//! MuJoCo turning one free body to a target orientation, the two ways its users do it
//! (a ball joint has no position actuator in MuJoCo 4.0):
//!
//! - **A ball joint driven by a torque law** through three `<motor>` actuators (gear
//!   `1 0 0`, `0 1 0`, `0 0 1`), the law written in the user's loop before each
//!   `mj_step`: `ctrl = kp (.) mju_subQuat(target, qpos) - kd (.) qvel`, per axis of the
//!   body's frame. `mju_subQuat` (engine_util_spatial.c) is `log(qpos^-1 target)` the
//!   short way round (`mju_quat2Vel` wraps an angle past pi), so a target past 180
//!   degrees is reached the other way.
//! - **Three hinge joints** (body-frame x, then y, then z: a gimbal) with `<position>`
//!   actuators whose `ctrl` are the target's x-y-z angles (`R = Rx(a) Ry(b) Rz(c)`).
//!
//! Written from google-deepmind/mujoco (engine_forward.c `mj_EulerSkip`,
//! `mj_RungeKutta`, `mj_advance`, `mj_implicitSkip`; engine_core_smooth.c `mj_kinematics`,
//! `mj_comVel`, `mj_rne`, `mj_crb`; engine_util_spatial.c `mju_quatIntegrate`) and
//! checked against the PyPI wheel [`super::super::mujoco::CHECKED_AGAINST`]. The body's
//! centre of mass is the joints' anchor, so the spatial algebra reduces to rotations:
//!
//! - joint axes in the world: `a1 = x`, `a2 = Rx(q1) y`, `a3 = Rx(q1) Ry(q2) z` (each
//!   hinge rotates the axes after it, `mj_kinematics`); `w = J qd`, `J = [a1 a2 a3]`;
//! - `M = J^T I_w J` (`mj_crb`), `I_w = R diag(I) R^T`;
//! - bias `c = J^T (I_w sum_k (w_<k x a_k) qd_k + w x I_w w)` (`mj_rne` with `cdof_dot`
//!   from `mj_comVel`: each dof's axis moves with the velocity of the dofs before it);
//!   for the ball joint, whose velocity is in the body frame, `c = w x (I w)`.
//! - `Euler` (the default): `qacc = M^-1 (f - c)` explicit, `qvel' = qvel + h qacc`,
//!   positions from `qvel'` (`mj_advance`; a ball joint's quaternion by
//!   `q' = normalize(q) exp(h qvel')`); `implicitfast`: `(M + h diag(kv)) qacc = f - c`
//!   (the actuators' velocity derivative only, not the bias's); `RK4`: four stages with
//!   `ctrl` held, positions combined in the tangent space from the step's start. For the
//!   ball joint MuJoCo 4.0 corrects each stage's velocity before combining them
//!   (Runge-Kutta-Munthe-Kaas, [`dexpinv`]; changelog 4.0.0, commit 9a7f240f0, which
//!   makes the orientation fourth order), read from `mj_RungeKutta` of the wheel's
//!   libmujoco.so.4.0.0, whose constants [`dexpinv`] repeats bit for bit.
//!
//! A state or acceleration beyond 1e10 makes MuJoCo reset the data (`mj_checkPos`,
//! `mj_checkVel`, `mj_checkAcc`): the body is back at the identity, at rest.

use super::{OrientationIntent, Prediction3};
use crate::engines::mujoco::Integrator;
use crate::math;
use glam::{DMat3, DQuat, DVec3};

/// `mjMAXVAL`: beyond it MuJoCo resets the simulation.
const MAX_VAL: f64 = 1e10;

/// How the body is jointed to the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joint {
    /// A ball joint, a torque law through three motor actuators.
    BallMotor,
    /// Three hinge joints (x, y, z) with position actuators.
    GimbalPosition,
}

/// The gains per body axis the twin and the real engine are given: `kp_i = I_i w^2`
/// (N m/rad), `kd_i = 2 zeta w I_i` (N m s/rad): each axis alone is the intended spring
/// at rest.
pub fn gains(intent: &OrientationIntent) -> ([f64; 3], [f64; 3]) {
    super::axes::even_gains(intent)
}

/// The gimbal's joint angles `(a, b, c)` of `q` with `R(q) = Rx(a) Ry(b) Rz(c)`, rad:
/// `b = asin(R02)` in `[-pi/2, pi/2]`, `a = atan2(-R12, R22)`, `c = atan2(-R01, R00)`.
pub fn gimbal_angles(q: DQuat) -> [f64; 3] {
    let m = DMat3::from_quat(q);
    [
        math::atan2(-m.z_axis.y, m.z_axis.z),
        math::asin(m.z_axis.x.clamp(-1.0, 1.0)),
        math::atan2(-m.y_axis.x, m.x_axis.x),
    ]
}

fn about(axis: DVec3, angle: f64) -> DQuat {
    let (s, c) = (math::sin(0.5 * angle), math::cos(0.5 * angle));
    DQuat::from_xyzw(axis.x * s, axis.y * s, axis.z * s, c)
}

/// The gimbal's orientation: `Rx(q1) Ry(q2) Rz(q3)` (the inverse of [`gimbal_angles`]).
pub fn gimbal_orientation(q: [f64; 3]) -> DQuat {
    about(DVec3::X, q[0]) * about(DVec3::Y, q[1]) * about(DVec3::Z, q[2])
}

/// The ball joint's local error `mju_subQuat(target, q)`: `log(q^-1 target)`, short way.
fn sub_quat(target: DQuat, q: DQuat) -> DVec3 {
    let d = q.conjugate() * target;
    let v = DVec3::new(d.x, d.y, d.z);
    let s = v.length();
    let axis = if s < 1e-15 { DVec3::X } else { v / s };
    let mut angle = 2.0 * math::atan2(s, d.w);
    if angle > core::f64::consts::PI {
        angle -= core::f64::consts::TAU;
    }
    axis * angle
}

/// `mju_quatIntegrate(q, v, h)`: `normalize(q) exp(h v)` with `v` in the body frame.
fn quat_integrate(q: DQuat, v: DVec3, h: f64) -> DQuat {
    let speed = v.length();
    let axis = if speed < 1e-15 { DVec3::X } else { v / speed };
    let angle = h * speed;
    let r = if angle == 0.0 {
        DQuat::IDENTITY
    } else {
        about(axis, angle)
    };
    q.normalize() * r
}

/// `dexp^-1_u (k)`: the velocity `k` of a stage whose orientation is `exp(u)` from the
/// step's start, carried back to the start's tangent space:
/// `k + u x k / 2 + c(|u|) u x (u x k)`, `c(t) = (1 - (t/2) cot(t/2)) / t^2`. `u` past pi
/// is first wrapped to the same rotation within `[-pi, pi]`; below `|u| = 1.75`, `c` is
/// MuJoCo's polynomial in `t^2` (Horner, no fused multiply-add), above it the closed form.
pub fn dexpinv(u: DVec3, k: DVec3) -> DVec3 {
    const PI_SQUARED: f64 = 9.869604401089358;
    use core::f64::consts::TAU;
    const P: [f64; 9] = [
        1.230313397310169e-14,
        3.161551550077822e-13,
        1.3455485951057888e-11,
        5.282849430384459e-10,
        2.0876900642039142e-08,
        8.267194907152073e-07,
        3.30687830944332e-05,
        0.0013888888888859755,
        0.08333333333333338,
    ];
    let squared = |u: DVec3| u.x * u.x + u.y * u.y + u.z * u.z;
    let mut u = u;
    let mut t2 = squared(u);
    if t2 > PI_SQUARED {
        let t = math::sqrt(t2);
        u *= (math::floor(t / TAU + 0.5) * -TAU + t) / t;
        t2 = squared(u);
    }
    let c = if t2 < 3.0625 {
        P[1..].iter().fold(P[0], |c, &p| c * t2 + p)
    } else {
        let x = 0.5 * math::sqrt(t2);
        (1.0 - x / math::tan(x)) / t2
    };
    let w = u.cross(k);
    (k + 0.5 * w) + c * u.cross(w)
}

/// The state: a quaternion for the ball joint, or the three hinge angles (then `q` is
/// unused), and the joint velocities.
#[derive(Clone, Copy, Debug)]
struct State {
    quat: DQuat,
    angles: DVec3,
    qvel: DVec3,
}

struct Model {
    joint: Joint,
    inertia: DVec3,
    kp: DVec3,
    kd: DVec3,
    target: DQuat,
    ctrl_angles: DVec3,
    h: f64,
}

impl Model {
    fn orientation(&self, s: &State) -> DQuat {
        match self.joint {
            Joint::BallMotor => s.quat.normalize(),
            Joint::GimbalPosition => gimbal_orientation(s.angles.into()),
        }
    }

    /// The actuators' generalised force for this step's `ctrl` (the ball's torque law is
    /// evaluated once, before `mj_step`, and held over its stages).
    fn ctrl(&self, s: &State) -> DVec3 {
        match self.joint {
            Joint::BallMotor => self.kp * sub_quat(self.target, s.quat) - self.kd * s.qvel,
            Joint::GimbalPosition => self.ctrl_angles,
        }
    }

    /// `M` and `qfrc_smooth = f - c` at a state, with `ctrl` held.
    fn dynamics(&self, s: &State, ctrl: DVec3) -> (DMat3, DVec3) {
        match self.joint {
            Joint::BallMotor => {
                let w = s.qvel;
                let c = w.cross(self.inertia * w);
                (DMat3::from_diagonal(self.inertia), ctrl - c)
            }
            Joint::GimbalPosition => {
                let q = s.angles;
                let rx = about(DVec3::X, q.x);
                let rxy = rx * about(DVec3::Y, q.y);
                let a = [DVec3::X, rx * DVec3::Y, rxy * DVec3::Z];
                let r = DMat3::from_quat(rxy * about(DVec3::Z, q.z));
                let iw = r * DMat3::from_diagonal(self.inertia) * r.transpose();
                let j = DMat3::from_cols(a[0], a[1], a[2]);
                let m = j.transpose() * iw * j;
                let qd = s.qvel.to_array();
                let mut before = DVec3::ZERO;
                let mut bias_acc = DVec3::ZERO;
                for k in 0..3 {
                    bias_acc += before.cross(a[k]) * qd[k];
                    before += a[k] * qd[k];
                }
                let w = before;
                let c = j.transpose() * (iw * bias_acc + w.cross(iw * w));
                let f = self.kp * (ctrl - q) - self.kd * s.qvel;
                (m, f - c)
            }
        }
    }

    fn qacc(&self, s: &State, ctrl: DVec3, integrator: Integrator) -> DVec3 {
        let (m, f) = self.dynamics(s, ctrl);
        let m = match (integrator, self.joint) {
            // Only the position actuators depend on the velocity; motors do not.
            (Integrator::ImplicitFast | Integrator::Implicit, Joint::GimbalPosition) => {
                m + DMat3::from_diagonal(self.h * self.kd)
            }
            _ => m,
        };
        m.inverse() * f
    }

    /// `X0 '+' h v` (`mj_integratePos`).
    fn advance_positions(&self, s: &State, v: DVec3) -> State {
        match self.joint {
            Joint::BallMotor => State {
                quat: quat_integrate(s.quat, v, self.h),
                ..*s
            },
            Joint::GimbalPosition => State {
                angles: s.angles + self.h * v,
                ..*s
            },
        }
    }

    fn step(&self, s: &State, integrator: Integrator) -> Result<State, ()> {
        let bad = |v: DVec3| !v.is_finite() || v.abs().max_element() > MAX_VAL;
        if bad(s.qvel) || (self.joint == Joint::GimbalPosition && bad(s.angles)) {
            return Err(());
        }
        let ctrl = self.ctrl(s);
        let h = self.h;
        let a0 = self.qacc(s, ctrl, integrator);
        if bad(a0) {
            return Err(());
        }
        if integrator != Integrator::Rk4 {
            let qvel = s.qvel + h * a0;
            return Ok(self.advance_positions(&State { qvel, ..*s }, qvel));
        }
        const A: [f64; 3] = [0.5, 0.5, 1.0];
        const B: [f64; 4] = [1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0];
        // `v` holds each stage's velocity as the positions are combined: for the ball
        // joint, carried back to the step's start by dexp^-1.
        let (mut v, mut acc) = ([s.qvel; 4], [a0; 4]);
        for i in 1..4 {
            // RK4's tableau is diagonal: stage i moves by A[i-1] of stage i-1's slope.
            let (dv, da) = (A[i - 1] * v[i - 1], A[i - 1] * acc[i - 1]);
            let mut x = self.advance_positions(s, dv);
            x.qvel = s.qvel + h * da;
            acc[i] = self.qacc(&x, ctrl, integrator);
            v[i] = match self.joint {
                Joint::BallMotor => dexpinv(h * dv, x.qvel),
                Joint::GimbalPosition => x.qvel,
            };
        }
        let (mut dv, mut da) = (DVec3::ZERO, DVec3::ZERO);
        for j in 0..4 {
            dv += B[j] * v[j];
            da += B[j] * acc[j];
        }
        let mut next = self.advance_positions(s, dv);
        next.qvel = s.qvel + h * da;
        Ok(next)
    }
}

/// The orientation after each of `steps` steps of `joint` under `integrator`, from the
/// intent's start (identity, `spin`), with [`gains`].
pub fn predict(
    joint: Joint,
    integrator: Integrator,
    intent: &OrientationIntent,
    steps: usize,
) -> Prediction3 {
    let (kp, kd) = gains(intent);
    let target = intent.target();
    let model = Model {
        joint,
        inertia: intent.inertia.into(),
        kp: kp.into(),
        kd: kd.into(),
        target,
        ctrl_angles: gimbal_angles(target).into(),
        h: intent.dt,
    };
    // At the identity the body frame, the hinges' axes and the world agree: the spin is
    // the joint velocity of either joint.
    let rest = State {
        quat: DQuat::IDENTITY,
        angles: DVec3::ZERO,
        qvel: DVec3::ZERO,
    };
    let mut s = State {
        qvel: intent.spin.into(),
        ..rest
    };
    let mut out = Prediction3::default();
    for k in 0..steps {
        s = match model.step(&s, integrator) {
            Ok(next) => next,
            Err(()) => {
                out.resets.push(k);
                rest
            }
        };
        out.orientations.push(model.orientation(&s));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rotation::rotation_vector;

    fn angle_between(a: DQuat, b: DQuat) -> f64 {
        rotation_vector(a.conjugate() * b).length()
    }

    #[test]
    fn dexpinv_is_the_closed_form_on_both_sides_of_its_polynomial() {
        // c(t) = (1 - (t/2) cot(t/2)) / t^2 written out, against the polynomial (small u)
        // and past pi, where u is first wrapped to the same rotation.
        let k = DVec3::new(0.3, -1.2, 2.0);
        for u in [
            DVec3::new(0.2, 0.1, -0.3),
            DVec3::new(1.0, 0.9, 0.4),
            DVec3::new(0.0, 0.0, 4.0),
        ] {
            let mut w = u;
            if u.length() > core::f64::consts::PI {
                w = u * ((u.length() - core::f64::consts::TAU) / u.length());
            }
            let t = w.length();
            let c = (1.0 - 0.5 * t / (0.5 * t).tan()) / (t * t);
            let expected = k + 0.5 * w.cross(k) + c * w.cross(w.cross(k));
            assert!((dexpinv(u, k) - expected).length() < 1e-13, "{u}");
        }
        assert_eq!(dexpinv(DVec3::ZERO, k), k);
    }

    #[test]
    fn gimbal_angles_rebuild_the_rotation() {
        for (axis, deg) in [
            ([1.0, 2.0, 2.0], 120.0),
            ([0.0, 0.3, -1.0], 190.0),
            ([1.0, 0.0, 0.0], 20.0),
        ] {
            let i = OrientationIntent {
                axis,
                degrees: deg,
                ..OrientationIntent::default()
            };
            let q = i.target();
            assert!(angle_between(gimbal_orientation(gimbal_angles(q)), q) < 1e-12);
        }
    }

    #[test]
    fn the_local_error_takes_the_short_way() {
        let q = about(DVec3::Z, 190f64.to_radians());
        let e = sub_quat(q, DQuat::IDENTITY);
        assert!((e - DVec3::Z * (-170f64).to_radians()).length() < 1e-12);
    }

    #[test]
    fn the_gimbal_mass_matrix_is_the_body_inertia_seen_through_the_joints() {
        // Kinetic energy two ways: qd^T M qd / 2 and w^T I_w w / 2, at a random pose.
        let model = Model {
            joint: Joint::GimbalPosition,
            inertia: DVec3::new(1.0, 4.0, 4.5),
            kp: DVec3::ZERO,
            kd: DVec3::ZERO,
            target: DQuat::IDENTITY,
            ctrl_angles: DVec3::ZERO,
            h: 0.01,
        };
        let s = State {
            quat: DQuat::IDENTITY,
            angles: DVec3::new(0.4, -0.9, 2.0),
            qvel: DVec3::new(1.5, -0.3, 0.8),
        };
        let (m, _) = model.dynamics(&s, DVec3::ZERO);
        let r = gimbal_orientation(s.angles.into());
        // w from the orientation's derivative, by a central difference.
        let e = 1e-6;
        let plus = gimbal_orientation((s.angles + e * s.qvel).into());
        let minus = gimbal_orientation((s.angles - e * s.qvel).into());
        let w = rotation_vector(plus * minus.conjugate()) / (2.0 * e);
        let iw = DMat3::from_quat(r)
            * DMat3::from_diagonal(model.inertia)
            * DMat3::from_quat(r).transpose();
        let (a, b) = (s.qvel.dot(m * s.qvel), w.dot(iw * w));
        assert!((a - b).abs() < 1e-8 * b, "{a} against {b}");
    }

    #[test]
    fn a_free_spin_keeps_its_energy_under_rk4_in_either_joint() {
        // No gains, a spin about a tilted axis of a long thin body: it tumbles, and both
        // joints conserve the kinetic energy to RK4's order (the gimbal away from its lock).
        let intent = OrientationIntent {
            frequency: 1e-9,
            damping_ratio: 0.0,
            spin: [0.3, 0.2, 0.4],
            dt: 1.0 / 240.0,
            ..OrientationIntent::default()
        };
        for joint in [Joint::BallMotor, Joint::GimbalPosition] {
            let a = predict(joint, Integrator::Rk4, &intent, 240);
            let b = predict(Joint::BallMotor, Integrator::Rk4, &intent, 240);
            let miss = angle_between(a.orientations[239], b.orientations[239]);
            assert!(miss < 1e-6, "{joint:?}: {miss}");
            assert!(a.resets.is_empty());
        }
    }
}
