//! What the claims of every article share: the articles' file names, the step, and
//! the measurements several claims make (atlas radii, a unit-mass step response).

pub(super) use crate::analysis::{
    convergence_sweep, one_step_matrix, spectral_radius, Atlas, AtlasSpec, ConvergenceSpec,
    MetricsOptions, StepMetrics, STABLE_LIMIT,
};
pub(super) use crate::body::{Body1, Body3, Gyroscopic};
pub(super) use crate::catalogue::LawId;
pub(super) use crate::controllers::*;
pub(super) use crate::integrator::Integrator;
pub(super) use crate::lab::{AnyLab, Disturbances, LabSpec, LawSpec};
pub(super) use crate::published;
pub(super) use crate::rotation::{error_vector, from_rotation_vector};
pub(super) use crate::scenario::{claim_setups, lab_figure, LabFigure};
pub(super) use crate::tuning::{from_wu, Effective, Gains};
pub(super) use glam::DVec3;

pub(super) const A000: &str = "000_c8d0f55d5ec7aa0a.txt";
pub(super) const A001: &str = "001_8def3aa8968f7012.txt";
pub(super) const A002: &str = "002_c382fe561c41cbb8.txt";
pub(super) const A003: &str = "003_faf802b94e42949a.txt";
pub(super) const A004: &str = "004_4363d3e281fa2cf6.txt";
pub(super) const SEMI: &str = "semi-implicit Euler (Unity, PhysX, Box2D)";

/// The chapter figure a claim measures, by its preset id.
pub(super) fn figure(id: &str) -> &'static LabFigure {
    lab_figure(id).unwrap_or_else(|| panic!("no chapter figure {id}"))
}

/// The largest spectral radius of `law` under `integrator` over the default atlas grid
/// cells that satisfy `keep(kp dt^2, kd dt)`.
pub(super) fn worst_radius(
    law: LawId,
    integrator: Integrator,
    keep: impl Fn(f64, f64) -> bool,
) -> f64 {
    let atlas = Atlas::compute(law, integrator, AtlasSpec::default()).expect("default grid");
    let n = atlas.axis.len();
    let mut worst: f64 = 0.0;
    for (r, &a) in atlas.axis.iter().enumerate() {
        for (c, &b) in atlas.axis.iter().enumerate() {
            if keep(a, b) {
                worst = worst.max(atlas.radii[r * n + c]);
            }
        }
    }
    worst
}

pub(super) fn stable_fraction(law: LawId, integrator: Integrator) -> f64 {
    Atlas::compute(law, integrator, AtlasSpec::default())
        .expect("default grid")
        .stable_fraction()
}

/// The Lab that `spec` builds, stepped `steps` times: the runner every chapter figure
/// runs on, so a claim that measures a figure measures the figure's own run.
pub(super) fn run_lab(spec: &LabSpec, steps: u32) -> AnyLab {
    let mut lab = spec.build().expect("a claim's Lab builds");
    lab.step(steps).expect("a claim's run fits one call");
    lab
}

/// The chapter figure `id`'s whole run, through the Lab as the page runs it.
pub(super) fn figure_run(id: &str) -> (&'static LabFigure, AnyLab) {
    let figure = figure(id);
    (figure, run_lab(&figure.spec(), figure.steps()))
}

/// A cube Lab of `mass` kg stepped every `dt` s under semi-implicit Euler toward a
/// target at `target` m, one controller per `(law, kp, kd)`: what a claim setup that no
/// figure shows runs on, the runner the figures use.
pub(super) fn cube_lab(mass: f64, dt: f64, target: f64, laws: &[(LawId, f64, f64)]) -> LabSpec {
    LabSpec {
        plant: crate::catalogue::PlantId::Cube.id().into(),
        mass,
        dt,
        integrator: Integrator::SemiImplicitEuler.id().into(),
        controllers: laws
            .iter()
            .map(|&(kind, kp, kd)| LawSpec {
                kind: kind.id().into(),
                kp,
                kd,
                ..LawSpec::default()
            })
            .collect(),
        disturbances: Disturbances {
            target_start: target,
            ..Disturbances::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A claim setup's cube Lab is the setup's: its mass, step and target, and one
    /// controller per law with its gains (the only setup today steps to 1 m, the
    /// disturbances' default, so a target left out would not show there).
    #[test]
    fn a_cube_lab_is_the_setup_it_is_given() {
        let laws = [(LawId::ForwardPd, 200.0, 40.0), (LawId::Spd, 200.0, 40.0)];
        let spec = cube_lab(2.0, 0.01, 2.5, &laws);
        assert_eq!(
            (spec.mass, spec.dt, spec.disturbances.target_start),
            (2.0, 0.01, 2.5)
        );
        assert_eq!(spec.plant, "cube");
        let given: Vec<_> = spec
            .controllers
            .iter()
            .map(|l| (l.kind.as_str(), l.kp, l.kd))
            .collect();
        assert_eq!(given, [("pd", 200.0, 40.0), ("spd", 200.0, 40.0)]);
        // Critically damped at 10 rad/s: both rest on the target given after 6 s, not on
        // the default's 1 m.
        let lab = run_lab(&spec, 600);
        let (trace, n) = (lab.trace(), lab.len());
        let last = trace.time.len() - 1;
        for k in 0..n {
            assert!(
                (trace.x[last * n + k] - 2.5).abs() < 1e-3,
                "body {k}: {}",
                trace.x[last * n + k]
            );
        }
    }
}
