//! Gain parameterisations and what they really give.
//!
//! Every converter returns stiffness `kp` (N/m) and damping `kd` (N s/m) for a body of
//! `mass` kg, the raw gains the force laws take. [`Effective`] then says which natural
//! frequency and damping ratio a pair of gains gives: in continuous time
//! (`w_n = sqrt(kp/m)`, `zeta = kd / (2 sqrt(kp m))`), and as the closed loop actually
//! runs at a step `dt` ([`discrete_effective`]).

use crate::analysis::{eigenvalues, one_step_matrix, Complex, LinearLaw, STABLE_TOLERANCE};
use crate::error::{non_negative, positive, Error};
use crate::integrator::Integrator;
use crate::math;

/// Stiffness and damping, N/m and N s/m.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Gains {
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
}

/// Natural frequency (rad/s) and damping ratio of a spring-damper.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Effective {
    /// Undamped natural frequency, rad/s.
    pub natural_frequency: f64,
    /// Damping ratio: 1 is critical, below oscillates, above is sluggish.
    pub damping_ratio: f64,
}

impl Effective {
    /// Of the continuous spring-damper `m x'' = -kp x - kd x'`.
    pub fn continuous(gains: Gains, mass: f64) -> Result<Effective, Error> {
        positive("mass", mass)?;
        positive("kp", gains.kp)?;
        non_negative("kd", gains.kd)?;
        Ok(Effective {
            natural_frequency: math::sqrt(gains.kp / mass),
            damping_ratio: gains.kd / (2.0 * math::sqrt(gains.kp * mass)),
        })
    }
}

/// David Wu's parameterisation (article 002): `kp = (6 f)^2 / 4`, `kd = 4.5 f damping`,
/// per unit mass, scaled here by `mass`. The article calls `damping = 1` critical; the
/// continuous damping ratio it gives is `4.5 / 6 = 0.75` (see the tests).
pub fn from_wu(frequency: f64, damping: f64, mass: f64) -> Result<Gains, Error> {
    non_negative("frequency", frequency)?;
    non_negative("damping", damping)?;
    positive("mass", mass)?;
    let six_f = 6.0 * frequency;
    Ok(Gains {
        kp: mass * six_f * six_f * 0.25,
        kd: mass * 4.5 * frequency * damping,
    })
}

/// Charles Bloom's parameterisation (article 003): `ks = 36 (k / T)^2`,
/// `kd = 9 k d / T`, per unit mass, scaled by `mass`. `k = d = 1` gives a continuous
/// damping ratio of `9 / 12 = 0.75`.
pub fn from_bloom(k: f64, d: f64, time_scale: f64, mass: f64) -> Result<Gains, Error> {
    non_negative("k", k)?;
    non_negative("d", d)?;
    positive("time_scale", time_scale)?;
    positive("mass", mass)?;
    let r = k / time_scale;
    Ok(Gains {
        kp: mass * 36.0 * r * r,
        kd: mass * 9.0 * k * d / time_scale,
    })
}

/// From natural frequency `w_n` (rad/s) and damping ratio: `kp = m w_n^2`,
/// `kd = 2 m zeta w_n`.
pub fn from_natural(natural_frequency: f64, damping_ratio: f64, mass: f64) -> Result<Gains, Error> {
    non_negative("natural_frequency", natural_frequency)?;
    non_negative("damping_ratio", damping_ratio)?;
    positive("mass", mass)?;
    Ok(Gains {
        kp: mass * natural_frequency * natural_frequency,
        kd: 2.0 * mass * damping_ratio * natural_frequency,
    })
}

/// `x* = w_n h` at which a critically damped spring released at rest has closed half its
/// error: the root of `(1 + x) e^{-x} = 1/2`, about 1.678347 (dimensionless).
pub const HALF_LIFE_PHASE: f64 = 1.678_346_990_016_660_7;

/// A critically damped spring whose error, released at rest, is half its start after
/// `half_life` seconds (continuous time): `e(t) = e0 (1 + w_n t) e^{-w_n t}`, so
/// `w_n = x* / h` with `x* =` [`HALF_LIFE_PHASE`]; `kp = m w_n^2`, `kd = 2 m w_n`.
///
/// Not `w_n = ln 2 / h`: that halves only the envelope `e^{-w_n t}`, and the error
/// itself is still 84.6 % of its start after `h`. A critically damped error does not
/// halve again in the next `h` either (it is not an exponential): it reaches 15.2 % at
/// `2 h`. The stepped law differs from this by its own discretisation error.
pub fn from_half_life(half_life: f64, mass: f64) -> Result<Gains, Error> {
    positive("half_life", half_life)?;
    positive("mass", mass)?;
    from_natural(HALF_LIFE_PHASE / half_life, 1.0, mass)
}

/// The half-life (s) of [`from_half_life`] that has these gains' natural frequency:
/// `h = x* / sqrt(kp / m)`. Exact for a critically damped pair; for others it is the
/// half-life of the critically damped spring with the same stiffness.
pub fn to_half_life(gains: Gains, mass: f64) -> Result<f64, Error> {
    let e = Effective::continuous(gains, mass)?;
    Ok(HALF_LIFE_PHASE / e.natural_frequency)
}

/// Bloom's time scale `T` (s) at which these gains have `K = 1`: `ks = 36 m (K/T)^2`
/// gives `T = 6 sqrt(m / kp)`.
pub fn bloom_time_scale(gains: Gains, mass: f64) -> Result<f64, Error> {
    positive("mass", mass)?;
    positive("kp", gains.kp)?;
    Ok(6.0 * math::sqrt(mass / gains.kp))
}

/// Wu's `(frequency, damping)` for these gains (inverse of [`from_wu`]).
pub fn to_wu(gains: Gains, mass: f64) -> Result<(f64, f64), Error> {
    positive("mass", mass)?;
    positive("kp", gains.kp)?;
    non_negative("kd", gains.kd)?;
    let f = math::sqrt(gains.kp / mass / 9.0);
    Ok((f, gains.kd / mass / (4.5 * f)))
}

/// Bloom's `(k, d)` for these gains at `time_scale` (inverse of [`from_bloom`]).
pub fn to_bloom(gains: Gains, time_scale: f64, mass: f64) -> Result<(f64, f64), Error> {
    positive("time_scale", time_scale)?;
    positive("mass", mass)?;
    positive("kp", gains.kp)?;
    non_negative("kd", gains.kd)?;
    let k = math::sqrt(gains.kp / mass / 36.0) * time_scale;
    Ok((k, gains.kd / mass * time_scale / (9.0 * k)))
}

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
        LinearLaw::ForwardPd,
        Integrator::SemiImplicitEuler,
        kp_per_mass,
        kd_per_mass,
        dt,
    );
    Ok(from_eigenvalues(eigenvalues(m), dt))
}

/// The continuous equivalent of a one-step map with eigenvalues `z` at step `dt`
/// (`s = ln(z) / dt`), or `None` when the map is unstable or an eigenvalue is real and
/// not positive.
fn from_eigenvalues([z1, z2]: [Complex; 2], dt: f64) -> Option<Effective> {
    if z1.abs() > 1.0 + STABLE_TOLERANCE || z2.abs() > 1.0 + STABLE_TOLERANCE {
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
    law: LinearLaw,
    integrator: Integrator,
    kp_per_mass: f64,
    kd_per_mass: f64,
    dt: f64,
) -> Result<Option<Effective>, Error> {
    positive("kp", kp_per_mass)?;
    non_negative("kd", kd_per_mass)?;
    positive("dt", dt)?;
    let m = one_step_matrix(law, integrator, kp_per_mass, kd_per_mass, dt);
    Ok(from_eigenvalues(eigenvalues(m), dt))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let sampled = sampled_effective(
            LinearLaw::BackwardPd,
            Integrator::SemiImplicitEuler,
            kp,
            kd,
            dt,
        )
        .unwrap()
        .unwrap();
        assert!(
            (sampled.natural_frequency - wn).abs() < 1e-9,
            "{sampled:?} vs {wn}"
        );
        assert!(
            (sampled.damping_ratio + re_s / wn).abs() < 1e-9,
            "{sampled:?}"
        );
        // A fine step approaches the continuous figures.
        let fine = sampled_effective(LinearLaw::ForwardPd, Integrator::Rk4, kp, kd, 1e-5)
            .unwrap()
            .unwrap();
        let c = Effective::continuous(Gains { kp, kd }, 1.0).unwrap();
        assert!(
            (fine.damping_ratio - c.damping_ratio).abs() < 1e-3,
            "{fine:?} {c:?}"
        );
        // Forward PD past its limit has no equivalent.
        let wild = sampled_effective(
            LinearLaw::ForwardPd,
            Integrator::SemiImplicitEuler,
            1e6,
            1.0,
            dt,
        );
        assert_eq!(wild.unwrap(), None);
    }

    const TOL: f64 = 1e-12;

    #[test]
    fn wus_damping_one_is_a_damping_ratio_of_three_quarters() {
        for (f, m) in [(1.0, 1.0), (6.0, 3.0), (0.5, 0.2)] {
            let g = from_wu(f, 1.0, m).unwrap();
            let e = Effective::continuous(g, m).unwrap();
            assert!((e.damping_ratio - 0.75).abs() < TOL);
            assert!((e.natural_frequency - 3.0 * f).abs() < TOL);
        }
    }

    #[test]
    fn blooms_k_d_one_is_also_three_quarters() {
        let g = from_bloom(1.0, 1.0, 0.5, 2.0).unwrap();
        let e = Effective::continuous(g, 2.0).unwrap();
        assert!((e.damping_ratio - 0.75).abs() < TOL);
        assert!((e.natural_frequency - 12.0).abs() < TOL);
    }

    #[test]
    fn conversions_round_trip() {
        let g = from_natural(7.0, 0.4, 2.5).unwrap();
        let e = Effective::continuous(g, 2.5).unwrap();
        assert!((e.natural_frequency - 7.0).abs() < TOL && (e.damping_ratio - 0.4).abs() < TOL);
        let (f, d) = to_wu(from_wu(2.0, 0.6, 1.5).unwrap(), 1.5).unwrap();
        assert!((f - 2.0).abs() < TOL && (d - 0.6).abs() < TOL);
        let (k, d) = to_bloom(from_bloom(1.2, 0.8, 0.7, 3.0).unwrap(), 0.7, 3.0).unwrap();
        assert!((k - 1.2).abs() < TOL && (d - 0.8).abs() < TOL);
    }

    #[test]
    fn half_life_phase_is_where_the_released_error_is_half() {
        let x = HALF_LIFE_PHASE;
        assert!(((1.0 + x) * math::exp(-x) - 0.5).abs() < 1e-15);
    }

    #[test]
    fn the_error_is_half_its_start_after_one_half_life() {
        // The statement the Lab prints, tested by stepping a body: released at rest 1 m
        // from its target, forward PD at a fine step, the error at t = h is 0.5 m.
        for (h, mass) in [(1.0, 1.0), (0.3, 2.5), (0.05, 0.2)] {
            let g = from_half_life(h, mass).unwrap();
            assert!((Effective::continuous(g, mass).unwrap().damping_ratio - 1.0).abs() < TOL);
            let dt = h / 20_000.0;
            let mut body = crate::body::Body1 {
                x: 1.0,
                mass,
                ..Default::default()
            };
            for _ in 0..20_000 {
                body.step(-g.kp * body.x - g.kd * body.v, dt).unwrap();
            }
            let error_at_h = body.x;
            assert!((error_at_h - 0.5).abs() < 2e-4, "h = {h}: {error_at_h}");
            assert!((to_half_life(g, mass).unwrap() - h).abs() < TOL * h);
        }
        // The envelope convention it replaces leaves 84.6 % after h.
        let x = core::f64::consts::LN_2;
        assert!(((1.0 + x) * math::exp(-x) - 0.846_574).abs() < 1e-6);
    }

    #[test]
    fn bloom_time_scale_gives_unit_k() {
        let g = Gains {
            kp: 288.0,
            kd: 36.0,
        };
        let t = bloom_time_scale(g, 2.0).unwrap();
        assert!((t - 0.5).abs() < TOL);
        let (k, d) = to_bloom(g, t, 2.0).unwrap();
        assert!((k - 1.0).abs() < TOL && (d - 1.0).abs() < TOL);
        assert!(bloom_time_scale(Gains { kp: 0.0, kd: 1.0 }, 1.0).is_err());
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
