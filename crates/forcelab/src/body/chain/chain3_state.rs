use super::chain3::{Chain3, JointPosition};
use super::{forward_dynamics3, kinetic, mass_matrix3, STEP_FAILS};
use crate::error::Error;
use crate::integrator::Integrator;
use crate::rotation::integrate_exact;
use glam::{DQuat, DVec3};

/// A 3-D chain's state: each joint's position and the chain's rates (a hinge's angular
/// rate, rad/s; a ball's relative angular velocity in world axes, rad/s).
#[derive(Clone, Debug, PartialEq)]
pub struct Chain3State {
    /// Each joint's position.
    pub q: Vec<JointPosition>,
    /// The rates, [`Chain3::dofs`] of them, in joint order.
    pub qd: Vec<f64>,
}

/// How fast the positions move at rates `qd`: a hinge's angle at its rate; a ball's
/// quaternion `Q' = (0, R_p^T w) Q / 2`, with `w` its world rate and `R_p` its parent's
/// orientation (the link is `R_p Q`, and turns relative to its parent at `w`).
fn position_rates(chain: &Chain3, q: &[JointPosition], qd: &[f64]) -> Vec<JointPosition> {
    let pose = chain.pose(q);
    let mut at = 0;
    q.iter()
        .enumerate()
        .map(|(i, p)| match *p {
            JointPosition::Angle(_) => {
                at += 1;
                JointPosition::Angle(qd[at - 1])
            }
            JointPosition::Rotation(r) => {
                let w = pose.parents[i].inverse() * DVec3::new(qd[at], qd[at + 1], qd[at + 2]);
                at += 3;
                JointPosition::Rotation(DQuat::from_xyzw(w.x, w.y, w.z, 0.0) * r * 0.5)
            }
        })
        .collect()
}

/// `q + k dq`, position by position (a quaternion as four numbers, not renormalised).
fn moved(q: &[JointPosition], k: f64, dq: &[JointPosition]) -> Vec<JointPosition> {
    q.iter()
        .zip(dq)
        .map(|(p, d)| match (*p, *d) {
            (JointPosition::Angle(a), JointPosition::Angle(b)) => JointPosition::Angle(a + k * b),
            (JointPosition::Rotation(a), JointPosition::Rotation(b)) => {
                JointPosition::Rotation(a + b * k)
            }
            (p, _) => p,
        })
        .collect()
}

/// The positions `q` turned by the rates `qd` held over `dt` s (the position a step of
/// semi-implicit Euler reaches at those rates, `q + qd dt` in the chain's own terms): a
/// hinge's angle `a + qd dt`; a ball's quaternion turned exactly,
/// `Q' = exp(R_p^T w dt / 2) Q`, with `w` its world rate and `R_p` its parent's
/// orientation at `q`.
pub fn advanced3(chain: &Chain3, q: &[JointPosition], qd: &[f64], dt: f64) -> Vec<JointPosition> {
    let pose = chain.pose(q);
    let mut at = 0;
    q.iter()
        .enumerate()
        .map(|(i, p)| match *p {
            JointPosition::Angle(a) => {
                at += 1;
                JointPosition::Angle(a + qd[at - 1] * dt)
            }
            JointPosition::Rotation(r) => {
                let w = pose.parents[i].inverse() * DVec3::new(qd[at], qd[at + 1], qd[at + 2]);
                at += 3;
                JointPosition::Rotation(integrate_exact(r, w, dt))
            }
        })
        .collect()
}

impl Chain3State {
    /// The chain at rest at `q`, or an error naming `q`.
    pub fn at_rest(chain: &Chain3, q: Vec<JointPosition>) -> Result<Chain3State, Error> {
        chain.check_positions(&q)?;
        Ok(Chain3State {
            qd: vec![0.0; chain.dofs()],
            q,
        })
    }

    /// Kinetic energy `qd^T M qd / 2`, J.
    pub fn kinetic_energy(&self, chain: &Chain3) -> f64 {
        kinetic(&mass_matrix3(chain, &self.q), &self.qd)
    }

    /// Potential energy in gravity, `g sum m_k y_k`, J.
    pub fn potential_energy(&self, chain: &Chain3) -> f64 {
        let pose = chain.pose(&self.q);
        chain
            .links()
            .iter()
            .zip(&pose.coms)
            .map(|(l, c)| l.mass * chain.gravity() * c.y)
            .sum()
    }

    /// Advances by `dt` s under joint torques `tau` (N m, one per rate) held over the
    /// step: semi-implicit Euler (rates first, then positions at the new rates, a ball
    /// turned exactly by its rate held over the step), explicit Euler (positions at the
    /// old rates), or classic RK4 on positions and rates (each ball's quaternion
    /// renormalised at the end). A result that is not finite is refused.
    pub fn step(
        &mut self,
        chain: &Chain3,
        tau: &[f64],
        dt: f64,
        integrator: Integrator,
    ) -> Result<(), Error> {
        crate::error::positive("dt", dt)?;
        crate::error::in_range(
            "tau",
            tau.len() as f64,
            chain.dofs() as f64,
            chain.dofs() as f64,
        )?;
        tau.iter()
            .try_for_each(|&t| crate::error::finite("tau", t).map(|_| ()))?;
        let fails = Error::Unsupported {
            field: "dt",
            reason: STEP_FAILS,
        };
        let accel =
            |q: &[JointPosition], qd: &[f64]| forward_dynamics3(chain, q, qd, tau).ok_or(fails);
        let axpy = |x: &[f64], k: f64, y: &[f64]| -> Vec<f64> {
            x.iter().zip(y).map(|(a, b)| a + k * b).collect()
        };
        let turned = |q: &[JointPosition], qd: &[f64]| advanced3(chain, q, qd, dt);
        let (q, qd) = (&self.q, &self.qd);
        let (q1, qd1) = match integrator {
            Integrator::SemiImplicitEuler => {
                let qd1 = axpy(qd, dt, &accel(q, qd)?);
                (turned(q, &qd1), qd1)
            }
            Integrator::ExplicitEuler => (turned(q, qd), axpy(qd, dt, &accel(q, qd)?)),
            Integrator::Rk4 => {
                let k1 = (position_rates(chain, q, qd), accel(q, qd)?);
                let (qa, va) = (moved(q, dt / 2.0, &k1.0), axpy(qd, dt / 2.0, &k1.1));
                let k2 = (position_rates(chain, &qa, &va), accel(&qa, &va)?);
                let (qb, vb) = (moved(q, dt / 2.0, &k2.0), axpy(qd, dt / 2.0, &k2.1));
                let k3 = (position_rates(chain, &qb, &vb), accel(&qb, &vb)?);
                let (qc, vc) = (moved(q, dt, &k3.0), axpy(qd, dt, &k3.1));
                let k4 = (position_rates(chain, &qc, &vc), accel(&qc, &vc)?);
                let q1 = moved(
                    &moved(
                        &moved(&moved(q, dt / 6.0, &k1.0), dt / 3.0, &k2.0),
                        dt / 3.0,
                        &k3.0,
                    ),
                    dt / 6.0,
                    &k4.0,
                );
                let v1 = axpy(
                    &axpy(
                        &axpy(&axpy(qd, dt / 6.0, &k1.1), dt / 3.0, &k2.1),
                        dt / 3.0,
                        &k3.1,
                    ),
                    dt / 6.0,
                    &k4.1,
                );
                let q1 = q1
                    .into_iter()
                    .map(|p| match p {
                        JointPosition::Rotation(r) => JointPosition::Rotation(r.normalize()),
                        p => p,
                    })
                    .collect();
                (q1, v1)
            }
        };
        let finite = qd1.iter().all(|v| v.is_finite())
            && q1.iter().all(|p| match p {
                JointPosition::Angle(a) => a.is_finite(),
                JointPosition::Rotation(r) => r.is_finite(),
            });
        if !finite {
            return Err(fails);
        }
        self.q = q1;
        self.qd = qd1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::chain3::{Joint3, Link3};
    use super::super::{bias3, STANDARD_GRAVITY};
    use super::*;
    use crate::rotation::from_rotation_vector;

    fn ball_and_hinge() -> Chain3 {
        Chain3::new(
            vec![
                Link3::cylinder(Joint3::Ball, 0.6, 0.04, 2.0),
                Link3 {
                    inertia: DVec3::new(0.01, 0.05, 0.05),
                    ..Link3::rod(Joint3::Hinge(DVec3::new(0.0, 0.3, 1.0)), 0.5, 1.0)
                },
                Link3::cylinder(Joint3::Ball, 0.3, 0.03, 0.5),
            ],
            STANDARD_GRAVITY,
        )
        .unwrap()
    }

    fn start() -> Vec<JointPosition> {
        vec![
            JointPosition::Rotation(from_rotation_vector(DVec3::new(0.3, -0.4, 0.8))),
            JointPosition::Angle(0.9),
            JointPosition::Rotation(from_rotation_vector(DVec3::new(-0.5, 0.2, 0.1))),
        ]
    }

    /// The largest change of energy over `seconds` of free swing with a spin to start.
    fn drift(dt: f64, integrator: Integrator, seconds: f64) -> f64 {
        let chain = ball_and_hinge();
        let mut s = Chain3State::at_rest(&chain, start()).unwrap();
        s.qd = vec![0.5, -1.0, 2.0, 1.5, -0.7, 0.3, 0.9];
        let energy = |s: &Chain3State| s.kinetic_energy(&chain) + s.potential_energy(&chain);
        let e0 = energy(&s);
        let zero = vec![0.0; chain.dofs()];
        let mut worst: f64 = 0.0;
        for _ in 0..(seconds / dt).round() as usize {
            s.step(&chain, &zero, dt, integrator).unwrap();
            worst = worst.max((energy(&s) - e0).abs());
        }
        worst
    }

    #[test]
    fn a_free_chain_with_ball_joints_keeps_its_energy_under_rk4_to_the_fourth_order() {
        let (coarse, fine) = (
            drift(4e-3, Integrator::Rk4, 1.0),
            drift(2e-3, Integrator::Rk4, 1.0),
        );
        assert!(coarse < 1e-3, "{coarse}");
        let order = (coarse / fine).log2();
        assert!(
            (3.5..4.7).contains(&order),
            "drift {coarse} then {fine}: order {order}"
        );
    }

    #[test]
    fn held_by_its_gravity_torques_the_chain_stays_put_under_every_integrator() {
        let chain = ball_and_hinge();
        for integrator in Integrator::ALL {
            let mut s = Chain3State::at_rest(&chain, start()).unwrap();
            for _ in 0..100 {
                let hold = bias3(&chain, &s.q, &vec![0.0; chain.dofs()]);
                s.step(&chain, &hold, 0.01, integrator).unwrap();
            }
            assert!(
                s.qd.iter().all(|v| v.abs() < 1e-9),
                "{integrator:?}: {:?}",
                s.qd
            );
            assert_eq!(
                chain.pose(&s.q).tip,
                chain.pose(&start()).tip,
                "{integrator:?}"
            );
        }
    }

    #[test]
    fn a_bad_step_is_refused_by_name_and_the_chain_kept() {
        let chain = ball_and_hinge();
        let mut s = Chain3State::at_rest(&chain, start()).unwrap();
        let before = s.clone();
        assert_eq!(
            s.step(&chain, &[0.0; 7], 0.0, Integrator::Rk4)
                .unwrap_err()
                .field(),
            "dt"
        );
        assert_eq!(
            s.step(&chain, &[0.0; 3], 0.01, Integrator::Rk4)
                .unwrap_err()
                .field(),
            "tau"
        );
        assert_eq!(
            s.step(&chain, &[f64::NAN; 7], 0.01, Integrator::Rk4)
                .unwrap_err()
                .field(),
            "tau"
        );
        assert_eq!(
            s.step(&chain, &[1e308; 7], 1e3, Integrator::SemiImplicitEuler)
                .unwrap_err()
                .field(),
            "dt"
        );
        assert_eq!(s, before);
    }
}
