use super::super::read;
use super::*;
use crate::lab::{LabSpec, LawSpec};

/// The CSV the Lab's export writes (`web/src/export/csv.ts`): time, target, then per
/// controller its position, velocity, effort and terms, units in brackets.
fn lab_csv(spec: &LabSpec, steps: u32, unit: &str) -> String {
    let mut lab = spec.build().unwrap();
    lab.step(steps).unwrap();
    let t = lab.trace();
    let n = spec.controllers.len();
    let mut header = vec!["time (s)".to_string(), format!("target ({unit})")];
    for c in &spec.controllers {
        for (what, u) in [("position", unit), ("velocity", "per s"), ("effort", "N")] {
            header.push(format!("{} {what} ({u})", c.kind));
        }
    }
    let mut text = header.join(",") + "\r\n";
    for r in 0..t.time.len() {
        let mut row = vec![t.time[r], t.target[r]];
        for k in 0..n {
            let at = r * n + k;
            row.extend([t.x[at], t.v[at], t.force[at]]);
        }
        let cells: Vec<String> = row.iter().map(|v| format!("{v}")).collect();
        text.push_str(&(cells.join(",") + "\r\n"));
    }
    text
}

fn spec(plant: PlantId, integrator: Integrator, laws: &[(LawId, f64, f64)]) -> LabSpec {
    LabSpec {
        plant: plant.id().into(),
        integrator: integrator.id().into(),
        controllers: laws
            .iter()
            .map(|&(law, kp, kd)| LawSpec {
                kind: law.id().into(),
                kp,
                kd,
                ..LawSpec::default()
            })
            .collect(),
        ..LabSpec::default()
    }
}

/// Forward PD on the cube under semi-implicit Euler at `kp`, `kd`, from 0 toward `target`.
fn forward_pd_to(kp: f64, kd: f64, target: f64) -> LabSpec {
    let mut s = spec(
        PlantId::Cube,
        Integrator::SemiImplicitEuler,
        &[(LawId::ForwardPd, kp, kd)],
    );
    s.disturbances.target_start = target;
    s
}

/// The explanation by forward PD under semi-implicit Euler.
fn forward_pd_of(matches: &[Match]) -> &Match {
    matches
        .iter()
        .find(|m| m.id == "pd" && m.variant == "semi-implicit-euler")
        .unwrap()
}

/// A trace saved from the Lab's export comes back matched to the law, the integrator and
/// the gains that made it, read from the first controller's column.
#[test]
fn a_lab_export_is_matched_to_its_law_integrator_and_gains() {
    for (law, integrator) in [
        (LawId::Spd, Integrator::Rk4),
        (LawId::ForwardPd, Integrator::SemiImplicitEuler),
        (LawId::ImplicitPd, Integrator::ExplicitEuler),
    ] {
        let text = lab_csv(
            &spec(
                PlantId::Cube,
                integrator,
                &[(law, 230.0, 9.0), (LawId::BackwardPd, 400.0, 20.0)],
            ),
            150,
            "m",
        );
        let trace = read(&text).unwrap();
        let matches = explain_lab(&trace, 1.0, None, None).unwrap();
        let best = &matches[0];
        let truth = matches
            .iter()
            .find(|m| m.id == law.id() && m.variant == integrator.id())
            .unwrap();
        assert!(
            truth.exact,
            "{law:?} {integrator:?}: {truth:?}, best {best:?}"
        );
        assert!(
            (truth.knobs[0] / 230.0 - 1.0).abs() < 1e-6
                && (truth.knobs[1] / 9.0 - 1.0).abs() < 1e-6,
            "{truth:?}"
        );
        // Laws that move the body differently are not exact.
        assert!(matches.iter().any(|m| !m.exact), "{matches:?}");
    }
}

/// The box's export is in radians: it reads as a turn, and the Lab's laws are not offered
/// for it (the box turns a 3-D body; the runs here are the cube's), said by name.
#[test]
fn a_box_export_reads_as_a_turn_and_is_not_matched_to_the_cube() {
    let text = lab_csv(
        &spec(
            PlantId::Box,
            Integrator::SemiImplicitEuler,
            &[(LawId::Spd, 300.0, 12.0)],
        ),
        120,
        "rad",
    );
    let trace = read(&text).unwrap();
    assert!(trace.angular);
    let e = explain_lab(&trace, 1.0, None, None).unwrap_err();
    assert_eq!(e.field(), "trace");
}

/// The run the explanations use is the Lab's own, step for step: every law that drives
/// the cube, under every integrator, with an integral gain where the law has one.
#[test]
fn the_runs_are_the_labs_cube_step_for_step() {
    for law in LawId::driving(PlantId::Cube) {
        for integrator in Integrator::ALL {
            let gains: Vec<f64> = law
                .law()
                .gains
                .iter()
                .map(|g| match g.key {
                    "kp" => 230.0,
                    "kd" => 9.0,
                    _ => 40.0,
                })
                .collect();
            let gain = |key: &str| gain_of(law, &gains, key);
            let mut spec = spec(PlantId::Cube, integrator, &[(law, gain("kp"), gain("kd"))]);
            spec.mass = 1.7;
            spec.dt = 1.0 / 90.0;
            spec.controllers[0].ki = gain("ki");
            let mut lab = spec.build().unwrap();
            lab.step(119).unwrap();
            let mine = lab_run(law, PlantId::Cube, integrator, 1.7, 1.0 / 90.0, &gains, 120);
            let theirs = &lab.trace().x;
            match mine {
                Some(x) => assert_eq!(&x, theirs, "{law:?} {integrator:?}"),
                None => assert!(lab.diverged()[0], "{law:?} {integrator:?}"),
            }
        }
    }
}

/// What to set instead for a Lab law is the gains whose stepped motion is the wanted
/// spring's frequency and damping ratio: forward PD under semi-implicit Euler for 1.5 Hz
/// at 0.7 has such gains (its step has two numbers for two poles), and its run with them
/// reads back as that spring; a wish the step cannot make (40 Hz at 60 Hz) is refused by
/// the field `want`.
#[test]
fn instead_for_a_lab_law_gives_the_wanted_spring() {
    let text = lab_csv(
        &spec(
            PlantId::Cube,
            Integrator::SemiImplicitEuler,
            &[(LawId::ForwardPd, 200.0, 11.0)],
        ),
        120,
        "m",
    );
    let trace = read(&text).unwrap();
    let all = explain_lab(&trace, 1.0, None, None).unwrap();
    let p = super::super::instead(forward_pd_of(&all), 1.5, 0.7, 1.0, false, 1.0 / 60.0).unwrap();
    let (kp, kd) = (p[0].value, p[1].value);
    let x = lab_run(
        LawId::ForwardPd,
        PlantId::Cube,
        Integrator::SemiImplicitEuler,
        1.0,
        1.0 / 60.0,
        &[kp, kd],
        200,
    )
    .unwrap();
    let e = crate::analysis::fit::second_order(&x, 1.0 / 60.0, |k| k < 100).unwrap();
    assert!(
        (e.natural_frequency / (core::f64::consts::TAU * 1.5) - 1.0).abs() < 1e-6,
        "{e:?}"
    );
    assert!((e.damping_ratio - 0.7).abs() < 1e-6, "{e:?}");
    let e =
        super::super::instead(forward_pd_of(&all), 40.0, 1.0, 1.0, false, 1.0 / 60.0).unwrap_err();
    assert_eq!(e.field(), "want");
}

/// Gains the reader names are each set where its name says, and the error is in the
/// trace's own units: a forward PD run from 0 to 2.5 m, each sample then moved by a
/// seeded +-1 cm, is explained at the gains that made it with about the noise's rms.
#[test]
fn named_gains_go_where_their_names_say_and_the_error_is_in_the_traces_units() {
    let lab_spec = forward_pd_to(200.0, 11.0, 2.5);
    let clean = read(&lab_csv(&lab_spec, 120, "m")).unwrap();
    let named = [("kd", 11.0), ("kp", 200.0)];
    let best = explain_lab(&clean, 1.0, Some(2.5), Some(&named)).unwrap();
    let pd = forward_pd_of(&best);
    assert_eq!(pd.knobs, [200.0, 11.0]);
    assert!(pd.exact, "{pd:?}");

    let mut noisy = clean.clone();
    let mut random = crate::random::SplitMix64::new(5);
    let mut sum = 0.0;
    for x in noisy.position.iter_mut() {
        let e = 0.01 * (2.0 * random.next_open01() - 1.0);
        sum += e * e;
        *x += e;
    }
    let noise = (sum / noisy.position.len() as f64).sqrt();
    let m = explain_lab(&noisy, 1.0, Some(2.5), Some(&named)).unwrap();
    let pd = forward_pd_of(&m);
    assert!(
        (pd.rms_error / noise - 1.0).abs() < 0.2,
        "rms {} against noise {noise}",
        pd.rms_error
    );
}

/// A trace that does not say where it was going, cut before it settled, is explained
/// driving to where its law was sending it: forward PD from 0 toward 2.5 m, its first
/// 0.6 s as `time,position`.
#[test]
fn a_trace_cut_before_it_settled_is_explained_driving_to_its_true_target() {
    let lab_spec = forward_pd_to(60.0, 4.0, 2.5);
    let full = read(&lab_csv(&lab_spec, 36, "m")).unwrap();
    let mut text = "time,position\n".to_string();
    for (t, x) in full.time.iter().zip(&full.position) {
        text.push_str(&format!("{t},{x}\n"));
    }
    let trace = read(&text).unwrap();
    let m = explain_lab(&trace, 1.0, None, None).unwrap();
    let pd = forward_pd_of(&m);
    assert!(pd.exact, "{pd:?}");
    assert!((pd.target - 2.5).abs() < 1e-6, "{pd:?}");
}

/// The same with a PID: its integral is a third pole, so the spring fitted to the cut
/// trace comes to rest 4 % past where the run was going; the fitted target of the PID's
/// explanation says where (`start + size * s`, `s` the scale fitted onto the twin's step).
#[test]
fn a_pid_run_cut_before_it_settled_is_explained_driving_to_its_true_target() {
    let mut lab_spec = forward_pd_to(60.0, 4.0, 2.5);
    lab_spec.controllers[0].kind = LawId::Pid.id().into();
    lab_spec.controllers[0].ki = 100.0;
    let full = read(&lab_csv(&lab_spec, 36, "m")).unwrap();
    let mut text = "time,position\n".to_string();
    for (t, x) in full.time.iter().zip(&full.position) {
        text.push_str(&format!("{t},{x}\n"));
    }
    let trace = read(&text).unwrap();
    let spring_says = super::super::amounts_to(&trace, None).target;
    assert!((spring_says - 2.5).abs() > 0.05, "{spring_says}");
    let m = explain_lab(&trace, 1.0, None, None).unwrap();
    let pid = m
        .iter()
        .find(|m| m.id == "pid" && m.variant == "semi-implicit-euler")
        .unwrap();
    assert!(pid.exact, "{pid:?}");
    assert!((pid.target - 2.5).abs() < 1e-6, "{pid:?}");
}
