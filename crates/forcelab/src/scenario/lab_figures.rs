//! The chapters' Lab figures as data: each is a Lab run (plant, step, integrator, laws
//! with their gains, the target's start and speed) that the page mounts by id
//! (`<div class="figure" data-scene="ID">`), through `web/src/core/presets.json`.

use crate::catalogue::{LawId, PlantId};
use crate::controllers::DerivativeOn;
use crate::integrator::Integrator;
use crate::lab::{AntiWindupMode, Disturbances, LabSpec, LawOptions, LawSpec, SpecError, DT_60};

/// One law of a figure, with the Lab's raw gains (those of the cube of the figure's
/// mass: N/m, N s/m, N/(m s)).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct PresetLaw {
    /// The law.
    pub kind: LawId,
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
    /// Integral gain, N/(m s).
    pub ki: f64,
    /// Run the article's printed listing beside it.
    pub as_printed: bool,
    /// Its settings beyond the gains (a PID's clamps, derivative, anti-windup).
    pub options: LawOptions,
}

/// A chapter figure that is a Lab run. Fields not named here take the Lab's defaults
/// (no disturbance but the target's start and speed, seed 1).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct LabFigure {
    /// The figure's id, unique across chapters (`data-scene` on the page).
    pub id: &'static str,
    /// The chapter page it sits in (`"02-pd"`).
    pub chapter: &'static str,
    /// What it shows, in one line (the embed list and the figure registry).
    pub summary: &'static str,
    /// The body driven.
    pub plant: PlantId,
    /// The integrator.
    pub integrator: Integrator,
    /// The gain form the figure's fields show (`"raw"`, `"wu"`, `"bloom"`).
    pub parameterisation: &'static str,
    /// Physics step, s.
    pub dt: f64,
    /// The body's mass, kg.
    pub mass: f64,
    /// Length of the run, s.
    pub horizon: f64,
    /// The laws, one body each.
    pub laws: &'static [PresetLaw],
    /// Where the target starts, m (or rad).
    pub target_start: f64,
    /// The target's speed, m/s (or rad/s).
    pub target_velocity: f64,
    /// At `(time, to)` (s, m) the target jumps to `to` (`None`: no jump), as
    /// [`Disturbances::target_step`].
    pub target_step: Option<(f64, f64)>,
}

const fn law(kind: LawId, kp: f64, kd: f64) -> PresetLaw {
    PresetLaw {
        kind,
        kp,
        kd,
        ki: 0.0,
        as_printed: false,
        options: LawOptions::NONE,
    }
}

const fn printed(kind: LawId, kp: f64, kd: f64) -> PresetLaw {
    PresetLaw {
        as_printed: true,
        ..law(kind, kp, kd)
    }
}

/// A cube figure at the Lab's defaults (1 kg, 1/60 s, semi-implicit Euler, raw gains,
/// target at rest at 1 m); the entries below change what their point needs.
const fn figure(
    id: &'static str,
    chapter: &'static str,
    summary: &'static str,
    horizon: f64,
    laws: &'static [PresetLaw],
) -> LabFigure {
    LabFigure {
        id,
        chapter,
        summary,
        plant: PlantId::Cube,
        integrator: Integrator::SemiImplicitEuler,
        parameterisation: "raw",
        dt: DT_60,
        mass: 1.0,
        horizon,
        laws,
        target_start: 1.0,
        target_velocity: 0.0,
        target_step: None,
    }
}

/// A PID with integral gain `ki` and `options`.
const fn pid(kp: f64, kd: f64, ki: f64, options: LawOptions) -> PresetLaw {
    PresetLaw {
        ki,
        options,
        ..law(Pid, kp, kd)
    }
}

/// The anti-windup figure's PID: its output clamped at 10 N, the rest as `mode` says.
const fn clamped_pid(mode: AntiWindupMode) -> PresetLaw {
    pid(
        100.0,
        20.0,
        100.0,
        LawOptions {
            output_limit: Some(10.0),
            anti_windup: Some(mode),
            ..LawOptions::NONE
        },
    )
}

use LawId::*;

/// Every chapter Lab figure, in chapter order.
pub const LAB_FIGURES: [LabFigure; 11] = [
    // The printed one-step force covers dt of the way each step; the printed law ignores
    // the gains, so they are the Lab's defaults.
    figure(
        "one-step-cube",
        "01-forces",
        "The printed one-step force beside the backward PD on a cube",
        2.0,
        &[printed(OneStep, 100.0, 10.0), law(BackwardPd, 400.0, 40.0)],
    ),
    LabFigure {
        plant: PlantId::Box,
        ..figure(
            "one-step-box",
            "01-forces",
            "The printed one-step torque beside SPD on a box",
            2.0,
            &[printed(OneStep, 100.0, 10.0), law(Spd, 400.0, 40.0)],
        )
    },
    // kp dt^2 / m = 3.3 and kd dt / m = 0.67: past forward PD's bound at 1/60 s.
    figure(
        "pd-stiff",
        "02-pd",
        "Forward PD past its stability bound beside Wu's backward PD",
        3.0,
        &[
            law(ForwardPd, 12_000.0, 40.0),
            law(BackwardPd, 12_000.0, 40.0),
        ],
    ),
    LabFigure {
        target_start: 0.0,
        target_velocity: 2.0,
        ..figure(
            "pd-moving-target",
            "02-pd",
            "Forward PD lagging a moving target beside SPD",
            6.0,
            &[law(ForwardPd, 100.0, 20.0), law(Spd, 100.0, 20.0)],
        )
    },
    // Wu's f = 10 Hz, damping 1: kp = 9 f^2, kd = 4.5 f per kg, at 30 Hz.
    LabFigure {
        parameterisation: "wu",
        dt: 0.033_333_3,
        ..figure(
            "wu-cube",
            "03-wu",
            "Wu's 10 Hz, damping 1 at 30 Hz: forward and backward PD",
            3.0,
            &[law(ForwardPd, 900.0, 45.0), law(BackwardPd, 900.0, 45.0)],
        )
    },
    LabFigure {
        plant: PlantId::Box,
        ..figure(
            "wu-box",
            "03-wu",
            "Wu's stable-torque listing as printed beside SPD on a box",
            3.0,
            &[printed(BackwardPd, 900.0, 45.0), law(Spd, 900.0, 45.0)],
        )
    },
    // Stiff gains inside SPD's bound (kd = 1.8 kp h >= 1.5 kp h): SPD lands, while the
    // simplified form (a PD with damping kd + kp h, kd' h / m = 3.9 > 2) and forward PD
    // (kd h / m = 2.5 > 2) explode within the first half second, which is the chapter's point.
    figure(
        "spd-cube",
        "04-spd",
        "SPD, the article's simplified SPD and forward PD at the same stiff gains",
        3.0,
        &[
            law(Spd, 5_000.0, 150.0),
            law(SpdSimplified, 5_000.0, 150.0),
            law(ForwardPd, 5_000.0, 150.0),
        ],
    ),
    LabFigure {
        plant: PlantId::Box,
        target_start: 0.0,
        target_velocity: 1.5,
        ..figure(
            "spd-box",
            "04-spd",
            "SPD and its simplified form following a turning target",
            6.0,
            &[law(Spd, 400.0, 40.0), law(SpdSimplified, 400.0, 40.0)],
        )
    },
    // Bloom's K = D = 1, T = 0.5 s: ks = 144, kd = 18 per kg.
    LabFigure {
        parameterisation: "bloom",
        ..figure(
            "implicit-cube",
            "05-implicit-pd",
            "Bloom's implicit PD at K = D = 1, T = 0.5 s beside forward PD",
            3.0,
            &[law(ImplicitPd, 144.0, 18.0), law(ForwardPd, 144.0, 18.0)],
        )
    },
    // The target jumps back to 0 at 3 s: a derivative on the error sees a jump of 1 m
    // in one step and pushes kd / dt = 1200 N for that step.
    LabFigure {
        target_step: Some((3.0, 0.0)),
        ..figure(
            "derivative-kick",
            "06-pid-turning",
            "A target step with the PID's derivative on the measurement and on the error",
            6.0,
            &[
                pid(100.0, 20.0, 0.0, LawOptions::NONE),
                pid(
                    100.0,
                    20.0,
                    0.0,
                    LawOptions {
                        derivative_on: Some(DerivativeOn::Error),
                        ..LawOptions::NONE
                    },
                ),
            ],
        )
    },
    // The 10 N clamp holds the cube to 10 m/s^2 while the error is large: the integral
    // of a PID that goes on integrating winds up and overshoots on arrival.
    figure(
        "anti-windup",
        "06-pid-turning",
        "A PID clamped at 10 N with no anti-windup, conditional integration and back-calculation",
        4.0,
        &[
            clamped_pid(AntiWindupMode::Clamp),
            clamped_pid(AntiWindupMode::ConditionalIntegration),
            clamped_pid(AntiWindupMode::BackCalculation),
        ],
    ),
];

/// The figure with this id, if any.
pub fn lab_figure(id: &str) -> Option<&'static LabFigure> {
    LAB_FIGURES.iter().find(|f| f.id == id)
}

impl LabFigure {
    /// The Lab this figure runs, as the page builds it: one controller per law in
    /// order, then the printed twins of the laws that show theirs; the integral gain
    /// only for laws with an integral; the Lab's other defaults (seed 1, no noise).
    pub fn spec(&self) -> LabSpec {
        let controller = |kind: LawId, l: &PresetLaw| LawSpec {
            kind: kind.id().into(),
            kp: l.kp,
            kd: l.kd,
            ki: if kind.law().integral { l.ki } else { 0.0 },
            options: l.options,
        };
        let main = self.laws.iter().map(|l| controller(l.kind, l));
        let twins = self.laws.iter().filter(|l| l.as_printed).filter_map(|l| {
            let twin = l.kind.law().printed_twin?;
            twin.drives(self.plant).then(|| controller(twin, l))
        });
        LabSpec {
            plant: self.plant.id().into(),
            mass: self.mass,
            dt: self.dt,
            integrator: self.integrator.id().into(),
            controllers: main.chain(twins).collect(),
            disturbances: Disturbances {
                target_start: self.target_start,
                target_velocity: self.target_velocity,
                target_step: self.target_step,
                ..Disturbances::default()
            },
        }
    }

    /// Steps in the figure's run: its horizon over its step, rounded.
    pub fn steps(&self) -> u32 {
        (self.horizon / self.dt).round() as u32
    }

    /// The hash of the figure's whole recorded run ([`crate::lab::Trace::hash`]): the
    /// same bits natively and in every browser, checked against
    /// [`super::FIGURE_HASHES`].
    pub fn trace_hash(&self) -> Result<u64, SpecError> {
        let mut lab = self.spec().build()?;
        lab.step(self.steps())?;
        Ok(lab.trace().hash())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_law_drives_its_plant() {
        for (i, f) in LAB_FIGURES.iter().enumerate() {
            assert_eq!(lab_figure(f.id), Some(f));
            assert!(LAB_FIGURES[..i].iter().all(|g| g.id != f.id), "{}", f.id);
            assert!((2..=4).contains(&f.laws.len()), "{}", f.id);
            for l in f.laws {
                assert!(l.kind.drives(f.plant), "{}: {}", f.id, l.kind.id());
                if l.as_printed {
                    assert!(l.kind.law().printed_twin.is_some(), "{}", f.id);
                }
            }
        }
        assert_eq!(lab_figure("nope"), None);
    }

    #[test]
    fn the_stiff_pd_figure_is_past_forward_pds_bound() {
        // Forward PD under semi-implicit Euler is stable only while kp dt^2/m < 4 - 2 kd dt/m.
        let f = lab_figure("pd-stiff").unwrap();
        let (kp, kd) = (f.laws[0].kp, f.laws[0].kd);
        assert!(kp * f.dt * f.dt / f.mass > 4.0 - 2.0 * kd * f.dt / f.mass);
    }

    #[test]
    fn the_gain_forms_name_the_gains_their_figures_run() {
        // Wu's f = 10 Hz, damping 1, and Bloom's K = D = 1, T = 0.5 s (ImplicitPd's
        // defaults): the claims that stand beside these figures read their raw gains.
        let f = lab_figure("wu-cube").unwrap();
        let g = crate::tuning::from_wu(10.0, 1.0, f.mass).unwrap();
        for l in f.laws {
            assert_eq!((l.kp, l.kd), (g.kp, g.kd), "wu-cube");
        }
        let f = lab_figure("implicit-cube").unwrap();
        let (ks, kd) = crate::controllers::ImplicitPd::default().gains().unwrap();
        for l in f.laws {
            assert_eq!((l.kp, l.kd), (ks * f.mass, kd * f.mass), "implicit-cube");
        }
    }
}
