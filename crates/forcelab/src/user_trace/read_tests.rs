use super::super::{amounts_to, TraceEvent};
use super::*;
use core::f64::consts::TAU;

/// A spring-damper of `f` Hz and damping ratio `zeta` (below 1) moving from 0 to 1,
/// sampled every `dt`: `(t, x, v)` exactly, so a second-order fit reads it back.
fn spring(f: f64, zeta: f64, dt: f64, n: usize) -> Vec<(f64, f64, f64)> {
    let w = TAU * f;
    let wd = w * (1.0 - zeta * zeta).sqrt();
    (0..n)
        .map(|k| {
            let t = k as f64 * dt;
            let e = (-zeta * w * t).exp();
            let x = 1.0 - e * ((wd * t).cos() + zeta * w / wd * (wd * t).sin());
            let v = e * (w * w / wd) * (wd * t).sin();
            (t, x, v)
        })
        .collect()
}

fn csv(samples: &[(f64, f64, f64)], line: impl FnMut(&(f64, f64, f64)) -> String) -> String {
    samples.iter().map(line).collect::<Vec<_>>().join("\n")
}

fn reads_the_spring(trace: &UserTrace) {
    let s = amounts_to(trace, Some(1.0));
    assert!((s.frequency.unwrap() - 2.0).abs() < 1e-6, "{s:?}");
    assert!((s.damping_ratio.unwrap() - 0.5).abs() < 1e-6, "{s:?}");
    assert!(s.fit_residual.unwrap() < 1e-9, "{s:?}");
    assert!((trace.dt - 0.01).abs() < 1e-12);
}

#[test]
fn comma_separated_with_a_header() {
    let s = spring(2.0, 0.5, 0.01, 200);
    let text = format!(
        "time,position,velocity\n{}",
        csv(&s, |(t, x, v)| format!("{t},{x},{v}"))
    );
    let trace = read(&text).unwrap();
    assert_eq!(trace.read_as, "the column \"position\"");
    assert_eq!(trace.velocity.as_ref().unwrap().len(), 200);
    reads_the_spring(&trace);
}

#[test]
fn semicolons_and_a_decimal_comma_and_tabs_read_alike() {
    let s = spring(2.0, 0.5, 0.01, 200);
    let comma = |x: f64| format!("{x}").replace('.', ",");
    let semi = csv(&s, |(t, x, _)| format!("{};{}", comma(*t), comma(*x)));
    let tabs = format!("t\tx\n{}", csv(&s, |(t, x, _)| format!("{t}\t{x}")));
    for text in [semi, tabs] {
        reads_the_spring(&read(&text).unwrap());
    }
}

#[test]
fn unity_and_godot_log_lines_of_a_vector_read_its_moving_component() {
    let s = spring(2.0, 0.5, 0.01, 200);
    let unity = csv(&s, |(t, x, _)| {
        format!("[12:00:01] {t}: (0.00, {x}, 3.00)\nUnityEngine.Debug:Log (object)\n(Filename: Assets/Drive.cs Line: 12)")
    });
    let trace = read(&unity).unwrap();
    assert_eq!(trace.read_as, "component y of the vector");
    assert_eq!(trace.skipped_lines, 400);
    reads_the_spring(&trace);
    let godot = csv(&s, |(t, x, _)| format!("{t} ({x}, 0, 0)"));
    let trace = read(&godot).unwrap();
    assert_eq!(trace.read_as, "component x of the vector");
    reads_the_spring(&trace);
    let labelled = csv(&s, |(t, x, _)| format!("t={t} angle={x}"));
    reads_the_spring(&read(&labelled).unwrap());
}

#[test]
fn json_as_arrays_objects_or_columns() {
    let s = spring(2.0, 0.5, 0.01, 200);
    let rows = s
        .iter()
        .map(|(t, x, _)| format!("[{t},{x}]"))
        .collect::<Vec<_>>()
        .join(",");
    let objects = s
        .iter()
        .map(|(t, x, _)| format!("{{\"t\": {t}, \"angle\": {x}}}"))
        .collect::<Vec<_>>()
        .join(",");
    let ts = s
        .iter()
        .map(|(t, _, _)| t.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let xs = s
        .iter()
        .map(|(_, x, _)| x.to_string())
        .collect::<Vec<_>>()
        .join(",");
    for text in [
        format!("[{rows}]"),
        format!("[{objects}]"),
        format!("{{\"time\": [{ts}], \"x\": [{xs}]}}"),
    ] {
        reads_the_spring(&read(&text).unwrap());
    }
    assert!(read(&format!("[{objects}]")).unwrap().angular);
}

#[test]
fn the_labs_csv_reads_its_first_body_and_its_target() {
    let s = spring(2.0, 0.5, 0.01, 200);
    let header = "time (s),target (m),PD position (m),PD velocity (m/s),PD effort (N),PD p (N)";
    let text = format!(
        "{header}\r\n{}",
        csv(&s, |(t, x, v)| format!("{t},1,{x},{v},0,0"))
    );
    let trace = read(&text).unwrap();
    assert_eq!(trace.read_as, "the column \"pd position\"");
    assert_eq!(trace.target.as_ref().unwrap()[0], 1.0);
    let summary = amounts_to(&trace, None);
    assert_eq!(summary.target, 1.0);
    reads_the_spring(&trace);
    // A law whose name has brackets of its own, first: its column, not the next one's.
    let header = "time (s),target (m),1: SPD (paper form) position (m),1: SPD (paper form) velocity (m/s),2: forward PD position (m)";
    let text = format!(
        "{header}\r\n{}",
        csv(&s, |(t, x, v)| format!("{t},1,{x},{v},0"))
    );
    let trace = read(&text).unwrap();
    assert_eq!(trace.read_as, "the column \"1: spd (paper form) position\"");
    reads_the_spring(&trace);
}

/// Each bad input is named by its line and says what is wrong.
#[test]
fn a_bad_line_is_named_by_its_number_and_text() {
    let good: Vec<String> = (0..12)
        .map(|k| format!("{},{}", k as f64 * 0.01, k))
        .collect();
    let with = |k: usize, line: &str| {
        let mut lines = good.clone();
        lines[k] = line.to_string();
        read(&format!("t,x\n{}", lines.join("\n"))).unwrap_err()
    };
    let broken = with(3, "0.03,abc");
    assert_eq!(broken.line, Some(5));
    assert!(
        broken.to_string().contains("\"abc\" is not a number"),
        "{broken}"
    );
    let decimal_comma = with(4, "0,04,4");
    assert!(
        decimal_comma
            .to_string()
            .contains("3 columns where the first line has 2"),
        "{decimal_comma}"
    );
    let empty = with(5, "0.05,,5");
    assert!(
        empty.to_string().contains("the field \"\" is not a number"),
        "{empty}"
    );
    let missing = with(5, "0.05");
    assert!(
        missing.to_string().contains("1 columns where 2 are needed"),
        "{missing}"
    );
    let backwards = with(6, "0.01,6");
    assert!(
        backwards.to_string().contains("does not come after"),
        "{backwards}"
    );
    assert_eq!(backwards.line, Some(8));
    let nan = with(7, "0.07,NaN");
    assert!(nan.to_string().contains("the position is NaN"), "{nan}");
    let few = read("0,0\n0.1,1\n0.2,2").unwrap_err();
    assert!(few.to_string().contains("3 samples: at least 10"), "{few}");
    let json = read("[[0, 1], [0.1, \"x\"]]").unwrap_err();
    assert!(json.to_string().contains("sample 2"), "{json}");
}

#[test]
fn a_json_trace_names_its_samples_and_refuses_text_after_it() {
    // Columns, the time going back at the third sample: named as the third, counted from 1.
    let times = [0.0, 0.1, 0.05, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1];
    let list = |v: &[f64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let positions: Vec<f64> = (0..times.len()).map(|k| k as f64 * 0.1).collect();
    let columns = format!(
        "{{\"time\": [{}], \"position\": [{}]}}",
        list(&times),
        list(&positions)
    );
    let back = read(&columns).unwrap_err();
    assert!(back.to_string().contains("sample 3"), "{back}");
    assert!(!back.to_string().contains("sample 2"), "{back}");
    // Anything after the JSON value is refused, not read past.
    let rows = (0..12)
        .map(|k| format!("[{}, {}]", k as f64 * 0.1, k as f64 * 0.05))
        .collect::<Vec<_>>()
        .join(", ");
    assert!(read(&format!("[{rows}]")).is_ok());
    let after = read(&format!("[{rows}] [0, 1]")).unwrap_err();
    assert!(
        after.to_string().contains("text after the JSON value"),
        "{after}"
    );
}

#[test]
fn an_uneven_step_is_said() {
    let mut text = String::new();
    let mut t = 0.0;
    for k in 0..20 {
        t += if k == 10 { 0.02 } else { 0.01 };
        text.push_str(&format!("{t},{k}\n"));
    }
    let trace = read(&text).unwrap();
    assert!((trace.uneven_step.unwrap() - 1.0).abs() < 1e-9);
    assert!(read(&csv(&spring(2.0, 0.5, 0.01, 20), |(t, x, _)| format!(
        "{t},{x}"
    )))
    .unwrap()
    .uneven_step
    .is_none());
}

#[test]
fn a_held_tail_a_speed_cap_and_a_divergence_are_events() {
    // Stopped 0.2 short of the target from sample 100 on.
    let mut s = spring(2.0, 0.5, 0.01, 200);
    for p in s.iter_mut().skip(100) {
        p.1 = 0.8;
    }
    let trace = read(&csv(&s, |(t, x, _)| format!("{t},{x}"))).unwrap();
    let summary = amounts_to(&trace, Some(1.0));
    assert!(
        matches!(summary.events[..], [TraceEvent::Stopped { at, left }] if (at - 1.0).abs() < 1e-9 && (left - 0.2).abs() < 1e-12),
        "{summary:?}"
    );
    // A ramp at 2 per s to 1, then held: a speed cap.
    let ramp: Vec<(f64, f64, f64)> = (0..100)
        .map(|k| (k as f64 * 0.01, (k as f64 * 0.02).min(1.0), 0.0))
        .collect();
    let trace = read(&csv(&ramp, |(t, x, _)| format!("{t},{x}"))).unwrap();
    let summary = amounts_to(&trace, Some(1.0));
    assert!(
        summary
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::SpeedCap { speed } if (speed - 2.0).abs() < 1e-9)),
        "{summary:?}"
    );
    // Growing past ten steps' size.
    let grow: Vec<(f64, f64, f64)> = (0..40)
        .map(|k| (k as f64 * 0.01, 1.2f64.powi(k), 0.0))
        .collect();
    let trace = read(&csv(&grow, |(t, x, _)| format!("{t},{x}"))).unwrap();
    let summary = amounts_to(&trace, Some(0.0));
    assert!(
        summary
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::Diverged { .. })),
        "{summary:?}"
    );
}

#[test]
fn a_speed_held_near_the_target_or_too_briefly_is_no_speed_cap() {
    let events = |x: &[f64]| {
        let rows: Vec<(f64, f64, f64)> = x
            .iter()
            .enumerate()
            .map(|(k, &x)| (k as f64 * 0.01, x, 0.0))
            .collect();
        let trace = read(&csv(&rows, |(t, x, _)| format!("{t},{x}"))).unwrap();
        amounts_to(&trace, Some(1.0)).events
    };
    let capped = |e: &[TraceEvent]| e.iter().any(|e| matches!(e, TraceEvent::SpeedCap { .. }));
    // A smooth approach to 0.95, then a creep at a steady 0.5 per s over the last tenth of
    // the move: how a slow settle ends, not a cap (a cap is a speed held far from the target).
    let mut creep: Vec<f64> = (0..40)
        .map(|k| 0.95 * (1.0 - (-(k as f64) / 8.0).exp()))
        .collect();
    let from = *creep.last().unwrap();
    creep.extend((1..=8).map(|k| from + 0.005 * k as f64));
    assert!(!capped(&events(&creep)), "{:?}", events(&creep));
    // Still for a while, then two steps at one speed, then a smooth approach: a speed held
    // for two steps, one short of FLAT (the jump from rest to it is no step at that speed).
    let mut brief = vec![0.0; 5];
    brief.extend([0.1, 0.2]);
    brief.extend((1..60).map(|k| 1.0 - 0.8 * (-(k as f64) / 6.0).exp()));
    assert!(!capped(&events(&brief)), "{:?}", events(&brief));
    // One more step at that speed is a cap.
    let mut held = vec![0.0; 5];
    held.extend([0.1, 0.2, 0.3]);
    held.extend((1..60).map(|k| 1.0 - 0.7 * (-(k as f64) / 6.0).exp()));
    assert!(capped(&events(&held)), "{:?}", events(&held));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Any under-damped spring written as semicolon CSV with a decimal comma reads back
    /// its own frequency and damping ratio to 1e-5.
    #[test]
    fn any_spring_written_out_reads_back(f in 0.2f64..5.0, zeta in 0.1f64..0.95, hz in 30.0f64..240.0) {
        let dt = 1.0 / hz;
        let n = ((2.0 / f) / dt).ceil().max(20.0) as usize;
        let s = spring(f, zeta, dt, n);
        let comma = |x: f64| format!("{x}").replace('.', ",");
        let text = csv(&s, |(t, x, _)| format!("{};{}", comma(*t), comma(*x)));
        let summary = amounts_to(&read(&text).unwrap(), Some(1.0));
        // A slow spring at a fine step has poles near 1: its fit is good to some 1e-6.
        proptest::prop_assert!((summary.frequency.unwrap() / f - 1.0).abs() < 1e-5, "{summary:?}");
        proptest::prop_assert!((summary.damping_ratio.unwrap() / zeta - 1.0).abs() < 1e-5, "{summary:?}");
    }
}

/// A trace read with its clock started at 10 s, from 5 down to 3 (twice the step, the other
/// way) reads as the same motion: the same spring, residual, settle and overshoot, the same
/// time of stopping, and its shortfall scaled.
#[test]
fn a_shifted_scaled_and_turned_trace_reads_the_same() {
    let mut s = spring(2.0, 0.5, 0.01, 200);
    for p in s.iter_mut() {
        p.1 = p.1.min(1.1); // a clamp the spring does not explain
    }
    for k in 150..200 {
        s[k].1 = s[150].1; // and a held tail
    }
    let a = amounts_to(
        &read(&csv(&s, |(t, x, _)| format!("{t},{x}"))).unwrap(),
        Some(1.0),
    );
    let b = amounts_to(
        &read(&csv(&s, |(t, x, _)| {
            format!("{},{}", t + 10.0, 5.0 - 2.0 * x)
        }))
        .unwrap(),
        Some(3.0),
    );
    let near = |p: f64, q: f64| {
        p.is_finite() && q.is_finite() && (p - q).abs() <= 1e-9 * p.abs().max(q.abs()).max(1e-300)
    };
    assert!(
        near(a.frequency.unwrap(), b.frequency.unwrap())
            && near(a.damping_ratio.unwrap(), b.damping_ratio.unwrap()),
        "{a:?} {b:?}"
    );
    assert!(
        a.fit_residual.unwrap() > 1e-4 && near(a.fit_residual.unwrap(), b.fit_residual.unwrap()),
        "{a:?} {b:?}"
    );
    assert!(
        near(a.settle.unwrap_or(-1.0), b.settle.unwrap_or(-1.0))
            && near(a.overshoot_percent, b.overshoot_percent),
        "{a:?} {b:?}"
    );
    match (&a.events[..], &b.events[..]) {
        (
            [TraceEvent::Stopped { at: ta, left: la }],
            [TraceEvent::Stopped { at: tb, left: lb }],
        ) => {
            assert!(
                (ta - 1.5).abs() < 1e-9 && (ta - tb).abs() < 1e-9,
                "{ta} {tb}"
            );
            assert!(near(-2.0 * la, *lb), "{la} {lb}");
        }
        other => panic!("{other:?}"),
    }
    // The fit reads the motion before the stop alone: the held tail's first sample is not in it.
    let free = amounts_to(
        &read(&csv(&s[..150], |(t, x, _)| format!("{t},{x}"))).unwrap(),
        Some(1.0),
    );
    assert!(
        near(a.frequency.unwrap(), free.frequency.unwrap()),
        "{a:?} {free:?}"
    );
}

/// Diverged when it is first ten times the step's size from the target, read from the
/// trace's own first sample: from 5 toward 3, at 3 + 2 (-1.3)^k that is the 10th sample.
#[test]
fn divergence_is_ten_steps_from_the_target() {
    let text: String = (0..30)
        .map(|k| {
            format!(
                "{},{}\n",
                10.0 + k as f64 * 0.01,
                3.0 + 2.0 * (-1.3f64).powi(k)
            )
        })
        .collect();
    let s = amounts_to(&read(&text).unwrap(), Some(3.0));
    let at = s.events.iter().find_map(|e| match e {
        TraceEvent::Diverged { at } => Some(*at),
        _ => None,
    });
    assert!((at.unwrap() - 0.09).abs() < 1e-9, "{s:?}");
}

/// Without a target, a trace is read against the fitted spring's rest only where the
/// spring explains it (to 5 % of the move, damped, and moving): a spring under noise of
/// 2.5 % of its move (from 5 to 7) is read against its rest; under 10 % noise, or undamped
/// (it never comes to rest), against where it ended.
#[test]
fn the_rest_is_the_target_only_where_a_damped_spring_explains_the_trace() {
    use crate::random::SplitMix64;
    let s = spring(1.5, 0.4, 0.01, 300);
    let noisy = |amplitude: f64| {
        let mut rng = SplitMix64::new(3);
        let text = csv(&s, |(t, x, _)| {
            let e = amplitude * (2.0 * rng.next_open01() - 1.0) * 3f64.sqrt();
            format!("{t},{}", 5.0 + 2.0 * x + 2.0 * e)
        });
        amounts_to(&read(&text).unwrap(), None)
    };
    let calm = noisy(0.025);
    let rest = calm.spring.unwrap().rest;
    assert!(calm.target == rest && calm.target != calm.end, "{calm:?}");
    assert!((rest - 7.0).abs() < 0.01, "{calm:?}");
    // Noise of 4.25 % of the move is trusted against 5 % of the move (2), not of where it went (7 / 5).
    let near = noisy(0.0425);
    assert!(near.target == near.spring.unwrap().rest, "{near:?}");
    let rough = noisy(0.1);
    assert!(rough.target == rough.end, "{rough:?}");
    // Undamped: the fit's damping ratio is 0, and the trace is read against its end.
    let w = TAU * 1.3;
    let text = (0..200)
        .map(|k| {
            let t = k as f64 * 0.01;
            format!("{t},{}", 1.0 - (w * t).cos())
        })
        .collect::<Vec<_>>()
        .join("\n");
    let free = amounts_to(&read(&text).unwrap(), None);
    assert_eq!(free.spring.unwrap().damping_ratio, 0.0, "{free:?}");
    assert!(free.target == free.end, "{free:?}");
}

#[test]
fn exactly_the_fewest_samples_a_motion_needs_are_read() {
    let text = |n: usize| {
        (0..n)
            .map(|k| format!("{},{}\n", k as f64 * 0.1, 1.0 - 0.5f64.powi(k as i32)))
            .collect::<String>()
    };
    assert!(read(&text(MIN_SAMPLES)).is_ok());
    let short = read(&text(MIN_SAMPLES - 1)).unwrap_err();
    assert!(short.to_string().contains("at least 10"), "{short}");
}

/// A cap is a speed held while more than a tenth of the step from the target: a ramp
/// toward 10 at a steady speed that holds it over 8 and 9 and reaches the target a step
/// later has held it for two steps while more than a tenth away (at 9 it is exactly a
/// tenth away, 1 of 10), one short of [`super::super::FLAT`].
#[test]
fn a_speed_held_until_exactly_a_tenth_of_the_step_from_the_target_is_no_speed_cap() {
    let x = [
        0.0, 7.0, 8.0, 9.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0,
    ];
    let text: String = x
        .iter()
        .enumerate()
        .map(|(k, x)| format!("{},{x}\n", k as f64 * 0.01))
        .collect();
    let summary = amounts_to(&read(&text).unwrap(), Some(10.0));
    assert!(
        !summary
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::SpeedCap { .. })),
        "{summary:?}"
    );
    // Toward 10.5 the same ramp is more than a tenth away at 9 as well: a cap.
    let summary = amounts_to(&read(&text).unwrap(), Some(10.5));
    assert!(
        summary
            .events
            .iter()
            .any(|e| matches!(e, TraceEvent::SpeedCap { .. })),
        "{summary:?}"
    );
}
