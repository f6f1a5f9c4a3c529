//! The linear 1-D laws made ready for many steps: their constants at one mass and one
//! `dt`, checked once, and their arithmetic per step, written once for both paths.

use super::{Target1, Terms};

/// One of the linear 1-D laws with its constants worked out for one body mass `m` (kg)
/// and one step `dt` (s), made by [`Controller1::prepare`](super::Controller1::prepare),
/// which refuses bad gains, mass or step by name.
///
/// A world that checks every input on the way in (a body when added or placed, gains
/// and mass when set, `dt` when set, the target when moved, as Box2D checks its
/// definitions) keeps one of these per body and steps it with [`Prepared1::force`],
/// which checks nothing: no per-step validation, no `Result`, no recomputed constants.
/// Each law's own checked `force` computes its terms through this same arithmetic, so
/// the two give the same bits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Prepared1 {
    /// Forward PD (`p = kp`, `d = kd`) and Wu's backward PD (`p`, `d` its effective
    /// gains at `m` and `dt`): `F = p (x_t - x) + d (v_t - v)`, gains in N/m and N s/m.
    Gains {
        /// Stiffness, N/m.
        p: f64,
        /// Damping, N s/m.
        d: f64,
    },
    /// SPD (Tan, Liu and Turk): `p = kp (x_t + v_t dt - x - v dt)`,
    /// `a = (p + kd (v_t - v)) / (m + kd dt)`, `F = p + kd (v_t - v - a dt)`.
    Spd {
        /// Stiffness, N/m.
        kp: f64,
        /// Damping, N s/m.
        kd: f64,
        /// The step, s.
        dt: f64,
        /// `m + kd dt`, kg.
        denominator: f64,
    },
    /// Article 000's simplified SPD, gains per unit mass:
    /// `F = m kp (x_t + v_t dt - x - v dt) + m kd (v_t - v)`.
    SpdSimplified {
        /// Stiffness per unit mass, 1/s^2.
        kp: f64,
        /// Damping per unit mass, 1/s.
        kd: f64,
        /// The step, s.
        dt: f64,
        /// The body's mass, kg.
        mass: f64,
    },
    /// Bloom's implicit PD (its force part), `ks = 36 (K / T)^2`, `kd = 9 K D / T`:
    /// `F = m ks (x_t - x) / s + m (kd + ks dt) (v_t - v) / s`, `s = 1 + kd dt + ks dt^2`.
    ImplicitPd {
        /// `ks`, 1/s^2.
        ks: f64,
        /// `kd + ks dt`, 1/s.
        kdv: f64,
        /// `s = 1 + kd dt + ks dt^2`.
        scale: f64,
        /// The body's mass, kg.
        mass: f64,
    },
    /// Second-order dynamics: `F = m (x_t + k3 v_t - x) / k2 + m (-k1 v) / k2`, with
    /// `k2` raised to its stable value at `dt`.
    SecondOrder {
        /// `k1`, s.
        k1: f64,
        /// `k3`, s.
        k3: f64,
        /// `k2` at `dt`, s^2.
        k2: f64,
        /// The body's mass, kg.
        mass: f64,
    },
    /// Box2D's soft step: `k = -m mass_scale / dt`,
    /// `F = k bias_rate (x - x_t) + k (v - v_t)`.
    SoftStep {
        /// `k bias_rate`, N/m.
        k_bias: f64,
        /// `k`, N s/m.
        k: f64,
    },
}

impl Prepared1 {
    /// The law's force terms (N) on a body at `x` (m) moving at `v` (m/s) toward
    /// `target`, with nothing checked: the caller's inputs were checked on the way in,
    /// and the caller checks that the result is finite.
    #[inline]
    pub fn force(&self, x: f64, v: f64, target: &Target1) -> Terms {
        let (tx, tv) = (target.x, target.v);
        match *self {
            Prepared1::Gains { p, d } => Terms::sum(p * (tx - x), 0.0, d * (tv - v), 0.0),
            Prepared1::Spd {
                kp,
                kd,
                dt,
                denominator,
            } => spd_terms((kp, kd, dt, denominator), x, v, target, 0.0),
            Prepared1::SpdSimplified { kp, kd, dt, mass } => {
                let p = kp * (tx + tv * dt - x - v * dt);
                let d = kd * (tv - v);
                Terms::sum(mass * p, 0.0, mass * d, 0.0)
            }
            Prepared1::ImplicitPd {
                ks,
                kdv,
                scale,
                mass,
            } => {
                let (p, d) = implicit_accelerations((ks, kdv, scale), x, v, tx, tv);
                Terms::sum(mass * p, 0.0, mass * d, 0.0)
            }
            Prepared1::SecondOrder { k1, k3, k2, mass } => Terms::sum(
                mass * (tx + k3 * tv - x) / k2,
                0.0,
                mass * (-k1 * v) / k2,
                0.0,
            ),
            Prepared1::SoftStep { k_bias, k } => {
                Terms::sum(k_bias * (x - tx), 0.0, k * (v - tv), 0.0)
            }
        }
    }
}

/// SPD's terms (N) with constants `(kp, kd, dt, m + kd dt)` and a known external force
/// `external` (N) acting during the step (see [`Prepared1::Spd`]).
#[inline]
pub(super) fn spd_terms(
    (kp, kd, dt, denominator): (f64, f64, f64, f64),
    x: f64,
    v: f64,
    target: &Target1,
    external: f64,
) -> Terms {
    let p = kp * (target.x + target.v * dt - x - v * dt);
    let a = (p + kd * (target.v - v) + external) / denominator;
    let d = kd * (target.v - v - a * dt);
    Terms::sum(p, 0.0, d, 0.0)
}

/// Bloom's implicit PD accelerations (m/s^2), stiffness part and damping part, from
/// `(x0, v0)` toward `(x1, v1)` with constants `(ks, kd + ks dt, 1 + kd dt + ks dt^2)`.
#[inline]
pub(super) fn implicit_accelerations(
    (ks, kdv, scale): (f64, f64, f64),
    x0: f64,
    v0: f64,
    x1: f64,
    v1: f64,
) -> (f64, f64) {
    (ks * (x1 - x0) / scale, kdv * (v1 - v0) / scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Body1;
    use crate::catalogue::{LawId, PlantId};
    use crate::controllers::Controller1;
    use proptest::prelude::*;

    /// The linear laws that drive a cube: those [`Controller1::prepare`] prepares.
    fn linear() -> Vec<LawId> {
        LawId::driving(PlantId::Cube)
            .into_iter()
            .filter(|k| k.law().linear)
            .collect()
    }

    #[test]
    fn every_linear_law_is_prepared_and_the_others_keep_the_checked_path() {
        for kind in LawId::driving(PlantId::Cube) {
            let law = Controller1::new(kind, 400.0, 20.0, 2.0).unwrap();
            let prepared = law.prepare(2.0, 0.01).unwrap();
            assert_eq!(prepared.is_some(), kind.law().linear, "{}", kind.id());
        }
    }

    #[test]
    fn bad_settings_mass_or_step_are_refused_by_name() {
        let law = Controller1::new(LawId::Spd, 400.0, 20.0, 2.0).unwrap();
        assert_eq!(law.prepare(0.0, 0.01).unwrap_err().field(), "mass");
        assert_eq!(law.prepare(2.0, -1.0).unwrap_err().field(), "dt");
        assert_eq!(law.prepare(2.0, f64::NAN).unwrap_err().field(), "dt");
        let bad = Controller1::Spd(crate::controllers::Spd { kp: -1.0, kd: 1.0 });
        assert_eq!(bad.prepare(2.0, 0.01).unwrap_err().field(), "kp");
    }

    proptest! {
        /// For every linear law, gains, mass, step and state, the prepared force is
        /// the checked force to the bit: the constants worked out once are the ones
        /// the checked step works out each time.
        #[test]
        fn the_prepared_force_is_the_checked_force_bit_for_bit(
            kp in 0.0..5e4f64,
            kd in 0.0..500.0f64,
            mass in 0.05..50.0f64,
            dt in 1e-4..0.1f64,
            x in -10.0..10.0f64,
            v in -50.0..50.0f64,
            tx in -10.0..10.0f64,
            tv in -5.0..5.0f64,
        ) {
            let body = Body1 { x, v, mass, ..Body1::default() };
            let target = Target1 { x: tx, v: tv };
            for kind in linear() {
                let Ok(mut law) = Controller1::new(kind, kp, kd, mass) else { continue };
                let Some(prepared) = law.prepare(mass, dt).unwrap() else {
                    return Err(TestCaseError::fail(format!("{} not prepared", kind.id())));
                };
                let fast = prepared.force(x, v, &target);
                let checked = law.force(&body, &target, dt).unwrap();
                for (a, b) in [(fast.p, checked.p), (fast.d, checked.d), (fast.total, checked.total)] {
                    prop_assert_eq!(a.to_bits(), b.to_bits(), "{}", kind.id());
                }
            }
        }
    }
}
