//! The trace the page's panel opens with (chapter 10, figure `"trace"`): what a user of
//! Jolt might paste. They set a spring of 2 Hz at damping 0.4 on a 1 kg body stepped at
//! 60 Hz; it moves as 1.91 Hz at 0.48 and stops half a millimetre short of its target
//! (Jolt puts it to sleep there). The
//! twin makes the trace (its run is the real Jolt's to 1e-6, `tests/engines`), so the
//! panel's first explanation is exact and says why it stopped.

use super::UserTrace;
use crate::engines::{entry, Intent};

/// The example's engine, drive, numbers and step, declared once: the panel, its tests and
/// the core's test read them here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceExample {
    /// The engine's id, as the panel's menu names it.
    pub engine: &'static str,
    /// The drive's id in the twin's catalogue.
    pub drive: &'static str,
    /// Its settings variant.
    pub variant: &'static str,
    /// The numbers set, in the drive's own knobs (Jolt: `mFrequency` Hz, `mDamping`).
    pub knobs: [f64; 2],
    /// The body's mass, kg.
    pub mass: f64,
    /// The step, s.
    pub dt: f64,
    /// How many steps were logged.
    pub steps: usize,
    /// What the user wanted instead: natural frequency, Hz, and damping ratio.
    pub want: (f64, f64),
}

/// The panel's first trace.
pub const TRACE_EXAMPLE: TraceExample = TraceExample {
    engine: "jolt",
    drive: "jolt-frequency",
    variant: "default",
    knobs: [2.0, 0.4],
    mass: 1.0,
    dt: 1.0 / 60.0,
    steps: 90,
    want: (2.0, 1.0),
};

impl TraceExample {
    /// The trace as a CSV a user would save: `time,position`, the state before the first
    /// step, then one line per step.
    pub fn text(&self) -> String {
        let e = entry(self.drive).expect("the example names a drive of the catalogue");
        let settings = e
            .variant(self.variant)
            .expect("the example names a variant of its drive");
        let intent = Intent {
            mass: self.mass,
            dt: self.dt,
            ..Intent::default()
        };
        let run = e
            .predict(self.knobs, &intent, &settings, self.steps)
            .expect("the example's numbers are the drive's");
        let mut text = String::from("time,position\n0,0\n");
        for (k, p) in run.positions.iter().enumerate() {
            let t = (k + 1) as f64 * self.dt;
            text.push_str(&format!("{t},{p}\n"));
        }
        text
    }

    /// The example read ([`super::read`]).
    pub fn trace(&self) -> UserTrace {
        super::read(&self.text()).expect("the example reads")
    }
}

#[cfg(test)]
mod tests {
    use super::super::{amounts_to, explain, TraceEvent};
    use super::*;
    use crate::engines::Engine;

    /// The example stops short (Jolt's sleep), and its first explanation is its own drive,
    /// exact, at the numbers it was made with.
    #[test]
    fn the_example_stops_short_and_is_explained_by_its_own_drive() {
        let x = TRACE_EXAMPLE;
        let trace = x.trace();
        let summary = amounts_to(&trace, None);
        assert!(
            summary
                .events
                .iter()
                .any(|e| matches!(e, TraceEvent::Stopped { left, .. } if left.abs() > 1e-4)),
            "{summary:?}"
        );
        let matches = explain(&trace, Engine::Jolt, x.mass, false, None, None).unwrap();
        let mine = matches
            .iter()
            .find(|m| (m.id, m.variant) == (x.drive, x.variant))
            .unwrap();
        assert!(mine.exact && matches[0].exact, "{mine:?}");
        assert!((mine.knobs[0] / x.knobs[0] - 1.0).abs() < 1e-4, "{mine:?}");
        assert!((mine.knobs[1] / x.knobs[1] - 1.0).abs() < 1e-4, "{mine:?}");
        assert_eq!(Engine::Jolt.id(), x.engine);
    }

    /// The example's text is stepped at its own step: logged at 240 Hz the same drive
    /// moves nearer the spring its numbers set (2 Hz) than at 60 Hz (1.91 Hz).
    #[test]
    fn the_examples_text_is_stepped_at_its_own_step() {
        let frequency = |x: TraceExample| amounts_to(&x.trace(), Some(1.0)).frequency.unwrap();
        let coarse = frequency(TRACE_EXAMPLE);
        let fine = frequency(TraceExample {
            dt: 1.0 / 240.0,
            steps: 360,
            ..TRACE_EXAMPLE
        });
        assert!((coarse - 1.91).abs() < 0.01, "{coarse}");
        assert!((fine - 2.0).abs() < 0.5 * (coarse - 2.0).abs(), "{fine}");
    }
}
