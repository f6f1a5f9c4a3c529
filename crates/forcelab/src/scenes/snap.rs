//! Bloom's minimum-velocity snap (article 003), animated: two bodies start at rest the
//! same distance from a target at rest and step by [`ImplicitPd::advance`], one with the
//! minimum velocity and one without. The spring alone covers the same fraction of what
//! is left each step and crawls; with the minimum velocity the body keeps at least that
//! speed and lands exactly on the target.

use crate::controllers::ImplicitPd;
use crate::error::{in_range, Error};

/// The settings of a [`Snap`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SnapSettings {
    /// Bloom's law: K, D, the time scale (s) and the minimum velocity (units/s) of the
    /// snapping body (the other runs the same law with no minimum).
    pub law: ImplicitPd,
    /// How far from the target both bodies start, units (the article's are pixels).
    pub distance: f64,
    /// Physics step, s.
    pub dt: f64,
}

impl Default for SnapSettings {
    /// The convergence figure's middle case: K = D = 1, T = 0.5 s, 10 units/s, 320
    /// units, 60 Hz.
    fn default() -> Self {
        SnapSettings {
            law: ImplicitPd {
                min_velocity: 10.0,
                ..ImplicitPd::default()
            },
            distance: 320.0,
            dt: 1.0 / 60.0,
        }
    }
}

impl SnapSettings {
    /// Checks the law and the numbers; the snapping body needs a minimum velocity.
    pub fn validate(&self) -> Result<(), Error> {
        self.law.validate()?;
        in_range("law.min_velocity", self.law.min_velocity, 1e-6, 1e9)?;
        in_range("distance", self.distance, -1e9, 1e9)?;
        in_range("dt", self.dt, 1e-6, 1.0)?;
        Ok(())
    }
}

/// One body of the scene.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SnapBody {
    /// Position, units.
    pub x: f64,
    /// Velocity, units/s.
    pub v: f64,
    /// Whether the last step was the snap's rather than the spring's.
    pub snapped: bool,
    /// When it landed exactly on the target, s.
    pub landed: Option<f64>,
}

/// The two bodies, the snapping one first; the target sits at 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Snap {
    /// The settings in force.
    pub settings: SnapSettings,
    /// With the minimum velocity, then without.
    pub bodies: [SnapBody; 2],
    /// Steps taken.
    pub steps: u64,
    /// Simulated time, s (steps times dt, so a landing time equals the convergence
    /// sweep's to the bit).
    pub time: f64,
}

impl Snap {
    /// Numbers per body in [`Snap::state_into`].
    pub const STRIDE: usize = 4;

    /// Both bodies at rest at `-distance`.
    pub fn new(settings: SnapSettings) -> Result<Snap, Error> {
        settings.validate()?;
        let start = SnapBody {
            x: -settings.distance,
            ..SnapBody::default()
        };
        Ok(Snap {
            settings,
            bodies: [start; 2],
            steps: 0,
            time: 0.0,
        })
    }

    /// The law each body runs: the settings' law, then the same with no minimum.
    pub fn law(&self, k: usize) -> ImplicitPd {
        let law = self.settings.law;
        if k == 0 {
            law
        } else {
            ImplicitPd {
                min_velocity: 0.0,
                ..law
            }
        }
    }

    /// One step of both bodies by the article's update.
    pub fn step(&mut self) -> Result<(), Error> {
        let dt = self.settings.dt;
        let time = (self.steps + 1) as f64 * dt;
        for k in 0..2 {
            let law = self.law(k);
            let b = &mut self.bodies[k];
            let s = law.advance(b.x, b.v, 0.0, 0.0, dt)?;
            b.x = s.x;
            b.v = s.v;
            b.snapped = s.snapped;
            if b.landed.is_none() && b.x == 0.0 && b.v == 0.0 {
                b.landed = Some(time);
            }
        }
        self.steps += 1;
        self.time = time;
        Ok(())
    }

    /// Writes, per body (with the minimum velocity, then without), `[x, v, snapped,
    /// landed]` (units, units/s, 1 when the last step was the snap's, the landing time
    /// in s or -1 before it lands) into `out`, replacing what it held.
    pub fn state_into(&self, out: &mut Vec<f64>) {
        out.clear();
        for b in &self.bodies {
            out.extend([
                b.x,
                b.v,
                if b.snapped { 1.0 } else { 0.0 },
                b.landed.unwrap_or(-1.0),
            ]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snapping_body_lands_in_about_the_time_scale_and_the_spring_alone_never_does() {
        let mut s = Snap::new(SnapSettings::default()).unwrap();
        for _ in 0..(10.0 / s.settings.dt) as usize {
            s.step().unwrap();
        }
        let landed = s.bodies[0].landed.expect("the snap lands");
        // The same time the convergence sweep measures for this distance and T.
        let expected = s
            .settings
            .law
            .time_to_converge(-320.0, 0.0, s.settings.dt, 30.0)
            .unwrap()
            .unwrap();
        assert_eq!(landed, expected);
        assert!(landed < 2.0 * s.settings.law.time_scale, "{landed}");
        assert_eq!((s.bodies[0].x, s.bodies[0].v), (0.0, 0.0));
        // The spring alone is still short of the target, however close.
        assert_eq!(s.bodies[1].landed, None);
        assert!(s.bodies[1].x < 0.0);
    }

    #[test]
    fn settings_are_refused_by_name() {
        let bad = |f: fn(&mut SnapSettings)| {
            let mut s = SnapSettings::default();
            f(&mut s);
            Snap::new(s).unwrap_err().to_string()
        };
        assert!(bad(|s| s.law.min_velocity = 0.0).contains("min_velocity"));
        assert!(bad(|s| s.dt = f64::NAN).contains("dt"));
        assert!(bad(|s| s.distance = f64::INFINITY).contains("distance"));
        assert!(bad(|s| s.law.time_scale = -1.0).contains("time_scale"));
    }
}
