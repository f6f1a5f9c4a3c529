//! Article 004's submarine as one scene: several hulls side by side, each held by its
//! own attitude law, all given the same orders (pitch, roll and rudder) and the same
//! steady load, so the laws' differences show under identical conditions.

use super::hulls::{Helm, Hull, Hulls};
use super::schedule::{check_at, fires, from_the_start};
use crate::body::Body3;
use crate::controllers::{SubmarineAttitude, SubmarineLaw, Terms3};
use crate::error::{finite, in_range, positive, Error};
use crate::random::SplitMix64;
use crate::runner::advance;
use glam::EulerRot;

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
    /// When the load steps, s (none: never): from then on `load_step` adds to `load`.
    pub load_step_at: Option<f64>,
    /// The load's step, N m about world x (ballast shifting at sea).
    pub load_step: f64,
    /// The attitude sensor's noise, rad: each step every controller reads its hull's
    /// pitch and roll off by independent normal errors of this deviation.
    pub sensor_noise: f64,
    /// Seed of the sensor's noise (the same seed, the same noise).
    pub seed: u64,
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
            load_step_at: None,
            load_step: 40.0,
            sensor_noise: 0.0,
            seed: 1,
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
        check_at("load_step_at", self.load_step_at)?;
        finite("load_step", self.load_step)?;
        in_range("sensor_noise", self.sensor_noise, 0.0, 1.0)?;
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
    /// Steps taken.
    pub steps: u64,
    /// The load in force, N m (the settings' load, plus its step once that has come).
    pub load: f64,
    /// The sensor noise's generator.
    pub(super) noise: SplitMix64,
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
            hulls: vec![crate::scenario::submarine_hull(); n],
            last: vec![Terms3::default(); n],
            orders: Orders::default(),
            time: 0.0,
            steps: 0,
            load: settings.load,
            noise: SplitMix64::new(settings.seed),
            settings,
        })
    }

    /// Puts `settings` in force mid-run: every hull stays as it is and each controller
    /// keeps its memory (integral, last error) while its gains, the loads, the rudder,
    /// the noise and the scheduled step change. The hulls' laws, their number, the
    /// step and the seed can change only from the start (refused by name).
    pub fn retune(&mut self, settings: DiveSettings) -> Result<(), Error> {
        settings.validate()?;
        let laws = |s: &DiveSettings| s.boats.iter().map(|b| b.law).collect::<Vec<_>>();
        if laws(&settings) != laws(&self.settings) {
            return Err(from_the_start("boats"));
        }
        if settings.dt != self.settings.dt {
            return Err(from_the_start("dt"));
        }
        if settings.seed != self.settings.seed {
            return Err(from_the_start("seed"));
        }
        let mut settings = settings;
        for (new, old) in settings.boats.iter_mut().zip(&self.settings.boats) {
            new.state = old.state;
        }
        // A load step already taken stays taken, at the new sizes.
        let dt = self.settings.dt;
        let stepped = self
            .settings
            .load_step_at
            .is_some_and(|t| (t / dt).round() < self.steps as f64);
        self.load = settings.load + if stepped { settings.load_step } else { 0.0 };
        self.settings = settings;
        Ok(())
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
        let mut slots: Vec<Hull> = self
            .hulls
            .iter()
            .zip(&self.settings.boats)
            .map(|(&body, &boat)| Hull { body, boat })
            .collect();
        let mut failures = vec![None; slots.len()];
        let mut last = self.last.clone();
        let mut noise = self.noise;
        let mut load = self.load;
        if fires(self.settings.load_step_at, self.steps, dt) {
            load += self.settings.load_step;
        }
        let sigma = self.settings.sensor_noise;
        let helm = |noise: &mut SplitMix64| Helm {
            orders: self.orders,
            rudder_torque: self.settings.rudder_torque,
            load,
            // A perfect sensor (no noise) draws nothing.
            sensor: (sigma > 0.0)
                .then(|| (sigma * noise.next_normal(), sigma * noise.next_normal())),
            dt,
        };
        advance(
            &Hulls,
            &mut slots,
            &mut failures,
            |_| helm(&mut noise),
            |k, terms, _| last[k] = terms,
        );
        // The dive moves all its hulls or none: a refused step changes nothing.
        if let Some(failure) = failures.into_iter().flatten().next() {
            return Err(failure);
        }
        for ((hull, boat), slot) in self
            .hulls
            .iter_mut()
            .zip(&mut self.settings.boats)
            .zip(slots)
        {
            (*hull, *boat) = (slot.body, slot.boat);
        }
        self.last = last;
        self.noise = noise;
        self.load = load;
        self.time += dt;
        self.steps += 1;
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

    #[test]
    fn the_load_steps_at_its_time_and_a_retune_keeps_each_controller_s_memory() {
        let settings = DiveSettings {
            load_step_at: Some(1.0),
            ..DiveSettings::default()
        };
        let mut dive = Dive::new(settings.clone()).unwrap();
        let mut calm = Dive::new(DiveSettings::default()).unwrap();
        for _ in 0..50 {
            dive.step().unwrap();
            calm.step().unwrap();
        }
        assert_eq!(dive.hulls, calm.hulls, "nothing happens before the step");
        dive.step().unwrap();
        assert_eq!(dive.load, 40.0);
        for _ in 0..100 {
            dive.step().unwrap();
        }
        // The P-only hull sags under the load; the PID's integral holds it.
        let sag = |d: &Dive, k: usize| attitude(&d.hulls[k]).1.abs();
        assert!(sag(&dive, 0) > 0.05, "P only sags {}", sag(&dive, 0));
        let memory: Vec<_> = dive.settings.boats.iter().map(|b| b.state).collect();
        let mut tuned = settings.clone();
        tuned.boats[2].kp = 600.0;
        dive.retune(tuned.clone()).unwrap();
        assert_eq!(
            dive.settings
                .boats
                .iter()
                .map(|b| b.state)
                .collect::<Vec<_>>(),
            memory
        );
        assert_eq!(dive.load, 40.0, "a step taken stays taken");
        tuned.boats[0].law = SubmarineLaw::Pid;
        assert_eq!(dive.retune(tuned).unwrap_err().field(), "boats");
    }

    #[test]
    fn sensor_noise_is_seeded_and_moves_the_hulls() {
        let noisy = DiveSettings {
            sensor_noise: 0.02,
            seed: 7,
            ..DiveSettings::default()
        };
        let run = |s: DiveSettings| {
            let mut d = Dive::new(s).unwrap();
            for _ in 0..100 {
                d.step().unwrap();
            }
            d.hulls
        };
        assert_eq!(
            run(noisy.clone()),
            run(noisy.clone()),
            "the same seed, the same run"
        );
        assert_ne!(
            run(noisy.clone()),
            run(DiveSettings {
                seed: 8,
                ..noisy.clone()
            })
        );
        assert_ne!(run(noisy), run(DiveSettings::default()));
        let bad = DiveSettings {
            sensor_noise: -1.0,
            ..DiveSettings::default()
        };
        assert_eq!(Dive::new(bad).unwrap_err().field(), "sensor_noise");
    }
}
