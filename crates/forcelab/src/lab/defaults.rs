//! The Lab a reader first sees, and where each disturbance starts when the reader
//! switches it on: the page builds its defaults from these (`web/src/lab/lab-state.ts`,
//! through `catalogue.json`'s `labDefaults`), so a link that leaves a value out means
//! the same run on the page, in a test and in a figure.

use super::Disturbances;
use crate::catalogue::{LawId, PlantId};
use crate::integrator::Integrator;
use crate::schema::{field, TsType};

/// The Lab's step, 1/60 s, to the six digits a Lab link carries (`0.0166667`): the
/// step of the Lab page and of the chapters' figures, so that a link that names no step
/// replays what a link that names it does.
pub const DT_60: f64 = 0.016_666_7;

/// Where a disturbance starts when the reader switches it on: `(time, value)`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct SwitchedOn {
    /// The target's jump: at 3 s, to 0 m (back to where the bodies started).
    pub target_step: (f64, f64),
    /// The sideswipe: at 2 s, an impulse of 2 N s.
    pub sideswipe: (f64, f64),
    /// The step's spike: at 1 s, four times as long.
    pub dt_spike: (f64, f64),
}

/// The Lab page's first state (its link with nothing in it) and the values a switched-on
/// disturbance starts from.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct LabDefaults {
    /// The body.
    pub plant: PlantId,
    /// The integrator.
    pub integrator: Integrator,
    /// The gain form the cards show (a `gain_forms::GainForm` id).
    pub gain_form: &'static str,
    /// Physics step, s ([`DT_60`]).
    pub dt: f64,
    /// The body's mass, kg.
    pub mass: f64,
    /// Length of a run, s.
    pub horizon: f64,
    /// Playback speed, times real time.
    pub speed: f64,
    /// The laws compared, each at the catalogue's default gains.
    pub laws: &'static [LawId],
    /// What happens to the target and the bodies: [`Disturbances::default`], a step
    /// to 1 m at t = 0 and nothing else (its seed is the noise's).
    pub disturbances: Disturbances,
    /// Where each disturbance starts when switched on.
    pub switched_on: SwitchedOn,
}

impl SwitchedOn {
    /// Its shape on the page (`types.ts`), held to serde's by `lab::schema_tests`.
    pub const TS: TsType = TsType {
        name: "SwitchedOn",
        rust: "lab::SwitchedOn",
        doc: "Where each disturbance with a time starts when the reader switches it on",
        fields: &[
            field("targetStep", "[number, number]", "`[time (s), to (m)]`."),
            field(
                "sideswipe",
                "[number, number]",
                "`[time (s), impulse (N s)]`.",
            ),
            field("dtSpike", "[number, number]", "`[time (s), factor]`."),
        ],
    };
}

impl LabDefaults {
    /// Its shape on the page (`types.ts`), held to serde's by `lab::schema_tests`.
    pub const TS: TsType = TsType {
        name: "LabDefaults",
        rust: "lab::LabDefaults",
        doc: "The Lab page's first state and where each disturbance starts when switched on",
        fields: &[
            field("plant", "PlantId", ""),
            field("integrator", "IntegratorId", ""),
            field(
                "gainForm",
                "GainFormId",
                "How the cards give the gains at first.",
            ),
            field("dt", "number", "The physics step, s."),
            field("mass", "number", "The body's mass, kg."),
            field("horizon", "number", "The run's length, s."),
            field(
                "speed",
                "number",
                "Simulated seconds per second of the page's clock.",
            ),
            field("laws", "LawId[]", "The controllers, in order."),
            field("disturbances", "CoreDisturbances", ""),
            field("switchedOn", "SwitchedOn", ""),
        ],
    };
}

/// The Lab's defaults: forward PD, Wu's backward PD and SPD on a 1 kg cube at 1/60 s
/// under semi-implicit Euler, stepping to 1 m, for 6 s.
pub const LAB_DEFAULTS: LabDefaults = LabDefaults {
    plant: PlantId::Cube,
    integrator: Integrator::SemiImplicitEuler,
    gain_form: "raw",
    dt: DT_60,
    mass: 1.0,
    horizon: 6.0,
    speed: 1.0,
    laws: &[LawId::ForwardPd, LawId::BackwardPd, LawId::Spd],
    disturbances: Disturbances::STEP_ONLY,
    switched_on: SwitchedOn {
        target_step: (3.0, 0.0),
        sideswipe: (2.0, 2.0),
        dt_spike: (1.0, 4.0),
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::{LabSpec, LawSpec};

    #[test]
    fn the_defaults_are_a_lab_the_core_builds_and_their_disturbances_the_cores() {
        let spec = LabSpec {
            plant: LAB_DEFAULTS.plant.id().into(),
            mass: LAB_DEFAULTS.mass,
            dt: LAB_DEFAULTS.dt,
            integrator: LAB_DEFAULTS.integrator.id().into(),
            controllers: LAB_DEFAULTS
                .laws
                .iter()
                .map(|&kind| {
                    let gain = |key: &str| {
                        let gains = kind.law().gains;
                        gains
                            .iter()
                            .find(|g| g.key == key)
                            .map_or(0.0, |g| g.default)
                    };
                    LawSpec {
                        kind: kind.id().into(),
                        kp: gain("kp"),
                        kd: gain("kd"),
                        ..LawSpec::default()
                    }
                })
                .collect(),
            disturbances: Disturbances {
                target_step: Some(LAB_DEFAULTS.switched_on.target_step),
                sideswipe: Some(LAB_DEFAULTS.switched_on.sideswipe),
                dt_spike: Some(LAB_DEFAULTS.switched_on.dt_spike),
                ..LAB_DEFAULTS.disturbances
            },
        };
        let mut lab = spec.build().unwrap();
        let steps = (LAB_DEFAULTS.horizon / LAB_DEFAULTS.dt).round() as u32;
        lab.step(steps).unwrap();
        assert!(lab.diverged().iter().all(|d| !d));
        assert!((DT_60 - 1.0 / 60.0).abs() < 5e-8);
    }
}
