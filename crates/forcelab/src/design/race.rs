//! Which law is really better, measured by the tuner: for every law that drives the
//! cube, the fastest settle it can reach on one body at one step without overshoot,
//! and what that costs in force; then the fastest within a force budget. The articles
//! each argue their law is the better one; this is the same race run for all of them,
//! with every law free to pick its best gains.

use super::spec::{DesignSpec, Objective, Requirements};
use super::{tune, DesignError, Response};
use crate::catalogue::{LawId, PlantId};
use crate::lab::LawGains;

/// The race's conditions: what chapter 9 shows.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct RaceRules {
    /// The body's mass, kg.
    pub mass: f64,
    /// The physics step, s.
    pub dt: f64,
    /// "No overshoot": at most this fraction of the step past the target.
    pub overshoot: f64,
    /// The force budget of the second race, N.
    pub max_effort: f64,
}

/// A 1 kg cube at 60 Hz (semi-implicit Euler, Unity's and Godot's step), no more than
/// 0.1 % overshoot, and a 50 N budget for the second race.
pub const RULES: RaceRules = RaceRules {
    mass: 1.0,
    dt: 1.0 / 60.0,
    overshoot: 0.001,
    max_effort: 50.0,
};

/// One law's best, in one race.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Best {
    /// Whether any gains met the race's rules.
    pub feasible: bool,
    /// Those gains (N/m, N s/m, N/(m s)).
    pub gains: LawGains,
    /// Their response (settle s, overshoot fraction, peak effort N).
    pub response: Response,
}

/// One law in both races.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct RaceRow {
    /// The law's id.
    pub law: &'static str,
    /// The fastest settle without overshoot, whatever the force.
    pub unlimited: Best,
    /// The fastest settle without overshoot within the force budget.
    pub budget: Best,
}

/// The whole race.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Race {
    /// Its conditions.
    pub rules: RaceRules,
    /// One row per law that drives the cube, in the catalogue's order.
    pub rows: Vec<RaceRow>,
}

/// The fastest gains under the rules: the tuner asked for the fastest first, then,
/// since settle times come in whole steps and a pattern search can stall on such a
/// staircase, a bisection over the settle limit in steps, each asked of the tuner as a
/// plain requirement, keeping the fastest answer either way finds.
fn best(law: LawId, rules: &RaceRules, max_effort: Option<f64>) -> Result<Best, DesignError> {
    let spec = DesignSpec {
        mass: rules.mass,
        requirements: Requirements {
            overshoot: Some(rules.overshoot),
            max_effort,
            ..Requirements::default()
        },
        objective: Objective::Fastest,
        ..DesignSpec::new(law, rules.dt)
    };
    let first = tune(&spec)?;
    let mut winner = Best {
        feasible: first.feasible,
        gains: first.gains,
        response: first.predicted,
    };
    let Some(settle) = first.predicted.settle.filter(|_| first.feasible) else {
        return Ok(winner);
    };
    // Feasible at `high` steps; below one step nothing settles.
    let (mut low, mut high) = (0u32, (settle / rules.dt).round() as u32);
    while high - low > 1 {
        let mid = (low + high) / 2;
        let mut asked = spec;
        asked.requirements.settle = Some(mid as f64 * rules.dt);
        asked.objective = Objective::Gentlest;
        let d = tune(&asked)?;
        if d.feasible {
            high = mid;
            if d.predicted.settle < winner.response.settle {
                winner = Best {
                    feasible: true,
                    gains: d.gains,
                    response: d.predicted,
                };
            }
        } else {
            low = mid;
        }
    }
    Ok(winner)
}

/// Runs both races for every law under `rules`.
pub fn race(rules: &RaceRules) -> Result<Race, DesignError> {
    let rows = LawId::driving(PlantId::Cube)
        .into_iter()
        .map(|law| {
            Ok(RaceRow {
                law: law.id(),
                unlimited: best(law, rules, None)?,
                budget: best(law, rules, Some(rules.max_effort))?,
            })
        })
        .collect::<Result<Vec<_>, DesignError>>()?;
    Ok(Race {
        rules: *rules,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_winner_meets_the_rules_and_a_budget_never_makes_a_law_faster() {
        let r = race(&RULES).unwrap();
        assert_eq!(r.rows.len(), LawId::driving(PlantId::Cube).len());
        for row in &r.rows {
            for (b, cap) in [
                (row.unlimited, f64::INFINITY),
                (row.budget, RULES.max_effort),
            ] {
                if b.feasible {
                    assert!(b.response.overshoot <= RULES.overshoot + 1e-9, "{row:?}");
                    assert!(b.response.peak_effort <= cap * (1.0 + 1e-9), "{row:?}");
                    assert!(b.response.settle.is_some(), "{row:?}");
                }
            }
            if row.unlimited.feasible && row.budget.feasible {
                let (u, b) = (row.unlimited.response, row.budget.response);
                assert!(u.settle.unwrap() <= b.settle.unwrap() + 1e-12, "{row:?}");
            }
        }
        // Unlimited, the implicit laws can be stiffer than forward PD at this step and
        // settle sooner.
        let settle = |id: &str| {
            let row = r.rows.iter().find(|x| x.law == id).unwrap();
            row.unlimited.response.settle.unwrap()
        };
        assert!(settle("backward-pd") < settle("pd"), "{r:?}");
        // Bit for bit the race chapter 9's table shows (`npm run core-data` writes it from
        // this call; `npm test` checks the file, this test the search that makes it).
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/core/race.json");
        let shown: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let rows = shown["rows"].as_array().unwrap();
        assert_eq!(rows.len(), r.rows.len());
        for (row, ours) in rows.iter().zip(&r.rows) {
            assert_eq!(row["law"], ours.law);
            for (key, b) in [("unlimited", ours.unlimited), ("budget", ours.budget)] {
                let g = &row[key]["gains"];
                let got = [b.gains.kp, b.gains.kd, b.gains.ki];
                let want = ["kp", "kd", "ki"].map(|k| g[k].as_f64().unwrap());
                assert_eq!(got, want, "{} {key}", ours.law);
                assert_eq!(row[key]["feasible"], b.feasible, "{} {key}", ours.law);
            }
        }
    }
}
