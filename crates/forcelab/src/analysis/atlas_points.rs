//! The atlas's laws without gains. On a unit mass with the target at rest, each of them
//! pushes with `a = -kp' x - kd' v` for gains the step alone sets: it is a forward PD at
//! one point, so under each integrator it is a point of the forward PD's map, not a map
//! of its own.

use super::atlas::{eigenvalues, one_step_matrix, spectral_radius};
use super::complex::Complex;
use crate::catalogue::{gainless_laws, LawId};
use crate::error::{in_range, Error};
use crate::integrator::Integrator;

/// A law without gains as one point of the forward PD's map under one integrator.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct AtlasPoint {
    /// The law.
    pub law: LawId,
    /// The integrator.
    pub integrator: Integrator,
    /// Its stiffness on the map's vertical axis, `kp' dt^2` (unitless).
    pub kp_dt2: f64,
    /// Its damping on the map's horizontal axis, `kd' dt` (unitless).
    pub kd_dt: f64,
    /// The two eigenvalues of its one-step map, larger modulus first.
    pub poles: [Complex; 2],
    /// Their largest modulus: the error shrinks by this factor per step (grows past 1).
    pub radius: f64,
}

/// The gains per unit mass `(kp', kd')` (1/s^2, 1/s) the step sets for a law without gains.
///
/// One-step (deadbeat): it inverts the integrator, so under semi-implicit Euler
/// `a = -(x + v dt) / dt^2`, `(1/dt^2, 1/dt)`; under RK4 (exact for the held force)
/// `a = -2 (x + v dt) / dt^2`, `(2/dt^2, 2/dt)`; under explicit Euler it is refused, as the
/// law refuses it. One-step as printed (article 002 divides by `dt` once):
/// `a = -(x + v dt) / dt`, `(1/dt, 1)` under every integrator.
pub fn step_set_gains(law: LawId, integrator: Integrator, dt: f64) -> Result<(f64, f64), Error> {
    match (law, integrator) {
        (LawId::OneStep, Integrator::SemiImplicitEuler) => Ok((1.0 / (dt * dt), 1.0 / dt)),
        (LawId::OneStep, Integrator::Rk4) => Ok((2.0 / (dt * dt), 2.0 / dt)),
        (LawId::OneStep, Integrator::ExplicitEuler) => Err(Error::Unsupported {
            field: "integrator",
            reason:
                "under explicit Euler the position ignores this step's force, so no force lands in one step",
        }),
        (LawId::OneStepAsPrinted, _) => Ok((1.0 / dt, 1.0)),
        _ => Err(Error::Unsupported {
            field: "law",
            reason: "only a law without gains is a point of the atlas (catalogue::gainless_laws)",
        }),
    }
}

impl AtlasPoint {
    /// The law whose map holds every point: the forward PD.
    pub const MAP: LawId = LawId::ForwardPd;

    /// The laws without gains the atlas places, each under every integrator, in table order
    /// (some pairs are refused by [`AtlasPoint::compute`], as their law refuses them).
    pub fn points() -> Vec<(LawId, Integrator)> {
        gainless_laws()
            .into_iter()
            .flat_map(|law| Integrator::ALL.map(|i| (law, i)))
            .collect()
    }

    /// Every pair of [`AtlasPoint::points`] at step `dt` s, with its point or the law's
    /// reason for refusing the integrator.
    pub fn all(dt: f64) -> Vec<(LawId, Integrator, Result<AtlasPoint, Error>)> {
        AtlasPoint::points()
            .into_iter()
            .map(|(law, integrator)| (law, integrator, AtlasPoint::compute(law, integrator, dt)))
            .collect()
    }

    /// The point of `law` under `integrator` at step `dt` s: its coordinates on the forward
    /// PD's map and the eigenvalues of its one-step map.
    pub fn compute(law: LawId, integrator: Integrator, dt: f64) -> Result<AtlasPoint, Error> {
        in_range("dt", dt, 1e-6, 1.0)?;
        let (kp, kd) = step_set_gains(law, integrator, dt)?;
        let m = one_step_matrix(Self::MAP, integrator, kp, kd, dt)?;
        let mut poles = eigenvalues(m);
        if poles[1].abs() > poles[0].abs() {
            poles.swap(0, 1);
        }
        Ok(AtlasPoint {
            law,
            integrator,
            kp_dt2: kp * dt * dt,
            kd_dt: kd * dt,
            poles,
            radius: spectral_radius(m),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Body1;
    use crate::controllers::one_step_force;
    use crate::published::one_step_force_as_printed;

    /// The real law's force on a unit mass toward 0.
    fn force(law: LawId, body: &Body1, dt: f64) -> f64 {
        match law {
            LawId::OneStep => one_step_force(body, 0.0, dt).unwrap(),
            LawId::OneStepAsPrinted => {
                one_step_force_as_printed(1.0, body.x, body.v, 0.0, dt).unwrap()
            }
            _ => unreachable!("not a law without gains"),
        }
    }

    #[test]
    fn the_points_are_every_gainless_law_under_every_integrator_in_table_order() {
        let laws = gainless_laws();
        assert!(laws.contains(&LawId::OneStep) && laws.contains(&LawId::OneStepAsPrinted));
        let n = Integrator::ALL.len();
        let points = AtlasPoint::points();
        assert_eq!(points.len(), laws.len() * n);
        for (k, &pair) in points.iter().enumerate() {
            assert_eq!(pair, (laws[k / n], Integrator::ALL[k % n]), "point {k}");
        }
        let all = AtlasPoint::all(1.0 / 60.0);
        assert_eq!(
            all.iter().map(|(l, i, _)| (*l, *i)).collect::<Vec<_>>(),
            points
        );
        assert!(all.iter().any(|(_, _, p)| p.is_ok()));
    }

    #[test]
    fn each_point_is_its_law_on_a_unit_mass_step_for_step() {
        // The one-step map of the point is the real law's step, to round-off, from several states.
        for dt in [1.0 / 60.0, 0.01, 0.1] {
            for (law, integrator) in AtlasPoint::points() {
                let Ok(point) = AtlasPoint::compute(law, integrator, dt) else {
                    continue;
                };
                let (kp, kd) = (point.kp_dt2 / (dt * dt), point.kd_dt / dt);
                let m = one_step_matrix(LawId::ForwardPd, integrator, kp, kd, dt).unwrap();
                for (x, v) in [(1.0, 0.0), (-0.3, 2.0), (0.02, -5.0)] {
                    let mut b = Body1 {
                        x,
                        v,
                        mass: 1.0,
                        integrator,
                    };
                    b.step(force(law, &b, dt), dt).unwrap();
                    let (mx, mv) = (m[0][0] * x + m[0][1] * v, m[1][0] * x + m[1][1] * v);
                    let scale = 1.0 + x.abs() / dt + v.abs();
                    assert!(
                        (b.x - mx).abs() < 1e-12 * scale && (b.v - mv).abs() < 1e-12 * scale,
                        "{} {:?} dt {dt} from ({x}, {v}): law ({}, {}), map ({mx}, {mv})",
                        law.id(),
                        integrator,
                        b.x,
                        b.v
                    );
                }
            }
        }
    }

    #[test]
    fn one_step_is_deadbeat_under_semi_implicit_euler_and_rings_forever_under_rk4() {
        let dt = 1.0 / 60.0;
        let semi = AtlasPoint::compute(LawId::OneStep, Integrator::SemiImplicitEuler, dt).unwrap();
        assert_eq!((semi.kp_dt2, semi.kd_dt), (1.0, 1.0));
        assert!(semi.radius < 1e-12, "{}", semi.radius);
        // Under RK4 the body lands each step, but its velocity only flips sign: poles 0 and -1.
        let rk4 = AtlasPoint::compute(LawId::OneStep, Integrator::Rk4, dt).unwrap();
        assert!((rk4.radius - 1.0).abs() < 1e-12, "{}", rk4.radius);
        assert!((rk4.poles[0].re + 1.0).abs() < 1e-12 && rk4.poles[1].abs() < 1e-12);
        let explicit = AtlasPoint::compute(LawId::OneStep, Integrator::ExplicitEuler, dt);
        assert_eq!(explicit.unwrap_err().field(), "integrator");
    }

    #[test]
    fn the_printed_one_step_is_a_soft_spring_whose_error_shrinks_by_the_root_of_one_less_dt() {
        // kp' = 1/dt, kd' = 1: under semi-implicit Euler det M = 1 - dt and the poles are a
        // complex pair, so the error shrinks by sqrt(1 - dt) per step.
        for dt in [1.0 / 60.0, 0.01, 0.1] {
            let p = AtlasPoint::compute(LawId::OneStepAsPrinted, Integrator::SemiImplicitEuler, dt)
                .unwrap();
            assert!(
                (p.radius - crate::math::sqrt(1.0 - dt)).abs() < 1e-12,
                "dt {dt}: {}",
                p.radius
            );
            assert!(p.poles[0].im.abs() > 0.0);
            assert!((p.kp_dt2 - dt).abs() < 1e-15 && (p.kd_dt - dt).abs() < 1e-15);
        }
    }

    #[test]
    fn only_the_laws_without_gains_are_points() {
        assert_eq!(
            gainless_laws(),
            vec![LawId::OneStep, LawId::OneStepAsPrinted]
        );
        assert_eq!(
            step_set_gains(LawId::ForwardPd, Integrator::Rk4, 0.01)
                .unwrap_err()
                .field(),
            "law"
        );
        assert_eq!(
            AtlasPoint::compute(LawId::OneStep, Integrator::Rk4, 0.0)
                .unwrap_err()
                .field(),
            "dt"
        );
    }
}
