//! The tennis-racket flip (article 004): three identical free bodies spun about their
//! intermediate axis, stepped by an engine that drops the gyroscopic term, evaluates
//! it explicitly, or solves it implicitly. Only a body that keeps the term flips; the
//! explicit one gains energy as it goes.

use super::schedule::{check_at, fires, from_the_start};
use crate::body::{Body3, Gyroscopic};
use crate::error::{in_range, Error};
use glam::DVec3;

/// The settings of a [`Tumble`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct TumbleSettings {
    /// Spin about the intermediate (y) axis at the start, rad/s.
    pub spin: f64,
    /// The small spin about the largest (z) axis that sets the flip off, rad/s.
    pub nudge: f64,
    /// Principal moments, kg m^2: x smallest, y intermediate, z largest.
    pub inertia: DVec3,
    /// Physics step, s.
    pub dt: f64,
    /// When a second nudge hits every body, s (none: never).
    pub kick_at: Option<f64>,
    /// That nudge: spin added about each body's largest axis (its own z), rad/s.
    pub kick: f64,
}

impl Default for TumbleSettings {
    /// 10 rad/s about y, nudged by 0.01 rad/s, moments (1, 2, 3), 240 Hz: the claims
    /// table's run.
    fn default() -> Self {
        TumbleSettings {
            spin: 10.0,
            nudge: 0.01,
            inertia: DVec3::new(1.0, 2.0, 3.0),
            dt: 1.0 / 240.0,
            kick_at: None,
            kick: 1.0,
        }
    }
}

impl TumbleSettings {
    /// Checks the numbers; the intermediate axis must lie strictly between the others.
    pub fn validate(&self) -> Result<(), Error> {
        in_range("spin", self.spin, -200.0, 200.0)?;
        in_range("nudge", self.nudge, -200.0, 200.0)?;
        in_range("inertia.x", self.inertia.x, 1e-6, 1e6)?;
        in_range("inertia.z", self.inertia.z, 1e-6, 1e6)?;
        in_range("inertia.y", self.inertia.y, self.inertia.x, self.inertia.z)?;
        in_range("dt", self.dt, 1e-6, 1.0)?;
        check_at("kick_at", self.kick_at)?;
        in_range("kick", self.kick, -200.0, 200.0)?;
        Ok(())
    }
}

/// The three gyroscopic modes in the order the bodies are kept.
pub const MODES: [Gyroscopic; 3] = [Gyroscopic::Off, Gyroscopic::Explicit, Gyroscopic::Implicit];

/// Three free bodies, one per [`MODES`] entry, stepped with no torque.
#[derive(Clone, Debug, PartialEq)]
pub struct Tumble {
    /// The settings in force.
    pub settings: TumbleSettings,
    /// One body per gyroscopic mode.
    pub bodies: [Body3; 3],
    /// Kinetic energy at the start, J (equal for all three).
    pub start_energy: f64,
    /// Simulated time, s.
    pub time: f64,
    /// Steps taken.
    pub steps: u64,
}

impl Tumble {
    /// Numbers per body in [`Tumble::state_into`].
    pub const STRIDE: usize = 6;

    /// Writes, per body (off, explicit, implicit), `[qx, qy, qz, qw, axisCosine,
    /// energyRatio]` (the cosine between the spin axis and its start, and kinetic energy
    /// over the start's) into `out`, replacing what it held.
    pub fn state_into(&self, out: &mut Vec<f64>) {
        out.clear();
        for (k, b) in self.bodies.iter().enumerate() {
            out.extend(b.orientation.to_array());
            out.extend([self.axis_cosine(k), self.energy_ratio(k)]);
        }
    }

    /// The three bodies at the start of the spin.
    pub fn new(settings: TumbleSettings) -> Result<Tumble, Error> {
        settings.validate()?;
        let body = |gyroscopic| Body3 {
            inertia: settings.inertia,
            angular_velocity: DVec3::new(0.0, settings.spin, settings.nudge),
            gyroscopic,
            ..Body3::default()
        };
        let bodies = MODES.map(body);
        Ok(Tumble {
            settings,
            start_energy: bodies[0].kinetic_energy(),
            bodies,
            time: 0.0,
            steps: 0,
        })
    }

    /// Puts `settings` in force mid-run: only the scheduled nudge can change; the
    /// start's spin, nudge, moments and the step can change only from the start
    /// (refused by name, the settings in force kept).
    pub fn retune(&mut self, settings: TumbleSettings) -> Result<(), Error> {
        settings.validate()?;
        let now = &self.settings;
        let fixed = [
            ("spin", settings.spin == now.spin),
            ("nudge", settings.nudge == now.nudge),
            ("inertia", settings.inertia == now.inertia),
            ("dt", settings.dt == now.dt),
        ];
        if let Some((field, _)) = fixed.iter().find(|(_, same)| !same) {
            return Err(from_the_start(field));
        }
        self.settings = settings;
        Ok(())
    }

    /// Advances all three bodies one step with no force or torque.
    pub fn step(&mut self) -> Result<(), Error> {
        let mut next = self.bodies;
        let kick = fires(self.settings.kick_at, self.steps, self.settings.dt);
        for b in &mut next {
            if kick {
                b.angular_velocity += b.orientation * DVec3::Z * self.settings.kick;
            }
            b.step(DVec3::ZERO, DVec3::ZERO, self.settings.dt)?;
            // The explicit body gains energy each step; its spin can stay finite while
            // its energy (a square) no longer is. Stop there rather than plot infinity.
            if !b.kinetic_energy().is_finite() {
                return Err(Error::Unsupported {
                    field: "dt",
                    reason: "a body's energy overflowed (the explicit gyroscopic step gains energy until it does); the bodies stop here",
                });
            }
        }
        self.bodies = next;
        self.time += self.settings.dt;
        self.steps += 1;
        Ok(())
    }

    /// The cosine between body `k`'s spin axis (its y axis) and where it started:
    /// 1 upright, -1 flipped over.
    pub fn axis_cosine(&self, k: usize) -> f64 {
        (self.bodies[k].orientation * DVec3::Y).dot(DVec3::Y)
    }

    /// Body `k`'s kinetic energy over the start's: 1 when energy is conserved. A body
    /// that starts at rest (no spin, no nudge, or so little that its energy is below the
    /// smallest normal number) stays at rest under no torque: 1 too, rather than 0/0.
    pub fn energy_ratio(&self, k: usize) -> f64 {
        if self.start_energy < f64::MIN_POSITIVE {
            return 1.0;
        }
        self.bodies[k].kinetic_energy() / self.start_energy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_bodies_that_keep_the_term_flip() {
        let mut t = Tumble::new(TumbleSettings::default()).unwrap();
        let mut lowest = [1.0f64; 3];
        while t.time < 10.0 {
            t.step().unwrap();
            for (k, low) in lowest.iter_mut().enumerate() {
                *low = low.min(t.axis_cosine(k));
            }
        }
        assert!(lowest[0] > 0.99, "off: never flips ({})", lowest[0]);
        assert!(lowest[1] < -0.9, "explicit flips ({})", lowest[1]);
        assert!(lowest[2] < -0.9, "implicit flips ({})", lowest[2]);
        assert!(
            t.energy_ratio(1) > 1.0,
            "explicit gains energy: {}",
            t.energy_ratio(1)
        );
        assert!(
            t.energy_ratio(2) <= 1.0,
            "implicit does not: {}",
            t.energy_ratio(2)
        );
    }

    #[test]
    fn the_intermediate_axis_must_be_intermediate() {
        let s = TumbleSettings {
            inertia: DVec3::new(1.0, 4.0, 3.0),
            ..TumbleSettings::default()
        };
        assert_eq!(Tumble::new(s).unwrap_err().field(), "inertia.y");
    }

    #[test]
    fn a_nudge_scheduled_mid_run_spins_each_body_about_its_largest_axis_then() {
        let mut t = Tumble::new(TumbleSettings::default()).unwrap();
        let mut calm = t.clone();
        for _ in 0..10 {
            t.step().unwrap();
            calm.step().unwrap();
        }
        // "Nudge now" at the current time: the run so far is that of a nudge scheduled then.
        let now = TumbleSettings {
            kick_at: Some(t.time),
            ..t.settings
        };
        t.retune(now).unwrap();
        t.step().unwrap();
        calm.step().unwrap();
        for (k, (a, b)) in t.bodies.iter().zip(&calm.bodies).enumerate() {
            let added = a.angular_velocity - b.angular_velocity;
            assert!((added.length() - 1.0).abs() < 0.05, "body {k}: {added}");
        }
        let mut replay = Tumble::new(now).unwrap();
        for _ in 0..11 {
            replay.step().unwrap();
        }
        assert_eq!(
            replay.bodies, t.bodies,
            "the settings alone replay the nudged run"
        );
        let err = t.retune(TumbleSettings { spin: 3.0, ..now }).unwrap_err();
        assert_eq!(err.field(), "spin");
    }
}
