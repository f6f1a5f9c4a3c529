//! Gain parameterisations: the articles' ways of stating a spring-damper (Wu's
//! frequency and damping, Bloom's K, D and time scale, natural frequency and damping
//! ratio, half-life) and their conversion to and from the raw gains the laws take.
//!
//! Every converter returns stiffness `kp` (N/m) and damping `kd` (N s/m) for a body of
//! `mass` kg. [`Effective`] says which natural frequency and damping ratio a pair gives
//! in continuous time (`w_n = sqrt(kp/m)`, `zeta = kd / (2 sqrt(kp m))`); what the pair
//! gives as the stepped loop runs is `crate::tuning`'s.

use crate::error::{non_negative, positive, Error};
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

/// The half-life (s) of these gains, whatever their damping: the time after which the
/// error of a spring released at rest (continuous time) is first half its start. For a
/// critically damped pair it is the `h` of [`from_half_life`], `x* / sqrt(kp / m)`; an
/// underdamped pair gets there sooner, an overdamped one later. (It once gave
/// `x* / sqrt(kp / m)` for every pair, so a card showed the half-life of gains other
/// than the ones that ran.)
pub fn to_half_life(gains: Gains, mass: f64) -> Result<f64, Error> {
    let e = Effective::continuous(gains, mass)?;
    let (w, zeta) = (e.natural_frequency, e.damping_ratio);
    let error = |t: f64| released_error(w, zeta, t);
    // A bracket [0, hi] with error(hi) <= 1/2, on which the error only falls: an
    // underdamped error falls until its first swing through zero at pi / w_d; otherwise
    // it falls for ever, and hi doubles from the critical half-life until it is past.
    let mut hi = if zeta < 1.0 {
        core::f64::consts::PI / (w * math::sqrt(1.0 - zeta * zeta))
    } else {
        HALF_LIFE_PHASE / w
    };
    while error(hi) > 0.5 && hi.is_finite() {
        hi *= 2.0;
    }
    let mut lo = 0.0;
    // Halving the bracket until it stops shrinking (at most ~1100 halvings of an f64).
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return Ok(hi);
        }
        if error(mid) > 0.5 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// The error at `t` of a spring of natural frequency `w` and damping ratio `zeta`
/// released at rest from 1: `e^{-zeta w t} (C(t) + zeta w S(t))` with `C = cos(w_d t)`,
/// `S = sin(w_d t) / w_d` (underdamped) or `cosh(b t)`, `sinh(b t) / b` (overdamped,
/// `b = w sqrt(zeta^2 - 1)`); `S` by its series near critical damping, where the
/// closed forms cancel.
fn released_error(w: f64, zeta: f64, t: f64) -> f64 {
    let decay = zeta * w;
    let b = w * math::sqrt((zeta * zeta - 1.0).abs());
    let x = b * t;
    // sin(x)/x or sinh(x)/x to double precision below 1e-2 (next term x^6 / 5040).
    let sign = if zeta < 1.0 { -1.0 } else { 1.0 };
    let small = |x: f64| 1.0 + sign * x * x / 6.0 + x * x * x * x / 120.0;
    if zeta < 1.0 {
        let s = if x < 1e-2 {
            t * small(x)
        } else {
            math::sin(x) / b
        };
        math::exp(-decay * t) * (math::cos(x) + decay * s)
    } else if x < 1e-2 {
        let c = 1.0 + x * x / 2.0 + x * x * x * x / 24.0;
        math::exp(-decay * t) * (c + decay * t * small(x))
    } else {
        // e^{-decay t} cosh(x) and sinh(x), written so that nothing overflows (b < decay).
        let (up, down) = (math::exp((b - decay) * t), math::exp(-(b + decay) * t));
        0.5 * (up + down) + decay / b * 0.5 * (up - down)
    }
}

/// Bloom's time scale `T` (s) at which these gains have `K = 1`: `kp = 36 m (K/T)^2`
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

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The error after `t` s of a body released at rest 1 m from its target under forward
    /// PD with gains `g`, stepped finely (20,000 steps) so that it is the continuous one.
    fn error_after(g: Gains, mass: f64, t: f64) -> f64 {
        let dt = t / 20_000.0;
        let mut body = crate::body::Body1 {
            x: 1.0,
            mass,
            ..Default::default()
        };
        for _ in 0..20_000 {
            body.step(-g.kp * body.x - g.kd * body.v, dt).unwrap();
        }
        body.x
    }

    #[test]
    fn the_error_is_half_its_start_after_one_half_life() {
        // The statement the Lab prints, tested by stepping a body: released at rest 1 m
        // from its target, forward PD at a fine step, the error at t = h is 0.5 m.
        for (h, mass) in [(1.0, 1.0), (0.3, 2.5), (0.05, 0.2)] {
            let g = from_half_life(h, mass).unwrap();
            assert!((Effective::continuous(g, mass).unwrap().damping_ratio - 1.0).abs() < TOL);
            let error_at_h = error_after(g, mass, h);
            assert!((error_at_h - 0.5).abs() < 2e-4, "h = {h}: {error_at_h}");
            assert!((to_half_life(g, mass).unwrap() - h).abs() < TOL * h);
        }
        // Any damping: the half-life is when the stepped error is half its start.
        for (kp, kd, mass) in [
            (400.0, 20.0, 1.0),
            (400.0, 0.0, 1.0),
            (400.0, 200.0, 1.0),
            (50.0, 3.0, 2.5),
        ] {
            let g = Gains { kp, kd };
            let h = to_half_life(g, mass).unwrap();
            let error_at_h = error_after(g, mass, h);
            assert!((error_at_h - 0.5).abs() < 2e-4, "{kp} {kd}: {error_at_h}");
        }
        // zeta = 0.5 halves sooner than the critical pair with the same stiffness.
        let under = to_half_life(
            Gains {
                kp: 400.0,
                kd: 20.0,
            },
            1.0,
        )
        .unwrap();
        assert!(under < HALF_LIFE_PHASE / 20.0 - 0.01, "{under}");
        // Through critical damping the half-life does not jump.
        let at = |kd: f64| to_half_life(Gains { kp: 400.0, kd }, 1.0).unwrap();
        let critical = HALF_LIFE_PHASE / 20.0;
        for kd in [40.0 - 1e-9, 40.0, 40.0 + 1e-9, 40.0 * (1.0 + f64::EPSILON)] {
            assert!((at(kd) - critical).abs() < 1e-9, "{kd}: {}", at(kd));
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
}
