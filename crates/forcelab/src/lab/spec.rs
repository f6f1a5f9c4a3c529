//! The Lab as data: the config the page keeps in its URL (`LabSpec`, serde), its limits,
//! and its validation, so that the core's tests, the claims and the bindings read and
//! refuse a Lab the same way. Every refusal names the path of the field and the value.

use super::{AnyLab, Disturbances, Lab, LawGains, LawOptions, Plant};
use crate::catalogue::{LawId, PlantId};
use crate::error::{non_negative, Error};
use crate::integrator::Integrator;
use crate::schema::{field, optional, TsType};
use core::fmt;

pub use crate::limits::{MAX_LAWS, MIN_LAWS};

/// The most controllers one Lab runs side by side: [`MAX_LAWS`], each with its printed
/// twin.
pub const MAX_CONTROLLERS: usize = 2 * MAX_LAWS;

/// One controller of a Lab: its law id and raw gains (those of the cube of the Lab's
/// mass: N/m, N s/m, N/(m s)).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct LawSpec {
    /// The law's id ([`LawId`]).
    pub kind: String,
    /// Stiffness, N/m.
    #[cfg_attr(feature = "serde", serde(default))]
    pub kp: f64,
    /// Damping, N s/m.
    #[cfg_attr(feature = "serde", serde(default))]
    pub kd: f64,
    /// Integral gain, N/(m s).
    #[cfg_attr(feature = "serde", serde(default))]
    pub ki: f64,
    /// Settings beyond the gains (the PIDs'), each left out for its default.
    #[cfg_attr(feature = "serde", serde(default))]
    pub options: LawOptions,
}

/// A Lab: `{ plant: "cube" | "plate" | "box", mass, dt, integrator, controllers: [{
/// kind, kp, kd, ki, options }], disturbances }`; fields left out take the defaults (cube, 1 kg,
/// 1/60 s, semi-implicit Euler, no controller, no disturbance).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase")
)]
pub struct LabSpec {
    /// The plant's id ([`PlantId`]).
    pub plant: String,
    /// The body's mass, kg.
    pub mass: f64,
    /// Physics step, s.
    pub dt: f64,
    /// The integrator's id ([`Integrator::id`]).
    pub integrator: String,
    /// The controllers, one body each.
    pub controllers: Vec<LawSpec>,
    /// What happens to the target and the bodies.
    pub disturbances: Disturbances,
}

impl LawSpec {
    /// Its shape on the page (`types.ts`), held to serde's by `lab::schema_tests`.
    pub const TS: TsType = TsType {
        name: "LawSpec",
        rust: "lab::LawSpec",
        doc:
            "A law of a core Lab, as its constructor reads it (a field left out takes its default)",
        fields: &[
            field("kind", "string", "A law id ({@link LawId})."),
            optional(
                "kp",
                "number",
                "Stiffness of the cube of the Lab's mass, N/m.",
            ),
            optional("kd", "number", "Damping, N s/m."),
            optional("ki", "number", "Integral gain, N/(m s) (PIDs only)."),
            optional(
                "options",
                "Record<string, number | string>",
                "Its options beyond the gains, by the catalogue's keys (`lab::LawOptions`).",
            ),
        ],
    };
}

impl LabSpec {
    /// Its shape on the page (`types.ts`), held to serde's by `lab::schema_tests`.
    pub const TS: TsType = TsType {
        name: "LabSpec",
        rust: "lab::LabSpec",
        doc: "A core Lab, as its constructor reads it: the one schema of a Lab run. A field left out takes the core's default; a field the core does not know is refused by name",
        fields: &[
            optional("plant", "PlantId", "The body every controller drives."),
            optional("mass", "number", "Its mass, kg."),
            optional("dt", "number", "The physics step, s."),
            optional("integrator", "IntegratorId", "How the body is stepped."),
            optional("controllers", "LawSpec[]", "One per body, in order."),
            optional("disturbances", "Partial<CoreDisturbances>", "What happens during the run."),
        ],
    };
}

impl Default for LabSpec {
    fn default() -> Self {
        LabSpec {
            plant: PlantId::Cube.id().into(),
            mass: 1.0,
            dt: 1.0 / 60.0,
            integrator: Integrator::SemiImplicitEuler.id().into(),
            controllers: Vec::new(),
            disturbances: Disturbances::default(),
        }
    }
}

/// Why a Lab was refused, as the sentence the page shows (`controllers[1].kp must be
/// ...`, `plant must be one of cube, plate, box, got "boat"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The error of controller `index`, with its path.
pub(super) fn at(index: usize, e: Error) -> SpecError {
    SpecError(format!("controllers[{index}].{e}"))
}

impl LabSpec {
    /// Checks every field and builds the Lab it describes.
    pub fn build(&self) -> Result<AnyLab, SpecError> {
        if self.controllers.len() > MAX_CONTROLLERS {
            return Err(SpecError(format!(
                "controllers must hold at most {MAX_CONTROLLERS} entries, got {}",
                self.controllers.len()
            )));
        }
        for (i, law) in self.controllers.iter().enumerate() {
            for (field, v) in [("kp", law.kp), ("kd", law.kd), ("ki", law.ki)] {
                non_negative(field, v).map_err(|e| at(i, e))?;
            }
        }
        let integrator = Integrator::parse(&self.integrator).map_err(SpecError)?;
        let plant = PlantId::parse(&self.plant).map_err(SpecError)?;
        let allowed = LawId::driving(plant);
        let laws = self
            .controllers
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let gains = LawGains {
                    kp: c.kp,
                    kd: c.kd,
                    ki: c.ki,
                };
                let kind = LawId::parse("kind", &c.kind, &allowed).map_err(|e| {
                    SpecError(format!("controllers[{i}].{e} (on the {})", plant.id()))
                })?;
                c.options
                    .check(kind)
                    .map_err(|e| SpecError(format!("controllers[{i}].options.{e}")))?;
                Ok((kind, gains, c.options))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (dt, d) = (self.dt, self.disturbances);
        let named = |e: Error| SpecError(e.to_string());
        #[allow(unreachable_patterns)] // A build with every plant has no other.
        Ok(match plant {
            #[cfg(feature = "lab-cube")]
            PlantId::Cube => {
                let p = super::CubePlant::new(self.mass, integrator).map_err(named)?;
                AnyLab::Cube(Box::new(lab(p, p.slots_with(&laws), dt, d)?))
            }
            #[cfg(feature = "lab-plate")]
            PlantId::Plate => {
                let p = super::PlanarPlant::new(self.mass, integrator).map_err(named)?;
                AnyLab::Plate(Box::new(lab(p, p.slots_with(&laws), dt, d)?))
            }
            #[cfg(feature = "lab-box")]
            PlantId::Box => {
                let p = super::BoxPlant::new(self.mass, integrator).map_err(named)?;
                AnyLab::Box(Box::new(lab(p, p.slots_with(&laws), dt, d)?))
            }
            other => return Err(not_in_this_build(other)),
        })
    }
}

/// The refusal of a plant this build's Lab does not hold (a Lab door of the site keeps
/// one plant; the page loads the door of the plant it shows before building).
fn not_in_this_build(plant: PlantId) -> SpecError {
    SpecError(format!(
        "plant \"{}\" is not in this part of the core; load the Lab for that plant first",
        plant.id()
    ))
}

fn lab<P: Plant>(
    plant: P,
    slots: Result<Vec<P::Slot>, Error>,
    dt: f64,
    d: Disturbances,
) -> Result<Lab<P>, SpecError> {
    // The slot builders stop at the first bad law; its index is not known here, so
    // the message names the field and value the core reports.
    let slots = slots.map_err(|e| SpecError(format!("controllers: {e}")))?;
    Lab::with_plant(plant, slots, dt, d).map_err(|e| SpecError(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::BoxPlant;

    fn spec(plant: &str, kinds: &[&str]) -> LabSpec {
        LabSpec {
            plant: plant.into(),
            controllers: kinds
                .iter()
                .map(|k| LawSpec {
                    kind: (*k).into(),
                    kp: 100.0,
                    kd: 20.0,
                    ki: 0.0,
                    options: LawOptions::NONE,
                })
                .collect(),
            ..LabSpec::default()
        }
    }

    fn refusal(s: &LabSpec) -> String {
        s.build().err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn a_good_spec_builds_the_lab_of_its_plant() {
        let mut lab = spec("box", &["spd", "backward-pd"]).build().unwrap();
        assert_eq!(lab.len(), 2);
        assert_eq!(lab.pose_size(), BoxPlant::POSE);
        lab.step(10).unwrap();
        assert_eq!(lab.trace().time.len(), 11);
    }

    #[test]
    fn every_bad_field_is_named_with_its_value() {
        assert_eq!(
            refusal(&spec("boat", &["pd"])),
            "plant must be one of cube, plate, box, got \"boat\""
        );
        assert_eq!(
            refusal(&LabSpec {
                integrator: "verlet".into(),
                ..spec("cube", &["pd"])
            }),
            "integrator must be one of semi-implicit-euler, explicit-euler, rk4, got \"verlet\""
        );
        assert!(refusal(&spec("box", &["pd", "windowed-pid"]))
            .starts_with("controllers[1].kind must be one of pd, backward-pd, "));
        assert!(refusal(&spec("box", &["pd", "windowed-pid"]))
            .ends_with("got \"windowed-pid\" (on the box)"));
        let mut negative = spec("cube", &["pd", "spd"]);
        negative.controllers[1].kd = -1.0;
        assert!(
            refusal(&negative).starts_with("controllers[1].kd must be"),
            "{}",
            refusal(&negative)
        );
        assert_eq!(
            refusal(&spec("cube", &["pd"; 9])),
            "controllers must hold at most 8 entries, got 9"
        );
        assert!(refusal(&LabSpec {
            mass: 0.0,
            ..spec("cube", &["pd"])
        })
        .starts_with("mass must be"));
    }

    #[test]
    fn options_reach_their_controllers_and_are_refused_by_path() {
        let mut clamped = spec("plate", &["pid", "pid"]);
        clamped.controllers[1].options.output_limit = Some(5.0);
        let mut lab = clamped.build().unwrap();
        lab.step(30).unwrap();
        let force = &lab.trace().force;
        // Controller 0 pushes 100 N at the start; controller 1 is held at 5 N.
        assert_eq!(force[2], 100.0);
        assert_eq!(force[3], 5.0);
        assert!(force.iter().skip(1).step_by(2).all(|f| f.abs() <= 5.0));

        let mut wrong = spec("cube", &["pd", "pid"]);
        wrong.controllers[0].options.window = Some(9.0);
        assert_eq!(
            refusal(&wrong),
            "controllers[0].options.window: forward PD has no such setting"
        );
        let mut bad = spec("cube", &["pd", "windowed-pid"]);
        bad.controllers[1].options.window = Some(2.0);
        assert_eq!(
            refusal(&bad),
            "controllers[1].options.window must be between 3 and 1000, got 2"
        );
    }
}
