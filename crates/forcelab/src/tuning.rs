//! What a pair of gains really gives when the loop is stepped: the sampled natural
//! frequency and damping ratio of each law at a step `dt` ([`discrete_effective`],
//! [`sampled_effective`]). The parameterisations themselves are [`crate::gains`]'s,
//! re-exported here.

use crate::analysis::{eigenvalues, one_step_matrix, Complex, STABLE_LIMIT};
use crate::catalogue::LawId;
use crate::error::{non_negative, positive, Error};
use crate::integrator::Integrator;
use crate::math;

pub use crate::gains::{
    bloom_time_scale, from_bloom, from_half_life, from_natural, from_wu, to_bloom, to_half_life,
    to_wu, Effective, Gains, HALF_LIFE_PHASE,
};

/// The natural frequency (rad/s) and damping ratio that the sampled loop really has:
/// the closed loop `a = -kp' e - kd' e'` (per unit mass) stepped by semi-implicit Euler
/// at `dt`, whose one-step map has eigenvalues `z`; each maps back to `s = ln(z) / dt`.
/// A complex pair gives `w_n = |s|`, `zeta = -Re(s) / |s|`; two real positive roots give
/// `w_n = sqrt(s1 s2)`, `zeta = -(s1 + s2) / (2 w_n)`. `None` when an eigenvalue is
/// negative real or zero (no continuous equivalent) or the loop is unstable.
pub fn discrete_effective(
    kp_per_mass: f64,
    kd_per_mass: f64,
    dt: f64,
) -> Result<Option<Effective>, Error> {
    non_negative("kp", kp_per_mass)?;
    non_negative("kd", kd_per_mass)?;
    positive("dt", dt)?;
    // The semi-implicit map of `a = -kp' e - kd' e'` is forward PD's at these gains.
    let m = one_step_matrix(
        LawId::ForwardPd,
        Integrator::SemiImplicitEuler,
        kp_per_mass,
        kd_per_mass,
        dt,
    )?;
    Ok(from_eigenvalues(eigenvalues(m), dt))
}

/// The continuous equivalent of a one-step map with eigenvalues `z` at step `dt`
/// (`s = ln(z) / dt`), or `None` when the map is unstable or an eigenvalue is real and
/// not positive.
fn from_eigenvalues([z1, z2]: [Complex; 2], dt: f64) -> Option<Effective> {
    if z1.abs() > STABLE_LIMIT || z2.abs() > STABLE_LIMIT {
        return None;
    }
    if z1.im != 0.0 {
        let re = math::ln(z1.abs()) / dt;
        let im = math::atan2(z1.im, z1.re).abs() / dt;
        let wn = math::sqrt(re * re + im * im);
        return Some(Effective {
            natural_frequency: wn,
            damping_ratio: -re / wn,
        });
    }
    if z1.re <= 0.0 || z2.re <= 0.0 {
        return None;
    }
    let (s1, s2) = (math::ln(z1.re) / dt, math::ln(z2.re) / dt);
    let wn = math::sqrt(s1 * s2);
    Some(Effective {
        natural_frequency: wn,
        damping_ratio: -(s1 + s2) / (2.0 * wn),
    })
}

/// The natural frequency (rad/s) and damping ratio that `law` really has on a unit
/// mass under `integrator` at step `dt`, with gains per unit mass: the eigenvalues `z`
/// of its one-step map ([`one_step_matrix`]) mapped back by `s = ln(z) / dt`, as in
/// [`discrete_effective`]. `None` when the loop is unstable or an eigenvalue has no
/// continuous equivalent (negative real or zero: the loop rings at the step rate).
pub fn sampled_effective(
    law: LawId,
    integrator: Integrator,
    kp_per_mass: f64,
    kd_per_mass: f64,
    dt: f64,
) -> Result<Option<Effective>, Error> {
    positive("kp", kp_per_mass)?;
    non_negative("kd", kd_per_mass)?;
    positive("dt", dt)?;
    let m = one_step_matrix(law, integrator, kp_per_mass, kd_per_mass, dt)?;
    Ok(from_eigenvalues(eigenvalues(m), dt))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ALGEBRA_TOL;

    #[test]
    fn the_sampled_ratio_of_wus_law_is_the_closed_form_of_its_map() {
        // Wu's backward PD on a unit mass is the forward PD at kp g and (kd + kp dt) g,
        // g = 1 / (1 + kd dt + kp dt^2); under semi-implicit Euler its map has
        // tr = 2 - (p' + q') and det = 1 - q' (p' = kp g dt^2, q' = (kd + kp dt) g dt).
        // Its roots z give s = ln z / dt: w_n = |s|, zeta = -Re(s) / |s|.
        let (kp, kd, dt) = (400.0f64, 12.0f64, 1.0 / 60.0);
        let g = 1.0 / (1.0 + kd * dt + kp * dt * dt);
        let (p, q) = (kp * g * dt * dt, (kd + kp * dt) * g * dt);
        let (tr, det) = (2.0 - p - q, 1.0 - q);
        let im = (det - tr * tr / 4.0).sqrt(); // complex roots at these gains
        let (re_s, im_s) = (det.sqrt().ln() / dt, im.atan2(tr / 2.0) / dt);
        let wn = (re_s * re_s + im_s * im_s).sqrt();
        let sampled =
            sampled_effective(LawId::BackwardPd, Integrator::SemiImplicitEuler, kp, kd, dt)
                .unwrap()
                .unwrap();
        assert!(
            (sampled.natural_frequency - wn).abs() < ALGEBRA_TOL,
            "{sampled:?} vs {wn}"
        );
        assert!(
            (sampled.damping_ratio + re_s / wn).abs() < ALGEBRA_TOL,
            "{sampled:?}"
        );
        // A fine step approaches the continuous figures.
        let fine = sampled_effective(LawId::ForwardPd, Integrator::Rk4, kp, kd, 1e-5)
            .unwrap()
            .unwrap();
        let c = Effective::continuous(Gains { kp, kd }, 1.0).unwrap();
        assert!(
            (fine.damping_ratio - c.damping_ratio).abs() < 1e-3,
            "{fine:?} {c:?}"
        );
        // Forward PD past its limit has no equivalent.
        let wild = sampled_effective(
            LawId::ForwardPd,
            Integrator::SemiImplicitEuler,
            1e6,
            1.0,
            dt,
        );
        assert_eq!(wild.unwrap(), None);
    }

    #[test]
    fn discrete_effective_tends_to_continuous_as_dt_shrinks() {
        let (kp, kd) = (100.0, 6.0);
        let c = Effective::continuous(Gains { kp, kd }, 1.0).unwrap();
        let d = discrete_effective(kp, kd, 1e-5).unwrap().unwrap();
        assert!((d.natural_frequency - c.natural_frequency).abs() < 1e-3);
        assert!((d.damping_ratio - c.damping_ratio).abs() < 1e-3);
        // At a coarse step semi-implicit Euler damps more than the continuous model:
        // |z|^2 = det = 1 - kd dt, so Re(s) = ln(1 - kd dt) / (2 dt) < -kd / 2.
        let coarse = discrete_effective(kp, kd, 0.05).unwrap().unwrap();
        assert!(coarse.damping_ratio > c.damping_ratio + 0.01, "{coarse:?}");
        assert_eq!(discrete_effective(1e6, 10.0, 1.0 / 60.0).unwrap(), None);
    }
}
