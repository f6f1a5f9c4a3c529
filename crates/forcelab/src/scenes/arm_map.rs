//! The arm scene's stability map: for one chain law on the arm of an [`ArmSettings`], the
//! spectral radius of its closed loop linearised where it comes to rest
//! ([`crate::analysis::chain_map`]), over a log grid of the stiffness and damping every
//! joint shares (issue 48's "stability map for the chain's linearisation at a pose").
//! The figure draws it as chapter 8 draws the one-body atlas, with the arm's gains marked.

use super::arm::{arm_chain, ArmSettings};
use crate::analysis::chain_map::{chain_atlas, ChainLoop};
use crate::analysis::{log_axis, STABLE_LIMIT};
use crate::controllers::chain::{ChainGains, ChainLawId};
use crate::error::{in_range, Error};

/// The grid of an arm's stability map: `points` log-spaced stiffnesses from `kp_min` to
/// `kp_max` (rows, N m/rad) by as many dampings from `kd_min` to `kd_max` (columns,
/// N m s/rad), ends included, every joint at the cell's gains.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ArmMapGrid {
    /// The least stiffness, N m/rad.
    pub kp_min: f64,
    /// The greatest stiffness, N m/rad.
    pub kp_max: f64,
    /// The least damping, N m s/rad.
    pub kd_min: f64,
    /// The greatest damping, N m s/rad.
    pub kd_max: f64,
    /// Values per side (the map has `points^2` cells).
    pub points: usize,
}

impl Default for ArmMapGrid {
    /// kp from 30 to 30 000 N m/rad and kd from 0.1 to 1000 N m s/rad, 21 values each
    /// (7 and 5 a decade). Below about 30 N m/rad the springs barely hold the default
    /// arm's weight (about 15 N m at the shoulder at its pose) and it rests far from the
    /// target, if anywhere; the damping reaches past `1.5 kp dt` at the stiffest row and
    /// 30 Hz, where SPD with the mass matrix holds. 441 cells: a new map in tens of
    /// milliseconds in the browser.
    fn default() -> Self {
        ArmMapGrid {
            kp_min: 30.0,
            kp_max: 3e4,
            kd_min: 0.1,
            kd_max: 1e3,
            points: 21,
        }
    }
}

impl ArmMapGrid {
    /// The most values per side a map may take (4096 cells: a bad grid cannot hang the page).
    pub const MAX_POINTS: usize = 64;

    /// The grid, or an error naming the first bound that cannot be.
    pub fn validate(&self) -> Result<(), Error> {
        check_log_range(("kpMin", self.kp_min), ("kpMax", self.kp_max))?;
        check_log_range(("kdMin", self.kd_min), ("kdMax", self.kd_max))?;
        in_range("points", self.points as f64, 2.0, Self::MAX_POINTS as f64)?;
        Ok(())
    }
}

/// Checks the ends of a log axis of gains, each `(name, value)`: the least from 1e-6 to
/// 1e9, the greatest above it and at most 1e9; the error names the end at fault.
pub(super) fn check_log_range(
    least: (&'static str, f64),
    greatest: (&'static str, f64),
) -> Result<(), Error> {
    in_range(least.0, least.1, 1e-6, 1e9)?;
    in_range(greatest.0, greatest.1, least.1, 1e9)?;
    if greatest.1 == least.1 {
        return Err(Error::Unsupported {
            field: greatest.0,
            reason: "must be greater than the least value",
        });
    }
    Ok(())
}

/// One chain law's stability map on an arm: `radii[row * points + col]` is the spectral
/// radius at `kp[row]` and `kd[col]`, `None` where the loop has no rest pose near the
/// target or a step near it is refused.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ArmMap {
    /// The law's id.
    pub law: &'static str,
    /// Its name for a reader.
    pub label: &'static str,
    /// The grid.
    pub grid: ArmMapGrid,
    /// The stiffness of each row, N m/rad (row 0 the least).
    pub kp: Vec<f64>,
    /// The damping of each column, N m s/rad (column 0 the least).
    pub kd: Vec<f64>,
    /// Per cell, row-major: the spectral radius of the loop's one-step Jacobian at rest.
    pub radii: Vec<Option<f64>>,
    /// The largest radius counted stable ([`STABLE_LIMIT`]).
    pub stable_limit: f64,
}

/// The closed loop of law `law` on the arm of `s` at its gains (every joint at `s.kp` and
/// `s.kd`; `s.ki` for the PID alone, as the scene gives it), holding `s.target`, stepped
/// every `s.dt` by `s.integrator`: the loop [`ChainLoop::spectral_radius`] judges. An
/// error names a setting of `s` that cannot be.
pub fn arm_loop(s: &ArmSettings, law: ChainLawId) -> Result<ChainLoop, Error> {
    let chain = arm_chain(s)?;
    let ki = if law == ChainLawId::JointPid {
        s.ki
    } else {
        0.0
    };
    Ok(ChainLoop {
        gains: ChainGains::uniform(chain.dofs(), s.kp, s.kd, ki),
        chain,
        law,
        target: s.target.clone(),
        dt: s.dt,
        integrator: s.integrator,
    })
}

/// Law `law`'s stability map on the arm of `s` (its links, gravity, target, `ki`, step
/// and integrator; its own `kp` and `kd` are the cells'): [`chain_atlas`] over `grid`'s
/// log axes ([`log_axis`]). An error names a setting of `s` or a bound of `grid`.
pub fn arm_map(s: &ArmSettings, law: ChainLawId, grid: &ArmMapGrid) -> Result<ArmMap, Error> {
    grid.validate()?;
    let base = arm_loop(s, law)?;
    let kp = log_axis(grid.kp_min, grid.kp_max, grid.points);
    let kd = log_axis(grid.kd_min, grid.kd_max, grid.points);
    let radii = chain_atlas(&base, &kp, &kd);
    Ok(ArmMap {
        law: law.id(),
        label: law.label(),
        grid: *grid,
        kp,
        kd,
        radii,
        stable_limit: STABLE_LIMIT,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::integrator::Integrator;

    /// The radius at one cell's gains, through the loop the scene's settings make.
    fn radius(s: &ArmSettings, law: ChainLawId, kp: f64, kd: f64) -> Option<f64> {
        arm_loop(
            &ArmSettings {
                kp,
                kd,
                ..s.clone()
            },
            law,
        )
        .unwrap()
        .spectral_radius()
        .ok()
    }

    #[test]
    fn each_cell_is_the_radius_of_the_loop_at_its_gains_kp_along_rows() {
        let s = ArmSettings {
            dt: 1.0 / 120.0,
            integrator: Integrator::ExplicitEuler,
            ..ArmSettings::default()
        };
        let grid = ArmMapGrid {
            points: 4,
            ..ArmMapGrid::default()
        };
        let map = arm_map(&s, ChainLawId::JointPid, &grid).unwrap();
        assert_eq!((map.law, map.label), ("joint-pid", "PID per joint"));
        assert_eq!(map.kp, log_axis(30.0, 3e4, 4));
        assert_eq!(map.kd.len(), 4);
        assert!((map.kd[3] - 1e3).abs() < 1e-9 && map.kd[0] == 0.1);
        assert_eq!(map.radii.len(), 16);
        for (row, &kp) in map.kp.iter().enumerate() {
            for (col, &kd) in map.kd.iter().enumerate() {
                assert_eq!(
                    map.radii[row * 4 + col],
                    radius(&s, ChainLawId::JointPid, kp, kd),
                    "{row}, {col}"
                );
            }
        }
        // The PID's loop reads the scene's ki; the other laws are given none.
        assert_eq!(
            arm_loop(&s, ChainLawId::JointPid).unwrap().gains.ki,
            [20.0; 2]
        );
        assert_eq!(
            arm_loop(&s, ChainLawId::JointPd).unwrap().gains.ki,
            [0.0; 2]
        );
    }

    #[test]
    fn at_60_hz_the_per_joint_spd_breaks_where_the_whole_chain_spd_holds() {
        // The stiffest row, damped past 1.5 kp dt: the whole-chain SPD holds there, the
        // articles' SPD per joint does not hold anywhere on that row.
        let s = ArmSettings::default();
        let grid = ArmMapGrid::default();
        let top = grid.points - 1;
        let whole = arm_map(&s, ChainLawId::MassMatrixSpd, &grid).unwrap();
        let per_joint = arm_map(&s, ChainLawId::JointSpd, &grid).unwrap();
        let stable = |m: &ArmMap, row: usize, col: usize| {
            m.radii[row * grid.points + col].is_some_and(|r| r <= m.stable_limit)
        };
        assert!(stable(&whole, top, top));
        assert!((0..grid.points).all(|col| !stable(&per_joint, top, col)));
        // At the scene's gains both hold, as the arm figure shows.
        for law in [ChainLawId::JointSpd, ChainLawId::MassMatrixSpd] {
            assert!(radius(&s, law, 50.0, 5.0).unwrap() < 1.0, "{law:?}");
        }
    }

    #[test]
    fn a_bad_grid_or_setting_is_named() {
        let s = ArmSettings::default();
        let law = ChainLawId::JointPd;
        for (grid, field) in [
            (
                ArmMapGrid {
                    points: 1,
                    ..ArmMapGrid::default()
                },
                "points",
            ),
            (
                ArmMapGrid {
                    points: 65,
                    ..ArmMapGrid::default()
                },
                "points",
            ),
            (
                ArmMapGrid {
                    kp_max: 10.0,
                    ..ArmMapGrid::default()
                },
                "kpMax",
            ),
            (
                ArmMapGrid {
                    kd_max: 0.1,
                    ..ArmMapGrid::default()
                },
                "kdMax",
            ),
            (
                ArmMapGrid {
                    kd_min: f64::NAN,
                    ..ArmMapGrid::default()
                },
                "kdMin",
            ),
        ] {
            assert_eq!(arm_map(&s, law, &grid).unwrap_err().field(), field);
        }
        let bad = ArmSettings {
            dt: 0.5,
            ..s.clone()
        };
        assert_eq!(
            arm_map(&bad, law, &ArmMapGrid::default())
                .unwrap_err()
                .field(),
            "dt"
        );
    }
}
