use super::Terms;
use crate::error::{finite, non_negative, Error};

/// Proportional control alone: `u = kp e`. On a body with little friction it hunts:
/// it pushes hardest far from the target and not at all on arrival, so the body swings
/// through (article 004's submarine).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Proportional {
    /// Gain, output units per unit of error.
    pub kp: f64,
}

impl Default for Proportional {
    /// `kp = 1`.
    fn default() -> Self {
        Proportional { kp: 1.0 }
    }
}

impl Proportional {
    /// Checks the gain.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        Ok(())
    }

    /// `kp e` for error `e` (setpoint minus measurement).
    pub fn output(&self, error: f64) -> Result<Terms, Error> {
        self.validate()?;
        finite("error", error)?;
        Ok(Terms::sum(self.kp * error, 0.0, 0.0, 0.0))
    }
}

/// Article 004's "manual damping": the measured rate, scaled by `c`, is subtracted
/// from the error before the proportional gain: `u = kp (e - c rate)`.
///
/// That is a PD with `kd = kp c` whose damping acts on the absolute rate, not on the
/// rate relative to a moving target, so it lags a target that moves.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct ManualDamping {
    /// Gain on the damped error, output units per unit of error.
    pub kp: f64,
    /// Rate coefficient, s (error units per unit of rate).
    pub c: f64,
}

impl Default for ManualDamping {
    /// `kp = 1`, `c = 0.5 s`.
    fn default() -> Self {
        ManualDamping { kp: 1.0, c: 0.5 }
    }
}

impl ManualDamping {
    /// Checks the gain and the coefficient.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("c", self.c)?;
        Ok(())
    }

    /// `kp (e - c rate)`: `p = kp e`, `d = -kp c rate`.
    pub fn output(&self, error: f64, rate: f64) -> Result<Terms, Error> {
        self.validate()?;
        finite("error", error)?;
        finite("rate", rate)?;
        Ok(Terms::sum(
            self.kp * error,
            0.0,
            -self.kp * self.c * rate,
            0.0,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Body1;

    #[test]
    fn proportional_alone_hunts_without_friction() {
        // A frictionless unit mass under u = kp e oscillates with constant amplitude.
        let p = Proportional { kp: 4.0 };
        let mut b = Body1::default();
        let mut crossings = 0;
        let mut last = -1.0f64;
        let mut peak: f64 = 0.0;
        for i in 0..20000 {
            let u = p.output(1.0 - b.x).unwrap().total;
            b.step(u, 0.001).unwrap();
            let e = b.x - 1.0;
            if e.signum() != last.signum() {
                crossings += 1;
            }
            last = e;
            if i > 10000 {
                peak = peak.max(b.x);
            }
        }
        assert!(crossings >= 6, "it keeps swinging through the target");
        assert!(
            peak > 1.9,
            "without damping the swing does not shrink: {peak}"
        );
    }

    #[test]
    fn manual_damping_is_pd_on_the_absolute_rate() {
        let m = ManualDamping { kp: 3.0, c: 0.25 };
        let t = m.output(2.0, 4.0).unwrap();
        assert_eq!((t.p, t.d, t.total), (6.0, -3.0, 3.0));
        assert_eq!(m.output(f64::NAN, 0.0).unwrap_err().field(), "error");
    }
}
