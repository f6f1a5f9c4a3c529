//! Where the tuner looks: the law's gains written as a natural frequency `w` (rad/s), a
//! damping ratio `zeta` and, for the PIDs, an integral ratio `kappa`:
//!
//! `kp = m w^2`, `kd = 2 zeta m w`, `ki = kappa m w^3`
//!
//! so that one grid covers every mass and step alike. A coarse log grid first, then a
//! pattern search that halves its steps around the best point. Deterministic: the same
//! spec visits the same points in the same order.

use super::measure::{Cap, Response};
use super::spec::{Objective, Requirements, Wish};
use super::verdict::{meets, worst_excess, TOLERANCE};
use crate::lab::LawGains;

/// What a search needs of the question it answers: the wish, the step, which gains
/// exist, and how a point of the search responds (a law on the Lab's cube, or an
/// engine's spring drive on its twin).
pub trait Problem: Sized {
    /// The requirements, the run length and the objective.
    fn wish(&self) -> Wish;
    /// The nominal step, s (the grid's top frequency is a few times its Nyquist).
    fn dt(&self) -> f64;
    /// Which gains the point sets.
    fn knobs(&self) -> Knobs;
    /// The worst response of `point` over every plant the question asks about; a run
    /// may stop with [`Response::BEATEN`] once it exceeds `cap`.
    fn measure(&self, point: Point, cap: &Cap) -> Response;
    /// The same question with other requirements.
    fn asking(&self, requirements: Requirements) -> Self;
    /// Between two misses whose worst requirements are missed by the same amount (both
    /// never settle, say), how far off this one is: the smaller wins. 0 by default (no
    /// preference: the earlier or lower point stays); the arm's tuner reads its final
    /// error, so a law that cannot settle reports the gains that come closest.
    fn closeness(&self, _response: &Response) -> f64 {
        0.0
    }
}

/// A point of the search: `ln w`, `ln zeta`, `kappa`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Natural frequency's log, ln(rad/s).
    pub log_w: f64,
    /// Damping ratio's log.
    pub log_zeta: f64,
    /// Integral ratio: `ki = kappa m w^3`.
    pub kappa: f64,
}

/// Which gains the law has (its catalogue entry's keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// Has `kp` and `kd`.
    pub pd: bool,
    /// Has `ki`.
    pub integral: bool,
}

impl Knobs {
    /// The knobs of a catalogue law (its catalogue entry's gain keys).
    pub fn of(law: crate::catalogue::LawId) -> Knobs {
        // Read once per candidate: no allocation, a look at a few static keys.
        let has = |key: &str| law.law().gains.iter().any(|g| g.key == key);
        Knobs {
            pd: has("kp") && has("kd"),
            integral: has("ki"),
        }
    }
}

/// The raw gains (N/m, N s/m, N/(m s)) of a point for a body of `mass` kg.
pub fn gains(knobs: Knobs, p: Point, mass: f64) -> LawGains {
    if !knobs.pd {
        return LawGains::default();
    }
    let w = p.log_w.exp();
    let zeta = p.log_zeta.exp();
    LawGains {
        kp: mass * w * w,
        kd: 2.0 * zeta * mass * w,
        ki: if knobs.integral {
            p.kappa * mass * w * w * w
        } else {
            0.0
        },
    }
}

/// A point measured: its worst response over every plant of the question.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// Where it is.
    pub point: Point,
    /// Its worst response over the question's plants.
    pub response: Response,
}

/// Better of two candidates: one that meets the wish beats one that does not; of two
/// that meet it, the gentler (smaller peak effort, then faster settle) or, when the
/// wish asks for the fastest, the faster (then the gentler); of two that do not, the
/// one whose worst requirement is missed by less.
fn better(wish: &Wish, a: &Candidate, b: &Candidate) -> bool {
    match (meets(wish, &a.response), meets(wish, &b.response)) {
        (true, false) => true,
        (false, true) => false,
        (true, true) => {
            let (ea, eb) = (a.response.peak_effort, b.response.peak_effort);
            let settle = |c: &Candidate| c.response.settle.unwrap_or(f64::INFINITY);
            let (sa, sb) = (settle(a), settle(b));
            match wish.objective {
                Objective::Gentlest => ea < eb || ea == eb && sa < sb,
                Objective::Fastest => sa < sb || sa == sb && ea < eb,
            }
        }
        (false, false) => worst_excess(wish, &a.response).0 < worst_excess(wish, &b.response).0,
    }
}

/// The search's state: the best candidate so far and how many runs it took.
pub struct Search<'a, P: Problem> {
    problem: &'a P,
    wish: Wish,
    knobs: Knobs,
    /// The best candidate found.
    pub best: Option<Candidate>,
    /// Candidates measured (each over every plant of the question).
    pub evaluated: usize,
}

impl<'a, P: Problem> Search<'a, P> {
    /// A search for `problem`, nothing measured yet.
    pub fn new(problem: &'a P) -> Search<'a, P> {
        Search {
            problem,
            wish: problem.wish(),
            knobs: problem.knobs(),
            best: None,
            evaluated: 0,
        }
    }

    /// Measures `point` and keeps it if it is better than the best so far.
    pub fn visit(&mut self, point: Point) -> bool {
        self.offer(point, false)
    }

    /// Measures `point` and keeps it if it is better than the best so far or, when
    /// `lower_wins_ties`, as good and lower (`ln w`, then `ln zeta`, then `kappa`): the
    /// grid's best is then the same whatever order the grid is visited in.
    fn offer(&mut self, point: Point, lower_wins_ties: bool) -> bool {
        let c = Candidate {
            point,
            response: self.problem.measure(point, &self.cap()),
        };
        self.evaluated += 1;
        let lower = |a: Point, b: Point| {
            (a.log_w, a.log_zeta, a.kappa).partial_cmp(&(b.log_w, b.log_zeta, b.kappa))
                == Some(core::cmp::Ordering::Less)
        };
        let improved = self.best.is_none_or(|b| {
            self.beats(&c, &b) || lower_wins_ties && !self.beats(&b, &c) && lower(c.point, b.point)
        });
        if improved {
            self.best = Some(c);
        }
        improved
    }

    /// [`better`], and between two misses by the same amount the closer by
    /// [`Problem::closeness`].
    fn beats(&self, a: &Candidate, b: &Candidate) -> bool {
        let tied_misses = || {
            !meets(&self.wish, &a.response)
                && !meets(&self.wish, &b.response)
                && worst_excess(&self.wish, &a.response).0
                    == worst_excess(&self.wish, &b.response).0
        };
        better(&self.wish, a, b)
            || tied_misses()
                && self.problem.closeness(&a.response) < self.problem.closeness(&b.response)
    }

    /// Runs the whole search: the grid, then the pattern search.
    pub fn run(mut self) -> Search<'a, P> {
        if !self.knobs.pd {
            // No gains (one-step): the law is what it is.
            self.visit(Point {
                log_w: 0.0,
                log_zeta: 0.0,
                kappa: 0.0,
            });
            return self;
        }
        let dt = self.problem.dt();
        // From a tenth of a cycle per run to past where any explicit law is stable.
        let (w_lo, w_hi) = ((0.2 / self.wish.duration).ln(), (4.0 / dt).ln());
        let (z_lo, z_hi) = (0.2f64.ln(), 4.0f64.ln());
        const W_POINTS: usize = 28;
        const Z_POINTS: usize = 9;
        let kappas: &[f64] = if self.knobs.integral {
            &[0.0, 0.05, 0.15, 0.4]
        } else {
            &[0.0]
        };
        // Fastest first: the first point that meets the wish caps every later run (see
        // `cap`), and the slow points, which cannot settle in time, then stop at the
        // settle limit instead of running to the end. Ties go to the lower point, so the
        // grid's best is the one an ascending walk (first visited wins) would find.
        for i in (0..W_POINTS).rev() {
            let log_w = w_lo + (w_hi - w_lo) * i as f64 / (W_POINTS - 1) as f64;
            for j in 0..Z_POINTS {
                let log_zeta = z_lo + (z_hi - z_lo) * j as f64 / (Z_POINTS - 1) as f64;
                for &kappa in kappas {
                    let point = Point {
                        log_w,
                        log_zeta,
                        kappa,
                    };
                    self.offer(point, true);
                }
            }
        }
        let mut steps = [
            (w_hi - w_lo) / (W_POINTS - 1) as f64 / 2.0,
            (z_hi - z_lo) / (Z_POINTS - 1) as f64 / 2.0,
            if self.knobs.integral { 0.05 } else { 0.0 },
        ];
        for _ in 0..6 {
            while self.improve(steps) {}
            for s in &mut steps {
                *s /= 2.0;
            }
        }
        self
    }

    /// Once the best so far meets the wish, how far a candidate may go and still beat it:
    /// it must meet the wish (peak effort, settle and overshoot within their limits, with
    /// the verdict's tolerance and a hair more, so rounding never stops a winner) and, by
    /// the objective, ask no more effort than the best (gentlest) or settle no later
    /// (fastest). A candidate with more effort, or a later settle, loses to it in
    /// [`better`] whatever the rest of its run does.
    fn cap(&self) -> Cap {
        let Some(best) = self.best.filter(|b| meets(&self.wish, &b.response)) else {
            return Cap::NONE;
        };
        let r = self.wish.requirements;
        let slack = 1.0 + TOLERANCE + 1e-12;
        let settle_limit = r.settle.unwrap_or(self.wish.duration) * slack;
        let (effort, settle) = match self.wish.objective {
            Objective::Gentlest => (best.response.peak_effort, settle_limit),
            Objective::Fastest => (
                f64::INFINITY,
                settle_limit.min(best.response.settle.unwrap_or(f64::INFINITY)),
            ),
        };
        Cap {
            effort: effort.min(r.max_effort.map_or(f64::INFINITY, |f| f * slack)),
            settle,
            overshoot: r
                .overshoot
                .map_or(f64::INFINITY, |o| o + TOLERANCE / 100.0 + 1e-12),
        }
    }

    /// Tries each neighbour of the best point at `steps` (`ln w`, `ln zeta`, `kappa`)
    /// and moves to the first better one; false when none is.
    fn improve(&mut self, steps: [f64; 3]) -> bool {
        let Some(b) = self.best else { return false };
        for (axis, &step) in steps.iter().enumerate() {
            if step == 0.0 {
                continue;
            }
            for sign in [-1.0, 1.0] {
                let mut p = b.point;
                match axis {
                    0 => p.log_w += sign * step,
                    1 => p.log_zeta += sign * step,
                    _ => p.kappa = (p.kappa + sign * step).max(0.0),
                }
                if p != b.point && self.visit(p) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
