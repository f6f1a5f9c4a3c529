use super::{forward_dynamics, kinetic, mass_matrix, PlanarChain, STEP_FAILS};
use crate::error::Error;
use crate::integrator::Integrator;

/// A chain's state: joint angles `q` (rad) and rates `qd` (rad/s), one per joint.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainState {
    /// Joint angles, rad (see [`PlanarChain`] for the convention).
    pub q: Vec<f64>,
    /// Joint rates, rad/s.
    pub qd: Vec<f64>,
}

impl ChainState {
    /// The chain at rest at angles `q`, or an error naming `q` if it is not one finite
    /// angle per joint, or `q[i]` if one is outside its joint's range.
    pub fn at_rest(chain: &PlanarChain, q: Vec<f64>) -> Result<ChainState, Error> {
        chain.check_within("q", &q)?;
        Ok(ChainState {
            qd: vec![0.0; q.len()],
            q,
        })
    }

    /// Kinetic energy, J: `qd^T M(q) qd / 2`.
    pub fn kinetic_energy(&self, chain: &PlanarChain) -> f64 {
        kinetic(&mass_matrix(chain, &self.q), &self.qd)
    }

    /// Potential energy in gravity, J: `g sum_k m_k y_k` with `y_k` each centre of
    /// mass's height above the base.
    pub fn potential_energy(&self, chain: &PlanarChain) -> f64 {
        let pose = chain.pose(&self.q);
        chain
            .links()
            .iter()
            .zip(&pose.coms)
            .map(|(l, p)| l.mass * chain.gravity() * p[1])
            .sum()
    }

    /// Advances the chain by `dt` s under joint torques `tau` (N m) held over the step,
    /// the accelerations from [`forward_dynamics`]: semi-implicit Euler
    /// `qd += qdd dt; q += qd dt`; explicit Euler `q += qd dt; qd += qdd dt`; classic
    /// RK4 on `(q, qd)`. A step whose result is not finite is refused and the state kept.
    /// A joint with a range is then held within it ([`PlanarChain::stop`]: a hard,
    /// inelastic stop applied to the step's result; RK4's inner stages run free).
    pub fn step(
        &mut self,
        chain: &PlanarChain,
        tau: &[f64],
        dt: f64,
        integrator: Integrator,
    ) -> Result<(), Error> {
        crate::error::positive("dt", dt)?;
        chain.check("tau", tau)?;
        let fails = Error::Unsupported {
            field: "dt",
            reason: STEP_FAILS,
        };
        let accel = |q: &[f64], qd: &[f64]| forward_dynamics(chain, q, qd, tau).ok_or(fails);
        let axpy = |x: &[f64], k: f64, y: &[f64]| -> Vec<f64> {
            x.iter().zip(y).map(|(a, b)| a + k * b).collect()
        };
        let (q, qd) = (&self.q, &self.qd);
        let (q1, qd1) = match integrator {
            Integrator::SemiImplicitEuler => {
                let qd1 = axpy(qd, dt, &accel(q, qd)?);
                (axpy(q, dt, &qd1), qd1)
            }
            Integrator::ExplicitEuler => (axpy(q, dt, qd), axpy(qd, dt, &accel(q, qd)?)),
            Integrator::Rk4 => {
                let k1 = (qd.clone(), accel(q, qd)?);
                let (qa, va) = (axpy(q, dt / 2.0, &k1.0), axpy(qd, dt / 2.0, &k1.1));
                let k2 = (va.clone(), accel(&qa, &va)?);
                let (qb, vb) = (axpy(q, dt / 2.0, &k2.0), axpy(qd, dt / 2.0, &k2.1));
                let k3 = (vb.clone(), accel(&qb, &vb)?);
                let (qc, vc) = (axpy(q, dt, &k3.0), axpy(qd, dt, &k3.1));
                let k4 = (vc.clone(), accel(&qc, &vc)?);
                let sum = |a: &[f64], b: &[f64], c: &[f64], d: &[f64]| -> Vec<f64> {
                    (0..a.len())
                        .map(|i| (a[i] + 2.0 * b[i] + 2.0 * c[i] + d[i]) / 6.0)
                        .collect()
                };
                (
                    axpy(q, dt, &sum(&k1.0, &k2.0, &k3.0, &k4.0)),
                    axpy(qd, dt, &sum(&k1.1, &k2.1, &k3.1, &k4.1)),
                )
            }
        };
        if !q1.iter().chain(&qd1).all(|v| v.is_finite()) {
            return Err(fails);
        }
        let (mut q1, mut qd1) = (q1, qd1);
        chain.stop(&mut q1, &mut qd1);
        self.q = q1;
        self.qd = qd1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Link, PlanarChain, STANDARD_GRAVITY};
    use super::*;

    fn double_pendulum() -> PlanarChain {
        PlanarChain::new(
            vec![Link::rod(1.0, 1.0), Link::rod(1.0, 1.0)],
            STANDARD_GRAVITY,
        )
        .unwrap()
    }

    /// The largest change of total energy over `seconds` of free swing from horizontal, J.
    fn energy_drift(chain: &PlanarChain, integrator: Integrator, dt: f64, seconds: f64) -> f64 {
        let mut s = ChainState::at_rest(chain, vec![0.0; chain.dofs()]).unwrap();
        let e0 = s.kinetic_energy(chain) + s.potential_energy(chain);
        let zero = vec![0.0; chain.dofs()];
        let mut worst: f64 = 0.0;
        for _ in 0..(seconds / dt).round() as usize {
            s.step(chain, &zero, dt, integrator).unwrap();
            worst = worst.max((s.kinetic_energy(chain) + s.potential_energy(chain) - e0).abs());
        }
        worst
    }

    #[test]
    fn a_free_double_pendulum_keeps_its_energy_under_rk4_to_the_fourth_order() {
        let chain = double_pendulum();
        // The drop from horizontal to hanging releases m g (l/2 + (l + l/2)) = 19.6 J;
        // RK4 loses or gains a tiny fraction of it, 16 times less at half the step.
        let coarse = energy_drift(&chain, Integrator::Rk4, 2e-3, 2.0);
        let fine = energy_drift(&chain, Integrator::Rk4, 1e-3, 2.0);
        assert!(coarse < 1e-6, "{coarse}");
        let order = (coarse / fine).log2();
        assert!(
            (3.5..4.6).contains(&order),
            "drift {coarse} then {fine}: order {order}"
        );
    }

    #[test]
    fn explicit_euler_gains_energy_where_rk4_keeps_it() {
        let chain = double_pendulum();
        let explicit = energy_drift(&chain, Integrator::ExplicitEuler, 1e-3, 1.0);
        let rk4 = energy_drift(&chain, Integrator::Rk4, 1e-3, 1.0);
        assert!(explicit > 1e3 * rk4, "explicit {explicit}, rk4 {rk4}");
    }

    #[test]
    fn a_chain_hanging_at_rest_stays_at_rest_under_every_integrator() {
        let chain = PlanarChain::new(vec![Link::rod(0.5, 2.0); 4], STANDARD_GRAVITY).unwrap();
        for integrator in Integrator::ALL {
            let mut q = vec![0.0; 4];
            q[0] = -core::f64::consts::FRAC_PI_2;
            let mut s = ChainState::at_rest(&chain, q.clone()).unwrap();
            for _ in 0..100 {
                s.step(&chain, &[0.0; 4], 0.01, integrator).unwrap();
            }
            for (a, b) in s.q.iter().zip(&q) {
                assert!((a - b).abs() < 1e-12, "{integrator:?}: {:?}", s.q);
            }
        }
    }

    #[test]
    fn a_bad_step_is_refused_by_name_and_leaves_the_chain_as_it_was() {
        let chain = double_pendulum();
        let mut s = ChainState::at_rest(&chain, vec![0.3, 0.2]).unwrap();
        let before = s.clone();
        assert_eq!(
            s.step(&chain, &[0.0, 0.0], 0.0, Integrator::Rk4)
                .unwrap_err()
                .field(),
            "dt"
        );
        assert_eq!(
            s.step(&chain, &[0.0], 0.01, Integrator::Rk4)
                .unwrap_err()
                .field(),
            "tau"
        );
        assert_eq!(
            s.step(&chain, &[f64::NAN, 0.0], 0.01, Integrator::Rk4)
                .unwrap_err()
                .field(),
            "tau"
        );
        assert_eq!(
            s.step(&chain, &[1e308, -1e308], 1e3, Integrator::SemiImplicitEuler)
                .unwrap_err()
                .field(),
            "dt"
        );
        assert_eq!(s, before);
        assert_eq!(
            ChainState::at_rest(&chain, vec![0.0, f64::NAN])
                .unwrap_err()
                .field(),
            "q"
        );
    }

    /// A double pendulum dropped from horizontal onto a shoulder stop at -0.5 rad lands
    /// on it under every integrator, its rate into the stop gone on the step it lands, and
    /// never leaves its range (the swinging elbow may lift it off again: a stop holds one
    /// way only); a range it never reaches changes no bit of the free swing; a start
    /// outside the range is refused by name.
    #[test]
    fn a_joint_stops_hard_at_its_limit_and_a_range_it_never_reaches_changes_nothing() {
        use super::super::JointLimit;
        let free = double_pendulum();
        let stop = JointLimit {
            min: -0.5,
            max: 0.5,
        };
        let limited = double_pendulum()
            .with_limits(vec![Some(stop), None])
            .unwrap();
        let wide = double_pendulum()
            .with_limits(vec![
                Some(JointLimit {
                    min: -9.0,
                    max: 9.0,
                }),
                None,
            ])
            .unwrap();
        let zero = [0.0; 2];
        let dt = 1.0 / 240.0;
        for integrator in [
            Integrator::SemiImplicitEuler,
            Integrator::ExplicitEuler,
            Integrator::Rk4,
        ] {
            let mut s = ChainState::at_rest(&limited, vec![0.0, 0.0]).unwrap();
            let (mut a, mut b) = (s.clone(), s.clone());
            let mut landed = None;
            for k in 0..480 {
                s.step(&limited, &zero, dt, integrator).unwrap();
                assert!(
                    s.q[0] >= -0.5,
                    "{integrator:?} past the stop at step {k}: {:?}",
                    s.q
                );
                if s.q[0] == -0.5 && landed.is_none() {
                    landed = Some(k);
                    assert_eq!(
                        s.qd[0], 0.0,
                        "{integrator:?}: the rate into the stop is absorbed"
                    );
                }
                a.step(&free, &zero, dt, integrator).unwrap();
                b.step(&wide, &zero, dt, integrator).unwrap();
                assert_eq!((&a.q, &a.qd), (&b.q, &b.qd), "{integrator:?} step {k}");
            }
            let landed = landed.expect("the shoulder reached its stop");
            assert!(landed < 240, "{integrator:?} landed at step {landed}");
        }
        let field = ChainState::at_rest(&limited, vec![-0.7, 0.0])
            .unwrap_err()
            .field();
        assert_eq!(field, "q[0]");
    }
}
