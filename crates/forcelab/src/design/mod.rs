//! Tune for me: from a wish about the response to a target step ("settle in 0.3 s, no
//! overshoot, never more than 50 N") to the gains of any law of the catalogue, for a
//! body of a given mass at a given step and integrator, with how much margin each
//! requirement has, or, when nothing meets the wish, the nearest wish that can be met
//! and the requirement that binds.
//!
//! Every candidate is run by the core exactly as the Lab runs it ([`measure`]), over
//! every plant the robustness asks for (the mass at both ends of its range, the step
//! halved and doubled), and its worst response is what counts. Of the gains that meet
//! the wish, the tuner returns the gentlest: the smallest peak effort (then the fastest
//! settle). On the cube and the plate (whose x is the cube) it also returns the poles
//! of the sampled closed loop: the one-step map's eigenvalues for the memoryless linear
//! laws (`analysis::one_step_matrix`), the roots of the characteristic polynomial for
//! the PIDs, the integral's pole included (`analysis::poles`).

pub mod chain;
pub mod engine;
pub mod measure;
pub mod orientation;
pub mod overlay;
pub mod quick;
pub mod race;
pub mod region;
pub mod search;
pub mod spec;
pub mod verdict;

pub use chain::{
    tune_arm, ArmDrive, ArmFigures, ArmGains, ArmMargins, ArmTuneSpec, ArmTuning, ArmWish,
};
pub use engine::{tune_engine, tune_engines, EngineDesign, EngineRequest, EngineSpec};
pub use measure::{Cap, Response};
pub use orientation::{tune_turn, TurnDesign, TurnWish, SETTLE_DEGREES};
pub use overlay::{forbidden, Forbidden};
pub use quick::{quick_wish, QuickWish};
pub use race::{race, Race, RaceRow, RaceRules, RULES};
pub use region::{region, Cell, Region};
pub use spec::{DesignError, DesignRequest, DesignSpec, Objective, Requirements, Robustness, Wish};
pub use verdict::{Margins, TOLERANCE};

use crate::analysis::{self, Complex};
use crate::catalogue::PlantId;
use crate::lab::LawGains;
use search::{Candidate, Knobs, Point, Problem, Search};

/// The tuner's answer.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Design {
    /// Whether the gains meet every requirement on every plant.
    pub feasible: bool,
    /// The law's gains for the nominal mass (N/m, N s/m, N/(m s)); only the keys the
    /// law's catalogue entry has are meaningful (all zero for a law with none).
    pub gains: LawGains,
    /// The worst response over the plants, as the Lab measures it.
    pub predicted: Response,
    /// The response on the nominal plant alone (the Lab's own mass and step): what the
    /// Lab shows once the gains are applied, bit for bit. Equal to `predicted` when the
    /// wish asks for no robustness.
    pub nominal: Response,
    /// Each requirement's margin against `predicted`.
    pub margins: Margins,
    /// The sampled closed loop's poles on the nominal plant (z-plane), largest modulus
    /// first: for the linear laws and the PIDs on the cube and the plate. `None` on the
    /// box (its turn about a tilted axis couples its three axes: no map of the twist
    /// alone is exact) and for the one-step laws.
    pub poles: Option<Vec<Complex>>,
    /// When infeasible: the wish loosened just enough for these gains to meet it
    /// (`None` when even that is impossible: nothing settles in the run).
    pub nearest: Option<Requirements>,
    /// When infeasible: the requirement missed by the most.
    pub binding: Option<&'static str>,
    /// Candidates measured.
    pub evaluated: usize,
    /// The plot regions the wish forbids, for the page to shade.
    pub forbidden: Vec<Forbidden>,
}

/// Tunes `spec.law` for the wish in `spec`; refuses a bad field by name.
pub fn tune(spec: &DesignSpec) -> Result<Design, DesignError> {
    spec.validate()?;
    let found = solve(spec)?;
    let gains = search::gains(Knobs::of(spec.law), found.best.point, spec.mass);
    Ok(Design {
        feasible: found.feasible,
        gains,
        predicted: found.best.response,
        nominal: measure::measure(spec, gains, spec.mass, spec.dt, &Cap::NONE),
        margins: found.margins,
        poles: poles(spec, gains),
        nearest: found.nearest,
        binding: found.binding,
        evaluated: found.evaluated,
        forbidden: forbidden(&spec.requirements, 1.0),
    })
}

/// What a search concluded, whatever it tuned.
pub(crate) struct Found {
    /// The best point and its worst response.
    pub best: Candidate,
    /// Whether it meets the wish.
    pub feasible: bool,
    /// Each requirement's margin.
    pub margins: Margins,
    /// When infeasible and something settles: the wish it can meet.
    pub nearest: Option<Requirements>,
    /// When infeasible: the requirement missed by the most.
    pub binding: Option<&'static str>,
    /// Candidates measured.
    pub evaluated: usize,
}

/// Runs the search for `problem` and reads its verdict.
pub(crate) fn solve<P: Problem>(problem: &P) -> Result<Found, DesignError> {
    let search = Search::new(problem).run();
    let evaluated = search.evaluated;
    let Some(best) = search.best else {
        return Err(DesignError("the tuner measured no candidate".into()));
    };
    let wish = problem.wish();
    let feasible = verdict::meets(&wish, &best.response);
    let (excess, binding) = verdict::worst_excess(&wish, &best.response);
    let reachable = !best.response.diverged && excess.is_finite();
    Ok(Found {
        best,
        feasible,
        margins: verdict::margins(&wish, &best.response),
        nearest: (!feasible && reachable).then(|| nearest(problem, &best.response)),
        binding: (!feasible).then_some(binding),
        evaluated,
    })
}

/// The wish loosened just enough for `response` to meet it, and loosened again until the
/// tuner, asked that wish afresh, finds gains that meet it: its search starts from the
/// grid, so asked a looser wish it may settle elsewhere than where the first search
/// ended (`what_the_tuner_promises_the_lab_shows` found such a case). Each round only
/// raises limits, so the gains of the first answer still meet the result.
fn nearest<P: Problem>(problem: &P, response: &Response) -> Requirements {
    let mut wish = verdict::loosened(&problem.wish(), response);
    for _ in 0..4 {
        let looser = problem.asking(wish);
        match Search::new(&looser).run().best {
            Some(c) if !verdict::meets(&looser.wish(), &c.response) => {
                wish = verdict::loosened(&looser.wish(), &c.response);
            }
            _ => break,
        }
    }
    wish
}

impl Problem for DesignSpec {
    fn wish(&self) -> Wish {
        DesignSpec::wish(self)
    }
    fn dt(&self) -> f64 {
        self.dt
    }
    fn knobs(&self) -> Knobs {
        Knobs::of(self.law)
    }
    fn measure(&self, point: Point, cap: &Cap) -> Response {
        measure::measure_all(
            self,
            search::gains(Knobs::of(self.law), point, self.mass),
            cap,
        )
    }
    fn asking(&self, requirements: Requirements) -> Self {
        DesignSpec {
            requirements,
            ..*self
        }
    }
}

/// The closed loop's poles at these gains on the nominal plant (see [`Design::poles`]).
fn poles(spec: &DesignSpec, g: LawGains) -> Option<Vec<Complex>> {
    if spec.plant == PlantId::Box {
        return None;
    }
    let m = spec.mass;
    analysis::poles::of_law(
        spec.law,
        spec.integrator,
        g.kp / m,
        g.kd / m,
        g.ki / m,
        spec.dt,
    )
    .ok()
}

#[cfg(test)]
mod tests;
