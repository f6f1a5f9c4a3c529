//! The gain translator: one intent (natural frequency, damping ratio, mass or inertia,
//! step) written as the parameters each engine's spring drive takes, with its units and
//! sign convention, and the response each engine's step rule gives on the same body.
//!
//! The continuous spring-damper behind every entry is `m x'' = k (x* - x) - c x'` with
//! `w = 2 pi f`, `k = m w^2` and `c = 2 m zeta w`. Engines differ in three ways: whether
//! they take `k, c` (force), `k/m, c/m` (acceleration) or `f, zeta` directly; the units
//! (per metre or per radian, hertz or rad/s); and how they step the spring, which
//! [`StepRule`] models for the response.

use crate::body::Body1;
use crate::controllers::{Controller1, ControllerKind, Target1};
use crate::error::{non_negative, positive, Error};
use crate::tuning::{to_bloom, to_wu, Gains};
use core::f64::consts::TAU;

/// What the reader wants: how fast and how damped, on what body, at what step.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Intent {
    /// Natural frequency `f`, Hz.
    pub frequency: f64,
    /// Damping ratio `zeta`: 1 critical, below overshoots.
    pub damping_ratio: f64,
    /// Mass (kg), or moment of inertia (kg m^2) when `angular`.
    pub mass: f64,
    /// The engine's fixed step, s.
    pub dt: f64,
    /// A rotational drive (units per radian) instead of a linear one (per metre).
    pub angular: bool,
}

impl Default for Intent {
    /// 2 Hz, critically damped, 1 kg, 60 Hz, linear.
    fn default() -> Self {
        Intent {
            frequency: 2.0,
            damping_ratio: 1.0,
            mass: 1.0,
            dt: 1.0 / 60.0,
            angular: false,
        }
    }
}

impl Intent {
    /// Checks the numbers; the error names the field and the value.
    pub fn validate(&self) -> Result<(), Error> {
        positive("frequency", self.frequency)?;
        non_negative("damping_ratio", self.damping_ratio)?;
        positive("mass", self.mass)?;
        positive("dt", self.dt)?;
        Ok(())
    }

    /// The angular natural frequency `w = 2 pi f`, rad/s.
    pub fn omega(&self) -> f64 {
        TAU * self.frequency
    }

    /// The force gains `k = m w^2`, `c = 2 m zeta w`.
    pub fn gains(&self) -> Gains {
        let w = self.omega();
        Gains {
            kp: self.mass * w * w,
            kd: 2.0 * self.mass * self.damping_ratio * w,
        }
    }
}

/// How an engine steps its drive, for the response plot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum StepRule {
    /// The force from the state at the start of the step, then semi-implicit Euler: an
    /// actuator outside the solver (MuJoCo's default Euler integrator).
    Explicit,
    /// The spring solved implicitly with the velocity (a soft constraint): PhysX drives,
    /// Box2D, Jolt and Rapier motors. Stable at any stiffness.
    Implicit,
    /// Wu's stable backward PD (article 002).
    WuBackward,
    /// Bloom's implicit PD (article 003).
    BloomImplicit,
}

impl StepRule {
    fn kind(self) -> ControllerKind {
        match self {
            StepRule::Explicit => ControllerKind::ForwardPd,
            StepRule::Implicit => ControllerKind::SoftStep,
            StepRule::WuBackward => ControllerKind::BackwardPd,
            StepRule::BloomImplicit => ControllerKind::ImplicitPd,
        }
    }
}

/// One named parameter of an engine, with its value and unit.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Parameter {
    /// The field or argument, as the engine spells it.
    pub name: &'static str,
    /// Its value.
    pub value: f64,
    /// Its unit ("" for a pure number).
    pub unit: &'static str,
}

/// The intent written for one engine.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct EngineGains {
    /// A stable identifier (`"unity-articulation"`, `"box2d-v3"`, ...).
    pub id: &'static str,
    /// The engine and the API, for people.
    pub engine: &'static str,
    /// The parameters to set.
    pub parameters: Vec<Parameter>,
    /// The engine's law with its signs, and any unit trap.
    pub convention: &'static str,
    /// How the engine steps the drive (for the response).
    pub step: StepRule,
    /// The force gains the parameters amount to (N/m or N m/rad, N s/m or N m s/rad).
    pub kp: f64,
    /// See `kp`.
    pub kd: f64,
}

fn p(name: &'static str, value: f64, unit: &'static str) -> Parameter {
    Parameter { name, value, unit }
}

/// Every engine's parameters for `intent`, in a fixed order.
pub fn translate(intent: &Intent) -> Result<Vec<EngineGains>, Error> {
    intent.validate()?;
    let Gains { kp: k, kd: c } = intent.gains();
    let (m, f, zeta, w) = (
        intent.mass,
        intent.frequency,
        intent.damping_ratio,
        intent.omega(),
    );
    let (stiff, damp, per_mass_stiff, per_mass_damp) = if intent.angular {
        ("N m/rad", "N m s/rad", "1/s²", "1/s")
    } else {
        ("N/m", "N s/m", "1/s²", "1/s")
    };
    let (wu_f, wu_d) = to_wu(Gains { kp: k, kd: c }, m)?;
    // Bloom's knobs are (k, d, T); fix k = 1, so T = 6 / w.
    let time_scale = 6.0 / w;
    let (bloom_k, bloom_d) = to_bloom(Gains { kp: k, kd: c }, time_scale, m)?;
    let entry = |id, engine, parameters, convention, step| EngineGains {
        id,
        engine,
        parameters,
        convention,
        step,
        kp: k,
        kd: c,
    };
    Ok(vec![
        entry(
            "unity-articulation",
            "Unity ArticulationDrive",
            vec![p("stiffness", k, stiff), p("damping", c, damp)],
            "force = stiffness (target - position) - damping (velocity - targetVelocity). Unity documents \
             stiffness per metre or per radian, but a rotational drive's target is set in degrees. Solved by \
             PhysX's articulation solver, implicitly.",
            StepRule::Implicit,
        ),
        entry(
            "physx-drive",
            "PhysX PxD6JointDrive (force drive)",
            vec![p("stiffness", k, stiff), p("damping", c, damp)],
            "force = stiffness (targetPosition - position) + damping (targetVelocity - velocity), radians for \
             angular drives; the drive is an implicit spring inside the solver.",
            StepRule::Implicit,
        ),
        entry(
            "physx-drive-acceleration",
            "PhysX PxD6JointDrive (isAcceleration = true)",
            vec![p("stiffness", w * w, per_mass_stiff), p("damping", 2.0 * zeta * w, per_mass_damp)],
            "the same law per unit mass (or inertia): the solver multiplies by the effective mass, so one \
             setting serves any body.",
            StepRule::Implicit,
        ),
        entry(
            "box2d-v3",
            "Box2D v3 joint spring (enableSpring = true)",
            vec![p("hertz", f, "Hz"), p("dampingRatio", zeta, "")],
            "a soft constraint that pulls toward the joint's target: Box2D builds the stiffness from hertz and \
             the joint's effective mass, so mass never appears; hertz is cycles per second, not rad/s.",
            StepRule::Implicit,
        ),
        entry(
            "jolt-frequency",
            "Jolt SpringSettings (ESpringMode::FrequencyAndDamping)",
            vec![p("mFrequency", f, "Hz"), p("mDamping", zeta, "")],
            "a soft constraint like Box2D's; mDamping is a damping ratio in this mode.",
            StepRule::Implicit,
        ),
        entry(
            "jolt-stiffness",
            "Jolt SpringSettings (ESpringMode::StiffnessAndDamping)",
            vec![p("mStiffness", k, stiff), p("mDamping", c, damp)],
            "the same spring in force units; here mDamping is a damping coefficient, not a ratio: the same \
             field name means different things in the two modes.",
            StepRule::Implicit,
        ),
        entry(
            "rapier-acceleration",
            "Rapier joint motor (MotorModel::AccelerationBased, the default)",
            vec![p("stiffness", w * w, per_mass_stiff), p("damping", 2.0 * zeta * w, per_mass_damp)],
            "set_motor_position(target, stiffness, damping): acceleration = stiffness (target - position) + \
             damping (targetVelocity - velocity), scaled by the effective mass; radians for angular axes.",
            StepRule::Implicit,
        ),
        entry(
            "rapier-force",
            "Rapier joint motor (MotorModel::ForceBased)",
            vec![p("stiffness", k, stiff), p("damping", c, damp)],
            "the same law in force units: retune when the mass changes.",
            StepRule::Implicit,
        ),
        entry(
            "mujoco-position",
            "MuJoCo <position> actuator",
            vec![p("kp", k, stiff), p("kv", c, damp), p("dampratio", zeta, "")],
            "force = kp (ctrl - q) - kv q'; use kv or dampratio, not both (dampratio counts the joint's \
             armature in the inertia). Under the default Euler integrator the actuator's force is explicit: \
             stiff settings need integrator=\"implicitfast\".",
            StepRule::Explicit,
        ),
        entry(
            "wu",
            "Wu's stable PD (article 002)",
            vec![p("frequency", wu_f, "1/s"), p("damping", wu_d, "")],
            "kp = (6 frequency)² / 4 and kd = 4.5 frequency damping, per unit mass: the article's damping 1 is \
             a damping ratio of 0.75, so damping = zeta / 0.75 here.",
            StepRule::WuBackward,
        ),
        entry(
            "bloom",
            "Bloom's implicit PD (article 003)",
            vec![p("K", bloom_k, ""), p("D", bloom_d, ""), p("time_scale", time_scale, "s")],
            "ks = 36 (K / T)², kd = 9 K D / T, per unit mass, stepped by implicit Euler; with K = 1 the time \
             scale is 6 / w, and D = 1 is a damping ratio of 0.75.",
            StepRule::BloomImplicit,
        ),
    ])
}

/// The position (m or rad) after each of `steps` steps of a body of the intent's mass
/// at rest at 0, pulled toward 1 by `gains` under its step rule. A run that diverges
/// stops early (the trace is shorter).
pub fn step_response(
    intent: &Intent,
    gains: &EngineGains,
    steps: usize,
) -> Result<Vec<f64>, Error> {
    intent.validate()?;
    let mut law = Controller1::new(gains.step.kind(), gains.kp, gains.kd, intent.mass)?;
    let mut body = Body1 {
        mass: intent.mass,
        ..Body1::default()
    };
    let target = Target1 { x: 1.0, v: 0.0 };
    let mut out = Vec::with_capacity(steps);
    for _ in 0..steps {
        let force = law.force(&body, &target, intent.dt)?.total;
        if body.step(force, intent.dt).is_err() || body.x.abs() > 1e6 {
            break;
        }
        out.push(body.x);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::{from_bloom, from_wu, Effective};
    use proptest::prelude::*;

    fn value(g: &EngineGains, name: &str) -> f64 {
        g.parameters.iter().find(|p| p.name == name).unwrap().value
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
    }

    proptest! {
        /// Every engine's parameters, read back the way that engine reads them, give
        /// the intent's frequency and damping ratio.
        #[test]
        fn every_engine_means_the_intent(
            f in 0.05f64..50.0, zeta in 0.0f64..3.0, m in 0.01f64..1000.0, angular: bool,
        ) {
            let intent = Intent { frequency: f, damping_ratio: zeta, mass: m, dt: 1.0 / 60.0, angular };
            let w = TAU * f;
            for g in translate(&intent).unwrap() {
                let (k, c) = match g.id {
                    "unity-articulation" | "physx-drive" | "rapier-force" => (value(&g, "stiffness"), value(&g, "damping")),
                    "jolt-stiffness" => (value(&g, "mStiffness"), value(&g, "mDamping")),
                    "mujoco-position" => {
                        let (kp, kv) = (value(&g, "kp"), value(&g, "kv"));
                        // MuJoCo's dampratio: kv = dampratio * 2 sqrt(kp m).
                        prop_assert!(close(kv, value(&g, "dampratio") * 2.0 * (kp * m).sqrt()));
                        (kp, kv)
                    }
                    "physx-drive-acceleration" | "rapier-acceleration" => (m * value(&g, "stiffness"), m * value(&g, "damping")),
                    "box2d-v3" => (m * (TAU * value(&g, "hertz")).powi(2), 2.0 * m * value(&g, "dampingRatio") * TAU * value(&g, "hertz")),
                    "jolt-frequency" => (m * (TAU * value(&g, "mFrequency")).powi(2), 2.0 * m * value(&g, "mDamping") * TAU * value(&g, "mFrequency")),
                    "wu" => {
                        let back = from_wu(value(&g, "frequency"), value(&g, "damping"), m).unwrap();
                        (back.kp, back.kd)
                    }
                    "bloom" => {
                        let back = from_bloom(value(&g, "K"), value(&g, "D"), value(&g, "time_scale"), m).unwrap();
                        (back.kp, back.kd)
                    }
                    other => panic!("untested engine {other}"),
                };
                let e = Effective::continuous(Gains { kp: k, kd: c }, m).unwrap();
                prop_assert!(close(e.natural_frequency, w), "{}: w {} vs {w}", g.id, e.natural_frequency);
                prop_assert!(close(e.damping_ratio, zeta), "{}: zeta {} vs {zeta}", g.id, e.damping_ratio);
                prop_assert!(close(g.kp, k) && close(g.kd, c), "{}", g.id);
            }
        }

        /// The implicit drives never diverge, whatever the frequency and step.
        #[test]
        fn implicit_drives_stay_bounded(f in 0.05f64..200.0, zeta in 0.0f64..3.0, hz in 20.0f64..500.0) {
            let intent = Intent { frequency: f, damping_ratio: zeta, mass: 2.0, dt: 1.0 / hz, angular: false };
            let physx = translate(&intent).unwrap().into_iter().find(|g| g.id == "physx-drive").unwrap();
            let x = step_response(&intent, &physx, 600).unwrap();
            prop_assert_eq!(x.len(), 600);
            prop_assert!(x.iter().all(|v| v.abs() <= 2.0 + 1e-9));
        }
    }

    #[test]
    fn units_follow_the_kind_of_drive() {
        let angular = translate(&Intent {
            angular: true,
            ..Intent::default()
        })
        .unwrap();
        assert_eq!(angular[0].parameters[0].unit, "N m/rad");
        let linear = translate(&Intent::default()).unwrap();
        assert_eq!(linear[0].parameters[0].unit, "N/m");
        assert!(linear
            .iter()
            .all(|g| g.parameters.iter().all(|p| p.value.is_finite())));
    }

    #[test]
    fn soft_constraints_agree_and_the_explicit_actuator_fails_when_stiff() {
        // 20 Hz at 60 Hz: w dt = 2.09, past the explicit step's limit of 2.
        let intent = Intent {
            frequency: 20.0,
            damping_ratio: 0.1,
            ..Intent::default()
        };
        let all = translate(&intent).unwrap();
        let implicit: Vec<_> = all
            .iter()
            .filter(|g| g.step == StepRule::Implicit)
            .collect();
        let first = step_response(&intent, implicit[0], 300).unwrap();
        for g in &implicit {
            assert_eq!(step_response(&intent, g, 300).unwrap(), first, "{}", g.id);
        }
        let mujoco = all.iter().find(|g| g.id == "mujoco-position").unwrap();
        assert!(
            step_response(&intent, mujoco, 300).unwrap().len() < 300,
            "diverges"
        );
        // At 2 Hz all of them settle on the target.
        let calm = Intent::default();
        for g in translate(&calm).unwrap() {
            let x = step_response(&calm, &g, 600).unwrap();
            assert!((x[599] - 1.0).abs() < 1e-3, "{} ends at {}", g.id, x[599]);
        }
    }

    #[test]
    fn bad_intent_names_the_field() {
        let bad = Intent {
            frequency: 0.0,
            ..Intent::default()
        };
        assert_eq!(translate(&bad).unwrap_err().field(), "frequency");
        let bad = Intent {
            mass: f64::NAN,
            ..Intent::default()
        };
        assert_eq!(translate(&bad).unwrap_err().field(), "mass");
    }
}
