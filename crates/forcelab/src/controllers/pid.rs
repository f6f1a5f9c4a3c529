use super::pid_memory::PidMemory;
use super::Terms;
use crate::error::{finite, non_negative, positive, Error};

/// Which signal the derivative term differentiates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum DerivativeOn {
    /// `d/dt (setpoint - measurement)`: a setpoint step gives a one-step spike ("kick").
    Error,
    /// `-d/dt measurement`: the same damping with no kick when the setpoint jumps.
    #[default]
    Measurement,
}

/// How the integral is kept from winding up while the output is saturated.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum AntiWindup {
    /// Only the integral clamp `integral_limit` (if any).
    Clamp,
    /// Stop integrating while the output is saturated and the error would push it
    /// further into saturation.
    ConditionalIntegration,
    /// Feed the saturation back into the integral: `I += kt (u_sat - u) dt`, with
    /// tracking gain `kt` (1/s).
    BackCalculation {
        /// Tracking gain, 1/s.
        kt: f64,
    },
}

impl Default for AntiWindup {
    /// Conditional integration: no extra gain to tune.
    fn default() -> Self {
        AntiWindup::ConditionalIntegration
    }
}

/// A PID controller on one signal, sampled every `dt`:
///
/// `u = kp e + I + D`, `I = sum(ki e dt)` (clamped to `+-integral_limit`),
/// `D = kd de/dt` (or `-kd dy/dt`), optionally low-passed with time constant
/// `derivative_filter` (s): `D_f += dt / (T + dt) (D - D_f)`,
/// and `u` clamped to `+-output_limit`.
///
/// The integral is stored already multiplied by `ki`, so changing `ki` while running
/// changes only future accumulation: the output does not jump.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Pid {
    /// Proportional gain.
    pub kp: f64,
    /// Integral gain, per second.
    pub ki: f64,
    /// Derivative gain, seconds.
    pub kd: f64,
    /// Largest magnitude of the integral contribution (output units); infinity for none.
    pub integral_limit: f64,
    /// Largest magnitude of the output; infinity for none.
    pub output_limit: f64,
    /// What the derivative differentiates.
    pub derivative_on: DerivativeOn,
    /// Time constant of the derivative's low-pass filter, s (0 for none).
    pub derivative_filter: f64,
    /// Windup protection beyond the integral clamp.
    pub anti_windup: AntiWindup,
    /// What the controller remembers between samples (opaque; `PidState::default()`
    /// or [`Pid::reset`] forgets it).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub state: PidState,
}

/// The memory of a [`Pid`]: integral, previous samples, filtered derivative.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PidState {
    memory: PidMemory<f64>,
    previous_measurement: f64,
}

impl Default for Pid {
    /// Article 004's tuning (`kp = 1`, `ki = 0.2`, `kd = 2`), no clamps, derivative
    /// on measurement, no filter, conditional integration.
    fn default() -> Self {
        Pid::new(1.0, 0.2, 2.0)
    }
}

impl Pid {
    /// A PID with these gains and the other settings at their defaults.
    pub fn new(kp: f64, ki: f64, kd: f64) -> Pid {
        Pid {
            kp,
            ki,
            kd,
            integral_limit: f64::INFINITY,
            output_limit: f64::INFINITY,
            derivative_on: DerivativeOn::default(),
            derivative_filter: 0.0,
            anti_windup: AntiWindup::default(),
            state: PidState::default(),
        }
    }

    /// Checks gains (finite, not negative), limits (positive; infinity allowed) and the
    /// filter constant.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("ki", self.ki)?;
        non_negative("kd", self.kd)?;
        limit("integral_limit", self.integral_limit)?;
        limit("output_limit", self.output_limit)?;
        non_negative("derivative_filter", self.derivative_filter)?;
        if let AntiWindup::BackCalculation { kt } = self.anti_windup {
            non_negative("kt", kt)?;
        }
        Ok(())
    }

    /// Forgets the integral and the previous samples.
    pub fn reset(&mut self) {
        self.state = PidState::default();
    }

    /// The integral contribution held now (output units).
    pub fn integral(&self) -> f64 {
        self.state.memory.integral()
    }

    /// One sample: `setpoint` and `measurement` now, `dt` s since the last sample.
    /// The first sample has no derivative (there is nothing to difference).
    pub fn step(&mut self, setpoint: f64, measurement: f64, dt: f64) -> Result<Terms, Error> {
        self.validate()?;
        finite("setpoint", setpoint)?;
        finite("measurement", measurement)?;
        positive("dt", dt)?;
        let error = setpoint - measurement;
        let mut memory = self.state.memory;
        let change = measurement - self.state.previous_measurement;
        let [p, i, d, total] = memory.update(self, error, change, dt);
        self.state = PidState {
            memory,
            previous_measurement: measurement,
        };
        Terms {
            p,
            i,
            d,
            ff: 0.0,
            total,
        }
        .finite()
    }
}

fn limit(field: &'static str, value: f64) -> Result<f64, Error> {
    if value == f64::INFINITY {
        return Ok(value);
    }
    positive(field, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Body1;

    #[test]
    fn derivative_on_measurement_has_no_kick_on_a_setpoint_step() {
        let mut on_error = Pid {
            derivative_on: DerivativeOn::Error,
            ..Pid::new(1.0, 0.0, 2.0)
        };
        let mut on_measurement = Pid::new(1.0, 0.0, 2.0);
        for pid in [&mut on_error, &mut on_measurement] {
            pid.step(0.0, 0.0, 0.01).unwrap();
        }
        let kick = on_error.step(1.0, 0.0, 0.01).unwrap();
        let calm = on_measurement.step(1.0, 0.0, 0.01).unwrap();
        assert_eq!(kick.d, 200.0, "kd * 1 / dt");
        assert_eq!(calm.d, 0.0);
        assert_eq!(calm.p, 1.0);
    }

    #[test]
    fn changing_ki_live_does_not_jump_the_output() {
        let mut pid = Pid::new(0.0, 1.0, 0.0);
        for _ in 0..100 {
            pid.step(1.0, 0.0, 0.01).unwrap();
        }
        let before = pid.integral();
        pid.ki = 10.0;
        let after = pid.step(1.0, 1.0, 0.01).unwrap(); // zero error: nothing new accrues
        assert!((after.i - before).abs() < 1e-15);
        assert!((after.total - before).abs() < 1e-15);
    }

    /// A body pushed against a wall-like saturation: the setpoint is out of reach for
    /// 5 s, then comes back into reach. Returns the overshoot after release (m).
    fn windup_overshoot(pid: Pid) -> f64 {
        let mut pid = pid;
        let mut body = Body1 {
            mass: 1.0,
            ..Body1::default()
        };
        let dt = 0.01;
        let mut overshoot: f64 = 0.0;
        for i in 0..1500 {
            let setpoint = 1.0;
            let u = pid.step(setpoint, body.x, dt).unwrap().total;
            // A friction-like plant: the first 5 s an obstacle holds the body at 0.5.
            body.v = if i < 500 { 0.0 } else { body.v };
            body.step(u - 2.0 * body.v, dt).unwrap();
            if i < 500 {
                body.x = body.x.min(0.5);
            } else {
                overshoot = overshoot.max(body.x - setpoint);
            }
        }
        overshoot
    }

    #[test]
    fn integral_clamp_stops_windup_under_a_saturated_actuator() {
        let free = Pid {
            anti_windup: AntiWindup::Clamp,
            output_limit: 5.0,
            ..Pid::new(2.0, 4.0, 0.0)
        };
        let clamped = Pid {
            integral_limit: 1.0,
            ..free
        };
        let (wound, held) = (windup_overshoot(free), windup_overshoot(clamped));
        assert!(wound > 2.0 * held + 0.05, "wound {wound} vs clamped {held}");
        assert!(Pid {
            integral_limit: 1.0,
            ..free
        }
        .validate()
        .is_ok());
    }

    #[test]
    fn conditional_integration_and_back_calculation_also_stop_windup() {
        let base = Pid {
            anti_windup: AntiWindup::Clamp,
            output_limit: 5.0,
            ..Pid::new(2.0, 4.0, 0.0)
        };
        let wound = windup_overshoot(base);
        let conditional = windup_overshoot(Pid {
            anti_windup: AntiWindup::ConditionalIntegration,
            ..base
        });
        let back = windup_overshoot(Pid {
            anti_windup: AntiWindup::BackCalculation { kt: 5.0 },
            ..base
        });
        assert!(conditional < wound * 0.5, "{conditional} vs {wound}");
        assert!(back < wound * 0.5, "{back} vs {wound}");
    }

    #[test]
    fn integral_removes_steady_state_error_against_a_constant_load() {
        let mut pid = Pid::new(20.0, 10.0, 8.0);
        let mut body = Body1::default();
        for _ in 0..3000 {
            let u = pid.step(1.0, body.x, 0.01).unwrap().total;
            body.step(u - 3.0, 0.01).unwrap(); // a hill pushing back with 3 N
        }
        assert!((body.x - 1.0).abs() < 1e-3, "{}", body.x);
        assert!((pid.integral() - 3.0).abs() < 1e-2);
    }

    #[test]
    fn filter_smooths_the_derivative() {
        let mut raw = Pid::new(0.0, 0.0, 1.0);
        let mut filtered = Pid {
            derivative_filter: 0.05,
            ..Pid::new(0.0, 0.0, 1.0)
        };
        let noise = [0.0, 0.01, -0.01, 0.01, -0.01, 0.01];
        let (mut a, mut b): (f64, f64) = (0.0, 0.0);
        for y in noise {
            a = a.max(raw.step(0.0, y, 0.01).unwrap().d.abs());
            b = b.max(filtered.step(0.0, y, 0.01).unwrap().d.abs());
        }
        assert!(b < a / 3.0, "{b} vs {a}");
    }

    #[test]
    fn refuses_bad_settings_by_name() {
        let mut pid = Pid {
            integral_limit: 0.0,
            ..Pid::default()
        };
        assert_eq!(
            pid.step(0.0, 0.0, 0.1).unwrap_err().field(),
            "integral_limit"
        );
        pid.integral_limit = f64::INFINITY;
        pid.ki = -1.0;
        assert_eq!(pid.step(0.0, 0.0, 0.1).unwrap_err().field(), "ki");
        pid.ki = 0.0;
        assert_eq!(pid.step(0.0, 0.0, 0.0).unwrap_err().field(), "dt");
        assert_eq!(
            pid.step(f64::NAN, 0.0, 0.1).unwrap_err().field(),
            "setpoint"
        );
    }
}
