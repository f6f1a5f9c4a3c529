//! Article 004's submarine as one scene: several hulls side by side, each held by its
//! own attitude law, all given the same orders (pitch, roll and rudder) and the same
//! steady load, so the laws' differences show under identical conditions.

use crate::body::Body3;
use crate::controllers::{SubmarineAttitude, SubmarineLaw, Terms3};
use crate::error::{finite, in_range, positive, Error};
use glam::{DVec3, EulerRot};

/// The largest ordered pitch, rad (about 69 degrees): the attitude is read as yaw,
/// pitch, roll angles, which lose a degree of freedom at 90 degrees.
pub const MAX_PITCH: f64 = 1.2;

/// The largest ordered roll, rad: a quarter turn either way.
pub const MAX_ROLL: f64 = core::f64::consts::FRAC_PI_2;

/// The orders the figure opens on and the claims measure: 0.3 rad nose down and 0.2 rad
/// of roll at once, so the pitch and roll axes (400 and 60 kg m^2) answer side by side.
pub const FIRST_ORDERS: Orders = Orders {
    pitch: 0.3,
    roll: 0.2,
    rudder: 0.0,
};

/// The settings of a [`Dive`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct DiveSettings {
    /// One controller per hull.
    pub boats: Vec<SubmarineAttitude>,
    /// A steady torque about the world pitch axis (x), N m: ballast trimmed badly.
    pub load: f64,
    /// The yaw torque (N m) at full rudder; the rudder order scales it.
    pub rudder_torque: f64,
    /// Physics step, s.
    pub dt: f64,
}

/// The four generations of article 004, with the claims table's gains. The PID's
/// integral clamp, 0.3 rad s, is just above the 0.2 rad s it needs to hold a 40 N m
/// load (`ki E = 200 * 0.2`), which keeps the windup on a step order small.
pub fn four_generations() -> Vec<SubmarineAttitude> {
    let p = SubmarineAttitude::new(SubmarineLaw::Proportional, 400.0, 0.0, 0.0);
    let damped = SubmarineAttitude::new(SubmarineLaw::ManualDamping, 400.0, 0.0, 0.0);
    let pid = SubmarineAttitude {
        max_integral: 0.3,
        ..SubmarineAttitude::new(SubmarineLaw::Pid, 400.0, 200.0, 800.0)
    };
    let ff = SubmarineAttitude::new(SubmarineLaw::PidFeedForward, 4.0, 0.5, 4.0);
    vec![p, damped, pid, ff]
}

impl Default for DiveSettings {
    /// The four generations, no load, 40 N m of rudder, 50 Hz.
    fn default() -> Self {
        DiveSettings {
            boats: four_generations(),
            load: 0.0,
            rudder_torque: 40.0,
            dt: 1.0 / 50.0,
        }
    }
}

impl DiveSettings {
    /// Checks every controller and number; the error names the field and the value.
    pub fn validate(&self) -> Result<(), Error> {
        positive("boats.len", self.boats.len() as f64)?;
        for b in &self.boats {
            b.validate()?;
        }
        finite("load", self.load)?;
        finite("rudder_torque", self.rudder_torque)?;
        positive("dt", self.dt)?;
        Ok(())
    }
}

/// What the reader orders: pitch and roll (rad) and rudder (-1 to 1).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Orders {
    /// Ordered pitch, rad, about the hull's x axis: positive puts the nose down (the
    /// right-hand rule, and Unity's sign).
    pub pitch: f64,
    /// Ordered roll, rad.
    pub roll: f64,
    /// Rudder, -1 (full left) to 1 (full right).
    pub rudder: f64,
}

impl Orders {
    /// Checks the ranges: `|pitch| <= MAX_PITCH`, `|roll| <= MAX_ROLL`, `|rudder| <= 1`.
    pub fn validate(&self) -> Result<(), Error> {
        in_range("pitch", self.pitch, -MAX_PITCH, MAX_PITCH)?;
        in_range("roll", self.roll, -MAX_ROLL, MAX_ROLL)?;
        in_range("rudder", self.rudder, -1.0, 1.0)?;
        Ok(())
    }
}

/// Hulls stepped in lockstep under the same orders.
#[derive(Clone, Debug, PartialEq)]
pub struct Dive {
    /// The settings in force (controllers hold their integral here).
    pub settings: DiveSettings,
    /// One hull per controller ([`crate::scenario::submarine_hull`]).
    pub hulls: Vec<Body3>,
    /// The last torque terms per hull (world frame, N m).
    pub last: Vec<Terms3>,
    /// The orders in force.
    pub orders: Orders,
    /// Simulated time, s.
    pub time: f64,
}

impl Dive {
    /// Numbers per hull in [`Dive::state_into`].
    pub const STRIDE: usize = 10;

    /// Writes, per hull, `[qx, qy, qz, qw, yaw, pitch, roll, tx, ty, tz]` (orientation,
    /// its Y-X-Z angles in rad, the controller's world torque in N m) into `out`,
    /// replacing what it held.
    pub fn state_into(&self, out: &mut Vec<f64>) {
        out.clear();
        for (h, t) in self.hulls.iter().zip(&self.last) {
            let (yaw, pitch, roll) = attitude(h);
            out.extend(h.orientation.to_array());
            out.extend([yaw, pitch, roll]);
            out.extend(t.total.to_array());
        }
    }

    /// Level hulls at rest, no orders.
    pub fn new(settings: DiveSettings) -> Result<Dive, Error> {
        settings.validate()?;
        let n = settings.boats.len();
        let mut settings = settings;
        settings.boats.iter_mut().for_each(SubmarineAttitude::reset);
        Ok(Dive {
            settings,
            hulls: vec![crate::scenario::submarine_hull(); n],
            last: vec![Terms3::default(); n],
            orders: Orders::default(),
            time: 0.0,
        })
    }

    /// Gives new orders; out-of-range orders are refused and the old ones kept.
    pub fn set_orders(&mut self, orders: Orders) -> Result<(), Error> {
        orders.validate()?;
        self.orders = orders;
        Ok(())
    }

    /// Advances every hull one step: its law's torque toward the ordered pitch and
    /// roll, plus the rudder's yaw torque about the hull's own up axis (y) and the
    /// load about world x.
    pub fn step(&mut self) -> Result<(), Error> {
        let dt = self.settings.dt;
        let mut hulls = self.hulls.clone();
        let mut boats = self.settings.boats.clone();
        let mut last = self.last.clone();
        for ((hull, boat), terms) in hulls.iter_mut().zip(&mut boats).zip(&mut last) {
            *terms = boat.torque(hull, self.orders.pitch, self.orders.roll, dt)?;
            let rudder =
                hull.orientation * DVec3::Y * (self.orders.rudder * self.settings.rudder_torque);
            let load = DVec3::X * self.settings.load;
            hull.step(DVec3::ZERO, terms.total + rudder + load, dt)?;
        }
        self.hulls = hulls;
        self.settings.boats = boats;
        self.last = last;
        self.time += dt;
        Ok(())
    }
}

/// A hull's attitude as `(yaw, pitch, roll)`, rad: the Y-X-Z Euler angles the
/// controller's orders use (yaw about y, pitch about x, roll about z).
pub fn attitude(hull: &Body3) -> (f64, f64, f64) {
    hull.orientation.to_euler(EulerRot::YXZ)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Largest pitch seen and the final (pitch, roll) per hull after `seconds`.
    fn run(dive: &mut Dive, seconds: f64) -> Vec<(f64, f64, f64)> {
        let mut peak = vec![f64::NEG_INFINITY; dive.hulls.len()];
        while dive.time < seconds {
            dive.step().unwrap();
            for (p, h) in peak.iter_mut().zip(&dive.hulls) {
                *p = p.max(attitude(h).1);
            }
        }
        dive.hulls
            .iter()
            .zip(peak)
            .map(|(h, p)| (p, attitude(h).1, attitude(h).2))
            .collect()
    }

    #[test]
    fn the_four_generations_behave_as_the_claims_say() {
        let mut dive = Dive::new(DiveSettings::default()).unwrap();
        dive.set_orders(Orders {
            pitch: 0.3,
            roll: 0.0,
            rudder: 0.0,
        })
        .unwrap();
        let r = run(&mut dive, 30.0);
        assert!(r[0].0 > 0.3 * 1.2, "P alone hunts: peak {}", r[0].0);
        for (k, (peak, pitch, _)) in r.iter().enumerate().skip(1) {
            assert!((pitch - 0.3).abs() < 0.01, "law {k} ends at {pitch}");
            assert!(*peak < r[0].0, "law {k} swings less than P alone: {peak}");
        }
        // An integral overshoots a step order (it charges while the error is large);
        // manual damping, without one, does not.
        assert!(r[1].0 < 0.3 * 1.01, "{r:?}");
        assert!(r[2].0 > 0.3 * 1.05 && r[3].0 > 0.3 * 1.05, "{r:?}");
    }

    #[test]
    fn under_load_only_the_integral_laws_reach_the_order() {
        let settings = DiveSettings {
            load: -40.0,
            ..DiveSettings::default()
        };
        let mut dive = Dive::new(settings).unwrap();
        dive.set_orders(Orders {
            pitch: 0.3,
            roll: 0.0,
            rudder: 0.0,
        })
        .unwrap();
        let r = run(&mut dive, 60.0);
        assert!(
            (r[1].1 - 0.3).abs() > 0.05,
            "manual damping keeps an offset: {}",
            r[1].1
        );
        assert!((r[2].1 - 0.3).abs() < 2e-3, "PID: {}", r[2].1);
        assert!(
            (r[3].1 - 0.3).abs() < 2e-3,
            "PID + feed-forward: {}",
            r[3].1
        );
    }

    #[test]
    fn the_rudder_turns_the_hull_and_roll_stays_held() {
        let mut dive = Dive::new(DiveSettings::default()).unwrap();
        dive.set_orders(Orders {
            pitch: 0.0,
            roll: 0.0,
            rudder: 1.0,
        })
        .unwrap();
        run(&mut dive, 10.0);
        let ff = &dive.hulls[3];
        let (yaw, pitch, roll) = attitude(ff);
        assert!(yaw.abs() > 0.5, "yawed {yaw} rad");
        assert!(
            pitch.abs() < 0.02 && roll.abs() < 0.02,
            "held level: {pitch}, {roll}"
        );
    }

    #[test]
    fn the_printed_feed_forward_drifts_once_the_hull_has_turned() {
        let ff = four_generations()[3];
        let printed = SubmarineAttitude {
            law: SubmarineLaw::PidFeedForwardAsPrinted,
            ..ff
        };
        let settings = DiveSettings {
            boats: vec![ff, printed],
            ..DiveSettings::default()
        };
        let mut dive = Dive::new(settings).unwrap();
        dive.set_orders(Orders {
            pitch: 0.3,
            roll: 0.2,
            rudder: 1.0,
        })
        .unwrap();
        let mut worst = [0.0f64; 2];
        while dive.time < 30.0 {
            dive.step().unwrap();
            if dive.time > 10.0 {
                for (w, h) in worst.iter_mut().zip(&dive.hulls) {
                    let (_, pitch, roll) = attitude(h);
                    *w = w.max((pitch - 0.3).abs().max((roll - 0.2).abs()));
                }
            }
        }
        assert!(
            worst[1] > 2.0 * worst[0],
            "printed {} vs corrected {}",
            worst[1],
            worst[0]
        );
    }

    #[test]
    fn bad_orders_are_refused_and_the_old_ones_kept() {
        let mut dive = Dive::new(DiveSettings::default()).unwrap();
        dive.set_orders(Orders {
            pitch: 0.2,
            roll: 0.0,
            rudder: 0.0,
        })
        .unwrap();
        let err = dive
            .set_orders(Orders {
                pitch: 2.0,
                roll: 0.0,
                rudder: 0.0,
            })
            .unwrap_err();
        assert_eq!(err.field(), "pitch");
        assert_eq!(dive.orders.pitch, 0.2);
        let bad = DiveSettings {
            dt: 0.0,
            ..DiveSettings::default()
        };
        assert_eq!(Dive::new(bad).unwrap_err().field(), "dt");
    }
}
