//! Article 004's submarine attitude control: pitch and roll held by torques on a 3-D
//! body, in four generations, each a setting of [`SubmarineAttitude`].

use super::{Target3, Terms3};
use crate::body::Body3;
use crate::error::{finite, non_negative, positive, Error};
use crate::rotation::{error_vector, from_yaw_pitch_roll};
use glam::DVec3;

/// Which of the article's control laws runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum SubmarineLaw {
    /// `tau = kp e`: hunts around the ordered angle.
    Proportional,
    /// `tau = kp (e - c o w)`: rate subtracted from the error per axis.
    ManualDamping,
    /// `tau = clamp(kp e + ki E + kd de/dt)`, `E = clamp(sum e dt)`.
    Pid,
    /// The PID's output taken as an angular acceleration `alpha` and turned into torque
    /// by Euler's equations: `tau = I alpha + w x (I w)`, clamped.
    #[default]
    PidFeedForward,
    /// The feed-forward as article 004 printed it
    /// ([`crate::published::submarine_feed_forward_as_printed`]): the world angular
    /// velocity mixed into a body-frame torque. The listing's `I / |I|` is undone (times
    /// `|I|`) so that the same gains mean the same here and only the frame mix differs.
    PidFeedForwardAsPrinted,
}

/// Pitch and roll control of a 3-D body (x is the pitch axis, z the roll axis, y is
/// yaw, left free as in the article). The error `e` is the shortest rotation from the
/// body to the ordered attitude, in the body frame, with its yaw part removed.
///
/// Gains are torques per radian for the first three laws (N m/rad, N m/(rad s),
/// N m s/rad) and angular accelerations for the feed-forward law (1/s^2, 1/s^3, 1/s).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SubmarineAttitude {
    /// The law in use.
    pub law: SubmarineLaw,
    /// Proportional gain.
    pub kp: f64,
    /// Integral gain.
    pub ki: f64,
    /// Derivative gain.
    pub kd: f64,
    /// Manual-damping coefficients per body axis, s.
    pub rate_coefficients: DVec3,
    /// Largest magnitude of the integral `E` (rad s).
    pub max_integral: f64,
    /// Largest magnitude of the torque (N m), or of the PID signal for laws without
    /// feed-forward.
    pub max_torque: f64,
    /// Integral and last error (opaque; [`SubmarineAttitude::reset`] clears it).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub state: SubmarineState,
}

/// The memory of a [`SubmarineAttitude`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SubmarineState {
    integral: DVec3,
    last_error: DVec3,
    started: bool,
}

impl Default for SubmarineAttitude {
    /// The article's tuning `kp = 1, ki = 0.2, kd = 2` with feed-forward, integral
    /// clamp 1 rad s, torque clamp 1000 N m; rate coefficients (2, 0, 0.5) s.
    fn default() -> Self {
        SubmarineAttitude::new(SubmarineLaw::PidFeedForward, 1.0, 0.2, 2.0)
    }
}

impl SubmarineAttitude {
    /// A controller with this law and gains, other settings at their defaults.
    pub fn new(law: SubmarineLaw, kp: f64, ki: f64, kd: f64) -> SubmarineAttitude {
        SubmarineAttitude {
            law,
            kp,
            ki,
            kd,
            rate_coefficients: DVec3::new(2.0, 0.0, 0.5),
            max_integral: 1.0,
            max_torque: 1000.0,
            state: SubmarineState::default(),
        }
    }

    /// Checks gains, coefficients and clamps.
    pub fn validate(&self) -> Result<(), Error> {
        non_negative("kp", self.kp)?;
        non_negative("ki", self.ki)?;
        non_negative("kd", self.kd)?;
        for c in self.rate_coefficients.to_array() {
            non_negative("rate_coefficients", c)?;
        }
        positive("max_integral", self.max_integral)?;
        positive("max_torque", self.max_torque)?;
        Ok(())
    }

    /// Forgets the integral and the last error.
    pub fn reset(&mut self) {
        self.state = SubmarineState::default();
    }

    /// The attitude ordered by `pitch` and `roll` (rad), keeping the body's yaw.
    pub fn ordered_attitude(body: &Body3, pitch: f64, roll: f64) -> Target3 {
        let forward = body.orientation * DVec3::Z;
        let yaw = crate::math::atan2(forward.x, forward.z);
        Target3::facing(from_yaw_pitch_roll(yaw, pitch, roll))
    }

    /// The world torque (N m) toward ordered `pitch` and `roll` (rad) for a step of `dt`.
    pub fn torque(
        &mut self,
        body: &Body3,
        pitch: f64,
        roll: f64,
        dt: f64,
    ) -> Result<Terms3, Error> {
        self.validate()?;
        body.validate()?;
        finite("pitch", pitch)?;
        finite("roll", roll)?;
        positive("dt", dt)?;
        let target = Self::ordered_attitude(body, pitch, roll);
        let q = body.orientation;
        let mut e = q.conjugate() * error_vector(q, target.orientation);
        e.y = 0.0;
        let w_body = q.conjugate() * body.angular_velocity;
        let clamp = |v: DVec3, max: f64| {
            if v.length() > max {
                v * (max / v.length())
            } else {
                v
            }
        };

        let (p, i, d) = match self.law {
            SubmarineLaw::Proportional => (self.kp * e, DVec3::ZERO, DVec3::ZERO),
            SubmarineLaw::ManualDamping => {
                let mut rate = self.rate_coefficients * w_body;
                rate.y = 0.0;
                (self.kp * e, DVec3::ZERO, -self.kp * rate)
            }
            SubmarineLaw::Pid
            | SubmarineLaw::PidFeedForward
            | SubmarineLaw::PidFeedForwardAsPrinted => {
                self.state.integral = clamp(self.state.integral + e * dt, self.max_integral);
                let de = if self.state.started {
                    (e - self.state.last_error) / dt
                } else {
                    DVec3::ZERO
                };
                self.state.last_error = e;
                self.state.started = true;
                (self.kp * e, self.ki * self.state.integral, self.kd * de)
            }
        };
        let signal = p + i + d;
        let to_world = |v: DVec3| q * v;
        if self.law == SubmarineLaw::PidFeedForward {
            let alpha = to_world(signal);
            let inertial = body.inertia_times(alpha);
            let gyro = body
                .angular_velocity
                .cross(body.inertia_times(body.angular_velocity));
            let total = clamp(inertial + gyro, self.max_torque);
            return Ok(Terms3 {
                p: body.inertia_times(to_world(p)),
                i: body.inertia_times(to_world(i)),
                d: body.inertia_times(to_world(d)),
                ff: gyro,
                total,
            });
        }
        if self.law == SubmarineLaw::PidFeedForwardAsPrinted {
            let scale = body.inertia.length();
            let printed = |alpha: DVec3| {
                crate::published::submarine_feed_forward_as_printed(body, alpha).map(|t| t * scale)
            };
            let total = printed(signal)?;
            let without_gyro = |v: DVec3| to_world(v * body.inertia);
            return Ok(Terms3 {
                p: without_gyro(p),
                i: without_gyro(i),
                d: without_gyro(d),
                ff: total - without_gyro(signal),
                total: clamp(total, self.max_torque),
            });
        }
        Ok(Terms3 {
            p: to_world(p),
            i: to_world(i),
            d: to_world(d),
            ff: DVec3::ZERO,
            total: to_world(clamp(signal, self.max_torque)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ALGEBRA_TOL;

    fn submarine() -> Body3 {
        crate::scenario::submarine_hull()
    }

    /// Pitch and roll (rad) after `seconds`, and the largest pitch seen.
    fn run(mut c: SubmarineAttitude, pitch: f64, roll: f64, seconds: f64) -> (f64, f64, f64) {
        let dt = 1.0 / 50.0;
        let mut body = submarine();
        let mut peak: f64 = 0.0;
        let attitude = |b: &Body3| {
            let (y, x, z) = b.orientation.to_euler(glam::EulerRot::YXZ);
            let _ = y;
            (x, z)
        };
        for _ in 0..(seconds / dt) as usize {
            let t = c.torque(&body, pitch, roll, dt).unwrap().total;
            body.step(DVec3::ZERO, t, dt).unwrap();
            peak = peak.max(attitude(&body).0);
        }
        let (x, z) = attitude(&body);
        (x, z, peak)
    }

    #[test]
    fn feed_forward_pid_reaches_pitch_and_roll_together() {
        let c = SubmarineAttitude::new(SubmarineLaw::PidFeedForward, 4.0, 0.5, 4.0);
        let (pitch, roll, peak) = run(c, 0.3, 0.2, 15.0);
        assert!((pitch - 0.3).abs() < 0.01, "pitch {pitch}");
        assert!((roll - 0.2).abs() < 0.01, "roll {roll}");
        assert!(peak < 0.3 * 1.2, "overshoot {peak}");
    }

    #[test]
    fn the_printed_feed_forward_matches_the_corrected_one_only_while_aligned() {
        let mut hull = submarine();
        hull.angular_velocity = DVec3::new(0.3, 0.5, -0.2);
        let law = |law| SubmarineAttitude::new(law, 4.0, 0.0, 4.0);
        let torque =
            |hull: &Body3, law_kind| law(law_kind).torque(hull, 0.3, 0.2, 0.02).unwrap().total;
        let (ours, printed) = (
            torque(&hull, SubmarineLaw::PidFeedForward),
            torque(&hull, SubmarineLaw::PidFeedForwardAsPrinted),
        );
        assert!(
            (ours - printed).length() < ALGEBRA_TOL,
            "aligned with the world: {ours} vs {printed}"
        );
        hull.orientation = crate::rotation::from_yaw_pitch_roll(1.0, 0.2, 0.0);
        let (ours, printed) = (
            torque(&hull, SubmarineLaw::PidFeedForward),
            torque(&hull, SubmarineLaw::PidFeedForwardAsPrinted),
        );
        assert!(
            (ours - printed).length() > 1.0,
            "yawed 1 rad: {ours} vs {printed}"
        );
    }

    #[test]
    fn proportional_alone_hunts() {
        let c = SubmarineAttitude::new(SubmarineLaw::Proportional, 400.0, 0.0, 0.0);
        let (_, _, peak) = run(c, 0.3, 0.0, 15.0);
        assert!(peak > 0.5, "swings well past 0.3 rad: {peak}");
    }

    #[test]
    fn clamps_hold() {
        let mut c = SubmarineAttitude {
            max_torque: 5.0,
            ..SubmarineAttitude::new(SubmarineLaw::Pid, 1000.0, 0.0, 0.0)
        };
        let t = c.torque(&submarine(), 0.5, 0.5, 0.02).unwrap();
        assert!((t.total.length() - 5.0).abs() < ALGEBRA_TOL);
        let bad = SubmarineAttitude {
            max_integral: 0.0,
            ..c
        };
        let mut bad = bad;
        assert_eq!(
            bad.torque(&submarine(), 0.0, 0.0, 0.02)
                .unwrap_err()
                .field(),
            "max_integral"
        );
    }
}
