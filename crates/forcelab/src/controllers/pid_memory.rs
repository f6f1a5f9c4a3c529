//! The PID's sampled update, written once for a scalar signal (the cube's position, the
//! plate's angle) and for a vector one (the box's rotation error), so the 1-D and the
//! 3-D PID cannot drift apart.

use super::pid::{AntiWindup, DerivativeOn, Pid};
use glam::DVec3;
use std::ops::{Add, Div, Mul, Sub};

/// A signal a PID can act on: a scalar or a 3-vector. Clamps act on its length, so a
/// vector PID's limits do not depend on the world's axes, and on a scalar they are the
/// plain clamp to `[-limit, limit]`.
pub(crate) trait Signal:
    Copy
    + Default
    + PartialEq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<f64, Output = Self>
    + Div<f64, Output = Self>
{
    /// The dot product (the product for scalars).
    fn dot(self, other: Self) -> f64;
    /// `self` scaled down to length `limit` if longer; infinity is no limit.
    fn clamp_length(self, limit: f64) -> Self;
}

impl Signal for f64 {
    fn dot(self, other: f64) -> f64 {
        self * other
    }
    fn clamp_length(self, limit: f64) -> f64 {
        self.clamp(-limit, limit)
    }
}

impl Signal for DVec3 {
    fn dot(self, other: DVec3) -> f64 {
        DVec3::dot(self, other)
    }
    fn clamp_length(self, limit: f64) -> DVec3 {
        self.clamp_length_max(limit)
    }
}

/// What a PID remembers between samples of a signal of type `V`: the integral
/// contribution (already times `ki`), the previous error, the filtered derivative.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct PidMemory<V> {
    integral: V,
    previous_error: V,
    filtered_derivative: V,
    started: bool,
}

/// The four contributions of one sample: `[p, i, d, total]`, in output units.
pub(crate) type PidOutput<V> = [V; 4];

impl<V: Signal> PidMemory<V> {
    /// The integral contribution held now (output units).
    pub fn integral(&self) -> V {
        self.integral
    }

    /// One sample of `pid`'s law (see [`Pid`]) with error `error = setpoint -
    /// measurement` and `measurement_change`, how far the measurement moved since the
    /// previous sample (unused on the first):
    ///
    /// `D = kd (e - e_prev) / dt` or `-kd dy / dt`, low-passed
    /// `D_f += dt / (T + dt) (D - D_f)`; `I' = clamp(I + ki e dt, integral_limit)`;
    /// `u = clamp(kp e + I' + D, output_limit)`, then the anti-windup rule decides
    /// whether `I'` is kept, refused or corrected by `kt (u_sat - u) dt`.
    pub fn update(&mut self, pid: &Pid, error: V, measurement_change: V, dt: f64) -> PidOutput<V> {
        let raw_derivative = if !self.started {
            V::default()
        } else {
            match pid.derivative_on {
                DerivativeOn::Error => (error - self.previous_error) * pid.kd / dt,
                DerivativeOn::Measurement => measurement_change * -pid.kd / dt,
            }
        };
        let d = if pid.derivative_filter > 0.0 && self.started {
            self.filtered_derivative = self.filtered_derivative
                + (raw_derivative - self.filtered_derivative) * (dt / (pid.derivative_filter + dt));
            self.filtered_derivative
        } else {
            self.filtered_derivative = raw_derivative;
            raw_derivative
        };
        let p = error * pid.kp;

        let candidate = (self.integral + error * pid.ki * dt).clamp_length(pid.integral_limit);
        let unsaturated = p + candidate + d;
        let output = unsaturated.clamp_length(pid.output_limit);
        self.integral = match pid.anti_windup {
            AntiWindup::Clamp => candidate,
            AntiWindup::ConditionalIntegration => {
                let saturated = output != unsaturated;
                let deeper = error.dot(unsaturated) > 0.0;
                if saturated && deeper {
                    self.integral
                } else {
                    candidate
                }
            }
            AntiWindup::BackCalculation { kt } => {
                (candidate + (output - unsaturated) * kt * dt).clamp_length(pid.integral_limit)
            }
        };
        self.previous_error = error;
        self.started = true;
        let total = (p + self.integral + d).clamp_length(pid.output_limit);
        [p, self.integral, d, total]
    }
}
