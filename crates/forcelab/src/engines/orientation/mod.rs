//! The orientation twin: what each engine's 3-D rotation drive, and each article's
//! torque law, does when asked to turn a free body with a full inertia to a target
//! orientation ([`OrientationIntent`]).
//!
//! Every drive is one entry of [`drives`]; [`report`] runs each at its engine's
//! defaults and at each named settings variant. `npm test` runs the real engines on the
//! same intents (tests/engines/orientation.test.mjs) and requires the twin's orientation
//! within 1e-3 rad of theirs at every step: MuJoCo ([`mujoco`], in `f64` as MuJoCo
//! computes) agrees to rounding; PhysX ([`physx`], in `f32` in PhysX's order of
//! operations), Unity's ConfigurableJoint on it ([`unity`]) and Rapier ([`rapier`]) bit
//! for bit; Jolt ([`jolt`]) to 1e-5 rad.

mod articles;
pub mod axes;
pub mod exact;
mod intent;
pub mod jolt;
pub mod mujoco;
mod path;
pub mod physx;
pub mod rapier;
pub mod submarine;
mod target_forms;
pub mod unity;

pub use intent::{OrientationIntent, QUATERNION_TOLERANCE};
pub use path::{
    fit_steps, path_deviation, turn_effective, turn_effective_over, turned_about_axis, STRAYS,
};

use super::mujoco::Integrator;
use super::{Engine, Parameter};
use crate::catalogue::LawId;
use crate::controllers::{Controller3, SubmarineLaw};
use crate::error::Error;
use crate::rotation::rotation_vector;
use glam::DQuat;

/// What a drive did over a run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prediction3 {
    /// The body's orientation (body to world) after each step.
    pub orientations: Vec<DQuat>,
    /// The steps at which the engine reset a diverged simulation (the body is back at
    /// the start, at rest, after each).
    pub resets: Vec<usize>,
    /// The step at which the run overflowed and stopped, if it did.
    pub diverged_after: Option<usize>,
}

impl Prediction3 {
    /// The angle (rad) left to the target after each step: `|log(q^-1 target)|`, the
    /// shortest way (so at most pi).
    pub fn angle_to(&self, target: DQuat) -> Vec<f64> {
        self.orientations
            .iter()
            .map(|q| rotation_vector(q.conjugate() * target).length())
            .collect()
    }
}

/// How a drive is stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A MuJoCo model ([`mujoco`]) under one of its integrators.
    Mujoco(mujoco::Joint),
    /// A Jolt constraint's angular motors ([`jolt`]) under one of its variants.
    Jolt(jolt::Constraint),
    /// Rapier's spherical joint with a position motor per axis ([`rapier`]).
    Rapier(super::rapier::MotorModel),
    /// A PhysX `PxD6Joint` drive ([`physx`]) at PhysX's settings.
    Physx(physx::Joint),
    /// A Unity `ConfigurableJoint` drive ([`unity`]) at Unity's settings.
    Unity(physx::Drives),
    /// An article's law on forcelab's own body.
    Article(LawId),
    /// Article 004's submarine attitude law on forcelab's own body ([`submarine`]).
    Submarine(SubmarineLaw),
}

/// One orientation drive: an engine's API, or an article's law.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drive {
    /// A stable identifier (`"mujoco-ball-motor"`, `"forcelab-spd"`).
    pub id: &'static str,
    /// The engine.
    pub engine: Engine,
    /// The engine and API, for people.
    pub api: &'static str,
    /// How it is stepped.
    pub kind: Kind,
}

/// The MuJoCo integrators the twin is checked at: the default first.
const MUJOCO_VARIANTS: [(&str, Integrator); 3] = [
    ("default", Integrator::Euler),
    ("implicitfast", Integrator::ImplicitFast),
    ("rk4", Integrator::Rk4),
];

/// Every orientation drive, in the order the page lists them.
pub fn drives() -> Vec<Drive> {
    let mut out = vec![
        Drive {
            id: "mujoco-ball-motor",
            engine: Engine::Mujoco,
            api: "MuJoCo ball joint, three <motor> actuators, ctrl = kp * mju_subQuat(target, qpos) - kd * qvel",
            kind: Kind::Mujoco(mujoco::Joint::BallMotor),
        },
        Drive {
            id: "mujoco-gimbal-position",
            engine: Engine::Mujoco,
            api: "MuJoCo three hinge joints (x, y, z), <position> actuators at the target's x-y-z angles",
            kind: Kind::Mujoco(mujoco::Joint::GimbalPosition),
        },
        Drive {
            id: "jolt-swing-twist",
            engine: Engine::Jolt,
            api: "Jolt SwingTwistConstraint (open limits), swing and twist motors in EMotorState::Position, SetTargetOrientationCS(target)",
            kind: Kind::Jolt(jolt::Constraint::SwingTwist),
        },
        Drive {
            id: "jolt-six-dof",
            engine: Engine::Jolt,
            api: "Jolt SixDOFConstraint (translations fixed, rotations free), rotation motors in EMotorState::Position, SetTargetOrientationCS(target)",
            kind: Kind::Jolt(jolt::Constraint::SixDof),
        },
        Drive {
            id: "rapier-spherical-acceleration",
            engine: Engine::Rapier,
            api: "Rapier spherical joint, configureMotorPosition on AngX, AngY, AngZ (MotorModel.AccelerationBased, the default)",
            kind: Kind::Rapier(super::rapier::MotorModel::Acceleration),
        },
        Drive {
            id: "rapier-spherical-force",
            engine: Engine::Rapier,
            api: "Rapier spherical joint, configureMotorPosition on AngX, AngY, AngZ (MotorModel.ForceBased)",
            kind: Kind::Rapier(super::rapier::MotorModel::Force),
        },
    ];
    let d6 = |id, api, drives, acceleration| Drive {
        id,
        engine: Engine::Physx,
        api,
        kind: Kind::Physx(physx::Joint {
            drives,
            acceleration,
        }),
    };
    out.extend([
        d6(
            "physx-d6-slerp",
            "PhysX PxD6Joint, eSLERP drive (force), setDrivePosition(target)",
            physx::Drives::Slerp,
            false,
        ),
        d6(
            "physx-d6-slerp-acceleration",
            "PhysX PxD6Joint, eSLERP drive with isAcceleration, setDrivePosition(target)",
            physx::Drives::Slerp,
            true,
        ),
        d6(
            "physx-d6-twist-swing",
            "PhysX PxD6Joint, eTWIST and eSWING drives (force), setDrivePosition(target)",
            physx::Drives::TwistSwing,
            false,
        ),
        d6(
            "physx-d6-twist-swing-acceleration",
            "PhysX PxD6Joint, eTWIST and eSWING drives with isAcceleration, setDrivePosition(target)",
            physx::Drives::TwistSwing,
            true,
        ),
        d6(
            "physx-d6-swing1-swing2",
            "PhysX PxD6Joint, eSWING_TWIST config: eTWIST, eSWING1 and eSWING2 drives (force)",
            physx::Drives::TwistSwing1Swing2,
            false,
        ),
    ]);
    out.extend([
        Drive {
            id: "unity-configurable-joint-slerp",
            engine: Engine::Unity,
            api: "Unity ConfigurableJoint, rotationDriveMode Slerp (slerpDrive), targetRotation = Quaternion.Inverse(target)",
            kind: Kind::Unity(physx::Drives::Slerp),
        },
        Drive {
            id: "unity-configurable-joint-x-yz",
            engine: Engine::Unity,
            api: "Unity ConfigurableJoint, rotationDriveMode XAndYZ (angularXDrive, angularYZDrive), targetRotation = Quaternion.Inverse(target)",
            kind: Kind::Unity(physx::Drives::TwistSwing),
        },
    ]);
    out.extend(Controller3::laws().into_iter().map(|law| Drive {
        id: law.law().id_text,
        engine: Engine::Forcelab,
        api: law.law().label,
        kind: Kind::Article(law),
    }));
    out.extend([
        Drive {
            id: "submarine-pid",
            engine: Engine::Forcelab,
            api: "Article 004's submarine PID with feed-forward (tau = I alpha + w x I w), pitch and roll only, yaw left free",
            kind: Kind::Submarine(SubmarineLaw::PidFeedForward),
        },
        Drive {
            id: "submarine-pid-as-printed",
            engine: Engine::Forcelab,
            api: "Article 004's submarine PID with feed-forward as its listing prints it (the world angular velocity in a body-frame torque)",
            kind: Kind::Submarine(SubmarineLaw::PidFeedForwardAsPrinted),
        },
    ]);
    out
}

/// One drive at one settings variant, with its parameters and its predicted turn.
#[derive(Clone, Debug, PartialEq)]
pub struct OrientationReport {
    /// The drive.
    pub drive: Drive,
    /// `"default"` or the variant's name.
    pub variant: &'static str,
    /// Every setting that matters to the drive, with its value.
    pub settings: Vec<(&'static str, &'static str)>,
    /// The settings that differ from the engine's defaults.
    pub changed: Vec<&'static str>,
    /// The numbers the drive is given.
    pub parameters: Vec<Parameter>,
    /// The moment of inertia (kg m^2) the numbers about each principal axis (x, y, z)
    /// are written for: the `I` of the formula `k = I w^2`, `c = 2 zeta w I` there (the
    /// body's own moment where the engine scales by it). Where it is not the body's
    /// moment the spring about that axis is not the one asked for ([`axes`]).
    pub written_for: [f64; 3],
    /// What the twin predicts.
    pub predicted: Prediction3,
}

fn per_axis(names: [&'static str; 3], values: [f64; 3], unit: &'static str) -> [Parameter; 3] {
    [0, 1, 2].map(|i| Parameter {
        name: names[i],
        value: values[i],
        unit,
    })
}

/// `defaults` with `changes` applied, in the defaults' order: every setting of a variant
/// with its value, as each engine's report lists them.
pub(super) fn with_changes(
    defaults: &[(&'static str, &'static str)],
    changes: &[(&'static str, &'static str)],
) -> Vec<(&'static str, &'static str)> {
    defaults
        .iter()
        .map(|&(key, value)| {
            let changed = changes.iter().find(|(k, _)| *k == key);
            (key, changed.map_or(value, |&(_, v)| v))
        })
        .collect()
}

/// The longest run a report steps (5.5 minutes at 60 Hz): the page, the bindings and the
/// command refuse a longer one by this bound.
pub const MAX_STEPS: usize = 20_000;

/// Every drive at its defaults and at each named variant, over `steps` steps of `intent`.
pub fn report(intent: &OrientationIntent, steps: usize) -> Result<Vec<OrientationReport>, Error> {
    report_where(intent, steps, |_, _| true)
}

/// [`report`] for the drives and variants `keep(id, variant)` accepts only, the others
/// not stepped at all (a page that shows five turns steps five).
pub fn report_where(
    intent: &OrientationIntent,
    steps: usize,
    keep: impl Fn(&str, &str) -> bool,
) -> Result<Vec<OrientationReport>, Error> {
    report_kept(intent, steps, &keep, None)
}

/// Drive `id` at settings `variant` alone over `steps` steps of `intent` (the others not
/// stepped); refused by name (`drive`) when no drive has that id and variant.
pub fn report_one(
    intent: &OrientationIntent,
    steps: usize,
    id: &str,
    variant: &str,
) -> Result<OrientationReport, Error> {
    let this = |d: &str, v: &str| d == id && v == variant;
    report_kept(intent, steps, &this, Some(id))?
        .into_iter()
        .find(|r| this(r.drive.id, r.variant))
        .ok_or(Error::Unsupported {
            field: "drive",
            reason: "no orientation drive has this id and settings variant",
        })
}

/// [`report_where`] through one `dyn` filter: every caller's closure shares this one
/// body, which steps every engine (the page's wasm carries it once, not per closure).
/// With `only`, the other drives are not listed at all: [`report_one`] is called per
/// trial by the solvers and per axis by [`axes`], and building every drive's numbers
/// and settings to keep one was most of its cost.
fn report_kept(
    intent: &OrientationIntent,
    steps: usize,
    keep: &dyn Fn(&str, &str) -> bool,
    only: Option<&str>,
) -> Result<Vec<OrientationReport>, Error> {
    intent.validate()?;
    if steps > MAX_STEPS {
        return Err(Error::OutOfRange {
            field: "steps",
            value: steps as f64,
            min: 0.0,
            max: MAX_STEPS as f64,
        });
    }
    let mut out = Vec::new();
    // A variant left out costs nothing: its steps are empty.
    let steps_of = |drive: &Drive, variant: &str| if keep(drive.id, variant) { steps } else { 0 };
    for drive in drives() {
        if only.is_some_and(|id| id != drive.id) {
            continue;
        }
        match drive.kind {
            Kind::Mujoco(joint) => {
                let (kp, kd) = mujoco::gains(intent);
                let mut parameters = Vec::new();
                match joint {
                    mujoco::Joint::BallMotor => {
                        parameters.extend(per_axis(["kp.x", "kp.y", "kp.z"], kp, "N m/rad"));
                        parameters.extend(per_axis(["kd.x", "kd.y", "kd.z"], kd, "N m s/rad"));
                    }
                    mujoco::Joint::GimbalPosition => {
                        parameters.extend(per_axis(["kp.x", "kp.y", "kp.z"], kp, "N m/rad"));
                        parameters.extend(per_axis(["kv.x", "kv.y", "kv.z"], kd, "N m s/rad"));
                        let angles = mujoco::gimbal_angles(intent.target());
                        parameters.extend(per_axis(["ctrl.x", "ctrl.y", "ctrl.z"], angles, "rad"));
                    }
                }
                for (variant, integrator) in MUJOCO_VARIANTS {
                    out.push(OrientationReport {
                        drive,
                        variant,
                        settings: vec![("integrator", integrator.name())],
                        changed: if integrator == Integrator::Euler {
                            vec![]
                        } else {
                            vec!["integrator"]
                        },
                        parameters: parameters.clone(),
                        written_for: intent.inertia,
                        predicted: mujoco::predict(
                            joint,
                            integrator,
                            intent,
                            steps_of(&drive, variant),
                        ),
                    });
                }
            }
            Kind::Jolt(constraint) => {
                for (variant, changes) in jolt::VARIANTS {
                    let settings = jolt::Settings::with(changes);
                    out.push(OrientationReport {
                        drive,
                        variant,
                        settings: with_changes(&jolt::DEFAULTS, changes),
                        changed: changes.iter().map(|&(key, _)| key).collect(),
                        parameters: jolt::parameters(intent, settings.spring_mode),
                        written_for: jolt::written_for(intent, settings.spring_mode),
                        predicted: jolt::predict(
                            constraint,
                            &settings,
                            intent,
                            steps_of(&drive, variant),
                        ),
                    });
                }
            }
            Kind::Rapier(model) => out.extend(rapier::reports(drive, model, intent, &|variant| {
                steps_of(&drive, variant)
            })),
            Kind::Physx(joint) => {
                let parameters = physx::parameters(joint, intent);
                for (variant, changes) in physx::VARIANTS {
                    let settings = with_changes(&physx::DEFAULTS, changes);
                    out.push(OrientationReport {
                        drive,
                        variant,
                        settings,
                        changed: changes.iter().map(|&(key, _)| key).collect(),
                        parameters: parameters.clone(),
                        written_for: physx::written_for(joint, intent),
                        predicted: physx::predict(
                            joint,
                            &physx::Config::with(changes),
                            intent,
                            steps_of(&drive, variant),
                        ),
                    });
                }
            }
            Kind::Unity(drives) => {
                for (variant, changes) in unity::VARIANTS {
                    let acceleration = unity::acceleration(changes);
                    out.push(OrientationReport {
                        drive,
                        variant,
                        settings: with_changes(&unity::DEFAULTS, changes),
                        changed: changes.iter().map(|&(key, _)| key).collect(),
                        parameters: unity::parameters(drives, acceleration, intent),
                        written_for: unity::written_for(drives, acceleration, intent),
                        predicted: unity::predict(
                            drives,
                            changes,
                            intent,
                            steps_of(&drive, variant),
                        ),
                    });
                }
            }
            Kind::Article(law) => {
                let (kp, kd) = articles::gains(intent);
                out.push(OrientationReport {
                    drive,
                    variant: "default",
                    settings: vec![],
                    changed: vec![],
                    parameters: vec![
                        Parameter {
                            name: "kp",
                            value: kp,
                            unit: "N m/rad",
                        },
                        Parameter {
                            name: "kd",
                            value: kd,
                            unit: "N m s/rad",
                        },
                    ],
                    written_for: articles::written_for(intent),
                    predicted: articles::predict(law, intent, steps_of(&drive, "default")),
                });
            }
            Kind::Submarine(law) => {
                let (kp, ki, kd) = submarine::gains(intent);
                let p = |name, value, unit| Parameter { name, value, unit };
                out.push(OrientationReport {
                    drive,
                    variant: "default",
                    settings: vec![],
                    changed: vec![],
                    parameters: vec![p("kp", kp, "1/s²"), p("ki", ki, "1/s³"), p("kd", kd, "1/s")],
                    // Accelerations, turned into torque by the body's own inertia.
                    written_for: intent.inertia,
                    predicted: submarine::predict(law, intent, steps_of(&drive, "default")),
                });
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
