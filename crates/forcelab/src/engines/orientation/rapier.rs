//! Rapier turning one free body to a target orientation: a spherical joint (identity
//! frames, anchored at the body's centre) to a fixed body, with a position motor on each
//! angular axis, `SphericalImpulseJoint.configureMotorPosition(JointAxis.AngX + i,
//! target_i, stiffness_i, damping_i)` and `configureMotorModel(axis, model)`.
//!
//! Written from the rapier3d crate 0.36.0 (git b716d375), the engine inside npm
//! `@dimforge/rapier3d-compat` 0.21.0 ([`super::super::rapier::CHECKED_AGAINST`]); paths
//! relative to its `src/`. A `world.step()` of `dt`:
//!
//! 0. Sleep (`RigidBodyActivation::update_energy`, as the one-axis twin
//!    [`super::super::rapier`] found it): before the solve, from the last step's spin
//!    and pose change (`relative_pose_drift`, geometry/contact_pair.rs: twice the length
//!    of the vector part of `q q_prev^-1` times the ball's radius, 0.5 m); with
//!    `|w| < pi/2` and half the drift below `0.05 dt` for 0.5 s the body is frozen.
//! 1. The body's world inverse inertia `R diag(1/I) R^T` is taken once, at the step's
//!    start (`SolverBodies::copy_from`, solver/solver_body.rs), for every substep.
//! 2. `num_solver_iterations` substeps (default 4) of `h = dt / n`
//!    (staged_island_solver/init.rs `init_and_solve`, worker.rs `run_worker`). Each:
//!    - the gyroscopic correction, on by default (`RigidBodyBuilder`,
//!      dynamics/rigid_body.rs; `gyroscopic_corrected_angvel`): in the body frame
//!      `L = I w`, `L' = L - h w x L`, rescaled to `|L|`, `w = I^-1 L'`;
//!    - the motor rows rebuilt from the current pose (`JointConstraintBuilder::update`,
//!      `JointConstraint::update`, joint_velocity_constraint.rs; `motor_angular`,
//!      joint_constraint_helper.rs): row `i` pulls on the world axis `e_i` (the fixed
//!      body's frame), on the angle `a_i = 2 asin(q_i)` of the body's rotation `q`
//!      taken with `w >= 0` ([`axis_angles`]): `rhs_i = wrap(a_i - target_i) erp_inv_dt`,
//!      with `MotorModel::combine_coefficients` (joint/motor_model.rs) at `h`:
//!      `erp_inv_dt = k / (h k + c)`, and `cfm = 1 / (h^2 k + h c)` scaled by the row's
//!      inverse inertia `D_i = e_i^T I_w^-1 e_i` in the acceleration-based model (the
//!      default) or not in the force-based one; `inv_lhs = 1 / (D_i + cfm_i)`
//!      (`finalize_constraints`; a motor's finite impulse bound keeps the rows from being
//!      orthogonalised against each other). No warm start (`warmstart_joints` is off);
//!    - `num_internal_pgs_iterations` (default 1) Gauss-Seidel sweeps over the rows
//!      x, y, z (`solve_generic`): `lambda' = lambda + inv_lhs (e_i . w + rhs_i -
//!      cfm_i lambda)`, `w -= I_w^-1 e_i (lambda' - lambda)`; the rows share the body,
//!      so each sweep sees the others' changes;
//!    - the spin clipped to `(pi/4) / dt` and the rotation integrated
//!      (`integrate_linearized`, rigid_body_components.rs):
//!      `q' = normalize((h w / 2, 1) q)`;
//!    - one more sweep without bias (`remove_bias_from_rhs`): a motor's bias is in its
//!      `rhs_wo_bias`, so it is the same sweep again, on the old pose's errors.
//! 3. Body damping `w /= 1 + dt damping`, once per step (`apply_damping`).
//!
//! Rapier's `Real` is f32, and the npm build is WebAssembly without SIMD or fused
//! multiply-add, so glam 0.33 runs its scalar code. The twin does every operation in f32
//! in the same order (glam's `Quat::mul_quat`, `mul_vec3`, `normalize`,
//! `Mat3::from_quat`; parry3d's `SdpMatrix3::from_sdp_matrix`; `libm::asinf` for
//! `f32::asin`), with the gains, targets, moments, spin and `dt` rounded to f32 as the
//! bindings round them, and so follows the engine bit for bit: the per-axis motors'
//! spring is not a gradient of one error, so a large or lightly damped turn wanders and
//! can tumble for ever, where a twin in f64 parts from the engine by its rounding.
//!
//! In JavaScript (rapier.js 0.21.0) `createImpulseJoint(JointData.spherical(..))` hands
//! back a `GenericImpulseJoint` without the per-axis motor methods: its `jointType`
//! compares the joint's locked axes with the spherical joint's free ones. Wrapping the
//! handle, `new SphericalImpulseJoint(world.impulseJoints.raw, world.bodies, handle)`,
//! reaches them (tests/engines/real/rapier-orientation.mjs).

use super::{per_axis, Drive, OrientationIntent, OrientationReport, Prediction3};
use crate::engines::rapier::{MotorModel, Settings};
use crate::engines::settings::Value;
use crate::math;
use glam::DQuat;

/// Rapier's collider radius for the sleep test (`forcelab::engines::BODY_RADIUS`), m.
const BODY_RADIUS: f64 = crate::engines::twin::BODY_RADIUS;

/// The angle each axis motor pulls on, rad: `2 asin(q_i)` of `q` taken with `w >= 0`
/// (`motor_angular`). A target orientation is reached by targeting its own three angles;
/// past 180 degrees its `w < 0` half is the same rotation the other way round.
pub fn axis_angles(q: DQuat) -> [f64; 3] {
    // `copysign(1, w)`: Rapier flips on a negative zero too.
    let q = if q.w.is_sign_negative() { -q } else { q };
    [q.x, q.y, q.z].map(|x| 2.0 * math::asin(x.clamp(-1.0, 1.0)))
}

/// The gains per axis the twin and the real engine are given, by the documentation's
/// formula: acceleration-based `k = w^2` (1/s^2), `c = 2 zeta w` (1/s), the same on every
/// axis; force-based `k_i = I_i w^2` (N m/rad), `c_i = 2 zeta w I_i` (N m s/rad).
pub fn gains(model: MotorModel, intent: &OrientationIntent) -> ([f64; 3], [f64; 3]) {
    let w = intent.omega();
    let scale = match model {
        MotorModel::Acceleration => [1.0; 3],
        MotorModel::Force => intent.inertia,
    };
    (
        scale.map(|i| i * w * w),
        scale.map(|i| 2.0 * intent.damping_ratio * w * i),
    )
}

/// Rapier's `Real`: every number of the step is an f32, and each operation below is
/// written in the order glam 0.33's scalar code (the npm build has no SIMD) and Rapier
/// write it, so the twin rounds as the engine does.
type V = [f32; 3];

fn add(a: V, b: V) -> V {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: V, s: f32) -> V {
    a.map(|x| x * s)
}

fn mul(a: V, b: V) -> V {
    [a[0] * b[0], a[1] * b[1], a[2] * b[2]]
}

/// `Vec3::dot`: `(x x' + y y') + z z'`.
fn dot(a: V, b: V) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `Vec3::cross`.
fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - b[1] * a[2],
        a[2] * b[0] - b[2] * a[0],
        a[0] * b[1] - b[0] * a[1],
    ]
}

/// A quaternion `[x, y, z, w]` (glam's `Quat`).
type Q = [f32; 4];

/// `Quat::mul_quat`.
fn qmul(a: Q, b: Q) -> Q {
    let ([x0, y0, z0, w0], [x1, y1, z1, w1]) = (a, b);
    [
        w0 * x1 + x0 * w1 + y0 * z1 - z0 * y1,
        w0 * y1 - x0 * z1 + y0 * w1 + z0 * x1,
        w0 * z1 + x0 * y1 - y0 * x1 + z0 * w1,
        w0 * w1 - x0 * x1 - y0 * y1 - z0 * z1,
    ]
}

fn conj(q: Q) -> Q {
    [-q[0], -q[1], -q[2], q[3]]
}

/// `Quat::mul_vec3`: `v (w^2 - b.b) + b (2 v.b) + (b x v)(2 w)`.
fn rotate(q: Q, v: V) -> V {
    let (b, w) = ([q[0], q[1], q[2]], q[3]);
    let b2 = dot(b, b);
    add(
        add(scale(v, w * w - b2), scale(b, dot(v, b) * 2.0)),
        scale(cross(b, v), w * 2.0),
    )
}

/// `Quat::normalize`: times `1 / sqrt(((x x + y y) + z z) + w w)`.
fn normalize(q: Q) -> Q {
    let r = 1.0 / (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
    q.map(|x| x * r)
}

/// `MassProperties::world_inv_inertia` (parry3d): `(R diag(1/I)) R^T` by `Mat3::from_quat`
/// and `Mat3 * Mat3`, read back as `SdpMatrix3::from_sdp_matrix` (the upper triangle);
/// returned as its three columns (`transform_vector` of each world axis).
fn world_inv_inertia(q: Q, inv: V) -> [V; 3] {
    let [x, y, z, w] = q;
    let (x2, y2, z2) = (x + x, y + y, z + z);
    let (xx, xy, xz) = (x * x2, x * y2, x * z2);
    let (yy, yz, zz) = (y * y2, y * z2, z * z2);
    let (wx, wy, wz) = (w * x2, w * y2, w * z2);
    let r = [
        [1.0 - (yy + zz), xy + wz, xz - wy],
        [xy - wz, 1.0 - (xx + zz), yz + wx],
        [xz + wy, yz - wx, 1.0 - (xx + yy)],
    ];
    let lhs = [
        scale(r[0], inv[0]),
        scale(r[1], inv[1]),
        scale(r[2], inv[2]),
    ];
    // Column j of lhs * r^T: lhs times row j of r.
    let m: [V; 3] = core::array::from_fn(|j| {
        add(
            add(scale(lhs[0], r[0][j]), scale(lhs[1], r[1][j])),
            scale(lhs[2], r[2][j]),
        )
    });
    let (m11, m12, m13) = (m[0][0], m[1][0], m[2][0]);
    let (m22, m23, m33) = (m[1][1], m[2][1], m[2][2]);
    [[m11, m12, m13], [m12, m22, m23], [m13, m23, m33]]
}

/// `gyroscopic_corrected_angvel` (dynamics/rigid_body.rs): in the body frame
/// `L = I w`, `L' = L - h (w x L)`, rescaled to `|L|`; back to the world.
fn gyroscopic(w: V, q: Q, inertia: V, inv: V, h: f32) -> V {
    let local = rotate(conj(q), w);
    let momentum = mul(inertia, local);
    let total = add(momentum, scale(cross(local, momentum).map(|x| -x), h));
    let sq = dot(total, total);
    if sq == 0.0 {
        return w;
    }
    let capped = scale(total, (dot(momentum, momentum) / sq).sqrt());
    rotate(q, mul(inv, capped))
}

/// `smallest_abs_diff_between_angles` (utils/mod.rs) in f32.
fn wrap(a: f32, b: f32) -> f32 {
    let e = a - b;
    let other = e - e.signum() * core::f32::consts::TAU;
    if e.abs() < other.abs() {
        e
    } else {
        other
    }
}

/// `utils::inv`: 0 for 0.
fn inv(x: f32) -> f32 {
    if x == 0.0 {
        0.0
    } else {
        1.0 / x
    }
}

/// One motor row, rebuilt each substep.
#[derive(Clone, Copy)]
struct Row {
    /// `I_w^-1 e_i`: how an impulse on the row turns the body.
    turn: V,
    inv_lhs: f32,
    cfm: f32,
    rhs: f32,
    lambda: f32,
}

impl Row {
    /// `solve_generic` for a row whose other body is fixed: `e_i . w` is `w_i` exactly.
    fn solve(&mut self, axis: usize, w: &mut V) {
        let total =
            self.lambda + self.inv_lhs * ((0.0 + w[axis]) + self.rhs - self.cfm * self.lambda);
        let delta = total - self.lambda;
        self.lambda = total;
        *w = add(*w, scale(self.turn, delta).map(|x| -x));
    }
}

/// What Rapier carries between steps for the body.
struct State {
    q: Q,
    w: V,
    sleep_time: f32,
    prev_q: Q,
    asleep: bool,
}

/// Rapier's sleep check at the start of a step (`update_energy`, f32): true when the
/// body falls asleep now.
fn falls_asleep(s: &mut State, dt: f32) -> bool {
    use core::f32::consts::FRAC_PI_2;
    let spin_ok = dot(s.w, s.w) < FRAC_PI_2 * FRAC_PI_2;
    let d = qmul(s.q, conj(s.prev_q));
    let v = [d[0], d[1], d[2]];
    let drift = 0.0 + 2.0 * dot(v, v).sqrt() * BODY_RADIUS as f32;
    s.prev_q = s.q;
    if spin_ok && drift * 0.5 < 0.05 * dt {
        s.sleep_time += dt;
    } else {
        s.sleep_time = 0.0;
    }
    s.sleep_time >= 0.5
}

/// The orientation after each of `steps` steps of Rapier's spherical joint with three
/// position motors of `model` at [`gains`], targeting [`axis_angles`] of the intent's
/// target, from the identity spinning at `spin`, under `settings`. Every number the
/// engine is given is first rounded to f32, as the npm package's bindings do.
pub fn predict(
    model: MotorModel,
    settings: &Settings,
    intent: &OrientationIntent,
    steps: usize,
) -> Prediction3 {
    let f = |v: [f64; 3]| v.map(|x| x as f32);
    let (k, c) = gains(model, intent);
    let (k, c, target) = (f(k), f(c), f(axis_angles(intent.target())));
    let inertia = f(intent.inertia);
    let inv_inertia = inertia.map(inv);
    // `MassProperties::principal_inertia`: the inverse's inverse, not the moments given.
    let principal = inv_inertia.map(inv);
    let dt = intent.dt as f32;
    let n = settings.num_solver_iterations.max(1);
    let h = dt / n as f32;
    // `combine_coefficients` per axis: (erp_inv_dt, cfm_coeff, cfm_gain).
    let coefficients: [(f32, f32, f32); 3] = core::array::from_fn(|i| {
        let erp_inv_dt = k[i] * inv(h * k[i] + c[i]);
        let soft = inv(h * h * k[i] + h * c[i]);
        match model {
            MotorModel::Acceleration => (erp_inv_dt, soft, 0.0),
            MotorModel::Force => (erp_inv_dt, 0.0, soft),
        }
    });
    let max_spin = core::f32::consts::FRAC_PI_4 * inv(dt);
    let damping = 1.0 / (1.0 + dt * settings.angular_damping as f32);
    let identity = [0.0, 0.0, 0.0, 1.0];
    let mut s = State {
        q: identity,
        w: f(intent.spin),
        sleep_time: 0.0,
        prev_q: identity,
        asleep: false,
    };
    let mut out = Prediction3::default();
    for _ in 0..steps {
        if !s.asleep && settings.can_sleep && falls_asleep(&mut s, dt) {
            s.asleep = true;
            s.w = [0.0; 3];
        }
        if !s.asleep {
            let iw = world_inv_inertia(s.q, inv_inertia);
            for _ in 0..n {
                s.w = gyroscopic(s.w, s.q, principal, inv_inertia, h);
                // `copysign(1, frame1.dot(frame2))`, the fixed frame the identity.
                let [x, y, z, w] = s.q;
                let along = 0.0 * x + 0.0 * y + 0.0 * z + w;
                let sign = if along.is_sign_negative() { -1.0 } else { 1.0 };
                let mut rows: [Row; 3] = core::array::from_fn(|i| {
                    let (erp_inv_dt, cfm_coeff, cfm_gain) = coefficients[i];
                    let d = iw[i][i];
                    let cfm = d * cfm_coeff + cfm_gain;
                    let rhs = if erp_inv_dt != 0.0 {
                        let angle = math::asin_f32((s.q[i] * sign).clamp(-1.0, 1.0)) * 2.0;
                        0.0 + wrap(angle, target[i]) * erp_inv_dt
                    } else {
                        0.0
                    };
                    Row {
                        turn: iw[i],
                        inv_lhs: 1.0 / (d + cfm),
                        cfm,
                        rhs,
                        lambda: 0.0,
                    }
                });
                for _ in 0..settings.num_internal_pgs_iterations {
                    for (i, row) in rows.iter_mut().enumerate() {
                        row.solve(i, &mut s.w);
                    }
                }
                let speed = dot(s.w, s.w).sqrt();
                if speed > max_spin {
                    s.w = scale(s.w, max_spin / speed);
                }
                let half = scale(s.w, h * 0.5);
                s.q = normalize(qmul([half[0], half[1], half[2], 1.0], s.q));
                for (i, row) in rows.iter_mut().enumerate() {
                    row.solve(i, &mut s.w);
                }
            }
            s.w = scale(s.w, damping);
        }
        let [x, y, z, w] = s.q.map(f64::from);
        out.orientations.push(DQuat::from_xyzw(x, y, z, w));
    }
    out
}

/// Every setting of [`Settings`] at Rapier's default, as the report prints it.
pub const DEFAULTS: [(&str, &str); 5] = [
    ("numSolverIterations", "4"),
    ("canSleep", "true"),
    ("linearDamping", "0"),
    ("angularDamping", "0"),
    ("numInternalPgsIterations", "1"),
];

/// The named variants the twin is checked at, each with the settings it changes: the
/// one-axis twin's ([`crate::engines::rapier::variants`]) and two PGS sweeps a substep,
/// which here change the motion (the three rows share the body).
pub const VARIANTS: [(&str, &[(&str, &str)]); 6] = [
    ("default", &[]),
    ("iterations-1", &[("numSolverIterations", "1")]),
    ("iterations-8", &[("numSolverIterations", "8")]),
    ("no-sleep", &[("canSleep", "false")]),
    (
        "damping-0.5",
        &[("linearDamping", "0.5"), ("angularDamping", "0.5")],
    ),
    ("pgs-2", &[("numInternalPgsIterations", "2")]),
];

/// A setting's text as a [`Value`]: `true`/`false` or a number.
fn value(text: &str) -> Value {
    match text {
        "true" => Value::Flag(true),
        "false" => Value::Flag(false),
        // The crate's short parser (`crate::decimal`), as Jolt's table.
        x => Value::Number(crate::decimal::decimal(x).expect("a number in the variants table")),
    }
}

/// [`Settings`] with `changes` applied.
pub fn settings(changes: &[(&str, &str)]) -> Settings {
    let mut s = Settings::default();
    for (key, text) in changes {
        s.set(key, value(text))
            .expect("a known key in the variants table");
    }
    s
}

/// The drive at its defaults and at each of [`VARIANTS`].
pub(super) fn reports(
    drive: Drive,
    model: MotorModel,
    intent: &OrientationIntent,
    steps: &dyn Fn(&str) -> usize,
) -> Vec<OrientationReport> {
    let (k, c) = gains(model, intent);
    let (ku, cu) = match model {
        MotorModel::Acceleration => ("1/s^2", "1/s"),
        MotorModel::Force => ("N m/rad", "N m s/rad"),
    };
    let mut parameters = Vec::new();
    let angles = axis_angles(intent.target());
    parameters.extend(per_axis(
        ["target.x", "target.y", "target.z"],
        angles,
        "rad",
    ));
    parameters.extend(per_axis(
        ["stiffness.x", "stiffness.y", "stiffness.z"],
        k,
        ku,
    ));
    parameters.extend(per_axis(["damping.x", "damping.y", "damping.z"], c, cu));
    VARIANTS
        .iter()
        .map(|&(variant, changes)| OrientationReport {
            drive,
            variant,
            settings: super::with_changes(&DEFAULTS, changes),
            changed: changes.iter().map(|(k, _)| *k).collect(),
            parameters: parameters.clone(),
            // Acceleration-based gains are per unit of each axis's inertia.
            written_for: intent.inertia,
            predicted: predict(model, &settings(changes), intent, steps(variant)),
        })
        .collect()
}

#[cfg(test)]
#[path = "rapier_tests.rs"]
mod tests;
