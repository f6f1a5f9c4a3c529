//! Where a wish can be met: the law's own gain plane around a point (kp across, kd
//! up, both on log scales), each cell run as the tuner runs a candidate and marked as diverging,
//! stable but missing the wish, or meeting it. The stability atlas of the law for this
//! body and step, with the achievable region on it; for a PID, a slice at one `ki`.

use super::measure::{measure_all, Cap};
use super::search::Knobs;
use super::spec::DesignSpec;
use super::verdict::meets;
use super::DesignError;
use crate::lab::LawGains;

/// The most cells a side may have (the map is `cells x cells` runs).
pub const MAX_CELLS: usize = 64;

/// A cell's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum Cell {
    /// The run diverged on some plant.
    Diverges,
    /// It stays bounded but misses a requirement.
    Misses,
    /// It meets every requirement on every plant.
    Meets,
}

/// The map.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Region {
    /// The kp at each column's centre, N/m, increasing (log spaced).
    pub kp: Vec<f64>,
    /// The kd at each row's centre, N s/m, increasing (log spaced).
    pub kd: Vec<f64>,
    /// The ki of the slice, N/(m s) (0 for a law without one).
    pub ki: f64,
    /// `cells[row * kp.len() + column]`, row 0 at the smallest kd.
    pub cells: Vec<Cell>,
}

/// `n` values from `low` to `high`, evenly spaced in log.
fn log_space(low: f64, high: f64, n: usize) -> Vec<f64> {
    let (a, b) = (low.ln(), high.ln());
    (0..n)
        .map(|k| (a + (b - a) * (k as f64 + 0.5) / n as f64).exp())
        .collect()
}

/// The map of `spec`'s law around `around` (the tuner's answer, or a card's gains):
/// kp and kd each from `1 / span` to `span` times theirs, `cells` per side (an odd
/// count puts `around` at the centre cell), at `around`'s `ki`.
pub fn region(
    spec: &DesignSpec,
    around: LawGains,
    span: f64,
    cells: usize,
) -> Result<Region, DesignError> {
    spec.validate()?;
    crate::error::in_range("cells", cells as f64, 2.0, MAX_CELLS as f64)?;
    crate::error::in_range("span", span, 1.0 + 1e-9, 1e6)?;
    crate::error::in_range("kp", around.kp, 1e-12, 1e12)?;
    crate::error::in_range("kd", around.kd, 1e-12, 1e12)?;
    crate::error::in_range("ki", around.ki, 0.0, 1e12)?;
    let kp = log_space(around.kp / span, around.kp * span, cells);
    let kd = log_space(around.kd / span, around.kd * span, cells);
    let ki = if Knobs::of(spec.law).integral {
        around.ki
    } else {
        0.0
    };
    let wish = spec.wish();
    let mut out = Vec::with_capacity(cells * cells);
    for &d in &kd {
        for &p in &kp {
            // Uncapped: a cell that misses is told from one that diverges.
            let r = measure_all(spec, LawGains { kp: p, kd: d, ki }, &Cap::NONE);
            out.push(if r.diverged {
                Cell::Diverges
            } else if meets(&wish, &r) {
                Cell::Meets
            } else {
                Cell::Misses
            });
        }
    }
    Ok(Region {
        kp,
        kd,
        ki,
        cells: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LawId;
    use crate::design::{tune, Requirements};

    #[test]
    fn the_tuned_gains_lie_in_the_region_and_forward_pd_diverges_where_backward_does_not() {
        let mut spec = DesignSpec::new(LawId::ForwardPd, 1.0 / 60.0);
        spec.requirements = Requirements {
            settle: Some(1.0),
            overshoot: Some(0.02),
            ..Requirements::default()
        };
        let d = tune(&spec).unwrap();
        assert!(d.feasible);
        let r = region(&spec, d.gains, 100.0, 17).unwrap();
        assert_eq!(r.cells.len(), 289);
        let count = |r: &Region, c: Cell| r.cells.iter().filter(|&&x| x == c).count();
        assert!(count(&r, Cell::Diverges) > 0 && count(&r, Cell::Misses) > 0);
        // The centre cell is the tuned gains (to the last digit or so), and meets the wish.
        assert!((r.kp[8] / d.gains.kp - 1.0).abs() < 1e-12);
        assert_eq!(r.cells[8 * 17 + 8], Cell::Meets);
        // Backward PD is unconditionally stable: it never diverges where forward PD does.
        spec.law = LawId::BackwardPd;
        let b = region(&spec, d.gains, 100.0, 17).unwrap();
        assert_eq!(count(&b, Cell::Diverges), 0);
    }

    /// The Lab's first card as it opens (forward PD, 1 kg, h = 1/60 s, a 6 s run),
    /// tuned in quick mode for 0.5 s at robustness 0.8: the map the page draws beside
    /// the answer (21 cells a side, a tenth to ten times its gains) has the answer in its
    /// centre cell, and that cell meets the wish over the same masses.
    #[test]
    fn the_quick_answer_on_the_labs_first_card_sits_in_a_cell_that_meets_the_wish() {
        let q = crate::design::quick_wish(0.5, 0.8).unwrap();
        let spec = DesignSpec {
            requirements: q.requirements,
            robustness: q.robustness,
            duration: 6.0,
            ..DesignSpec::new(LawId::ForwardPd, 1.0 / 60.0)
        };
        let d = tune(&spec).unwrap();
        assert!(d.feasible, "{d:?}");
        let r = region(&spec, d.gains, 10.0, 21).unwrap();
        assert_eq!(r.cells[10 * 21 + 10], Cell::Meets, "{d:?}");
    }

    #[test]
    fn bad_fields_are_named() {
        let spec = DesignSpec::new(LawId::ForwardPd, 1.0 / 60.0);
        let g = LawGains {
            kp: 100.0,
            kd: 10.0,
            ki: 0.0,
        };
        assert!(region(&spec, g, 10.0, 1)
            .unwrap_err()
            .0
            .starts_with("cells"));
        assert!(region(&spec, g, 1.0, 8).unwrap_err().0.starts_with("span"));
        let bad = LawGains { ki: f64::NAN, ..g };
        assert!(region(&spec, bad, 10.0, 8).unwrap_err().0.starts_with("ki"));
    }
}
