use super::Terms;
use crate::error::{finite, non_negative, positive, Error};
use crate::program::{
    memory, setting, From, Memory, MemoryKind, Program, Setting, Statement::*, Text,
};
use std::collections::VecDeque;

/// The fewest samples the windowed PID needs before it outputs anything.
pub const MIN_SAMPLES: usize = 3;

/// Article 001's PID, corrected: it keeps only the last `window` errors (default 7),
/// integrates them with the composite Simpson rule, differentiates with a backward
/// difference, and scales the sum by a plant gain:
///
/// `u = plant_gain (kp e_n + ki S(e, dt) + kd (e_n - e_{n-1}) / dt)`,
///
/// `S` = [`simpson`]: `dt/3 (e_0 + 4 e_1 + 2 e_2 + ... + 4 e_{n-1} + e_n)` over an even
/// number of intervals, with Simpson's 3/8 rule on the last three when the number is
/// odd, so the integral is exact for errors that are cubic in time. Fewer than
/// [`MIN_SAMPLES`] samples give no output. The listing as printed (which divides by
/// `3 dt` and mis-weights even windows) is `published::simpson_as_printed`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct WindowedPid {
    /// Proportional gain.
    pub kp: f64,
    /// Integral gain, per second.
    pub ki: f64,
    /// Derivative gain, seconds.
    pub kd: f64,
    /// Overall gain of the plant (scales every term).
    pub plant_gain: f64,
    /// How many of the latest errors are kept, at least [`MIN_SAMPLES`].
    pub window: usize,
    /// Time between samples, s.
    pub dt: f64,
    /// The errors held, oldest first (opaque; [`WindowedPid::reset`] clears it).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub history: ErrorHistory,
}

/// The last errors a [`WindowedPid`] holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErrorHistory(VecDeque<f64>);

impl Default for WindowedPid {
    /// The article's defaults: window 7, `dt = 0.01 s`, plant gain 1, and gains
    /// `kp = 2`, `ki = 0.05`, `kd = 0.3` that turn a missile smoothly.
    fn default() -> Self {
        WindowedPid::new(2.0, 0.05, 0.3)
    }
}

impl WindowedPid {
    /// A controller with these gains and the article's defaults for the rest.
    pub fn new(kp: f64, ki: f64, kd: f64) -> WindowedPid {
        WindowedPid {
            kp,
            ki,
            kd,
            plant_gain: 1.0,
            window: 7,
            dt: 0.01,
            history: ErrorHistory(VecDeque::with_capacity(8)),
        }
    }

    /// Checks gains, window and `dt`.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("ki", self.ki)?;
        non_negative("kd", self.kd)?;
        finite("plant_gain", self.plant_gain)?;
        positive("dt", self.dt)?;
        if self.window < MIN_SAMPLES || self.window > 1_000_000 {
            return Err(Error::OutOfRange {
                field: "window",
                value: self.window as f64,
                min: MIN_SAMPLES as f64,
                max: 1e6,
            });
        }
        Ok(())
    }

    /// Forgets every sample.
    pub fn reset(&mut self) {
        self.history.0.clear();
    }

    /// The errors held, oldest first.
    pub fn errors(&self) -> impl Iterator<Item = f64> + '_ {
        self.history.0.iter().copied()
    }

    /// Adds the error of this step and returns the output and its terms.
    pub fn add_sample(&mut self, error: f64) -> Result<Terms, Error> {
        self.add_sample_integrating_with(error, simpson)
    }

    /// [`WindowedPid::add_sample`] with another rule for the window integral
    /// (`integrate(samples, dt)`): how `published` runs the listing as printed.
    pub fn add_sample_integrating_with(
        &mut self,
        error: f64,
        integrate: fn(&[f64], f64) -> f64,
    ) -> Result<Terms, Error> {
        self.validate()?;
        finite("error", error)?;
        let errors = &mut self.history.0;
        errors.push_back(error);
        while errors.len() > self.window {
            errors.pop_front();
        }
        let n = errors.len();
        if n < MIN_SAMPLES {
            return Ok(Terms::default());
        }
        let samples = errors.make_contiguous();
        let g = self.plant_gain;
        let p = g * self.kp * samples[n - 1];
        let i = g * self.ki * integrate(samples, self.dt);
        let d = g * self.kd * (samples[n - 1] - samples[n - 2]) / self.dt;
        Terms::sum(p, i, d, 0.0).finite()
    }
}

/// The integral of equally spaced samples `y` (spacing `h`) by composite Simpson:
/// the 1/3 rule over an even number of intervals, plus the 3/8 rule on the last three
/// intervals when the number is odd; the trapezoid for a single interval. Exact for
/// cubics whenever there are at least three samples.
pub fn simpson(y: &[f64], h: f64) -> f64 {
    let n = y.len();
    if n < 2 {
        return 0.0;
    }
    let intervals = n - 1;
    if intervals == 1 {
        return 0.5 * h * (y[0] + y[1]);
    }
    let (third_end, tail) = if intervals % 2 == 0 {
        (n - 1, 0.0)
    } else {
        let k = n - 4;
        (
            k,
            3.0 * h / 8.0 * (y[k] + 3.0 * y[k + 1] + 3.0 * y[k + 2] + y[k + 3]),
        )
    };
    let mut sum = 0.0;
    if third_end > 0 {
        sum = y[0] + y[third_end];
        for (j, v) in y.iter().enumerate().take(third_end).skip(1) {
            sum += if j % 2 == 1 { 4.0 * v } else { 2.0 * v };
        }
    }
    h / 3.0 * sum + tail
}

/// A windowed PID's step (a [`Program`]'s statements) around the statements given, which
/// leave `integral`: push the error, and until three errors are in, push nothing.
macro_rules! windowed_step {
    [$($integral:expr),* $(,)?] => {
        &[
            Push("errors", "xt - x", "window"),
            LetInt("n", "Len(errors)"),
            Let("force", "0.0"),
            If(
                "n >= 3",
                &[
                    $($integral,)*
                    Set(
                        "force",
                        "plantGain * kp * errors[n - 1] + plantGain * ki * integral + plantGain * kd * (errors[n - 1] - errors[n - 2]) / dt",
                    ),
                ],
                &[],
            ),
        ]
    };
}
pub(crate) use windowed_step;

/// This law written out for engines that do not run forcelab (see
/// [`program`](crate::program)): the arithmetic above, which the page's unit
/// tests hold it to by running it against the core.
pub(crate) const PROGRAM: Program = Program {
    source: &[Text::Words(
        "crates/forcelab/src/controllers/windowed_pid.rs (article 001, corrected)",
    )],
    settings: WINDOWED_SETTINGS,
    memory: WINDOWED_MEMORY,
    step: windowed_step![
        // Simpson's 1/3 rule needs an even number of intervals: an odd count ends on a 3/8 rule.
        LetInt("thirdEnd", "n - 1"),
        Let("tail", "0.0"),
        If(
            "(n - 1) % 2 == 1",
            &[
                Set("thirdEnd", "n - 4"),
                Set(
                    "tail",
                    "3.0 * dt / 8.0 * (errors[n - 4] + 3.0 * errors[n - 3] + 3.0 * errors[n - 2] + errors[n - 1])",
                ),
            ],
            &[],
        ),
        Let("sum", "0.0"),
        If(
            "thirdEnd > 0",
            &[
                Set("sum", "errors[0] + errors[thirdEnd]"),
                For(
                    "j",
                    "1",
                    "thirdEnd",
                    &[If(
                        "j % 2 == 1",
                        &[Set("sum", "sum + 4.0 * errors[j]")],
                        &[Set("sum", "sum + 2.0 * errors[j]")],
                    )],
                ),
            ],
            &[],
        ),
        Let("integral", "dt / 3.0 * sum + tail"),
    ],
};

/// The windowed PIDs' settings after kp and kd (the corrected and the printed one share them).
pub(crate) const WINDOWED_SETTINGS: &[Setting] = &[
    setting("ki", From::Gain("ki"), true, "integral gain, N/(m s)", None),
    Setting {
        integer: true,
        ..setting(
            "window",
            From::Option("window"),
            false,
            "errors kept (at least 3)",
            None,
        )
    },
    setting(
        "plantGain",
        From::Option("plantGain"),
        false,
        "the gain that scales every term",
        None,
    ),
];

/// What a windowed PID remembers: its window of errors.
pub(crate) const WINDOWED_MEMORY: &[Memory] = &[memory(
    "errors",
    MemoryKind::List,
    "the last `window` errors, m, oldest first",
    None,
)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};
    use proptest::prelude::*;

    fn cubic(t: f64) -> f64 {
        0.5 - 2.0 * t + 3.0 * t * t - 1.5 * t * t * t
    }

    fn cubic_integral(a: f64, b: f64) -> f64 {
        let f = |t: f64| 0.5 * t - t * t + t * t * t - 0.375 * t * t * t * t;
        f(b) - f(a)
    }

    proptest! {
        /// Simpson's rule (with 3/8 for odd interval counts) is exact for cubics, for
        /// every window length from 3 up.
        #[test]
        fn simpson_is_exact_for_cubics(n in 3usize..40, h in 1e-3..0.5f64, t0 in -2.0..2.0f64) {
            let y: Vec<f64> = (0..n).map(|k| cubic(t0 + k as f64 * h)).collect();
            let exact = cubic_integral(t0, t0 + (n - 1) as f64 * h);
            let got = simpson(&y, h);
            prop_assert!((got - exact).abs() < ALGEBRA_TOL * (1.0 + exact.abs()), "{} vs {}", got, exact);
        }
    }

    #[test]
    fn no_output_before_three_samples_then_every_term() {
        let mut pid = WindowedPid {
            dt: 0.1,
            ..WindowedPid::new(2.0, 1.0, 0.5)
        };
        assert_eq!(pid.add_sample(1.0).unwrap(), Terms::default());
        assert_eq!(pid.add_sample(1.0).unwrap(), Terms::default());
        let t = pid.add_sample(2.0).unwrap();
        assert_eq!(t.p, 4.0);
        assert!((t.d - 5.0).abs() < ROUND_OFF);
        assert!((t.i - 0.1 / 3.0 * (1.0 + 4.0 + 2.0)).abs() < ROUND_OFF);
        assert!((t.total - (t.p + t.i + t.d)).abs() < ROUND_OFF);
    }

    #[test]
    fn keeps_only_the_window() {
        let mut pid = WindowedPid::default();
        for k in 0..20 {
            pid.add_sample(k as f64).unwrap();
        }
        assert_eq!(
            pid.errors().collect::<Vec<_>>(),
            (13..20).map(|k| k as f64).collect::<Vec<_>>()
        );
    }

    #[test]
    fn refuses_a_window_below_three() {
        let mut pid = WindowedPid {
            window: 2,
            ..WindowedPid::default()
        };
        let e = pid.add_sample(1.0).unwrap_err();
        assert_eq!(e.field(), "window");
        assert_eq!(e.to_string(), "window must be between 3 and 1000000, got 2");
    }

    #[test]
    fn derivative_is_the_last_difference_over_dt() {
        let mut pid = WindowedPid {
            dt: 0.5,
            ..WindowedPid::new(0.0, 0.0, 2.0)
        };
        for e in [0.0, 0.0, 0.0, 1.0] {
            pid.add_sample(e).unwrap();
        }
        // Five samples, so the last two are not also the window's first ones:
        // kd (e4 - e3) / dt = 2 (4 - 1) / 0.5 = 12.
        assert_eq!(pid.add_sample(4.0).unwrap().d, 12.0);
    }
}
