//! How a response is held to the requirements: met or not, by how much, and which
//! requirement is furthest from being met.

use super::measure::Response;
use super::spec::{Requirements, Wish};

/// A time or effort counts as met up to this relative slack, an overshoot or error up to
/// this absolute one: the same run gives the same bits, so this only absorbs the last
/// digit of a limit typed in decimal.
pub const TOLERANCE: f64 = 1e-9;

/// The requirement names, as the command line and the page spell them.
pub const NAMES: [&str; 5] = ["settle", "rise", "overshoot", "max_effort", "max_error"];

/// What each requirement is held to (`settle` defaults to the run's length: a response
/// that never settles meets nothing).
fn limits(wish: &Wish) -> [Option<f64>; 5] {
    let r = wish.requirements;
    [
        Some(r.settle.unwrap_or(wish.duration)),
        r.rise,
        r.overshoot,
        r.max_effort,
        r.max_error,
    ]
}

/// The response's figure for each requirement (`INFINITY` for a time never reached).
fn achieved(response: &Response) -> [f64; 5] {
    [
        response.settle.unwrap_or(f64::INFINITY),
        response.rise.unwrap_or(f64::INFINITY),
        response.overshoot,
        response.peak_effort,
        response.error,
    ]
}

/// How far past each limit the response is, in units that compare across requirements:
/// a fraction of the limit for times and effort, percentage points for the overshoot,
/// a fraction of 1 % of the step for the error. 0 or less: met.
pub fn excess(wish: &Wish, response: &Response) -> [f64; 5] {
    let got = achieved(response);
    let mut out = [f64::NEG_INFINITY; 5];
    for (k, limit) in limits(wish).into_iter().enumerate() {
        let Some(limit) = limit else { continue };
        let over = got[k] - limit;
        out[k] = match k {
            2 => over * 100.0 - TOLERANCE,
            4 => over / 0.01 - TOLERANCE,
            _ => over / limit - TOLERANCE,
        };
        if got[k].is_nan() {
            out[k] = f64::INFINITY;
        }
    }
    out
}

/// The largest excess and the requirement it belongs to.
pub fn worst_excess(wish: &Wish, response: &Response) -> (f64, &'static str) {
    let e = excess(wish, response);
    let mut worst = (f64::NEG_INFINITY, NAMES[0]);
    for (k, v) in e.into_iter().enumerate() {
        if v > worst.0 {
            worst = (v, NAMES[k]);
        }
    }
    worst
}

/// Whether the response meets every requirement of the wish.
pub fn meets(wish: &Wish, response: &Response) -> bool {
    !response.diverged && worst_excess(wish, response).0 <= 0.0
}

/// The wish loosened just enough for `response` to meet it: each requirement that was
/// asked for, raised to what the response achieves where it achieves less.
pub fn loosened(wish: &Wish, response: &Response) -> Requirements {
    let r = wish.requirements;
    let got = achieved(response);
    let up = |limit: Option<f64>, k: usize| limit.map(|l: f64| l.max(got[k]));
    Requirements {
        settle: up(r.settle, 0),
        rise: up(r.rise, 1),
        overshoot: up(r.overshoot, 2),
        max_effort: up(r.max_effort, 3),
        max_error: up(r.max_error, 4),
    }
}

/// Each requirement's margin: its limit minus what the response achieves (in its own
/// unit: s, fraction, N, m), `None` where nothing was asked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Margins {
    /// Settle limit minus settling time, s.
    pub settle: Option<f64>,
    /// Rise limit minus rise time, s.
    pub rise: Option<f64>,
    /// Overshoot limit minus overshoot, fraction of the step.
    pub overshoot: Option<f64>,
    /// Effort limit minus peak effort, N.
    pub max_effort: Option<f64>,
    /// Error limit minus final error, m.
    pub max_error: Option<f64>,
}

/// The margins of `response` against the wish's requirements.
pub fn margins(wish: &Wish, response: &Response) -> Margins {
    let r = wish.requirements;
    let got = achieved(response);
    let m = |limit: Option<f64>, k: usize| limit.map(|l| l - got[k]);
    Margins {
        settle: m(r.settle, 0),
        rise: m(r.rise, 1),
        overshoot: m(r.overshoot, 2),
        max_effort: m(r.max_effort, 3),
        max_error: m(r.max_error, 4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::design::Objective;

    fn wish() -> Wish {
        Wish {
            requirements: Requirements {
                settle: Some(1.0),
                rise: None,
                overshoot: Some(0.05),
                max_effort: Some(100.0),
                max_error: Some(0.001),
            },
            duration: 2.0,
            objective: Objective::Gentlest,
        }
    }

    fn response(settle: f64, overshoot: f64, peak_effort: f64, error: f64) -> Response {
        Response {
            settle: Some(settle),
            rise: Some(0.3),
            overshoot,
            peak_effort,
            error,
            diverged: false,
        }
    }

    #[test]
    fn each_excess_is_in_its_own_unit() {
        let e = excess(&wish(), &response(1.5, 0.08, 150.0, 0.003));
        let close = |a: f64, b: f64| (a - b).abs() < 1e-8;
        // Times and effort: a fraction of the limit; overshoot: percentage points;
        // error: hundredths of the step; nothing asked: no excess.
        assert!(close(e[0], 0.5), "{e:?}");
        assert_eq!(e[1], f64::NEG_INFINITY);
        assert!(close(e[2], 3.0), "{e:?}");
        assert!(close(e[3], 0.5), "{e:?}");
        assert!(close(e[4], 0.2), "{e:?}");
        assert_eq!(
            worst_excess(&wish(), &response(1.5, 0.08, 150.0, 0.003)).1,
            "overshoot"
        );
        assert_eq!(
            worst_excess(&wish(), &response(1.5, 0.0, 150.0, 0.2)).1,
            "max_error"
        );
    }

    #[test]
    fn a_response_at_its_limits_meets_them_and_a_diverged_one_meets_nothing() {
        assert!(meets(&wish(), &response(1.0, 0.05, 100.0, 0.001)));
        assert!(!meets(&wish(), &response(1.0 + 1e-6, 0.05, 100.0, 0.001)));
        let diverged = Response {
            diverged: true,
            ..response(0.5, 0.0, 1.0, 0.0)
        };
        assert!(!meets(&wish(), &diverged));
        // A figure that is not a number is as far from met as can be.
        let e = excess(&wish(), &response(0.5, f64::NAN, 1.0, 0.0));
        assert_eq!(e[2], f64::INFINITY);
    }
}
