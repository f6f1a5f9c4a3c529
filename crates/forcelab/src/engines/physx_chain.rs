//! PhysX on a chain: the arm as a fixed-base `PxArticulationReducedCoordinate`, one
//! revolute joint about z per link, under gravity along -y (issue 48), driven either by
//! PhysX's own joint drive (`PxArticulationDrive`, eFORCE: the analogue of MuJoCo's
//! `<position>` actuator) or by a torque law applied as joint efforts
//! (`PxArticulationCache::jointForce` through `applyCache(eFORCE)` before each step).
//! Written from NVIDIA-Omniverse/PhysX tag 107.3-omni-and-physx-5.6.1 (the PhysX 5.6.1
//! that npm `physx-js-webidl` 2.7.3 runs), paths relative to
//! `physx/source/lowleveldynamics/`, and checked against that package in `npm test`
//! (`tests/engines/chain-physx.test.mjs`). One `simulate(dt)` under PGS (the default):
//!
//! 1. **Joint speed cap** (`DyFeatherstoneArticulation.cpp computeLinkStates`): every joint
//!    rate is scaled by `ratio = min_i(maxJointVelocity / |v_i|)` when that is below 1.
//! 2. **Unconstrained step** (`DyFeatherstoneForwardDynamic.cpp computeLinkAcceleration`,
//!    `computeLinkInternalAcceleration`): `v_u = v + dt M^-1 (Q - C(q, v) - J^T z)`, the
//!    articulated-body algorithm in joint space. Each link's zero-acceleration force `z`
//!    (`computeLinkStates`) holds gravity scaled by `1 - c_l dt` and the link's damping as
//!    a force on its centre of mass: `f = -m g (1 - c_l dt) + m (c_l + s_l / dt) v_c`,
//!    `t = I w (c_a + s_a / dt)`, with `c_l = min(linearDamping, 1/dt)` (0.05 by default,
//!    both) and `s = 1 - cap / |speed|` past the link's caps (100 m/s, 50 rad/s).
//! 3. **Joint friction** (`setupInternalConstraintsRecursive`, on by default with a
//!    coefficient of 0.05): a Coulomb limit on each joint's impulse of
//!    `coefficient dt |T|`, where `T` is the spatial force the joint transmits in the
//!    unconstrained step (`computeZAForceInv`, `computeJointTransmittedFrictionForce`:
//!    `m a + f` and `I alpha + t` of its link and every link beyond, moved to its link's
//!    centre of mass) and `|T|` is `|force| + |torque|` (`CmSpatialVector.h magnitude`).
//! 4. **The drive** (`DyCpuGpuArticulation.h computeImplicitDriveParamsForceDrive`), with
//!    `r_i = (M^-1)_ii` the joint's unit response (`getImpulseSelfResponse`):
//!    `a = dt (dt k + c)`, `x = 1 / (1 + a r_i)`; an impulse `f <- f (1 - x) - x a v_i +
//!    x k dt (q*_i - q_i)` (`computeDriveImpulse`), whose fixed point is the implicit PD
//!    `f = dt (k (e - dt v') - c v')` on the new rate `v'`.
//! 5. **The solve** (`solveInternalJointConstraintRecursive`, `DySolverCore.cpp
//!    solveNoContactsCase`): 4 position then 1 velocity sweeps (`setSolverIterationCounts`)
//!    from the root outwards, each joint in turn taking friction (clamped, accumulated),
//!    then the drive, then the speed cap (`(cap - v) / (r_i + cfm)`, `cfm` 0.025) on its
//!    exact current rate `v = v_u + M^-1 F`: Gauss-Seidel on the joints, which does not
//!    reach the implicit PD of the whole chain in five sweeps.
//! 6. **Integration** (`DyFeatherstoneForwardDynamic.cpp updateBodies`,
//!    `propagateLinksDown`): `q' = q + dt v_pos`, with `v_pos` the rates after the
//!    position sweeps (`saveVelocity`), while the rates kept are those after the velocity
//!    sweep; a revolute angle past `2 pi` is moved by `4 pi`.
//! 7. **Sleep** (`simulationcontroller/src/ScArticulationSim.cpp sleepCheck`,
//!    `ScBodySim.cpp updateWakeCounter`; `physx_chain_sleep.rs`): each link's wake
//!    counter (0.4 s at creation) runs down by dt; below 0.2 s its motion velocity is
//!    summed, and when `(|sum v|^2 + I |sum w|^2 / m) / 2` reaches the threshold (0.005 by
//!    default) the sums are cleared and the counter set to `min(energy / threshold, 2)`
//!    times 0.2 s. The motion velocity (`DyFeatherstoneArticulation.cpp
//!    getMotionVelocity`) is the link's velocity saved after the position sweeps
//!    (`saveVelocity`), world frame, linear part at the centre of mass: built in the
//!    unconstrained step as `v_c + dt a_c`, `a_c` with its centripetal part
//!    (`computeLinkStates`' coriolis vector, added in `DyFeatherstoneForwardDynamic.cpp
//!    computeLinkInternalAcceleration`), then moved by the sweeps, so `J(q) v_pos +
//!    dt Jdot(q, v) v` at the step's start pose. The counter is kept in `f32`, as PhysX
//!    keeps it: its rounding picks the step on which the sums start (in `f64` the arm at
//!    kp 20, kd 1, 120 Hz slept 20 steps after PhysX). When every counter is 0 the
//!    articulation runs one more step and freezes. Applying joint forces with `autowake`
//!    (the default) sets every counter back to 0.4 s: an arm under efforts never sleeps.
//!
//! PhysX computes in `f32`; this twin in `f64`, which is where its remaining gap to the
//! real engine (below 1e-4 rad on the tests' arms) comes from, amplified where friction
//! holds a joint on the edge of slipping.

use crate::body::chain::{cholesky, cholesky_solve, mass_matrix, PlanarChain};
use crate::error::{non_negative, positive, Error};
use crate::math::{cos, sin};

/// How the arm is driven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhysxChainLaw {
    /// `PxArticulationDrive` (eFORCE) on every joint: stiffness kp, damping kd.
    Drive,
    /// The per-joint PD `kp (q* - q) - kd v` written as each joint's effort before each
    /// step, from the angles and rates PhysX reports.
    JointPd,
}

impl PhysxChainLaw {
    /// Both, in the order the tests walk them.
    pub const ALL: [PhysxChainLaw; 2] = [PhysxChainLaw::Drive, PhysxChainLaw::JointPd];

    /// Its name on the command line and in the tests.
    pub fn name(self) -> &'static str {
        match self {
            PhysxChainLaw::Drive => "drive",
            PhysxChainLaw::JointPd => "joint-pd",
        }
    }

    /// The law named `name`, or an error listing the names.
    pub fn parse(name: &str) -> Result<PhysxChainLaw, String> {
        PhysxChainLaw::ALL
            .into_iter()
            .find(|l| l.name() == name)
            .ok_or_else(|| {
                crate::error::not_one_of("law", name, PhysxChainLaw::ALL.map(PhysxChainLaw::name))
            })
    }
}

/// The law and its gains, the same on every joint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChainDrive {
    /// Which law.
    pub law: PhysxChainLaw,
    /// Stiffness, N m/rad.
    pub kp: f64,
    /// Damping, N m s/rad.
    pub kd: f64,
}

/// PhysX's settings that change how the arm moves, each at its real default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PhysxChainSettings {
    /// `PxArticulationJointReducedCoordinate::setFrictionCoefficient` (0.05).
    pub friction_coefficient: f64,
    /// `PxRigidBody::setLinearDamping` of every link, 1/s (0.05).
    pub linear_damping: f64,
    /// `PxRigidBody::setAngularDamping` of every link, 1/s (0.05).
    pub angular_damping: f64,
    /// `setMaxJointVelocity` of every joint, rad/s (100).
    pub max_joint_velocity: f64,
    /// A link's `setMaxLinearVelocity`, m/s (100).
    pub max_linear_velocity: f64,
    /// A link's `setMaxAngularVelocity`, rad/s (50).
    pub max_angular_velocity: f64,
    /// `PxArticulationReducedCoordinate::setSleepThreshold`, m^2/s^2 (5e-5 times the
    /// squared speed scale of 10 m/s); 0 keeps the arm awake.
    pub sleep_threshold: f64,
    /// Position iterations (`setSolverIterationCounts`, 4).
    pub position_iterations: u32,
    /// Velocity iterations (`setSolverIterationCounts`, 1).
    pub velocity_iterations: u32,
}

impl Default for PhysxChainSettings {
    /// PhysX 5.6.1's defaults (`DyArticulationJointCore.h init`, `PxvDynamics.h`,
    /// `PxArticulationReducedCoordinate`).
    fn default() -> Self {
        PhysxChainSettings {
            friction_coefficient: 0.05,
            linear_damping: 0.05,
            angular_damping: 0.05,
            max_joint_velocity: 100.0,
            max_linear_velocity: 100.0,
            max_angular_velocity: 50.0,
            sleep_threshold: 0.005,
            position_iterations: 4,
            velocity_iterations: 1,
        }
    }
}

/// What PhysX did over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct PhysxArm {
    /// The joint angles after each `simulate(dt)`, rad.
    pub q: Vec<Vec<f64>>,
    /// Each step's joint torques, N m: the drive's accumulated impulse over `dt`, or the
    /// efforts written (zeros once asleep).
    pub tau: Vec<Vec<f64>>,
    /// The first step (from 0) after which the arm was asleep, frozen where it was.
    pub slept: Option<usize>,
}

/// `PxArticulationLink::cfmScale` (0.025) times the inverse length scale (1).
const CFM: f64 = 0.025;

/// Where link `i` is and how it moves: its absolute angle `theta` (rad) and spin `w`
/// (rad/s), its centre of mass `p` (m) and that point's velocity `vc` (m/s).
struct LinkMotion {
    theta: f64,
    w: f64,
    p: [f64; 2],
    vc: [f64; 2],
}

/// Each link's motion at angles `q` and rates `v`, and each joint's position (m).
fn motions(chain: &PlanarChain, q: &[f64], v: &[f64]) -> (Vec<LinkMotion>, Vec<[f64; 2]>) {
    let (mut theta, mut w) = (0.0, 0.0);
    let (mut o, mut vo) = ([0.0; 2], [0.0; 2]);
    let mut links = Vec::with_capacity(q.len());
    let mut joints = Vec::with_capacity(q.len());
    for (i, link) in chain.links().iter().enumerate() {
        theta += q[i];
        w += v[i];
        let (u, up) = ([cos(theta), sin(theta)], [-sin(theta), cos(theta)]);
        joints.push(o);
        links.push(LinkMotion {
            theta,
            w,
            p: [o[0] + link.com * u[0], o[1] + link.com * u[1]],
            vc: [vo[0] + link.com * w * up[0], vo[1] + link.com * w * up[1]],
        });
        o = [o[0] + link.length * u[0], o[1] + link.length * u[1]];
        vo = [
            vo[0] + link.length * w * up[0],
            vo[1] + link.length * w * up[1],
        ];
    }
    (links, joints)
}

/// Each link's centre-of-mass acceleration (m/s^2) and angular acceleration (rad/s^2) at
/// joint accelerations `qdd`: `a = sum (alpha u_perp - w^2 u) l` along the chain.
fn accelerations(chain: &PlanarChain, m: &[LinkMotion], qdd: &[f64]) -> Vec<([f64; 2], f64)> {
    let (mut alpha, mut ao) = (0.0, [0.0; 2]);
    let mut out = Vec::with_capacity(qdd.len());
    for (i, link) in chain.links().iter().enumerate() {
        alpha += qdd[i];
        let (c, s, w) = (cos(m[i].theta), sin(m[i].theta), m[i].w);
        let along = |l: f64| [l * (-alpha * s - w * w * c), l * (alpha * c - w * w * s)];
        let (ac, al) = (along(link.com), along(link.length));
        out.push(([ao[0] + ac[0], ao[1] + ac[1]], alpha));
        ao = [ao[0] + al[0], ao[1] + al[1]];
    }
    out
}

/// `(M^-1 b)` through the Cholesky factor `l`.
fn solve(l: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    cholesky_solve(l, b)
}

/// The arm `chain` from rest at `start`, driven toward `target` by `drive`, stepped
/// `steps` times at `dt` s as PhysX 5.6.1's PGS steps a fixed-base articulation with
/// `settings` (the module's steps 1 to 7); an error names a setting that cannot be.
pub fn physx_arm(
    chain: &PlanarChain,
    start: &[f64],
    target: &[f64],
    drive: ChainDrive,
    dt: f64,
    settings: &PhysxChainSettings,
    steps: usize,
) -> Result<PhysxArm, Error> {
    chain.check("start", start)?;
    chain.check("target", target)?;
    non_negative("kp", drive.kp)?;
    non_negative("kd", drive.kd)?;
    positive("dt", dt)?;
    let s = settings;
    non_negative("frictionCoefficient", s.friction_coefficient)?;
    non_negative("linearDamping", s.linear_damping)?;
    non_negative("angularDamping", s.angular_damping)?;
    positive("maxJointVelocity", s.max_joint_velocity)?;
    positive("maxLinearVelocity", s.max_linear_velocity)?;
    positive("maxAngularVelocity", s.max_angular_velocity)?;
    non_negative("sleepThreshold", s.sleep_threshold)?;
    positive("positionIterations", f64::from(s.position_iterations))?;
    let n = chain.dofs();
    let links = chain.links();
    let g = chain.gravity();
    let (mut q, mut v) = (start.to_vec(), vec![0.0; n]);
    let mut sleep = vec![Sleep::new(); n + 1];
    let (mut falling, mut slept) = (false, None);
    let mut out = PhysxArm {
        q: Vec::with_capacity(steps),
        tau: Vec::with_capacity(steps),
        slept: None,
    };
    let effort = drive.law == PhysxChainLaw::JointPd;
    let lin_damp = if s.linear_damping > 0.0 {
        s.linear_damping.min(1.0 / dt)
    } else {
        0.0
    };
    let ang_damp = if s.angular_damping > 0.0 {
        s.angular_damping.min(1.0 / dt)
    } else {
        0.0
    };
    for step in 0..steps {
        if slept.is_some() {
            out.q.push(q.clone());
            out.tau.push(vec![0.0; n]);
            continue;
        }
        let tau: Vec<f64> = match drive.law {
            PhysxChainLaw::JointPd => (0..n)
                .map(|i| drive.kp * (target[i] - q[i]) - drive.kd * v[i])
                .collect(),
            PhysxChainLaw::Drive => vec![0.0; n],
        };
        if effort {
            // applyCache(eFORCE, autowake): every counter back to the reset value.
            sleep.iter_mut().for_each(Sleep::wake_up);
        }
        // 1. The joint speed cap.
        let ratio = v
            .iter()
            .filter(|x| **x != 0.0)
            .fold(1.0_f64, |r, x| r.min(s.max_joint_velocity / x.abs()));
        v.iter_mut().for_each(|x| *x *= ratio);
        // 2. The unconstrained step.
        let (m, joints) = motions(chain, &q, &v);
        let l = cholesky(&mass_matrix(chain, &q)).ok_or(Error::Unsupported {
            field: "start",
            reason: "the arm's mass matrix cannot be factored",
        })?;
        let z: Vec<([f64; 2], f64)> = links
            .iter()
            .zip(&m)
            .map(|(link, lm)| {
                let speed = lm.vc[0].hypot(lm.vc[1]);
                let over_l = if speed > s.max_linear_velocity {
                    1.0 - s.max_linear_velocity / speed
                } else {
                    0.0
                };
                let over_a = if lm.w.abs() > s.max_angular_velocity {
                    1.0 - s.max_angular_velocity / lm.w.abs()
                } else {
                    0.0
                };
                let c = link.mass * (lin_damp + over_l / dt);
                (
                    [
                        c * lm.vc[0],
                        link.mass * (1.0 - lin_damp * dt) * g + c * lm.vc[1],
                    ],
                    link.inertia * lm.w * (ang_damp + over_a / dt),
                )
            })
            .collect();
        // Generalised force of link i's force f at its centre and torque t on joint k:
        // (z x (p_i - o_k)) . f + t, for k <= i.
        let generalised = |forces: &[([f64; 2], f64)], k: usize| -> f64 {
            (k..n)
                .map(|i| {
                    let r = [m[i].p[0] - joints[k][0], m[i].p[1] - joints[k][1]];
                    -r[1] * forces[i].0[0] + r[0] * forces[i].0[1] + forces[i].1
                })
                .sum()
        };
        let a0 = accelerations(chain, &m, &vec![0.0; n]);
        let bias: Vec<([f64; 2], f64)> = (0..n)
            .map(|i| {
                let mi = links[i].mass;
                (
                    [mi * a0[i].0[0] + z[i].0[0], mi * a0[i].0[1] + z[i].0[1]],
                    z[i].1,
                )
            })
            .collect();
        let rhs: Vec<f64> = (0..n).map(|k| tau[k] - generalised(&bias, k)).collect();
        let qdd = solve(&l, &rhs);
        let vu: Vec<f64> = (0..n).map(|i| v[i] + dt * qdd[i]).collect();
        // 3. The force each joint transmits, from the tip in.
        let au = accelerations(chain, &m, &qdd);
        let mut t: Vec<([f64; 2], f64)> = (0..n)
            .map(|i| {
                let mi = links[i].mass;
                (
                    [mi * au[i].0[0] + z[i].0[0], mi * au[i].0[1] + z[i].0[1]],
                    links[i].inertia * au[i].1 + z[i].1,
                )
            })
            .collect();
        for i in (1..n).rev() {
            let r = [m[i].p[0] - m[i - 1].p[0], m[i].p[1] - m[i - 1].p[1]];
            let (f, tq) = t[i];
            t[i - 1].0 = [t[i - 1].0[0] + f[0], t[i - 1].0[1] + f[1]];
            t[i - 1].1 += tq + r[0] * f[1] - r[1] * f[0];
        }
        let friction: Vec<f64> = t
            .iter()
            .map(|(f, tq)| (f[0].hypot(f[1]) + tq.abs()) * s.friction_coefficient * dt)
            .collect();
        // 4. The drive rows, with the unit response (M^-1)_ii.
        let minv: Vec<Vec<f64>> = (0..n)
            .map(|j| {
                solve(
                    &l,
                    &(0..n)
                        .map(|i| if i == j { 1.0 } else { 0.0 })
                        .collect::<Vec<_>>(),
                )
            })
            .collect();
        let rows: Vec<[f64; 3]> = (0..n)
            .map(|i| {
                if effort {
                    return [0.0; 3];
                }
                let a = dt * (dt * drive.kp + drive.kd);
                let x = 1.0 / (1.0 + a * minv[i][i]);
                [1.0 - x, -x * a, drive.kp * x * dt * (target[i] - q[i])]
            })
            .collect();
        // 5. The sweeps.
        let (mut imp, mut acc_f, mut acc_d) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        let rates = |imp: &[f64]| -> Vec<f64> {
            (0..n)
                .map(|i| vu[i] + (0..n).map(|j| minv[j][i] * imp[j]).sum::<f64>())
                .collect()
        };
        let mut sweep = |imp: &mut Vec<f64>| {
            for i in 0..n {
                let r = minv[i][i];
                let mut jv = rates(imp)[i];
                let f = (-jv / (r + CFM) + acc_f[i]).clamp(-friction[i], friction[i]);
                let df = f - acc_f[i];
                acc_f[i] = f;
                jv += df * r;
                let [keep, vel, konst] = rows[i];
                let d = acc_d[i] * keep + jv * vel + konst;
                let dd = d - acc_d[i];
                acc_d[i] = d;
                jv += dd * r;
                let cap = s.max_joint_velocity;
                let dv = if jv.abs() > cap {
                    (jv.clamp(-cap, cap) - jv) / (r + CFM)
                } else {
                    0.0
                };
                imp[i] += df + dd + dv;
            }
        };
        for _ in 0..s.position_iterations {
            sweep(&mut imp);
        }
        let v_pos = rates(&imp);
        for _ in 0..s.velocity_iterations {
            sweep(&mut imp);
        }
        v = rates(&imp);
        // 6. Integration with the position sweeps' rates.
        let tau_pi = 2.0 * core::f64::consts::TAU;
        let q_before = q.clone();
        for i in 0..n {
            q[i] += v_pos[i] * dt;
            if q[i] > core::f64::consts::TAU {
                q[i] -= tau_pi;
            } else if q[i] < -core::f64::consts::TAU {
                q[i] += tau_pi;
            }
        }
        out.q.push(q.clone());
        out.tau.push(if effort {
            tau
        } else {
            acc_d.iter().map(|d| d / dt).collect()
        });
        // 7. Sleep, on the position sweeps' motion at the step's start pose, plus the
        // unconstrained step's centripetal part `dt a0` (the module's step 7).
        if falling {
            slept = Some(step);
            v.iter_mut().for_each(|x| *x = 0.0);
            continue;
        }
        {
            let (mp, _) = motions(chain, &q_before, &v_pos);
            let mut wakes = vec![sleep[0].update([0.0; 2], 0.0, 1.0, 1.0, dt, s.sleep_threshold)];
            for i in 0..n {
                let lm = &mp[i];
                let c = a0[i].0;
                wakes.push(sleep[i + 1].update(
                    [lm.vc[0] + dt * c[0], lm.vc[1] + dt * c[1]],
                    lm.w,
                    links[i].mass,
                    links[i].inertia,
                    dt,
                    s.sleep_threshold,
                ));
            }
            let max = wakes.iter().cloned().fold(0.0, f32::max);
            if max == 0.0 {
                falling = true;
            } else if wakes.contains(&0.0) {
                sleep.iter_mut().for_each(Sleep::hold);
            }
        }
    }
    out.slept = slept;
    Ok(out)
}

#[path = "physx_chain_sleep.rs"]
mod sleep;
use sleep::Sleep;

#[cfg(test)]
#[path = "physx_chain_tests.rs"]
mod tests;
