use super::*;
use crate::analysis::StepMetrics;
use crate::catalogue::{LawId, PlantId};
use crate::integrator::Integrator;
use crate::lab::LawOptions;
use proptest::prelude::*;

/// The response of `gains` measured again from scratch, through the Lab's own spec and
/// metrics, on one plant: what the page would show.
fn lab_metrics(spec: &DesignSpec, gains: LawGains, mass: f64, dt: f64) -> StepMetrics {
    let mut lab = measure::lab_spec(spec, gains, mass, dt).build().unwrap();
    lab.step((spec.duration / dt).round() as u32).unwrap();
    lab.metrics()[0]
}

/// Every plant of `spec`'s wish, read off its [`Robustness`] here rather than from the
/// tuner's own list (`Robustness::plants`), so a plant the tuner leaves out is still
/// checked: the nominal body, the mass times each end of the range, and the nominal
/// mass at half and twice the step when asked.
fn plants_of_the_wish(spec: &DesignSpec) -> Vec<(f64, f64)> {
    let (low, high) = spec.robustness.mass_factors;
    let (m, dt) = (spec.mass, spec.dt);
    let mut out = vec![(m, dt), (m * low, dt), (m * high, dt)];
    if spec.robustness.step_range {
        out.extend([(m, dt / 2.0), (m, dt * 2.0)]);
    }
    out
}

/// Holds every plant's Lab metrics to every requirement of `spec`.
fn assert_met(spec: &DesignSpec, gains: LawGains) {
    let r = spec.requirements;
    for (mass, dt) in plants_of_the_wish(spec) {
        let m = lab_metrics(spec, gains, mass, dt);
        let at = format!("{} at mass {mass} dt {dt}: {m:?}", spec.law.id());
        assert!(!m.diverged, "{at}");
        let settle = m.settling_time.expect(&at);
        assert!(
            settle <= r.settle.unwrap_or(spec.duration) * (1.0 + TOLERANCE),
            "{at}"
        );
        if let Some(rise) = r.rise {
            assert!(m.rise_time.expect(&at) <= rise * (1.0 + TOLERANCE), "{at}");
        }
        if let Some(o) = r.overshoot {
            assert!(m.overshoot_percent / 100.0 <= o + TOLERANCE, "{at}");
        }
        if let Some(f) = r.max_effort {
            assert!(m.peak_effort <= f * (1.0 + TOLERANCE), "{at}");
        }
        if let Some(e) = r.max_error {
            assert!(m.steady_state_error <= e + TOLERANCE, "{at}");
        }
    }
}

fn wish(law: LawId, settle: f64, overshoot: f64) -> DesignSpec {
    DesignSpec {
        requirements: Requirements {
            settle: Some(settle),
            overshoot: Some(overshoot),
            ..Requirements::default()
        },
        ..DesignSpec::new(law, 1.0 / 60.0)
    }
}

#[test]
fn settles_in_a_third_of_a_second_without_overshoot_and_says_by_how_much() {
    let spec = wish(LawId::BackwardPd, 0.3, 0.0);
    let d = tune(&spec).unwrap();
    assert!(d.feasible, "{d:?}");
    assert_met(&spec, d.gains);
    assert!(d.margins.settle.unwrap() >= 0.0 && d.margins.overshoot.unwrap() >= 0.0);
    assert_eq!(d.binding, None);
    assert_eq!(d.nearest, None);
    // A linear law has its poles, inside the unit circle since it settles.
    let poles = d.poles.expect("backward PD is linear");
    assert!(poles.iter().all(|z| z.abs() < 1.0), "{poles:?}");
}

#[test]
fn a_heavier_body_tuned_to_the_same_wish_has_the_same_closed_loop() {
    // The tuner searches gains per unit mass: four times the mass, four times the gains,
    // the same response and the same poles (which are of the gains over the mass).
    let light = wish(LawId::Pid, 0.5, 0.02);
    let heavy = DesignSpec { mass: 4.0, ..light };
    let (a, b) = (tune(&light).unwrap(), tune(&heavy).unwrap());
    assert!(
        (b.gains.kp - 4.0 * a.gains.kp).abs() <= 1e-9 * b.gains.kp,
        "{a:?} {b:?}"
    );
    let (pa, pb) = (a.poles.unwrap(), b.poles.unwrap());
    assert_eq!(pa.len(), pb.len());
    for (x, y) in pa.iter().zip(&pb) {
        assert!(
            (x.re - y.re).abs() < 1e-9 && (x.im - y.im).abs() < 1e-9,
            "{pa:?} {pb:?}"
        );
    }
}

#[test]
fn the_gentlest_gains_that_meet_the_wish_need_more_force_for_a_faster_settle() {
    let slow = tune(&wish(LawId::ForwardPd, 1.0, 0.05)).unwrap();
    let fast = tune(&wish(LawId::ForwardPd, 0.4, 0.05)).unwrap();
    assert!(slow.feasible && fast.feasible);
    assert!(fast.predicted.peak_effort > slow.predicted.peak_effort);
}

#[test]
fn an_impossible_wish_names_its_binding_requirement_and_a_nearest_wish_that_is_met() {
    // Settle in 0.2 s pushing at most 2 N on a 1 kg body: it cannot even cover 1 m.
    let spec = DesignSpec {
        requirements: Requirements {
            settle: Some(0.2),
            max_effort: Some(2.0),
            ..Requirements::default()
        },
        ..DesignSpec::new(LawId::Spd, 1.0 / 60.0)
    };
    let d = tune(&spec).unwrap();
    assert!(!d.feasible);
    assert!(matches!(d.binding, Some("settle" | "max_effort")), "{d:?}");
    let nearest = d.nearest.expect("some wish is met");
    let again = tune(&DesignSpec {
        requirements: nearest,
        ..spec
    })
    .unwrap();
    assert!(again.feasible, "{again:?}");
}

#[test]
fn the_tuner_runs_the_law_with_its_options() {
    // An actuator of 15 N, and the fastest answer: it is measured with the clamp, as the
    // Lab runs it, so its predicted peak effort cannot pass the clamp (without it the
    // fastest answer pushes harder) and the Lab finds what it predicts.
    let clamped = DesignSpec {
        objective: Objective::Fastest,
        options: LawOptions {
            output_limit: Some(15.0),
            anti_windup: Some(crate::lab::AntiWindupMode::BackCalculation),
            ..LawOptions::NONE
        },
        requirements: Requirements {
            settle: Some(3.0),
            overshoot: Some(5.0),
            ..Requirements::default()
        },
        ..DesignSpec::new(LawId::Pid, 1.0 / 60.0)
    };
    let d = tune(&clamped).unwrap();
    assert!(d.feasible, "{d:?}");
    assert!(d.predicted.peak_effort <= 15.0, "{d:?}");
    assert_met(&clamped, d.gains);
    let free = tune(&DesignSpec {
        options: LawOptions::NONE,
        ..clamped
    })
    .unwrap();
    assert!(free.predicted.peak_effort > 15.0, "{free:?}");
    // An option the law does not read is refused by name.
    let wrong = DesignSpec {
        law: LawId::ForwardPd,
        ..clamped
    };
    assert_eq!(
        tune(&wrong).unwrap_err().0,
        "options.outputLimit: forward PD has no such setting"
    );
}

#[test]
fn a_constant_load_needs_the_integral_to_end_on_target() {
    let spec = DesignSpec {
        load: -20.0,
        requirements: Requirements {
            settle: Some(2.0),
            max_error: Some(0.001),
            ..Requirements::default()
        },
        ..DesignSpec::new(LawId::Pid, 1.0 / 60.0)
    };
    let d = tune(&spec).unwrap();
    assert!(d.feasible, "{d:?}");
    assert!(d.gains.ki > 0.0, "{d:?}");
    assert_met(&spec, d.gains);
    // The body's two poles, the integral's and the derivative's one-sample delay, all
    // inside the unit circle since it settles.
    let poles = d.poles.expect("the PID's poles");
    assert_eq!(poles.len(), 4, "{poles:?}");
    assert!(poles.iter().all(|z| z.abs() < 1.0), "{poles:?}");
}

#[test]
fn robust_gains_hold_for_the_whole_mass_range_and_both_steps() {
    let spec = DesignSpec {
        robustness: Robustness {
            mass_factors: (0.5, 2.0),
            step_range: true,
        },
        ..wish(LawId::ImplicitPd, 1.0, 0.1)
    };
    let d = tune(&spec).unwrap();
    assert!(d.feasible, "{d:?}");
    assert_met(&spec, d.gains);
}

#[test]
fn the_box_is_tuned_as_it_turns_with_its_torque() {
    // The listing's backward PD exists only on the box: tuned there, the Lab's box
    // meets the wish; no 2-D map of its twist is exact, so no poles are claimed.
    let spec = DesignSpec {
        plant: PlantId::Box,
        ..wish(LawId::BackwardPdAsPrinted, 1.0, 0.02)
    };
    let d = tune(&spec).unwrap();
    assert!(d.feasible, "{d:?}");
    assert_met(&spec, d.gains);
    assert_eq!(d.poles, None);
    // The plate's x is the cube: the same answer, with the same poles.
    let cube = tune(&wish(LawId::Spd, 0.4, 0.0)).unwrap();
    let plate = tune(&DesignSpec {
        plant: PlantId::Plate,
        ..wish(LawId::Spd, 0.4, 0.0)
    })
    .unwrap();
    assert_eq!(cube.gains, plate.gains);
    assert_eq!(cube.poles, plate.poles);
}

#[test]
fn a_law_without_gains_is_measured_as_it_is() {
    let d = tune(&wish(LawId::OneStep, 0.5, 0.0)).unwrap();
    assert_eq!(d.evaluated, 1);
    assert_eq!(d.gains, LawGains::default());
    assert!(d.feasible, "one-step lands in a step: {d:?}");
}

#[test]
fn a_bad_field_is_named_with_its_value() {
    let bad = |f: fn(&mut DesignSpec)| {
        let mut s = wish(LawId::Pid, 1.0, 0.0);
        f(&mut s);
        tune(&s).unwrap_err().to_string()
    };
    assert_eq!(
        bad(|s| s.mass = f64::NAN),
        "mass must be a finite number, got NaN"
    );
    assert!(
        bad(|s| s.dt = 0.0).starts_with("dt must be"),
        "{}",
        bad(|s| s.dt = 0.0)
    );
    assert!(bad(|s| s.requirements.settle = Some(-1.0)).starts_with("settle must be"));
    assert!(
        bad(|s| s.requirements.overshoot = Some(f64::INFINITY)).starts_with("overshoot must be")
    );
    assert!(bad(|s| s.requirements.max_effort = Some(0.0)).starts_with("max_effort must be"));
    assert!(bad(|s| s.robustness.mass_factors = (2.0, 3.0)).starts_with("mass_factors.low must be"));
    assert!(bad(|s| s.duration = 1e6).starts_with("duration must be"));
    // Too many steps per run for an answer in about a second: refused, not slow.
    assert!(bad(|s| s.dt = 1e-4).starts_with("duration must be"));
    let box_only = LawId::ALL
        .into_iter()
        .find(|l| !l.drives(PlantId::Cube))
        .unwrap();
    assert_eq!(
        bad(|s| s.law = LawId::BackwardPdAsPrinted),
        format!("law must drive the cube, got \"{}\"", box_only.id())
    );
    assert_eq!(
        bad(|s| {
            s.law = LawId::WindowedPid;
            s.plant = PlantId::Box
        }),
        "law must drive the box, got \"windowed-pid\""
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// For random bodies, laws, masses, steps, integrators and wishes: feasible gains meet
    /// every requirement in the Lab on every plant (and have no pole outside the unit
    /// circle); an infeasible answer's nearest wish is met.
    #[test]
    fn what_the_tuner_promises_the_lab_shows(
        (plant, law) in prop::sample::select(
            PlantId::ALL.iter().flat_map(|&p| LawId::driving(p).into_iter().map(move |l| (p, l))).collect::<Vec<_>>()
        ),
        mass in 0.1f64..20.0,
        hz in prop::sample::select(vec![30.0, 60.0, 120.0, 240.0]),
        integrator in prop::sample::select(Integrator::ALL.to_vec()),
        settle in 0.2f64..3.0,
        overshoot in prop::sample::select(vec![0.0, 0.02, 0.1, 0.3]),
        effort in prop::option::of(1.0f64..500.0),
    ) {
        let spec = DesignSpec {
            mass,
            integrator,
            duration: 5.0,
            requirements: Requirements {
                settle: Some(settle),
                overshoot: Some(overshoot),
                max_effort: effort.map(|f| f * mass),
                ..Requirements::default()
            },
            plant,
            ..DesignSpec::new(law, 1.0 / hz)
        };
        let d = tune(&spec).unwrap();
        if d.feasible {
            assert_met(&spec, d.gains);
            // Settled for good, so no pole outside the unit circle.
            if let Some(poles) = &d.poles {
                prop_assert!(poles.iter().all(|z| z.abs() < 1.0 + 1e-9), "{:?}", poles);
            }
        } else if let Some(nearest) = d.nearest {
            let looser = DesignSpec { requirements: nearest, ..spec };
            assert_met(&looser, d.gains);
            prop_assert!(tune(&looser).unwrap().feasible);
        } else {
            prop_assert_eq!(d.binding, Some("settle"));
        }
    }
}

/// The same question with every run to its end: what the search would find without
/// [`Cap`]s.
struct Uncapped(DesignSpec);

impl Problem for Uncapped {
    fn wish(&self) -> Wish {
        self.0.wish()
    }
    fn dt(&self) -> f64 {
        self.0.dt
    }
    fn knobs(&self) -> Knobs {
        Knobs::of(self.0.law)
    }
    fn measure(&self, point: Point, _cap: &Cap) -> Response {
        self.0.measure(point, &Cap::NONE)
    }
    fn asking(&self, requirements: Requirements) -> Self {
        Uncapped(self.0.asking(requirements))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Stopping the runs that cannot beat the best so far changes nothing: the search
    /// visits the same points and ends on the same answer, bit for bit.
    #[test]
    fn capped_runs_change_no_answer(
        law in prop::sample::select(LawId::driving(PlantId::Cube)),
        hz in prop::sample::select(vec![30.0, 60.0, 240.0]),
        settle in 0.05f64..2.0,
        overshoot in prop::option::of(prop::sample::select(vec![0.0, 0.001, 0.05])),
        effort in prop::option::of(5.0f64..2000.0),
        fastest: bool,
        robust: bool,
    ) {
        let spec = DesignSpec {
            duration: 4.0,
            requirements: Requirements {
                settle: Some(settle),
                overshoot,
                max_effort: effort,
                ..Requirements::default()
            },
            robustness: Robustness { mass_factors: if robust { (0.5, 2.0) } else { (1.0, 1.0) }, step_range: robust },
            objective: if fastest { Objective::Fastest } else { Objective::Gentlest },
            ..DesignSpec::new(law, 1.0 / hz)
        };
        let uncapped = Uncapped(spec);
        let capped = Search::new(&spec).run();
        let full = Search::new(&uncapped).run();
        prop_assert_eq!(capped.best, full.best);
        prop_assert_eq!(capped.evaluated, full.evaluated);
    }
}

/// The answer names what the Lab at its own mass will measure apart from the worst over
/// the mass range the robustness asks for: the page once promised the worst as what the
/// Lab would show, and the Lab showed another settle and overshoot.
#[test]
fn the_nominal_response_is_what_the_lab_at_its_own_mass_measures() {
    let q = quick_wish(0.5, 0.8).unwrap();
    let spec = DesignSpec {
        requirements: q.requirements,
        robustness: q.robustness,
        ..DesignSpec::new(LawId::ForwardPd, 1.0 / 60.0)
    };
    let d = tune(&spec).unwrap();
    assert!(d.feasible, "{d:?}");
    let at_mass = lab_metrics(&spec, d.gains, spec.mass, spec.dt);
    assert_eq!(d.nominal, measure::Response::of(at_mass));
    // Over half to twice the mass the worst differs from the Lab's own run.
    assert_ne!(d.nominal, d.predicted);
    assert!(d.nominal.settle.unwrap() <= d.predicted.settle.unwrap());
}
