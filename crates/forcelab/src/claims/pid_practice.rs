//! Two claims of everyday PID practice that article 004's clamps lead to, each
//! measured on its chapter-6 Lab figure (`scenario::LAB_FIGURES`), so the claim and the
//! figure are one run: the derivative kick, and integral windup under a saturated
//! output.

use super::common::*;
use super::{Claim, Verdict};
use crate::lab::Trace;
use crate::scenario::LabFigure;

/// The PID practice both claims come from.
const PRACTICE: &str = "PID practice (Åström and Murray, Feedback Systems, ch. 10)";

/// The figure `id`'s whole run ([`figure_run`]).
fn run(id: &str) -> (&'static LabFigure, Trace) {
    let (figure, lab) = figure_run(id);
    (figure, lab.trace().clone())
}

/// Body `k`'s column of a per-body series of `trace`, rows from `from` (one column
/// per body the run has, printed twins included).
fn column<'a>(
    trace: &Trace,
    values: &'a [f64],
    k: usize,
    from: usize,
) -> impl Iterator<Item = f64> + 'a {
    let n = values.len() / trace.time.len();
    values.iter().skip(from * n + k).step_by(n).copied()
}

pub(super) fn derivative_kick() -> Claim {
    // Controller 0 differentiates the measurement, controller 1 the error; the target
    // jumps by 1 m at 3 s.
    let (figure, trace) = run("derivative-kick");
    let (at, to) = figure.target_step.expect("the figure steps its target");
    let jump = (to - figure.target_start).abs();
    let from = (at / figure.dt).round() as usize;
    let peak = |k| column(&trace, &trace.force, k, from).fold(0.0, |m: f64, f| m.max(f.abs()));
    let (calm, kick) = (peak(0), peak(1));
    let kd = figure.laws[1].kd;
    let predicted = kd * jump / figure.dt;
    Claim {
        id: "derivative-kick",
        article: PRACTICE,
        chapter: "06-pid-turning",
        preset: figure.id,
        claim: "a derivative on the error spikes the effort by kd × jump / dt when the target jumps; on the measurement it does not",
        figure: kick,
        unit: "N peak effort after a 1 m target jump, derivative on the error",
        integrator: SEMI,
        verdict: if kick >= predicted && calm < predicted / 4.0 {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: format!(
            "kd × jump / dt = {predicted:.0} N; on the measurement the peak is {calm:.0} N"
        ),
    }
}

pub(super) fn anti_windup_overshoot() -> Claim {
    // No anti-windup, conditional integration, back-calculation; target 1 m.
    let (figure, trace) = run("anti-windup");
    let overshoot =
        |k| column(&trace, &trace.x, k, 0).fold(0.0, |m: f64, x| m.max(x - figure.target_start));
    let (wound, conditional, back) = (overshoot(0), overshoot(1), overshoot(2));
    Claim {
        id: "anti-windup-overshoot",
        article: A004,
        chapter: "06-pid-turning",
        preset: figure.id,
        claim: "while the output is clamped a PID that keeps integrating winds up and overshoots; anti-windup stops it",
        figure: wound,
        unit: "m overshoot with the output clamped at 10 N and no anti-windup",
        integrator: SEMI,
        verdict: if conditional < wound / 2.0 && back < wound / 2.0 {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: format!(
            "with conditional integration it overshoots {conditional:.3} m, with back-calculation {back:.3} m"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_hold_with_the_figures_they_name() {
        let kick = derivative_kick();
        assert_eq!(kick.verdict, Verdict::Holds, "{kick:?}");
        // The kick is the derivative's jump plus the proportional term's: at least
        // 20 N s/m × 1 m / (1/60 s).
        assert!(
            kick.figure > 1199.0 && kick.figure < 1400.0,
            "{}",
            kick.figure
        );
        let windup = anti_windup_overshoot();
        assert_eq!(windup.verdict, Verdict::Holds, "{windup:?}");
        assert!(windup.figure > 0.2, "{}", windup.figure);
    }
}
