//! One `PxScene::simulate(dt)` of the body and its joint, in PhysX's `f32`: the
//! velocity's damping and cap, the solver body, the drive rows' constants, PGS or TGS,
//! the integration and the sleep check (see [`super`] for the equations and sources).

use super::px::{self, M3, Q, V3};
use super::rows::rows32;
use super::{Config, Joint};
use crate::engines::physx::Solver;

/// What PhysX keeps of the body between steps (`PxsBodyCore`, `PxsRigidBody`).
#[derive(Clone, Copy, Debug)]
pub(super) struct State {
    pub q: Q,
    pub w: V3,
    pub asleep: bool,
    pub wake_counter: f32,
    pub sum: V3,
}

/// The body's constants, rounded to `f32` as the binding hands them over.
pub(super) struct Body {
    pub inv_inertia: V3,
    pub dt: f32,
    pub target: Q,
    /// `(stiffness, damping)` per drive.
    pub gains: Vec<(f32, f32)>,
    pub limit: f32,
    pub damping: f32,
    pub max_speed_squared: f32,
    pub sleep_threshold: f32,
    /// The body is the joint's actor0 (Unity's way), the world actor1.
    pub body_first: bool,
}

/// One row's solver numbers (`SolverConstraint1D` / `SolverConstraint1DStep`).
struct Solved {
    /// `S J`: the Jacobian in momocity (`ang1`).
    sj: V3,
    /// `velMultiplier`.
    velocity: f32,
    /// PGS: `constant`; TGS: `biasScale`.
    constant: f32,
    /// PGS: `impulseMultiplier`; TGS: `error` (`biasScale e`).
    other: f32,
    /// `appliedForce`.
    applied: f32,
    /// The body is actor0.
    body_first: bool,
}

impl Solved {
    /// The row's velocity from the momocity `m` (`V3SumElems(V3Sub(v0, v1))`): `-J.w`
    /// when the body is actor1, `J.w` when it is actor0.
    fn normal(&self, m: V3) -> f32 {
        let p = m.mul(self.sj);
        let sum = p.x + p.y + p.z;
        if self.body_first {
            sum
        } else {
            -sum
        }
    }

    /// Applies `f` clamped to the limit; returns the momocity after it (actor1's
    /// `angularInvMassScale` is -1, actor0's 1).
    fn apply(&mut self, f: f32, limit: f32, m: V3) -> V3 {
        let f = f.min(limit).max(-limit);
        let delta = f - self.applied;
        self.applied = f;
        self.sj
            .scale(if self.body_first { delta } else { -delta })
            .add(m)
    }
}

/// `DySleep.cpp updateWakeCounter` without stabilisation; true when the body sleeps.
fn sleep_check(s: &mut State, motion: V3, inertia: V3, b: &Body) -> bool {
    let reset = 20.0f32 * 0.02;
    let dt = b.dt;
    if s.wake_counter < reset * 0.5 || s.wake_counter < dt {
        s.sum = s.sum.add(s.q.rotate_inv(motion));
        let energy = 0.5 * (s.sum.mul(s.sum).dot(inertia) * 1.0 + 0.0);
        let cluster = 2.0f32;
        let threshold = cluster * b.sleep_threshold;
        if energy >= threshold {
            s.sum = V3::ZERO;
            let factor = if threshold == 0.0 {
                2.0
            } else {
                (energy / threshold).min(2.0)
            };
            s.wake_counter = factor * 0.5 * reset + dt * (cluster - 1.0);
            return false;
        }
    }
    s.wake_counter = (s.wake_counter - dt).max(0.0);
    if s.wake_counter == 0.0 {
        s.sum = V3::ZERO;
        return true;
    }
    false
}

/// One `simulate(dt)`.
pub(super) fn step(s: &mut State, joint: Joint, c: &Config, b: &Body) {
    let dt = b.dt;
    // bodyCoreComputeUnconstrainedVelocity
    let keep = 1.0 - b.damping * dt;
    let mut w = s.w.scale(if keep >= 0.0 { keep } else { 0.0 });
    let speed = w.magnitude_squared();
    if speed > b.max_speed_squared {
        w = w.scale((b.max_speed_squared / speed).sqrt());
    }
    s.w = w;
    let rotation = M3::from_quat(s.q);
    if c.gyroscopic {
        let inertia = b.inv_inertia.recip();
        let local = s.q.rotate_inv(w);
        let momentum = inertia.mul(local);
        let torque = local.cross(momentum).neg();
        let mut next = momentum.add(torque.scale(dt));
        let norm = next.magnitude();
        let ratio = if norm > 0.0 {
            momentum.magnitude() / norm
        } else {
            0.0
        };
        next = next.scale(ratio);
        w = w.add(s.q.rotate(b.inv_inertia.mul(next).sub(local)));
    }
    let root = b.inv_inertia.sqrt();
    let sqrt_inv = M3::inertia(root, &rotation);
    let tgs = c.solver == Solver::Tgs;
    let n = c.position_iterations.max(1);
    let h = if tgs { dt / n as f32 } else { dt };
    let mut rows: Vec<Solved> = rows32(joint.drives, s.q, b.target, b.body_first)
        .into_iter()
        .map(|row| {
            let sj = sqrt_inv.transform(row.axis);
            let r = sj.magnitude_squared();
            let recip = 1.0 / r;
            let (k, damping) = b.gains[row.drive];
            let e = row.error;
            if tgs {
                let a = h * (h * k + damping);
                let (velocity, scale) = if joint.acceleration {
                    let x = 1.0 / (1.0 + a);
                    (-x * a * recip, -x * k * h * recip)
                } else {
                    let x = 1.0 / (1.0 + a * r);
                    (-x * a, -x * k * h)
                };
                Solved {
                    sj,
                    velocity,
                    constant: scale,
                    other: scale * e,
                    applied: 0.0,
                    body_first: b.body_first,
                }
            } else {
                let a = dt * dt * k + dt * damping;
                let bias = dt * (damping * 0.0 - k * e);
                let (x, constant, velocity) = if joint.acceleration {
                    let x = 1.0 / (1.0 + a);
                    (x, x * recip * bias, -x * recip * a)
                } else {
                    let x = 1.0 / (1.0 + a * r);
                    (x, x * bias, -x * a)
                };
                // initJointSpeed: actor0's projected velocity less actor1's.
                let own = 0.0 + w.dot(row.axis);
                let start = if b.body_first { own - 0.0 } else { 0.0 - own };
                Solved {
                    sj,
                    velocity,
                    constant: constant + start * velocity,
                    other: 1.0 - x,
                    applied: 0.0,
                    body_first: b.body_first,
                }
            }
        })
        .collect();
    let limit = b.limit;
    let motion = if tgs {
        let inv_root = root.recip();
        let mut m = M3::inertia(inv_root, &rotation).transform(w);
        let (mut turned, mut dq) = (V3::ZERO, Q::IDENTITY);
        for _ in 0..n {
            for row in rows.iter_mut() {
                let turned = row.sj.dot(turned);
                let change = 1.0
                    * if b.body_first {
                        turned - 0.0
                    } else {
                        0.0 - turned
                    };
                let bias = change * row.constant + row.other;
                let f = row.applied + (row.velocity * row.normal(m) + (bias + 0.0));
                m = row.apply(f, limit, m);
            }
            dq = px::integrate(dq, sqrt_inv.transform(m), h);
            turned = turned.add(m.scale(h));
        }
        s.q = dq.mul(s.q).normalized();
        s.w = sqrt_inv.transform(m);
        sqrt_inv.transform(turned.scale(1.0 / dt))
    } else {
        let mut m = V3::ZERO;
        let mut sweep = |m: &mut V3| {
            for row in rows.iter_mut() {
                let f = row.other * row.applied + (row.velocity * row.normal(*m) + row.constant);
                *m = row.apply(f, limit, *m);
            }
        };
        for _ in 0..n {
            sweep(&mut m);
        }
        let motion = w.add(sqrt_inv.transform(m));
        for _ in 0..c.velocity_iterations.max(1) {
            sweep(&mut m);
        }
        s.q = px::integrate(s.q, motion, dt);
        s.w = w.add(sqrt_inv.transform(m));
        motion
    };
    if sleep_check(s, motion, b.inv_inertia.recip(), b) {
        s.asleep = true;
        s.w = V3::ZERO;
    }
}
