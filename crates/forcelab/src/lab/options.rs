//! A Lab controller's settings beyond its gains (`LawSpec::options`): which law reads
//! which is the catalogue's (`catalogue::LAWS[..].options`), and so are the ranges;
//! this file holds the values, checks them against their entries and sets them on
//! the controllers.

use crate::catalogue::{LawId, LawOption, OptionValue};
use crate::controllers::{AntiWindup, Controller1, DerivativeOn, Pid, WindowedPid};
use crate::error::{in_range, positive, Error};

/// How a PID keeps its integral from winding up (the choice; the back-calculation
/// gain is [`LawOptions::kt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum AntiWindupMode {
    /// The integral clamp only ([`AntiWindup::Clamp`]).
    Clamp,
    /// [`AntiWindup::ConditionalIntegration`].
    ConditionalIntegration,
    /// [`AntiWindup::BackCalculation`] with gain `kt`.
    BackCalculation,
}

/// The options of one Lab controller, each left out (`None`) for the law's default.
/// Keys and ranges are the catalogue's ([`crate::catalogue::PID_OPTIONS`],
/// [`crate::catalogue::WINDOW_OPTIONS`]). Effort-valued limits are those of the cube
/// (N); a turning body gets them per unit inertia, like its gains (`kp I / m`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct LawOptions {
    /// PID: largest integral contribution, N.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub integral_limit: Option<f64>,
    /// PID: largest output, N.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub output_limit: Option<f64>,
    /// PID: what the derivative differentiates.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub derivative_on: Option<DerivativeOn>,
    /// PID: the derivative filter's time constant, s.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub derivative_filter: Option<f64>,
    /// PID: windup protection.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub anti_windup: Option<AntiWindupMode>,
    /// PID: back-calculation's tracking gain, 1/s.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub kt: Option<f64>,
    /// Windowed PIDs: errors kept (a whole number).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub window: Option<f64>,
    /// Windowed PIDs: the gain that scales every term.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub plant_gain: Option<f64>,
}

impl LawOptions {
    /// Every option left at its default (what `Default` gives, usable in constants).
    pub const NONE: LawOptions = LawOptions {
        integral_limit: None,
        output_limit: None,
        derivative_on: None,
        derivative_filter: None,
        anti_windup: None,
        kt: None,
        window: None,
        plant_gain: None,
    };

    /// Every option set (to a value some law accepts): the template of the keys a
    /// config may hold, for a reader that checks keys before it parses.
    pub const EVERY: LawOptions = LawOptions {
        integral_limit: Some(1.0),
        output_limit: Some(1.0),
        derivative_on: Some(DerivativeOn::Measurement),
        derivative_filter: Some(0.0),
        anti_windup: Some(AntiWindupMode::ConditionalIntegration),
        kt: Some(5.0),
        window: Some(7.0),
        plant_gain: Some(1.0),
    };

    /// The options set, by catalogue key, with their number (None for a choice).
    pub fn set(&self) -> Vec<(&'static str, Option<f64>)> {
        let numbers = [
            ("integralLimit", self.integral_limit),
            ("outputLimit", self.output_limit),
            ("derivativeFilter", self.derivative_filter),
            ("kt", self.kt),
            ("window", self.window),
            ("plantGain", self.plant_gain),
        ];
        let choices = [
            ("derivativeOn", self.derivative_on.is_some()),
            ("antiWindup", self.anti_windup.is_some()),
        ];
        numbers
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, Some(v))))
            .chain(choices.into_iter().filter(|c| c.1).map(|(k, _)| (k, None)))
            .collect()
    }

    /// Checks every option set against `law`'s catalogue entry: that the law reads it,
    /// that it lies in its range, and that an option read only under another's choice
    /// has that choice. The message names the option's key and the value.
    pub fn check(&self, law: LawId) -> Result<(), String> {
        let entry = law.law();
        for (key, value) in self.set() {
            let Some(option) = LawOption::find(entry.options, key) else {
                return Err(format!("{key}: {} has no such setting", entry.label));
            };
            if let Some([on, choice]) = option.shown_when {
                // A choice left out is its default, as the page reads it.
                let current = self.choice(on).or_else(|| {
                    match LawOption::find(entry.options, on).map(|o| o.value) {
                        Some(OptionValue::Choice { default, .. }) => Some(default),
                        _ => None,
                    }
                });
                if current != Some(choice) {
                    return Err(format!("{key} is read only when {on} is {choice}"));
                }
            }
            if let Some(v) = value {
                within(key, v, option.value).map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    }

    fn choice(&self, key: &str) -> Option<&'static str> {
        match key {
            "antiWindup" => self.anti_windup.map(|m| match m {
                AntiWindupMode::Clamp => "clamp",
                AntiWindupMode::ConditionalIntegration => "conditional-integration",
                AntiWindupMode::BackCalculation => "back-calculation",
            }),
            "derivativeOn" => self.derivative_on.map(|d| match d {
                DerivativeOn::Error => "error",
                DerivativeOn::Measurement => "measurement",
            }),
            _ => None,
        }
    }

    /// Sets these options on `c`, effort limits times `effort_scale` (the turning
    /// channel's `I / m`). Options `c`'s law does not read, or out of range, are
    /// refused, never ignored; [`LawOptions::check`] names which.
    pub fn apply(&self, c: &mut Controller1, effort_scale: f64) -> Result<(), Error> {
        self.check(c.kind()).map_err(|_| Error::Unsupported {
            field: "options",
            reason:
                "an option the law does not read, or out of its range (LawOptions::check names it)",
        })?;
        match c {
            Controller1::Pid(pid) => self.apply_pid(pid, effort_scale),
            Controller1::WindowedPid(w) => self.apply_window(w),
            Controller1::WindowedPidAsPrinted(w) => self.apply_window(&mut w.0),
            _ => {}
        }
        c.validate()
    }

    /// [`LawOptions::apply`] for a PID held outside a [`Controller1`] (the box's 3-D
    /// PID): its limits times `effort_scale`.
    pub fn apply_to_pid(&self, pid: &mut Pid, effort_scale: f64) -> Result<(), Error> {
        let mut c = Controller1::Pid(*pid);
        self.apply(&mut c, effort_scale)?;
        if let Controller1::Pid(set) = c {
            *pid = set;
        }
        Ok(())
    }

    fn apply_pid(&self, pid: &mut Pid, s: f64) {
        if let Some(l) = self.integral_limit {
            pid.integral_limit = l * s;
        }
        if let Some(l) = self.output_limit {
            pid.output_limit = l * s;
        }
        if let Some(d) = self.derivative_on {
            pid.derivative_on = d;
        }
        if let Some(t) = self.derivative_filter {
            pid.derivative_filter = t;
        }
        if let Some(mode) = self.anti_windup {
            pid.anti_windup = match mode {
                AntiWindupMode::Clamp => AntiWindup::Clamp,
                AntiWindupMode::ConditionalIntegration => AntiWindup::ConditionalIntegration,
                AntiWindupMode::BackCalculation => AntiWindup::BackCalculation {
                    kt: self.kt.unwrap_or_else(|| number_default("kt")),
                },
            };
        }
    }

    fn apply_window(&self, w: &mut WindowedPid) {
        if let Some(n) = self.window {
            w.window = n as usize;
        }
        if let Some(g) = self.plant_gain {
            w.plant_gain = g;
        }
    }
}

fn number_default(key: &str) -> f64 {
    match LawOption::find(crate::catalogue::PID_OPTIONS, key).map(|o| o.value) {
        Some(OptionValue::Number { default, .. }) => default,
        _ => unreachable!("{key} is a PID number option"),
    }
}

/// Checks `v` against the option's range (and wholeness); the error names `key`.
fn within(key: &'static str, v: f64, value: OptionValue) -> Result<(), Error> {
    match value {
        OptionValue::Number {
            min, max, integer, ..
        } => {
            in_range(key, v, min, max)?;
            if integer && v.fract() != 0.0 {
                return Err(Error::Unsupported {
                    field: key,
                    reason: "must be a whole number",
                });
            }
        }
        OptionValue::Limit { max, .. } => {
            positive(key, v)?;
            in_range(key, v, 0.0, max)?;
        }
        OptionValue::Choice { .. } => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LAWS;

    #[test]
    fn every_catalogue_option_is_a_field_here() {
        let mut keys: Vec<&str> = LawOptions::EVERY
            .set()
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        let mut declared: Vec<&str> = LAWS
            .iter()
            .flat_map(|l| l.options.iter().map(|o| o.key))
            .collect();
        keys.sort_unstable();
        declared.sort_unstable();
        declared.dedup();
        assert_eq!(keys, declared);
    }

    #[test]
    fn refusals_name_the_option_and_the_value() {
        let window = |w| LawOptions {
            window: Some(w),
            ..LawOptions::default()
        };
        assert_eq!(
            window(2.0).check(LawId::WindowedPid).unwrap_err(),
            "window must be between 3 and 1000, got 2"
        );
        assert_eq!(
            window(7.5).check(LawId::WindowedPid).unwrap_err(),
            "window: must be a whole number"
        );
        assert_eq!(
            window(7.0).check(LawId::Pid).unwrap_err(),
            "window: PID has no such setting"
        );
        let kt = LawOptions {
            kt: Some(3.0),
            ..LawOptions::default()
        };
        assert_eq!(
            kt.check(LawId::Pid).unwrap_err(),
            "kt is read only when antiWindup is back-calculation"
        );
        let clamp = LawOptions {
            output_limit: Some(-1.0),
            ..LawOptions::default()
        };
        assert_eq!(
            clamp.check(LawId::Pid).unwrap_err(),
            "outputLimit must be greater than 0, got -1"
        );
    }

    #[test]
    fn applied_options_reach_the_controller_scaled_where_they_are_efforts() {
        let o = LawOptions {
            integral_limit: Some(2.0),
            output_limit: Some(10.0),
            derivative_on: Some(DerivativeOn::Error),
            derivative_filter: Some(0.1),
            anti_windup: Some(AntiWindupMode::BackCalculation),
            kt: Some(3.0),
            ..LawOptions::default()
        };
        o.check(LawId::Pid).unwrap();
        let mut c = Controller1::new(LawId::Pid, 100.0, 10.0, 1.0).unwrap();
        o.apply(&mut c, 0.5).unwrap();
        let Controller1::Pid(pid) = c else { panic!() };
        assert_eq!(pid.integral_limit, 1.0);
        assert_eq!(pid.output_limit, 5.0);
        assert_eq!(pid.derivative_on, DerivativeOn::Error);
        assert_eq!(pid.derivative_filter, 0.1);
        assert_eq!(pid.anti_windup, AntiWindup::BackCalculation { kt: 3.0 });
        let w = LawOptions {
            window: Some(11.0),
            plant_gain: Some(2.0),
            ..LawOptions::default()
        };
        let mut c = Controller1::new(LawId::WindowedPidAsPrinted, 1.0, 0.1, 1.0).unwrap();
        w.apply(&mut c, 1.0).unwrap();
        let Controller1::WindowedPidAsPrinted(p) = c else {
            panic!()
        };
        assert_eq!((p.0.window, p.0.plant_gain), (11, 2.0));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn every_catalogue_choice_reads_as_itself() {
        // The ids live in the catalogue, in the serde names and in `choice`: one test ties them.
        for law in LAWS {
            for o in law.options {
                let OptionValue::Choice { choices, .. } = o.value else {
                    continue;
                };
                for [id, _] in choices {
                    let json = format!("{{\"{}\": \"{id}\"}}", o.key);
                    let options: LawOptions = serde_json::from_str(&json).unwrap();
                    assert_eq!(options.choice(o.key), Some(*id), "{json}");
                    options.check(law.id).unwrap();
                }
            }
        }
    }

    #[test]
    fn the_catalogue_defaults_are_the_controllers_own() {
        for law in [LawId::Pid, LawId::WindowedPid, LawId::WindowedPidAsPrinted] {
            let fresh = Controller1::new(law, 100.0, 10.0, 1.0).unwrap();
            let mut defaults = LawOptions::NONE;
            for o in law.law().options {
                match (o.key, o.value) {
                    ("derivativeOn", _) => defaults.derivative_on = Some(DerivativeOn::default()),
                    ("antiWindup", OptionValue::Choice { default, .. }) => {
                        assert_eq!(default, "conditional-integration");
                        assert_eq!(AntiWindup::default(), AntiWindup::ConditionalIntegration);
                        defaults.anti_windup = Some(AntiWindupMode::ConditionalIntegration);
                    }
                    ("derivativeFilter", OptionValue::Number { default, .. }) => {
                        defaults.derivative_filter = Some(default)
                    }
                    ("window", OptionValue::Number { default, min, .. }) => {
                        assert_eq!(min, crate::controllers::MIN_SAMPLES as f64);
                        defaults.window = Some(default)
                    }
                    ("plantGain", OptionValue::Number { default, .. }) => {
                        defaults.plant_gain = Some(default)
                    }
                    // Limits are off by default, and kt is read only with back-calculation.
                    ("integralLimit" | "outputLimit" | "kt", _) => {}
                    (key, _) => panic!("{key} has no default check here"),
                }
            }
            let Some(OptionValue::Choice { default, .. }) =
                LawOption::find(law.law().options, "derivativeOn").map(|o| o.value)
            else {
                assert_ne!(law, LawId::Pid);
                let mut c = fresh.clone();
                defaults.apply(&mut c, 1.0).unwrap();
                assert_eq!(c, fresh, "{}", law.id());
                continue;
            };
            assert_eq!(default, "measurement");
            let mut c = fresh.clone();
            defaults.apply(&mut c, 1.0).unwrap();
            assert_eq!(c, fresh, "{}", law.id());
        }
    }

    #[test]
    fn apply_refuses_what_check_refuses() {
        let window_on_a_pid = LawOptions {
            window: Some(9.0),
            ..LawOptions::NONE
        };
        let mut c = Controller1::new(LawId::Pid, 1.0, 1.0, 1.0).unwrap();
        assert_eq!(
            window_on_a_pid.apply(&mut c, 1.0).unwrap_err().field(),
            "options"
        );
        let nan = LawOptions {
            derivative_filter: Some(f64::NAN),
            ..LawOptions::NONE
        };
        assert_eq!(
            nan.check(LawId::Pid).unwrap_err(),
            "derivativeFilter must be a finite number, got NaN"
        );
    }
}
