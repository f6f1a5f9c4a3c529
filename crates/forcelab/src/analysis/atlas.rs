//! Closed-loop stability over a grid of gains. The linear 1-D laws analytically: on a
//! unit mass with the target at rest, every one of them is an acceleration
//! `a = -Kp' x - Kd' v` with effective gains that depend on `kp`, `kd` and `dt`; each
//! integrator then gives a 2 x 2 one-step map on `(x, v)` whose spectral radius decides
//! stability. The PIDs by their closed loop's poles ([`super::poles`]) at one slice of
//! the integral gain.

use super::complex::Complex;
use crate::catalogue::LawId;
use crate::error::{in_range, Error};
use crate::integrator::Integrator;
use crate::math;
use core::f64::consts::PI;

/// The effective acceleration gains `(Kp', Kd')` (1/s^2, 1/s) on a unit mass:
/// forward PD `(kp, kd)`; backward PD and Bloom `g (kp, kd + kp dt)` with
/// `g = 1/(1 + kd dt + kp dt^2)`; SPD `(kp, kd + kp dt) / (1 + kd dt)`; simplified
/// SPD `(kp, kd + kp dt)`; second order `(1, k1) / k2'` with
/// `k2' = max(1/kp, dt^2/2 + dt k1/2, dt k1)`, `k1 = kd/kp`; soft step
/// `mass_scale / dt (bias_rate, 1)`.
///
/// Refused for a law that is not linear and memoryless (`Law::linear` false).
pub fn effective_gains(law: LawId, kp: f64, kd: f64, dt: f64) -> Result<(f64, f64), Error> {
    Ok(match law {
        LawId::ForwardPd => (kp, kd),
        LawId::BackwardPd | LawId::ImplicitPd => {
            let g = 1.0 / (1.0 + kd * dt + kp * dt * dt);
            (g * kp, g * (kd + kp * dt))
        }
        LawId::Spd => (kp / (1.0 + kd * dt), (kd + kp * dt) / (1.0 + kd * dt)),
        LawId::SpdSimplified => (kp, kd + kp * dt),
        LawId::SecondOrder => {
            let k1 = kd / kp;
            let k2 = (1.0 / kp).max(dt * dt / 2.0 + dt * k1 / 2.0).max(dt * k1);
            (1.0 / k2, k1 / k2)
        }
        LawId::SoftStep => {
            let w = math::sqrt(kp);
            let zeta = kd / (2.0 * w);
            let a1 = 2.0 * zeta + dt * w;
            let a2 = dt * w * a1;
            let mass_scale = a2 / (1.0 + a2);
            (mass_scale / dt * (w / a1), mass_scale / dt)
        }
        _ => return Err(Error::Unsupported {
            field: "law",
            reason:
                "only the memoryless linear laws have a 2 x 2 one-step map (catalogue::linear_laws)",
        }),
    })
}

/// The one-step map `[x', v'] = M [x, v]` of a unit mass under `a = -Kp' x - Kd' v`:
/// semi-implicit Euler `v' = v + a dt, x' = x + v' dt`; explicit Euler
/// `x' = x + v dt, v' = v + a dt`; RK4 (exact for the held acceleration)
/// `x' = x + v dt + a dt^2/2, v' = v + a dt`. Refused for a law that is not linear and
/// memoryless.
pub fn one_step_matrix(
    law: LawId,
    integrator: Integrator,
    kp: f64,
    kd: f64,
    dt: f64,
) -> Result<[[f64; 2]; 2], Error> {
    let (p, d) = effective_gains(law, kp, kd, dt)?;
    // Row of the acceleration: a = [-p, -d] . [x, v].
    let (ax, av) = (-p, -d);
    Ok(match integrator {
        Integrator::SemiImplicitEuler => {
            let vx = ax * dt;
            let vv = 1.0 + av * dt;
            [[1.0 + vx * dt, vv * dt], [vx, vv]]
        }
        Integrator::ExplicitEuler => [[1.0, dt], [ax * dt, 1.0 + av * dt]],
        Integrator::Rk4 => [
            [1.0 + 0.5 * ax * dt * dt, dt + 0.5 * av * dt * dt],
            [ax * dt, 1.0 + av * dt],
        ],
    })
}

/// The two eigenvalues of a 2 x 2 matrix (a complex pair or two reals, larger first).
pub fn eigenvalues(m: [[f64; 2]; 2]) -> [Complex; 2] {
    let trace = m[0][0] + m[1][1];
    let det = m[0][0] * m[1][1] - m[0][1] * m[1][0];
    let half = 0.5 * trace;
    let disc = half * half - det;
    if disc >= 0.0 {
        let r = math::sqrt(disc);
        [
            Complex {
                re: half + r,
                im: 0.0,
            },
            Complex {
                re: half - r,
                im: 0.0,
            },
        ]
    } else {
        let i = math::sqrt(-disc);
        [Complex { re: half, im: i }, Complex { re: half, im: -i }]
    }
}

/// The largest eigenvalue modulus of `m`.
pub fn spectral_radius(m: [[f64; 2]; 2]) -> f64 {
    let [a, b] = eigenvalues(m);
    a.abs().max(b.abs())
}

/// The grid an atlas covers.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct AtlasSpec {
    /// Physics step, s.
    pub dt: f64,
    /// Smallest value of each axis (`kp dt^2` and `kd dt`, unitless).
    pub min: f64,
    /// Largest value of each axis.
    pub max: f64,
    /// Log-spaced points per axis, ends included.
    pub points: usize,
    /// The PIDs' integral gain as `ki dt^3` (per unit mass, unitless): their loop has a
    /// third state, so their map is the slice at this value.
    pub integral: f64,
}

impl Default for AtlasSpec {
    /// `dt = 1/60`, both axes from 1e-3 to 1e4, 57 points (8 per decade), the PIDs'
    /// slice at `ki dt^3 = 1e-4` (ki = 21.6 N/(m s) for 1 kg at 60 Hz).
    fn default() -> Self {
        AtlasSpec {
            dt: 1.0 / 60.0,
            min: 1e-3,
            max: 1e4,
            points: 57,
            integral: 1e-4,
        }
    }
}

/// A loop is stable when its spectral radius is at most `1 + STABLE_TOLERANCE`.
pub const STABLE_TOLERANCE: f64 = 1e-12;

/// The largest spectral radius counted stable: `1 + STABLE_TOLERANCE`.
pub const STABLE_LIMIT: f64 = 1.0 + STABLE_TOLERANCE;

/// Spectral radii of one law under one integrator over a log grid: rows are
/// `kp dt^2`, columns `kd dt`, `radii[row * points + column]`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Atlas {
    /// The law.
    pub law: LawId,
    /// The integrator.
    pub integrator: Integrator,
    /// The grid.
    pub spec: AtlasSpec,
    /// The axis values (shared by rows and columns).
    pub axis: Vec<f64>,
    /// Per cell, row-major: the spectral radius of the one-step map (linear laws), or the
    /// largest pole modulus of the closed loop at the spec's integral slice (PIDs).
    pub radii: Vec<f64>,
}

impl Atlas {
    /// The maps the atlas draws: every law it covers
    /// ([`atlas_laws`](crate::catalogue::atlas_laws)) under every integrator, in table
    /// order.
    pub fn maps() -> Vec<(LawId, Integrator)> {
        crate::catalogue::atlas_laws()
            .into_iter()
            .flat_map(|law| Integrator::ALL.map(|i| (law, i)))
            .collect()
    }

    /// Computes the atlas: the spectral radius (the largest pole's modulus) of each cell;
    /// for a PID, of the slice at `spec.integral`.
    pub fn compute(law: LawId, integrator: Integrator, spec: AtlasSpec) -> Result<Atlas, Error> {
        // Past these bounds the cells' gains (`axis / dt^2`) overflow and the radii
        // would be NaN, not a verdict.
        in_range("dt", spec.dt, 1e-6, 1.0)?;
        in_range("min", spec.min, 1e-9, 1e9)?;
        in_range("max", spec.max, spec.min, 1e9)?;
        if spec.max == spec.min {
            return Err(Error::Unsupported {
                field: "max",
                reason: "must be greater than min",
            });
        }
        in_range("integral", spec.integral, 0.0, 1e3)?;
        if spec.points < 2 || spec.points > 4096 {
            return Err(Error::OutOfRange {
                field: "points",
                value: spec.points as f64,
                min: 2.0,
                max: 4096.0,
            });
        }
        let axis = log_axis(spec.min, spec.max, spec.points);
        let dt = spec.dt;
        // Only the PIDs read the slice; the other laws refuse an integral gain.
        let ki = if law.law().integral {
            spec.integral / (dt * dt * dt)
        } else {
            0.0
        };
        // The plant is the same in every cell: read it off once per map.
        let plant = if law.law().linear {
            None
        } else {
            Some(super::poles::plant(integrator, 1.0, dt)?)
        };
        let mut radii = Vec::with_capacity(spec.points * spec.points);
        for &a in &axis {
            for &b in &axis {
                let (kp, kd) = (a / (dt * dt), b / dt);
                radii.push(match &plant {
                    None => spectral_radius(one_step_matrix(law, integrator, kp, kd, dt)?),
                    Some(plant) => super::poles::of_pid(plant, law, kp, kd, ki, dt)?
                        .first()
                        .map_or(0.0, |z| z.abs()),
                });
            }
        }
        Ok(Atlas {
            law,
            integrator,
            spec,
            axis,
            radii,
        })
    }

    /// The fraction of cells with radius at most `STABLE_LIMIT`.
    pub fn stable_fraction(&self) -> f64 {
        let stable = self.radii.iter().filter(|&&r| r <= STABLE_LIMIT).count();
        stable as f64 / self.radii.len() as f64
    }
}

/// `points` values from `min` to `max` (ends included, `points >= 2`), evenly spaced in
/// log: `min (max / min)^(k / (points - 1))`, as `min exp(k ln(max / min) / (points - 1))`
/// through the core's libm. A stability map's side, here and in the chain's map.
pub fn log_axis(min: f64, max: f64, points: usize) -> Vec<f64> {
    let ratio = math::ln(max / min);
    (0..points)
        .map(|k| min * math::exp(ratio * k as f64 / (points - 1) as f64))
        .collect()
}

/// The soft step's `(hertz, damping_ratio)` for stiffness and damping per unit mass.
pub fn soft_step_parameters(kp: f64, kd: f64) -> (f64, f64) {
    let w = math::sqrt(kp);
    (w / (2.0 * PI), kd / (2.0 * w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Body1;
    use crate::controllers::*;

    /// The real controller of `law` as a force on a unit mass toward 0.
    fn force(law: LawId, kp: f64, kd: f64, dt: f64, body: &Body1) -> f64 {
        let t = Target1::at(0.0);
        match law {
            LawId::ForwardPd => ForwardPd { kp, kd }.force(body, &t).unwrap().total,
            LawId::BackwardPd => BackwardPd { kp, kd }.force(body, &t, dt).unwrap().total,
            LawId::Spd => Spd { kp, kd }.force(body, &t, dt).unwrap().total,
            LawId::SpdSimplified => SpdSimplified { kp, kd }.force(body, &t, dt).unwrap().total,
            LawId::ImplicitPd => {
                // ks = 36 (k/T)^2 = kp with k = 1; kd = 9 d / T.
                let time_scale = 6.0 / math::sqrt(kp);
                let c = ImplicitPd {
                    k: 1.0,
                    d: kd * time_scale / 9.0,
                    time_scale,
                    min_velocity: 0.0,
                };
                c.force(body, &t, dt).unwrap().total
            }
            LawId::SecondOrder => {
                let f = math::sqrt(kp) / (2.0 * PI);
                let c = SecondOrder {
                    frequency: f,
                    zeta: kd * PI * f / kp,
                    response: 0.0,
                };
                c.force(body, &t, dt).unwrap().total
            }
            LawId::SoftStep => {
                let (hertz, damping_ratio) = soft_step_parameters(kp, kd);
                SoftStep {
                    hertz,
                    damping_ratio,
                }
                .force(body, &t, dt)
                .unwrap()
                .total
            }
            _ => unreachable!("not a linear law"),
        }
    }

    /// The per-step growth rate of the state norm, measured over the second half of a
    /// run of up to 2,000 steps (the first half lets the start-up transient die out),
    /// and how many steps that half had.
    fn measured_rate(
        law: LawId,
        integrator: Integrator,
        kp: f64,
        kd: f64,
        dt: f64,
    ) -> (f64, usize) {
        let mut b = Body1 {
            x: 1.0,
            v: 0.3,
            mass: 1.0,
            integrator,
        };
        // Any norm gives the same growth rate; the max-norm of (x, v dt) cannot overflow
        // on the way and, both parts being lengths, keeps the wobble of a complex pair small.
        let norm = |b: &Body1| b.x.abs().max((b.v * dt).abs());
        let mut norms = vec![norm(&b)];
        for _ in 0..2000 {
            let f = force(law, kp, kd, dt, &b);
            b.step(f, dt).unwrap();
            let n = norm(&b);
            if !(1e-100..1e100).contains(&n) {
                break;
            }
            norms.push(n);
        }
        let end = norms.len() - 1;
        let mid = end / 2;
        (
            math::ln(norms[end] / norms[mid]) / (end - mid) as f64,
            end - mid,
        )
    }

    #[test]
    fn analytic_radius_matches_simulation_at_sample_points_of_every_map() {
        let dt = 1.0 / 60.0;
        let samples = [
            (1e-3, 1e-2),
            (0.05, 0.3),
            (0.5, 0.05),
            (2.0, 1.0),
            (3.9, 0.01),
            (10.0, 0.5),
            (0.2, 5.0),
            (50.0, 100.0),
        ];
        for law in crate::catalogue::linear_laws() {
            for integrator in [Integrator::SemiImplicitEuler, Integrator::ExplicitEuler] {
                for (a, b) in samples {
                    let (kp, kd) = (a / (dt * dt), b / dt);
                    let radius =
                        spectral_radius(one_step_matrix(law, integrator, kp, kd, dt).unwrap());
                    if radius < 1e-3 {
                        continue; // deadbeat-like: the norm underflows, nothing to compare
                    }
                    let (rate, steps) = measured_rate(law, integrator, kp, kd, dt);
                    // A complex pair makes the norm wobble by a bounded factor, so the
                    // rate is known to about 1/steps.
                    let tolerance = (2.0 / steps as f64).max(1e-2);
                    assert!(
                        (rate - math::ln(radius)).abs() < tolerance,
                        "{} {:?} at kp dt^2 = {a}, kd dt = {b}: radius {radius}, measured e^{rate} = {}",
                        law.id(), integrator, math::exp(rate)
                    );
                }
            }
        }
    }

    #[test]
    fn backward_pd_is_stable_on_the_whole_grid_and_forward_pd_is_not() {
        let spec = AtlasSpec::default();
        let backward =
            Atlas::compute(LawId::BackwardPd, Integrator::SemiImplicitEuler, spec).unwrap();
        let forward =
            Atlas::compute(LawId::ForwardPd, Integrator::SemiImplicitEuler, spec).unwrap();
        assert_eq!(backward.radii.len(), 57 * 57);
        assert_eq!(backward.stable_fraction(), 1.0);
        assert!(
            forward.stable_fraction() < 0.5,
            "{}",
            forward.stable_fraction()
        );
        assert!((backward.axis[0] - 1e-3).abs() < 1e-15 && (backward.axis[56] - 1e4).abs() < 1e-8);
    }

    #[test]
    fn the_maps_are_every_atlas_law_under_every_integrator_once_in_table_order() {
        let maps = Atlas::maps();
        let laws = crate::catalogue::atlas_laws();
        let n = Integrator::ALL.len();
        assert_eq!(maps.len(), laws.len() * n);
        for (k, &(law, integrator)) in maps.iter().enumerate() {
            assert_eq!(
                (law, integrator),
                (laws[k / n], Integrator::ALL[k % n]),
                "map {k}"
            );
        }
        assert!(laws.contains(&LawId::Pid) && laws.contains(&LawId::BackwardPd));
    }

    #[test]
    fn the_grid_takes_two_points_or_more_and_names_a_count_it_refuses() {
        let spec = |points| AtlasSpec {
            points,
            ..AtlasSpec::default()
        };
        let two = Atlas::compute(LawId::ForwardPd, Integrator::SemiImplicitEuler, spec(2)).unwrap();
        assert_eq!(two.radii.len(), 4);
        assert!((two.axis[0] - 1e-3).abs() < 1e-15 && (two.axis[1] / 1e4 - 1.0).abs() < 1e-12);
        for bad in [0, 1, 4097] {
            match Atlas::compute(LawId::ForwardPd, Integrator::SemiImplicitEuler, spec(bad)) {
                Err(Error::OutOfRange { field, value, .. }) => {
                    assert_eq!((field, value), ("points", bad as f64));
                }
                other => panic!("{bad} points: {other:?}"),
            }
        }
    }

    #[test]
    fn forward_pd_matches_the_jury_conditions() {
        // Semi-implicit Euler: stable iff b <= 2 and a <= 4 - 2 b.
        let dt = 0.01;
        for (a, b, stable) in [
            (1.0, 0.5, true),
            (2.9, 0.5, true),
            (3.1, 0.5, false),
            (0.1, 2.1, false),
        ] {
            let r = spectral_radius(
                one_step_matrix(
                    LawId::ForwardPd,
                    Integrator::SemiImplicitEuler,
                    a / (dt * dt),
                    b / dt,
                    dt,
                )
                .unwrap(),
            );
            assert_eq!(r <= 1.0 + STABLE_TOLERANCE, stable, "a {a} b {b}: {r}");
        }
    }

    #[test]
    fn each_atlas_law_carries_the_lab_s_id_for_it() {
        // The page links an atlas map to the Lab card of the same law by this id.
        for law in crate::catalogue::linear_laws() {
            assert_eq!(LawId::from_id(law.id()), Some(law));
            assert!(law.drives(crate::catalogue::PlantId::Cube), "{}", law.id());
        }
        assert!(!crate::catalogue::linear_laws().contains(&LawId::Pid));
        assert!(effective_gains(LawId::Pid, 1.0, 1.0, 0.01).is_err());
    }
}
