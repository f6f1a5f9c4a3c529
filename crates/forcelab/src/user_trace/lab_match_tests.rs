use super::super::read;
use super::*;

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
        let matches = explain_lab(&trace, PlantId::Cube, 1.0, None, None).unwrap();
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

/// The box's export is in radians: read as a turn, and its laws are the box's.
#[test]
fn a_box_export_reads_as_a_turn() {
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
    let matches = explain_lab(&trace, PlantId::Box, 1.0, None, None).unwrap();
    let truth = matches
        .iter()
        .find(|m| m.id == "spd" && m.variant == "semi-implicit-euler")
        .unwrap();
    assert!(truth.exact, "{truth:?}");
}
