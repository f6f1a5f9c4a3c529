//! Every article claim's figure computed another way, and its verdict pinned.
//!
//! The claims measure with the core's own code (the atlas, the laws, the bodies); these
//! tests reach the same figures without it: the one-step maps' traces and determinants
//! written out by hand, the laws' recurrences written out on a unit mass, closed forms
//! where they exist, and for the 3-D claims a hand derivation of the value or of a bound
//! in the comment. A changed verdict, a loosened threshold or a figure measured on the
//! wrong law fails one of them. (The engine claims are pinned in `engines.rs`, the
//! orientation claims in `orientation.rs`.) The helpers
//! are here; the pins, by article, in `a000_a002.rs` and `a003_a004.rs`.

use super::*;

mod a000_a002;
mod a003_a004;
mod chains;
mod pid_practice;
use crate::testing::{ALGEBRA_TOL, ROUND_OFF};

/// The 60 Hz step of the setups these tests pin, written out again here (not read from
/// them) so that a changed setup fails a pin instead of moving it along.
pub(super) const DT: f64 = 1.0 / 60.0;

/// Every claim, measured once per test run (a few seconds in a debug build).
pub(super) fn measured() -> &'static [Claim] {
    static ALL: std::sync::OnceLock<Vec<Claim>> = std::sync::OnceLock::new();
    ALL.get_or_init(all_claims)
}

pub(super) fn find(id: &str) -> Claim {
    measured()
        .iter()
        .find(|c| c.id == id)
        .cloned()
        .unwrap_or_else(|| panic!("no claim {id}"))
}

/// The number written right after `prefix` in `text` (a figure quoted in conditions).
pub(super) fn number_after(text: &str, prefix: &str) -> f64 {
    let start = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix:?} in {text:?}"))
        + prefix.len();
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || "+-.e".contains(c)))
        .unwrap_or(rest.len());
    rest[..end]
        .parse()
        .unwrap_or_else(|_| panic!("no number after {prefix:?} in {text:?}"))
}

/// The largest eigenvalue modulus of a 2 x 2 map with this trace and determinant:
/// the roots of `z^2 - tr z + det`.
pub(super) fn radius(tr: f64, det: f64) -> f64 {
    let disc = tr * tr / 4.0 - det;
    if disc < 0.0 {
        det.sqrt()
    } else {
        (tr / 2.0).abs() + disc.sqrt()
    }
}

/// The default atlas grid, both axes (`p = kp dt^2`, `q = kd dt`, unit mass): 57 points
/// per axis from 1e-3 to 1e4, evenly spaced in log.
pub(super) fn grid() -> Vec<f64> {
    let s = AtlasSpec::default();
    (0..s.points)
        .map(|k| s.min * (s.max / s.min).powf(k as f64 / (s.points - 1) as f64))
        .collect()
}

/// Over the grid: the largest radius where `keep(p, q)`, and the fraction of all cells
/// stable (radius within `STABLE_TOLERANCE` of 1), for a map given as `(tr, det)`.
pub(super) fn scan(
    map: impl Fn(f64, f64) -> (f64, f64),
    keep: impl Fn(f64, f64) -> bool,
) -> (f64, f64) {
    let axis = grid();
    let (mut worst, mut stable, mut all): (f64, usize, usize) = (0.0, 0, 0);
    for &p in &axis {
        for &q in &axis {
            let (tr, det) = map(p, q);
            let r = radius(tr, det);
            all += 1;
            stable += usize::from(r <= STABLE_LIMIT);
            if keep(p, q) {
                worst = worst.max(r);
            }
        }
    }
    (worst, stable as f64 / all as f64)
}

/// Forward PD `a = -kp x - kd v` under semi-implicit Euler, in `(x, u = v dt)`:
/// `u' = u (1 - q) - p x`, `x' = x + u'`, so `tr = 2 - p - q`, `det = 1 - q`.
pub(super) fn forward_semi(p: f64, q: f64) -> (f64, f64) {
    (2.0 - p - q, 1.0 - q)
}

/// The same under explicit Euler: `x' = x + u`, `u' = u (1 - q) - p x`:
/// `tr = 2 - q`, `det = 1 - q + p`.
pub(super) fn forward_explicit(p: f64, q: f64) -> (f64, f64) {
    (2.0 - q, 1.0 - q + p)
}

/// The paper's SPD (`a = (-kp (x + v dt) - kd v) / (1 + kd dt)`) under semi-implicit
/// Euler: `u' = ((1 - p) u - p x) / (1 + q)`, `x' = x + u'`, so
/// `tr = 1 + (1 - 2p) / (1 + q)`, `det = (1 - p) / (1 + q)`.
pub(super) fn spd_semi(p: f64, q: f64) -> (f64, f64) {
    (1.0 + (1.0 - 2.0 * p) / (1.0 + q), (1.0 - p) / (1.0 + q))
}

/// The same under explicit Euler: `x' = x + u`, `u' = ((1 - p) u - p x) / (1 + q)`:
/// `tr = 1 + (1 - p) / (1 + q)`, `det = 1 / (1 + q)`.
pub(super) fn spd_explicit(p: f64, q: f64) -> (f64, f64) {
    (1.0 + (1.0 - p) / (1.0 + q), 1.0 / (1.0 + q))
}

/// Wu's backward PD: the forward PD at `p g`, `(q + p) g` with `g = 1 / (1 + p + q)`.
pub(super) fn backward(p: f64, q: f64) -> (f64, f64) {
    let g = 1.0 / (1.0 + p + q);
    (p * g, (q + p) * g)
}

/// Every claim is pinned here, in `engines.rs` or in `orientation.rs`: a new claim without
/// a test fails.
#[test]
fn every_claim_has_a_pinned_test() {
    let source = [
        include_str!("a000_a002.rs"),
        include_str!("a003_a004.rs"),
        include_str!("pid_practice.rs"),
        include_str!("chains.rs"),
        include_str!("../engines.rs"),
        include_str!("../orientation.rs"),
    ]
    .concat();
    for c in all_claims() {
        assert!(
            source.contains(&format!("\"{}\"", c.id)),
            "no pinned test names {}",
            c.id
        );
    }
}
