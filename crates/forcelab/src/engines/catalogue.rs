//! Every engine API the translator writes for, declared once: its id, its two knobs
//! with units, the formula its documentation gives for an intent, and how the knobs
//! become the engine's own drive for the twin. The engines' settings are gathered here
//! too, so a caller holds one [`Settings`] whatever the engine.

use super::settings::{SettingDef, Value};
use super::twin::{self, Plant, Prediction};
use super::{articles, box2d, discrete::Map2, jolt, mujoco, physx, rapier, unity, Intent};
use crate::error::Error;

/// An engine, or forcelab itself for the articles' laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum Engine {
    /// Unity (3-D physics), which runs PhysX.
    Unity,
    /// NVIDIA PhysX 5.
    Physx,
    /// Box2D v3.
    Box2d,
    /// Jolt Physics.
    Jolt,
    /// Rapier (3-D).
    Rapier,
    /// MuJoCo.
    Mujoco,
    /// forcelab's own body stepping an article's law.
    Forcelab,
}

impl Engine {
    /// Every engine, in the order the page lists them.
    pub const ALL: [Engine; 7] = [
        Engine::Unity,
        Engine::Physx,
        Engine::Box2d,
        Engine::Jolt,
        Engine::Rapier,
        Engine::Mujoco,
        Engine::Forcelab,
    ];

    /// `"unity"`, `"physx"`, `"box2d"`, `"jolt"`, `"rapier"`, `"mujoco"`, `"forcelab"`.
    pub fn id(self) -> &'static str {
        match self {
            Engine::Unity => "unity",
            Engine::Physx => "physx",
            Engine::Box2d => "box2d",
            Engine::Jolt => "jolt",
            Engine::Rapier => "rapier",
            Engine::Mujoco => "mujoco",
            Engine::Forcelab => "forcelab",
        }
    }

    /// The engine's name for people.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Unity => "Unity",
            Engine::Physx => "PhysX",
            Engine::Box2d => "Box2D v3",
            Engine::Jolt => "Jolt",
            Engine::Rapier => "Rapier",
            Engine::Mujoco => "MuJoCo",
            Engine::Forcelab => "forcelab",
        }
    }

    /// The package and version the engine's twin was checked against (the real engine
    /// runs in `npm test`), or what it is modelled on when it cannot run here.
    pub fn checked_against(self) -> &'static str {
        match self {
            Engine::Unity => unity::CHECKED_AGAINST,
            Engine::Physx => physx::CHECKED_AGAINST,
            Engine::Box2d => box2d::CHECKED_AGAINST,
            Engine::Jolt => jolt::CHECKED_AGAINST,
            Engine::Rapier => rapier::CHECKED_AGAINST,
            Engine::Mujoco => mujoco::CHECKED_AGAINST,
            Engine::Forcelab => "forcelab's own Body1 (this crate)",
        }
    }
}

/// An engine's settings, whichever the engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Settings {
    /// Unity's for a `ConfigurableJoint` (mapped onto PhysX's).
    Unity(unity::Settings),
    /// Unity's for an `ArticulationBody` (mapped onto PhysX's).
    UnityArticulation(unity::ArticulationSettings),
    /// PhysX's for a D6 joint drive.
    Physx(physx::Settings),
    /// PhysX's for an articulation drive.
    PhysxArticulation(physx::ArticulationSettings),
    /// Box2D's.
    Box2d(box2d::Settings),
    /// Jolt's.
    Jolt(jolt::Settings),
    /// Rapier's.
    Rapier(rapier::Settings),
    /// MuJoCo's.
    Mujoco(mujoco::Settings),
    /// forcelab's (the articles' laws).
    Forcelab(articles::Settings),
}

macro_rules! each_settings {
    ($self:expr, $s:ident => $e:expr) => {
        match $self {
            Settings::Unity($s) => $e,
            Settings::UnityArticulation($s) => $e,
            Settings::Physx($s) => $e,
            Settings::PhysxArticulation($s) => $e,
            Settings::Box2d($s) => $e,
            Settings::Jolt($s) => $e,
            Settings::Rapier($s) => $e,
            Settings::Mujoco($s) => $e,
            Settings::Forcelab($s) => $e,
        }
    };
}

impl Settings {
    /// The engine these settings belong to.
    pub fn engine(&self) -> Engine {
        match self {
            Settings::Unity(_) | Settings::UnityArticulation(_) => Engine::Unity,
            Settings::Physx(_) | Settings::PhysxArticulation(_) => Engine::Physx,
            Settings::Box2d(_) => Engine::Box2d,
            Settings::Jolt(_) => Engine::Jolt,
            Settings::Rapier(_) => Engine::Rapier,
            Settings::Mujoco(_) => Engine::Mujoco,
            Settings::Forcelab(_) => Engine::Forcelab,
        }
    }

    /// Every setting of this engine: key, label, kind, default and note.
    pub fn defs(&self) -> &'static [SettingDef] {
        fn defs_of<S: HasDefs>(_: &S) -> &'static [SettingDef] {
            S::defs_static()
        }
        each_settings!(self, s => defs_of(s))
    }

    /// Every setting's key and value.
    pub fn values(&self) -> Vec<(&'static str, Value)> {
        each_settings!(self, s => s.values())
    }

    /// Sets `key` to `value`, refusing an unknown key or a bad value by name.
    pub fn set(&mut self, key: &str, value: Value) -> Result<(), Error> {
        each_settings!(self, s => s.set(key, value))
    }

    /// Checks every value.
    pub fn validate(&self) -> Result<(), Error> {
        each_settings!(self, s => s.validate())
    }

    /// The keys whose values differ from the engine's defaults.
    pub fn changed(&self) -> Vec<&'static str> {
        self.values()
            .into_iter()
            .zip(self.defs())
            .filter(|((_, value), def)| *value != def.default)
            .map(|((key, _), _)| key)
            .collect()
    }
}

/// Reaches a settings struct's `defs()` without an instance (the macro makes it an
/// associated function).
trait HasDefs {
    fn defs_static() -> &'static [SettingDef];
}

macro_rules! has_defs {
    ($($t:ty),*) => {$(impl HasDefs for $t { fn defs_static() -> &'static [SettingDef] { <$t>::defs() } })*};
}
has_defs!(
    unity::Settings,
    unity::ArticulationSettings,
    physx::Settings,
    physx::ArticulationSettings,
    box2d::Settings,
    jolt::Settings,
    rapier::Settings,
    mujoco::Settings,
    articles::Settings
);

/// A knob's unit, which depends on whether the drive is linear or angular.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum Unit {
    /// N/m or N m/rad.
    Stiffness,
    /// N s/m or N m s/rad.
    Damping,
    /// 1/s^2 (stiffness per unit mass or inertia).
    PerMassStiffness,
    /// 1/s (damping per unit mass or inertia).
    PerMassDamping,
    /// Hz.
    Hertz,
    /// 1/s (Wu's frequency).
    PerSecond,
    /// s.
    Seconds,
    /// A pure number.
    None,
}

impl Unit {
    /// The unit as text.
    pub fn text(self, angular: bool) -> &'static str {
        match (self, angular) {
            (Unit::Stiffness, false) => "N/m",
            (Unit::Stiffness, true) => "N m/rad",
            (Unit::Damping, false) => "N s/m",
            (Unit::Damping, true) => "N m s/rad",
            (Unit::PerMassStiffness, _) => "1/s²",
            (Unit::PerMassDamping, _) | (Unit::PerSecond, _) => "1/s",
            (Unit::Hertz, _) => "Hz",
            (Unit::Seconds, _) => "s",
            (Unit::None, _) => "",
        }
    }
}

/// One of an entry's two knobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knob {
    /// The field or argument, as the engine spells it.
    pub name: &'static str,
    /// Its unit.
    pub unit: Unit,
    /// Whether the engine needs it above zero (stiffness, hertz) rather than only not
    /// negative (damping).
    pub positive: bool,
}

/// The engine's own drive, built from an entry's knobs (internal to the twin).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Drive {
    Physx(physx::Drive),
    Box2d(box2d::Spring),
    Jolt(jolt::Spring),
    Rapier(rapier::Motor),
    Mujoco(mujoco::Position),
    Forcelab(articles::Law),
}

/// A parameter shown beside an entry's knobs: name, value, unit.
pub(crate) type Derived = (&'static str, f64, Unit);

/// One engine API: what the translator writes for and the twin steps.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// A stable identifier (`"jolt-frequency"`, `"box2d-v3"`, ...).
    pub id: &'static str,
    /// The engine.
    pub engine: Engine,
    /// The API, for people.
    pub api: &'static str,
    /// The engine's law with its signs, and any unit trap.
    pub convention: &'static str,
    /// The two numbers the reader sets.
    pub knobs: [Knob; 2],
    /// The knobs the engine's documentation gives for an intent.
    pub(crate) docs: fn(&Intent) -> [f64; 2],
    /// Other parameters shown with the knobs (MuJoCo's dampratio, Bloom's time scale):
    /// name, value, unit.
    pub(crate) derived: fn([f64; 2], &Intent) -> Vec<Derived>,
    /// The engine's drive for these knobs.
    pub(crate) drive: fn([f64; 2], &Intent) -> Drive,
    /// The settings this API runs under by default.
    pub(crate) defaults: fn() -> Settings,
    /// The named settings variants the twin is checked at against the real engine,
    /// the defaults first.
    pub(crate) variants: fn() -> Vec<(&'static str, Settings)>,
}

impl Entry {
    /// The knobs the engine's documentation gives for `intent`.
    pub fn docs_knobs(&self, intent: &Intent) -> Result<[f64; 2], Error> {
        intent.validate()?;
        Ok((self.docs)(intent))
    }

    /// The knobs and the derived parameters, named, with units.
    pub fn parameters(&self, knobs: [f64; 2], intent: &Intent) -> Vec<super::Parameter> {
        let mut out: Vec<super::Parameter> = self
            .knobs
            .iter()
            .zip(knobs)
            .map(|(k, value)| super::Parameter {
                name: k.name,
                value,
                unit: k.unit.text(intent.angular),
            })
            .collect();
        out.extend(
            (self.derived)(knobs, intent)
                .into_iter()
                .map(|(name, value, unit)| super::Parameter {
                    name,
                    value,
                    unit: unit.text(intent.angular),
                }),
        );
        out
    }

    /// Checks knobs against what the engine accepts; the error names the knob.
    pub fn check_knobs(&self, knobs: [f64; 2]) -> Result<(), Error> {
        for (k, v) in self.knobs.iter().zip(knobs) {
            if k.positive {
                crate::error::positive(k.name, v)?;
            } else {
                crate::error::non_negative(k.name, v)?;
            }
        }
        Ok(())
    }

    /// The settings this API runs under by default.
    pub fn default_settings(&self) -> Settings {
        (self.defaults)()
    }

    /// The named settings variants the twin is checked at against the real engine:
    /// the defaults first, then the settings users most often change.
    pub fn variants(&self) -> Vec<(&'static str, Settings)> {
        (self.variants)()
    }

    /// The settings of the variant named `name` ([`Self::variants`]), if there is one.
    pub fn variant(&self, name: &str) -> Option<Settings> {
        self.variants()
            .into_iter()
            .find(|(v, _)| *v == name)
            .map(|(_, s)| s)
    }

    fn plant(intent: &Intent) -> Plant {
        Plant {
            mass: intent.mass,
            dt: intent.dt,
            angular: intent.angular,
            target: twin::TARGET,
        }
    }

    /// The engine's step response (0 toward 1) with these knobs and settings, for
    /// `steps` steps: what the real engine does, to its float precision.
    pub fn predict(
        &self,
        knobs: [f64; 2],
        intent: &Intent,
        settings: &Settings,
        steps: usize,
    ) -> Result<Prediction, Error> {
        self.checked(intent, settings)?;
        crate::error::finite(self.knobs[0].name, knobs[0])?;
        crate::error::finite(self.knobs[1].name, knobs[1])?;
        let plant = Self::plant(intent);
        Ok(dispatch(
            (self.drive)(knobs, intent),
            settings,
            &plant,
            Job::Run(steps),
        )
        .run())
    }

    /// The linear part of one engine step with these knobs and settings (no caps, sleep
    /// or clamps): `[e', v'] = A [e, v]`.
    pub fn linear_map(
        &self,
        knobs: [f64; 2],
        intent: &Intent,
        settings: &Settings,
    ) -> Result<Map2, Error> {
        self.checked(intent, settings)?;
        let plant = Self::plant(intent);
        Ok(dispatch((self.drive)(knobs, intent), settings, &plant, Job::Map).map())
    }

    fn checked(&self, intent: &Intent, settings: &Settings) -> Result<(), Error> {
        intent.validate()?;
        settings.validate()?;
        if core::mem::discriminant(settings) != core::mem::discriminant(&self.default_settings()) {
            return Err(Error::Unsupported {
                field: "settings",
                reason: "these settings belong to another engine or API",
            });
        }
        Ok(())
    }
}

enum Job {
    Run(usize),
    Map,
}

enum Outcome {
    Run(Prediction),
    Map(Map2),
}

impl Outcome {
    fn run(self) -> Prediction {
        match self {
            Outcome::Run(p) => p,
            Outcome::Map(_) => unreachable!("asked to run"),
        }
    }
    fn map(self) -> Map2 {
        match self {
            Outcome::Map(m) => m,
            Outcome::Run(_) => unreachable!("asked for the map"),
        }
    }
}

fn job<M: twin::Model>(
    drive: &M::Drive,
    plant: &Plant,
    settings: &M::Settings,
    job: Job,
) -> Outcome {
    match job {
        Job::Run(steps) => Outcome::Run(twin::run::<M>(drive, plant, settings, steps)),
        Job::Map => Outcome::Map(twin::linear_map::<M>(drive, plant, settings)),
    }
}

fn dispatch(drive: Drive, settings: &Settings, plant: &Plant, j: Job) -> Outcome {
    match (drive, settings) {
        (Drive::Physx(d), Settings::Physx(s)) => job::<physx::Physx>(&d, plant, &s.into(), j),
        (Drive::Physx(d), Settings::Unity(s)) => job::<physx::Physx>(&d, plant, &s.physx(), j),
        (Drive::Physx(d), Settings::PhysxArticulation(s)) => {
            job::<physx::PhysxArticulation>(&d, plant, &s.into(), j)
        }
        (Drive::Physx(d), Settings::UnityArticulation(s)) => {
            job::<physx::PhysxArticulation>(&d, plant, &s.physx(), j)
        }
        (Drive::Box2d(d), Settings::Box2d(s)) => job::<box2d::Box2d>(&d, plant, s, j),
        (Drive::Jolt(d), Settings::Jolt(s)) => job::<jolt::Jolt>(&d, plant, s, j),
        (Drive::Rapier(d), Settings::Rapier(s)) => job::<rapier::Rapier>(&d, plant, s, j),
        (Drive::Mujoco(d), Settings::Mujoco(s)) => job::<mujoco::Mujoco>(&d, plant, s, j),
        (Drive::Forcelab(d), Settings::Forcelab(s)) => job::<articles::Forcelab>(&d, plant, s, j),
        _ => unreachable!("Entry::checked matched the engine"),
    }
}

/// Every entry, in the order the page's table lists them.
pub fn entries() -> &'static [Entry] {
    static ALL: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        [
            unity::entries(),
            physx::entries(),
            box2d::entries(),
            jolt::entries(),
            rapier::entries(),
            mujoco::entries(),
            articles::entries(),
        ]
        .concat()
    })
}

/// The entry with this id.
pub fn entry(id: &str) -> Option<&'static Entry> {
    entries().iter().find(|e| e.id == id)
}
