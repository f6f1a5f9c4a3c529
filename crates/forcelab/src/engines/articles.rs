//! The articles' own parameterisations as translator entries: Wu's stable backward PD
//! (article 002) and Bloom's implicit PD (article 003), each stepped by forcelab's own
//! [`Body1`] under the integrator of the reader's choice. Their knobs are not a
//! damping ratio (damping 1 in either is a ratio of 0.75), so the translator sets them
//! to mean the ratio asked for.

use super::catalogue::{Drive, Engine, Entry, Knob, Settings as AnySettings, Unit};
use super::settings::{settings, Kind, SettingType, Value};
use super::twin::{self, Events, Mode, Model, Plant, Prediction};
use super::Intent;
use crate::body::Body1;
use crate::controllers::{Controller1, LawId, Target1};
use crate::integrator::Integrator;
use crate::tuning::{from_bloom, from_wu, to_bloom, to_wu, Gains};

/// The integrators' ids, as a setting's options.
const INTEGRATORS: &[&str] = &["semi-implicit-euler", "explicit-euler", "rk4"];

impl SettingType for Integrator {
    fn to_value(self) -> Value {
        Value::Choice(self.id())
    }
    fn from_value(value: Value) -> Self {
        match value {
            Value::Choice(id) => Integrator::from_id(id).expect("checked against the options"),
            _ => unreachable!("checked against the kind"),
        }
    }
}

settings! {
    /// How forcelab steps an article's law.
    pub struct Settings {
        /// The body's integrator.
        integrator: Integrator = Integrator::SemiImplicitEuler,
            key "integrator", label "integrator",
            kind Kind::Choice { options: INTEGRATORS },
            note "Semi-implicit Euler, as game engines step bodies, by default.";
    }
}

/// The named variants (the integrators).
pub fn variants() -> Vec<(&'static str, Settings)> {
    Integrator::ALL
        .into_iter()
        .map(|integrator| (integrator.id(), Settings { integrator }))
        .collect()
}

/// An article's law at force gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Law {
    /// Which law.
    pub kind: LawId,
    /// N/m or N m/rad.
    pub kp: f64,
    /// N s/m or N m s/rad.
    pub kd: f64,
    /// N/(m s) or N m/(rad s): the PIDs' integral gain, 0 for every other law.
    pub ki: f64,
}

/// The twin of forcelab itself: a [`Body1`] under the law.
pub(crate) struct Forcelab;

/// The body, and the law (which may refuse gains a knob search tries).
#[derive(Clone, Debug)]
pub(crate) struct State {
    body: Body1,
    law: Option<Controller1>,
}

impl Model for Forcelab {
    type Drive = Law;
    type Settings = Settings;
    type State = State;

    fn start(x: f64, v: f64, plant: &Plant, s: &Settings) -> State {
        State {
            body: Body1 {
                x,
                v,
                mass: plant.mass,
                integrator: s.integrator,
            },
            law: None,
        }
    }

    fn step(state: &mut State, law: &Law, plant: &Plant, _: &Settings, _: Mode) -> Events {
        if state.law.is_none() {
            state.law = Controller1::new(law.kind, law.kp, law.kd, plant.mass)
                .and_then(|mut c| c.set_integral_gain(law.ki).map(|_| c))
                .ok();
        }
        let target = Target1 {
            x: plant.target,
            v: 0.0,
        };
        let moved = match state.law.as_mut() {
            Some(controller) => controller
                .force(&state.body, &target, plant.dt)
                .and_then(|terms| state.body.step(terms.total, plant.dt)),
            None => Err(crate::Error::Unsupported {
                field: "gains",
                reason: "refused by the law",
            }),
        };
        if moved.is_err() {
            // Refused gains, or a law that overflowed: the run stops on the NaN, as a
            // diverged one does.
            state.body.x = f64::NAN;
        }
        Events::default()
    }

    fn read(state: &State) -> [f64; 2] {
        [state.body.x, state.body.v]
    }
}

/// One of forcelab's own laws at gains `law` (a Lab controller on its cube, or about one
/// axis when `angular`) stepped by `settings`' integrator from rest at 0 toward
/// [`twin::TARGET`] for `steps` steps: the twin of the articles' entries run with any law,
/// which is what the Lab's cube does with that controller, step for step
/// (`user_trace::explain_lab`'s tests hold it to the Lab).
pub fn run_law(
    law: Law,
    settings: Settings,
    mass: f64,
    dt: f64,
    angular: bool,
    steps: usize,
) -> Result<Prediction, crate::Error> {
    crate::error::positive("mass", mass)?;
    crate::error::positive("dt", dt)?;
    let plant = Plant {
        mass,
        dt,
        angular,
        target: twin::TARGET,
    };
    Ok(twin::run::<Forcelab>(&law, &plant, &settings, steps))
}

fn law(kind: LawId, gains: Result<Gains, crate::Error>) -> Drive {
    let Gains { kp, kd } = gains.unwrap_or(Gains {
        kp: f64::NAN,
        kd: f64::NAN,
    });
    Drive::Forcelab(Law {
        kind,
        kp,
        kd,
        ki: 0.0,
    })
}

/// Bloom's time scale for an intent: with `K = 1`, `T = 6 / w`.
fn time_scale(i: &Intent) -> f64 {
    6.0 / i.omega()
}

/// Wu's and Bloom's parameterisations as translator entries.
pub(crate) fn entries() -> Vec<Entry> {
    vec![
        Entry {
            id: "wu",
            engine: Engine::Forcelab,
            api: "Wu's stable PD (article 002)",
            convention: "kp = (6 frequency)² / 4 and kd = 4.5 frequency damping, per unit mass: the article's \
                         damping 1 is a damping ratio of 0.75, so damping = zeta / 0.75 here.",
            knobs: [
                Knob {
                    name: "frequency",
                    unit: Unit::PerSecond,
                    positive: true,
                },
                Knob {
                    name: "damping",
                    unit: Unit::None,
                    positive: false,
                },
            ],
            docs: |i: &Intent| {
                let (f, d) = to_wu(i.gains(), i.mass).unwrap_or((f64::NAN, f64::NAN));
                [f, d]
            },
            derived: |_, _| Vec::new(),
            drive: |[f, d], i| law(LawId::BackwardPd, from_wu(f, d, i.mass)),
            defaults: || AnySettings::Forcelab(Settings::default()),
            variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Forcelab(s))).collect(),
        },
        Entry {
            id: "bloom",
            engine: Engine::Forcelab,
            api: "Bloom's implicit PD (article 003)",
            convention: "ks = 36 (K / T)², kd = 9 K D / T, per unit mass, stepped by implicit Euler; with K = 1 the \
                         time scale is 6 / w, and D = 1 is a damping ratio of 0.75.",
            knobs: [
                Knob {
                    name: "K",
                    unit: Unit::None,
                    positive: true,
                },
                Knob {
                    name: "D",
                    unit: Unit::None,
                    positive: false,
                },
            ],
            docs: |i: &Intent| {
                let (k, d) = to_bloom(i.gains(), time_scale(i), i.mass).unwrap_or((f64::NAN, f64::NAN));
                [k, d]
            },
            derived: |_, i| vec![("time_scale", time_scale(i), Unit::Seconds)],
            drive: |[k, d], i| law(LawId::ImplicitPd, from_bloom(k, d, time_scale(i), i.mass)),
            defaults: || AnySettings::Forcelab(Settings::default()),
            variants: || variants().into_iter().map(|(n, s)| (n, AnySettings::Forcelab(s))).collect(),
        },
    ]
}
