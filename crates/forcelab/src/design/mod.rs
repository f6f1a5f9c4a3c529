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
//! settle). For the linear laws it also returns the poles of the sampled closed loop
//! (the one-step map's eigenvalues, `analysis::one_step_matrix`).

pub mod measure;
pub mod search;
pub mod spec;
pub mod verdict;

pub use measure::Response;
pub use spec::{DesignError, DesignRequest, DesignSpec, Requirements, Robustness};
pub use verdict::{Margins, TOLERANCE};

use crate::analysis::{eigenvalues, one_step_matrix, Complex};
use crate::lab::LawGains;
use search::Search;

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
    /// Each requirement's margin against `predicted`.
    pub margins: Margins,
    /// The sampled closed loop's poles on the nominal plant (z-plane), linear laws only.
    pub poles: Option<[Complex; 2]>,
    /// When infeasible: the wish loosened just enough for these gains to meet it
    /// (`None` when even that is impossible: nothing settles in the run).
    pub nearest: Option<Requirements>,
    /// When infeasible: the requirement missed by the most.
    pub binding: Option<&'static str>,
    /// Candidates measured.
    pub evaluated: usize,
}

/// Tunes `spec.law` for the wish in `spec`; refuses a bad field by name.
pub fn tune(spec: &DesignSpec) -> Result<Design, DesignError> {
    spec.validate()?;
    let search = Search::new(spec).run();
    let evaluated = search.evaluated;
    let Some(best) = search.best else {
        return Err(DesignError("the tuner measured no candidate".into()));
    };
    let feasible = verdict::meets(spec, &best.response);
    let (excess, binding) = verdict::worst_excess(spec, &best.response);
    let reachable = !best.response.diverged && excess.is_finite();
    Ok(Design {
        feasible,
        gains: best.gains,
        predicted: best.response,
        margins: verdict::margins(spec, &best.response),
        poles: poles(spec, best.gains),
        nearest: (!feasible && reachable).then(|| nearest(spec, &best.response)),
        binding: (!feasible).then_some(binding),
        evaluated,
    })
}

/// The wish loosened just enough for `response` to meet it, and loosened again until the
/// tuner, asked that wish afresh, finds gains that meet it: its search starts from the
/// grid, so asked a looser wish it may settle elsewhere than where the first search
/// ended (`what_the_tuner_promises_the_lab_shows` found such a case). Each round only
/// raises limits, so the gains of the first answer still meet the result.
fn nearest(spec: &DesignSpec, response: &Response) -> Requirements {
    let mut wish = verdict::loosened(spec, response);
    for _ in 0..4 {
        let looser = DesignSpec {
            requirements: wish,
            ..*spec
        };
        match Search::new(&looser).run().best {
            Some(c) if !verdict::meets(&looser, &c.response) => {
                wish = verdict::loosened(&looser, &c.response);
            }
            _ => break,
        }
    }
    wish
}

/// The one-step map's eigenvalues of a linear law at these gains on the nominal plant.
fn poles(spec: &DesignSpec, g: LawGains) -> Option<[Complex; 2]> {
    if !spec.law.law().linear {
        return None;
    }
    let m = one_step_matrix(
        spec.law,
        spec.integrator,
        g.kp / spec.mass,
        g.kd / spec.mass,
        spec.dt,
    )
    .ok()?;
    Some(eigenvalues(m))
}

#[cfg(test)]
mod tests;
